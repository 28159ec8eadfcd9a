import Combine
import Observation

@Observable
public final class Preferences {
    public var compact = false

    public init() {}
}
