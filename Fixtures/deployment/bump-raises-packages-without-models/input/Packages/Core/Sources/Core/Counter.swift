import Combine

public final class Counter: ObservableObject {
    @Published public var value = 0

    public init() {}
}
