// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
// told(_:reading:after:) is in Tests/ObsMigrateTests/Oracle/RuntimePrelude.swift.
import Combine
import Observation

let player = Player()
print("a view reading the title is told of a rename: \(told(player, reading: { _ = player.current.title }, after: { player.rename("Outro") }))")
print("a view reading the encoding is told of a reset: \(told(player, reading: { _ = player.encoding }, after: player.resetNow))")
print("title: \(player.current.title), resets: \(player.resets)")
