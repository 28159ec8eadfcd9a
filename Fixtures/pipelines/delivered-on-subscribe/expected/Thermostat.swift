import Foundation
import Observation

/// No dropFirst(): the current value is delivered on subscribe, so the work goes in a method,
/// called from the observer and where the subscription was.
@Observable final class Thermostat {
    var target: Double = 20 {
        willSet {
            targetWillChange(to: newValue)
        }
    }
    var unit = "C" {
        willSet {
            if newValue != unit {
                unitWillChange(to: newValue)
            }
        }
    }
    var display = ""
    var changes = 0

    init(target: Double) {
        self._target = target
        unitWillChange(to: self.unit)
        targetWillChange(to: self.target)
        self.target += 1
    }

    private func unitWillChange(to newValue: String) {
        let unit = newValue
        self.changes += 1
        print("unit \(unit)")
    }

    private func targetWillChange(to newValue: Double) {
        // Shown to a tenth of a degree.
        let tenths = newValue * 10
        let value = tenths.rounded() / 10
        self.show(value)
    }

    func show(_ value: Double) {
        display = "\(value) \(unit) (target still \(target))"
        print(display)
    }

    deinit {
        print("Thermostat deinit after \(changes) unit changes")
    }
}
