import Combine
public final class CoreStore: ObservableObject {
    @Published public var n = 0
    public init() {}
}
