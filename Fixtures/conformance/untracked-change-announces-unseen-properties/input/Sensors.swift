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

/// Negative control: the class-typed property read outside is a `let`, which Observation does
/// not track, so no mutation of it can be announced: Gateway stays ObservableObject.
final class Link {
    private(set) var state = "down"
    func poke() { state = state == "up" ? "down" : "up" }
}

final class Gateway: ObservableObject {
    let link = Link()
    @Published var name = ""

    var summary: String { "\(name): \(link.state)" }

    func poke() {
        link.poke()
        objectWillChange.send()
    }
}
