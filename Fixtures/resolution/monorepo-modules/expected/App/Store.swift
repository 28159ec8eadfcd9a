import Combine
import Observation

/// The app's own store; the Checkout package declares another `Store`, already @Observable.
@Observable
final class Store {
    var items: [String] = []

    func add(_ item: String) {
        items.append(item)
    }
}
