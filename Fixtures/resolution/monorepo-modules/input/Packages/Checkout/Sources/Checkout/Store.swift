import Observation

/// Checkout's own store: same name as the app's, another type.
@Observable
public final class Store {
    public var total = 0

    public init() {}
}
