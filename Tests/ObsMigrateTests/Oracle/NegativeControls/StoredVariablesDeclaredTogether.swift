// expect-error: accessor macro 'ObservationTracked()' can only apply to a single variable
// A model with `var rows = 0, columns = 0` must keep ObservableObject
// (Fixtures/blocked/stored-property-shapes): @Observable's accessors take one variable each.
import Observation

@Observable final class Grid {
    var title = ""
    var rows = 0, columns = 0
}
