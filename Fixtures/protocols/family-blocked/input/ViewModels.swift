import SwiftUI
import Combine

protocol ListViewModel: ObservableObject {
    var titles: [String] { get }
}

final class FeedModel: ListViewModel {
    @Published var titles: [String] = []
}

/// Its $query publisher keeps it on ObservableObject, and with it the whole family.
final class SearchModel: ListViewModel {
    @Published var titles: [String] = []
    @Published var query = ""
    private var bag: Set<AnyCancellable> = []

    init() {
        $query.sink { _ in }.store(in: &bag)
    }
}

struct GenericList<Model: ListViewModel>: View {
    @ObservedObject var model: Model
    var body: some View { List(model.titles, id: \.self) { Text($0) } }
}

struct Root: View {
    @StateObject private var feed = FeedModel()
    @StateObject private var search = SearchModel()

    var body: some View {
        VStack {
            GenericList(model: feed)
            GenericList(model: search)
        }
    }
}
