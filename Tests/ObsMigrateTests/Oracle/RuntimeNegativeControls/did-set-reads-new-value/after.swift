import Observation

// The mistake: a didSet, which runs after the property changed.
@Observable final class Prefs {
    var scale: Double = 1 {
        didSet { self.report(scale) }
    }

    init() {}

    func report(_ new: Double) { print("from \(scale) to \(new)") }
}
