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

let player = Player()
print("a view reading the title is told of a rename: \(told(player, reading: { _ = player.current.title }, after: { player.rename("Outro") }))")
print("a view reading the encoding is told of a reset: \(told(player, reading: { _ = player.encoding }, after: player.resetNow))")
print("title: \(player.current.title), resets: \(player.resets)")
