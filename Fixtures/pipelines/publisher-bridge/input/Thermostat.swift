import Combine
import Foundation

/// Observers of its own: Published delivered after the property's willSet and before its
/// didSet, so the bridge sends last in the willSet (named `next` in one of them).
final class Thermostat: ObservableObject {
    @Published var celsius: Double = 20 {
        willSet {
            log.append("will \(newValue) from \(celsius)")
        }
        didSet { log.append("did \(celsius) from \(oldValue)") }
    }
    @Published var mode: String = "heat" {
        willSet(next) {
            log.append("mode will \(next)")
        }
    }
    var log: [String] = []
}

final class ThermostatWatcher {
    var bag = Set<AnyCancellable>()

    init(thermostat: Thermostat) {
        thermostat.$celsius.sink { [weak thermostat] in thermostat?.log.append("sink \($0)") }.store(in: &bag)
        thermostat.$mode.sink { [weak thermostat] in thermostat?.log.append("mode sink \($0)") }.store(in: &bag)
    }
}
