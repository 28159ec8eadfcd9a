import SwiftUI

protocol ListViewModel: AnyObject {
    var titles: [String] { get }
}

@Observable final class FeedModel: ListViewModel {
    var titles: [String] = []
}

final class CartModel: ObservableObject {
    @Published var count = 0
}

@Observable final class Standalone {
    var flag = false
}

func log<M: ObservableObject>(_ model: M) {
    print(model)
}

struct GenericList<Model: ListViewModel>: View {
    var model: Model
    var body: some View { List(model.titles, id: \.self) { Text($0) } }
}

struct Screen: View {
    @State private var feed = FeedModel()
    @StateObject private var cart = CartModel()
    @State private var standalone = Standalone()

    var body: some View {
        GenericList(model: feed)
            .onAppear { log(cart) }
    }
}
