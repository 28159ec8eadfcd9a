// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
// told(_:reading:after:) is in Tests/ObsMigrateTests/Oracle/RuntimePrelude.swift.
import Combine
import Observation

let hub = SensorHub()
hub.add(Sensor(name: "a"))
hub.add(Sensor(name: "b"))
print("a view reading the sensors is told of a refresh: \(told(hub, reading: { _ = hub.sensors.map(\.reading) }, after: hub.refreshAll))")
print("a view reading the count is told of a refresh: \(told(hub, reading: { _ = hub.count }, after: hub.refreshAll))")
print("readings: \(hub.sensors.map(\.reading))")
