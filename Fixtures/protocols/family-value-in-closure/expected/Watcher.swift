import Combine
import Foundation
import Observation

protocol Store: AnyObject {
    var items: [String] { get }
}

@Observable final class LocalStore: Store {
    var items: [String] = []
}

protocol Feed: ObservableObject {
    var entries: [String] { get }
}

final class RemoteFeed: Feed {
    @Published var entries: [String] = []
}

/// In the closure, `source` is the method's generic parameter (a Feed), not the property of the
/// same name (any Store): the subscription cannot be told to be one family's, so it holds every
/// model it may be; typed by the property, RemoteFeed would migrate and `source` lose the member.
final class Watcher {
    var source: any Store = LocalStore()
    private var bag = Set<AnyCancellable>()

    func watch<F: Feed>(_ source: F) {
        DispatchQueue.main.async {
            source.objectWillChange.sink { _ in print("changed") }.store(in: &self.bag)
        }
    }
}
