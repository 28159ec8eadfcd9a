import Combine
import Foundation

/// One stored property isolated to the main actor in a class that is not, initialized by the
/// default initializer: under @Observable Swift 6 rejects that initializer (checked with the
/// real macro), so Counter keeps ObservableObject, with the reason.
final class Counter: ObservableObject {
    @MainActor @Published var count = 0
}

/// The same, set by an initializer off the main actor (a plain var, tracked once the class is
/// @Observable): Meter stays too.
final class Meter: ObservableObject {
    @MainActor var level: Int
    @Published var reading = 0
    let unit: String

    init(level: Int, unit: String) {
        self.level = level
        self.unit = unit
    }
}

/// An initializer that does not set it compiles: Gauge migrates.
final class Gauge: ObservableObject {
    @MainActor @Published var pressure = 0.0
    let label: String

    init(label: String) {
        self.label = label
    }
}

/// The class on the main actor itself: Tally migrates.
@MainActor
final class Tally: ObservableObject {
    @MainActor @Published var count = 0
}
