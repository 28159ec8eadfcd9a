import Combine
import Foundation
import Observation

/// Observers of its own: Published delivered after the property's willSet and before its
/// didSet, so the bridge sends last in the willSet (named `next` in one of them).
@Observable final class Thermostat {
    var celsius: Double = 20 {
        willSet {
            log.append("will \(newValue) from \(celsius)")
            celsiusSubject.send(newValue)
        }
        didSet { log.append("did \(celsius) from \(oldValue)") }
    }
    @ObservationIgnored private lazy var celsiusSubject = CurrentValueSubject<Double, Never>(celsius)
    var celsiusPublisher: AnyPublisher<Double, Never> { celsiusSubject.eraseToAnyPublisher() }
    var mode: String = "heat" {
        willSet(next) {
            log.append("mode will \(next)")
            modeSubject.send(next)
        }
    }
    @ObservationIgnored private lazy var modeSubject = CurrentValueSubject<String, Never>(mode)
    var modePublisher: AnyPublisher<String, Never> { modeSubject.eraseToAnyPublisher() }
    var log: [String] = []
}

final class ThermostatWatcher {
    var bag = Set<AnyCancellable>()

    init(thermostat: Thermostat) {
        thermostat.celsiusPublisher.sink { [weak thermostat] in thermostat?.log.append("sink \($0)") }.store(in: &bag)
        thermostat.modePublisher.sink { [weak thermostat] in thermostat?.log.append("mode sink \($0)") }.store(in: &bag)
    }
}
