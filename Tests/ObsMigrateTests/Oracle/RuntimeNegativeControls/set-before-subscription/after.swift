import Observation

// The mistake: `scale = stored` left as it was, so the observer runs for it (it should set _scale).
@Observable final class Prefs {
    var scale: Double = 1 {
        willSet { self.saves += 1 }
    }
    var saves = 0

    init(stored: Double) {
        scale = stored
    }
}
