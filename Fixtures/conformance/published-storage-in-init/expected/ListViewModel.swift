import Foundation
import Observation

/// A generic view model for lists; screens subclass it.
@MainActor
@Observable class ListViewModel<Model: Hashable> {
    var items: [Model] = [] {
        didSet {
            numberOfItems = items.count
        }
    }

    /// Kept in step with `items` by its observer.
    private(set) var numberOfItems = 0

    init() {}

    convenience init(items: [Model]) {
        self.init()

        // Set without the observer: the count is set just below.
        _items = items
        self._numberOfItems = items.count
    }
}

@MainActor
@Observable final class TagListViewModel: ListViewModel<String> {
    var filter = ""

    init(filter: String) {
        _filter = filter
        super.init()
    }
}

/// Keeps ObservableObject: its wrapper's storage is replaced outside an initializer.
final class Draft: ObservableObject {
    @Published var text = ""

    func reset(to value: String) {
        _text = Published(initialValue: value)
    }
}
