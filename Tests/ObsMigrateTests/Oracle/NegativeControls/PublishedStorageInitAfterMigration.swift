// expect-error: no exact matches in call to initializer
// A model's initializer that sets _items through its @Published wrapper must lose the wrapper
// when it migrates (Fixtures/conformance/published-storage-in-init): _items is the array itself then.
import Observation

@Observable class ListViewModel {
    var items: [String] = []
    init() {}
    convenience init(items: [String]) {
        self.init()
        _items = .init(initialValue: items)
    }
}
