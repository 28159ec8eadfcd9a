import SwiftUI

/// A model local to a function: reported, never rewritten (@Observable cannot be attached there).
func makeCounter() -> AnyObject {
    final class Counter: ObservableObject {
        @Published var count = 0
    }
    return Counter()
}

@Observable final class Session {
    var user = ""
}
