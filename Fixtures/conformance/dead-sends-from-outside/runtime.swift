// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
import Combine
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

let profile = ProfileModel()
let editor = InterestsEditor(profile: profile)
print("a view reading the interests is told of an add: \(told(profile, reading: { _ = profile.interests }, after: { editor.add("swift") }))")
editor.add("ios")
print("a view reading the interests is told of a drop: \(told(profile, reading: { _ = profile.interests }, after: { editor.drop("ios") }))")
print("a view reading the interests is told of a clear: \(told(profile, reading: { _ = profile.interests }, after: editor.clear))")
print("a view reading the name is told of a rename: \(told(profile, reading: { _ = profile.name }, after: { editor.rename("Ada") }))")
print("interests \(profile.interests), name \(profile.name)")
