import Combine

/// The stores' base class: its reload() tells views to refresh without changing a property.
open class BaseStore: ObservableObject {
    @Published public var isLoading = false

    public init() {}

    public func reload() {
        objectWillChange.send()
    }
}
