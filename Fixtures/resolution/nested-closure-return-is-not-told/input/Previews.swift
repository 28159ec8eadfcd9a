import Combine
import SwiftUI

final class DraftA: ObservableObject {
    @Published var value = 0
}

final class DraftB: ObservableObject {
    @Published var value = 0
}

enum Samples {
    /// A nested closure's return is its own, not this one's: either model may be behind `first`.
    static let first = {
        let make = { () -> DraftB in return DraftB() }
        return make()
    }()
}

struct SampleView: View {
    @StateObject private var a = DraftA()
    @StateObject private var b = DraftB()

    var body: some View {
        Text("\(a.value) \(b.value)")
            .onReceive(Samples.first.$value) { print($0) }
    }
}
