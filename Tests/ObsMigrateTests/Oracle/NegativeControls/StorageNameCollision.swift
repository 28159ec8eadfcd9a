// expect-error: invalid redeclaration of '_name'
// A model with stored properties `name` and `_name` must keep ObservableObject
// (Fixtures/blocked/codable-and-storage-collisions): @Observable adds `_name` for `name`.
import Observation

@Observable final class Cache {
    var items: [String] = []
    var name = ""
    private var _name = ""
}
