// The counter alone: a view that reads the sensors is no longer told of a refresh.
import Combine
import Foundation
import Observation

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
@Observable final class SensorHub {
    private var untrackedChanges = 0
    private(set) var sensors: [Sensor] = []
    var label = "Hub"

    var count: Int {
        _ = untrackedChanges
        return sensors.count
    }

    func add(_ sensor: Sensor) {
        sensors.append(sensor)
    }

    func refreshAll() {
        for sensor in sensors { sensor.refresh() }
        untrackedChanges &+= 1
    }

    func sensorsChangedElsewhere() {
        DispatchQueue.main.async { [weak self] in
            self?.untrackedChanges &+= 1
        }
    }
}
