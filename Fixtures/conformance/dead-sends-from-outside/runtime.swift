// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
// told(_:reading:after:) is in Tests/ObsMigrateTests/Oracle/RuntimePrelude.swift.
import Combine
import Observation

let profile = ProfileModel()
let editor = InterestsEditor(profile: profile)
print("a view reading the interests is told of an add: \(told(profile, reading: { _ = profile.interests }, after: { editor.add("swift") }))")
editor.add("ios")
print("a view reading the interests is told of a drop: \(told(profile, reading: { _ = profile.interests }, after: { editor.drop("ios") }))")
print("a view reading the interests is told of a clear: \(told(profile, reading: { _ = profile.interests }, after: editor.clear))")
print("a view reading the name is told of a rename: \(told(profile, reading: { _ = profile.name }, after: { editor.rename("Ada") }))")
print("interests \(profile.interests), name \(profile.name)")
