import Combine
import Observation

/// Feed's view model. Profile has a `ViewModel` too: two modules, two types.
@Observable public final class ViewModel {
    public var posts: [String] = []

    public init() {}

    public func refresh() {
        posts = ["hello", "world"]
    }
}
