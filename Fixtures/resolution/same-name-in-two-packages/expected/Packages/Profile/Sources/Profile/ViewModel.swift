import Combine
import Observation

@Observable public final class ViewModel {
    public var name = ""

    public init() {}
}
