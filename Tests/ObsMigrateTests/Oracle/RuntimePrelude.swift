// Compiled with every runtime scenario (Fixtures/*/runtime.swift and the runtime negative
// controls): what the scenarios share.
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
