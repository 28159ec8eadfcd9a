import Combine
import Observation

/// `count` in bump() is a local: the send is not dead, so Feed stays.
final class Feed: ObservableObject {
    static var total = 0
    @Published var items: [String] = []
    var count = 0

    func bump() {
        var count = Feed.total
        objectWillChange.send()
        count += 1
        Feed.total = count
    }
}

/// `items` in record(_:) is an inout parameter.
final class Journal: ObservableObject {
    @Published var items: [Int] = []
    static var log: [Int] = []

    func record(_ items: inout [Int]) {
        objectWillChange.send()
        items.append(1)
    }

    func flush() { record(&Journal.log) }
}

/// `count` is a closure's parameter, then a local inside the closure.
final class Tally: ObservableObject {
    @Published var title = ""
    static var counts: [Int] = [0]
    var count = 0

    func bump() {
        Tally.counts.indices.forEach { count in
            var count = Tally.counts[count]
            objectWillChange.send()
            count += 1
            Tally.counts[0] = count
        }
    }
}

/// The statement before the send sets a loop's variable.
final class Ledger: ObservableObject {
    @Published var total = 0

    func sum(_ values: [[Int]]) {
        for var total in values {
            total.append(0)
            objectWillChange.send()
        }
    }
}

/// Sends beside the property itself stay dead: `self.count` always, a bare `count` where the
/// local of that name is in a block that closed, or the name is only an argument label.
@Observable final class Counter {
    var count = 0

    func bump() {
        self.count += 1
    }

    func reset(_ values: [Int]) {
        if let first = values.first {
            let count = first
            print(count)
        }
        log(count: count)
        count = 0
    }

    func log(count: Int) { print(count) }
}
