import Combine
import Observation

@Observable public final class Counter {
    public var value = 0

    public init() {}
}
