import SwiftUI

@Observable final class ResultsObserver<Record> {
    var records: [Record] = []
    init(_ fetch: @escaping () -> [Record]) { records = fetch() }
}

@Observable final class Ticker {
    var count = 0
    init(start: Int, step: @escaping (Int) -> Int) { count = step(start) }
}

/// Constructed with a trailing closure, with and without parentheses first: the default
/// value's type is the constructed class.
struct ListScreen: View {
    @State private var names = ResultsObserver<String> { ["Ada", "Grace"] }
    @State private var ticker = Ticker(start: 1) { $0 + 1 }

    var body: some View {
        Text("\(names.records.count) \(ticker.count)")
    }
}
