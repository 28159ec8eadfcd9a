// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
import Combine
import Foundation
import Observation

/// Whether a view that reads what `read` reads would be told of what `change` does: through
/// objectWillChange while the class is an ObservableObject, through Observation once it is not.
func told(_ model: AnyObject, reading read: @escaping () -> Void, after change: () -> Void) -> Bool {
    final class Flag: @unchecked Sendable { var raised = false }
    let flag = Flag()
    if let object = model as? any ObservableObject {
        func subscribe<O: ObservableObject>(_ o: O) -> AnyCancellable { o.objectWillChange.sink { _ in flag.raised = true } }
        let subscription = subscribe(object)
        change()
        subscription.cancel()
    } else {
        withObservationTracking { read() } onChange: { flag.raised = true }
        change()
    }
    return flag.raised
}

let store = ModelStore()
print("a view asking isDownloaded is told of a delete: \(told(store, reading: { _ = store.isDownloaded("a") }, after: { store.delete("a") }))")
print("a view reading the count is told of a delete: \(told(store, reading: { _ = store.downloadedCount }, after: { store.delete("b") }))")
print("downloaded: \(store.isDownloaded("a")) \(store.downloadedCount)")
let preferences = Preferences()
print("a view reading the greeting is told of a new one: \(told(preferences, reading: { _ = preferences.greeting }, after: { preferences.setGreeting("Hi") }))")
print("greeting: \(preferences.greeting)")
UserDefaults.standard.removeObject(forKey: "greeting")
