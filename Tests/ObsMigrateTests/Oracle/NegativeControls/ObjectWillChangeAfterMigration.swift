// expect-error: cannot find 'objectWillChange' in scope
// An @Observable class has no objectWillChange publisher (manual sends must be removed).
import Observation

@Observable
final class Clock {
    var ticks = 0

    func tick() {
        objectWillChange.send()
        ticks += 1
    }
}
