import SwiftUI
import Combine

@Observable final class Row {
    var title = ""
}

@Observable final class Counter {
    let objectWillChange = ObservableObjectPublisher()
    var count = 0 {
        willSet {
            objectWillChange.send()
        }
    }
}

@Observable final class Leaf {
    let objectWillChange = ObservableObjectPublisher()
    var value = 0 {
        willSet {
            objectWillChange.send()
        }
    }
}

struct RowView: View {
    @Environment(Row.self) var row
    var body: some View { Text(row.title) }
}

/// `ForEach(rows) { row in` and `counters.forEach { counter in` bind elements of sequences
/// whose types are written: the injection and the subscription are told.
struct ListView: View {
    let rows: [Row]
    let counters: Set<Counter>
    @State private var subscriptions = Set<AnyCancellable>()

    var body: some View {
        ForEach(rows, id: \.title) { row in
            RowView().environment(row)
        }
        .onAppear {
            counters.forEach { counter in
                counter.objectWillChange.sink { _ in }.store(in: &subscriptions)
            }
        }
    }
}

/// `for leaf in leaves` inside the model: the leaves' objectWillChange is Leaf's.
final class Tree: ObservableObject {
    @Published var size = 0
    let leaves: [Leaf] = []
    private var subscriptions = Set<AnyCancellable>()

    func watch() {
        for leaf in leaves {
            leaf.objectWillChange.sink { _ in }.store(in: &subscriptions)
        }
    }
}

extension Counter: Hashable {
    static func == (a: Counter, b: Counter) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
