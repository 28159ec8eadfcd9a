import Combine
import Observation
@Observable public final class CoreStore {
    public var n = 0
    public init() {}
}
