// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var thermostat: Thermostat? = Thermostat(target: 18)
thermostat!.unit = "C"
thermostat!.unit = "F"
thermostat!.unit = "F"
thermostat!.target = 21.04
print("changes \(thermostat!.changes), display \(thermostat!.display)")
weak var gone = thermostat
thermostat = nil
print("released \(gone == nil)")
