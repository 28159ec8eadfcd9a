import SwiftUI

protocol ListViewModel: ObservableObject {
    var titles: [String] { get }
}

final class FeedModel: ListViewModel {
    @Published var titles: [String] = []
}

final class CartModel: ObservableObject {
    @Published var count = 0
}

final class Standalone: ObservableObject {
    @Published var flag = false
}

func log<M: ObservableObject>(_ model: M) {
    print(model)
}

struct GenericList<Model: ListViewModel>: View {
    @ObservedObject var model: Model
    var body: some View { List(model.titles, id: \.self) { Text($0) } }
}

struct Screen: View {
    @StateObject private var feed = FeedModel()
    @StateObject private var cart = CartModel()
    @StateObject private var standalone = Standalone()

    var body: some View {
        GenericList(model: feed)
            .onAppear { log(cart) }
    }
}
