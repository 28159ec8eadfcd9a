// A send that announces changes inside a class-typed property views read.
import Combine
import Foundation

/// A class: what it holds changes without any setter of the hub's seeing it.
final class Sensor {
    let name: String
    private(set) var reading = 0
    init(name: String) { self.name = name }
    func refresh() { reading += 1 }
}

/// The send after the loop announces changes inside the sensors, which views read through
/// `hub.sensors`: the counter tells the views that read `count`, and an announced mutation of
/// `sensors` the views that read it.
final class SensorHub: ObservableObject {
    @Published private(set) var sensors: [Sensor] = []
    var label = "Hub"

    var count: Int { sensors.count }

    func add(_ sensor: Sensor) {
        sensors.append(sensor)
    }

    func refreshAll() {
        for sensor in sensors { sensor.refresh() }
        objectWillChange.send()
    }

    func sensorsChangedElsewhere() {
        DispatchQueue.main.async { [weak self] in
            self?.objectWillChange.send()
        }
    }
}
