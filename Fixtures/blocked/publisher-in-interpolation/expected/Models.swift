import Combine
import Foundation
import Observation

/// Stays: a view interpolates its $count publisher.
final class Counter: ObservableObject {
    @Published var count = 0
}

/// Stays: it interpolates its own $items publisher.
final class Basket: ObservableObject {
    @Published var items: [String] = []

    func debugDescription() -> String {
        "basket \($items) of \(items.count)"
    }
}

/// Stays: it interpolates objectWillChange.
final class Ticker: ObservableObject {
    @Published var ticks = 0

    var label: String { "ticker \(objectWillChange)" }
}

/// Migrates: its interpolations name no publisher (a `$` in the text or a closure's `$0` is none).
@Observable final class Badge {
    var title = "new"
    var tags: [String] = []

    var label: String { "\(title) costs $5, tagged \(tags.map { "#\($0)" }.joined())" }
}
