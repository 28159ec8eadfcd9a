import Foundation

/// A generic view model for lists; screens subclass it.
@MainActor
class ListViewModel<Model: Hashable>: ObservableObject {
    @Published var items: [Model] = [] {
        didSet {
            numberOfItems = items.count
        }
    }

    /// Kept in step with `items` by its observer.
    @Published private(set) var numberOfItems = 0

    init() {}

    convenience init(items: [Model]) {
        self.init()

        // Set without the observer: the count is set just below.
        _items = .init(initialValue: items)
        self._numberOfItems = Published(initialValue: items.count)
    }
}

@MainActor
final class TagListViewModel: ListViewModel<String> {
    @Published var filter = ""

    init(filter: String) {
        _filter = Published(wrappedValue: filter)
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
