import Combine

/// The app's own store; the Checkout package declares another `Store`, already @Observable.
final class Store: ObservableObject {
    @Published var items: [String] = []

    func add(_ item: String) {
        items.append(item)
    }
}
