import Combine
import Foundation

/// Hand-written `@Published`: a stored property whose observer sends objectWillChange. Under
/// @Observable the property's setter tells observers, so the send goes (with the observer, and
/// the accessor block, when they held nothing else).
@MainActor
final class ConfigManager: ObservableObject {
    private var bundle: [String: Int]? {
        willSet {
            objectWillChange.send()
        }
    }

    private var isPending = false

    var flags: [String] { bundle.map { Array($0.keys).sorted() } ?? [] }

    func refresh() async {
        isPending = true
        bundle = ["beta": 1]
        isPending = false
    }
}

final class ReceiptStore: ObservableObject {
    let didChange = PassthroughSubject<Int, Never>()

    var level = 0 {
        willSet { objectWillChange.send() }
        didSet { didChange.send(level) }
    }

    var pending: [String] = [] {
        willSet(newList) {
            objectWillChange.send()
            print("pending: \(newList.count)")
        }
    }

    var total = 0 {
        didSet {
            // Views show the total: tell them.
            objectWillChange.send()
        }
    }
}
