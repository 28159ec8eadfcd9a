import Combine

public final class Preferences: ObservableObject {
    @Published public var compact = false

    public init() {}
}
