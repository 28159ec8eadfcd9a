import Combine

/// Feed's view model. Profile has a `ViewModel` too: two modules, two types.
public final class ViewModel: ObservableObject {
    @Published public var posts: [String] = []

    public init() {}

    public func refresh() {
        posts = ["hello", "world"]
    }
}
