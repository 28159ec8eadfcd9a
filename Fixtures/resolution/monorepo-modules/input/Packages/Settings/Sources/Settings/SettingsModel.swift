import Combine

public final class SettingsModel: ObservableObject {
    @Published public var darkMode = false

    public init() {}
}
