import Combine

public final class ViewModel: ObservableObject {
    @Published public var name = ""

    public init() {}
}
