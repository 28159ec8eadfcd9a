// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
// told(_:reading:after:) is in Tests/ObsMigrateTests/Oracle/RuntimePrelude.swift.
import Combine
import Foundation
import Observation

let store = ModelStore()
print("a view asking isDownloaded is told of a delete: \(told(store, reading: { _ = store.isDownloaded("a") }, after: { store.delete("a") }))")
print("a view reading the count is told of a delete: \(told(store, reading: { _ = store.downloadedCount }, after: { store.delete("b") }))")
print("downloaded: \(store.isDownloaded("a")) \(store.downloadedCount)")
let preferences = Preferences()
print("a view reading the greeting is told of a new one: \(told(preferences, reading: { _ = preferences.greeting }, after: { preferences.setGreeting("Hi") }))")
print("greeting: \(preferences.greeting)")
UserDefaults.standard.removeObject(forKey: "greeting")
