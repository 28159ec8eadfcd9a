import SwiftUI

enum Appearance: String {
    case light, dark
}

/// Made once, through `shared`: its @AppStorage can be tracked by hand.
@MainActor
final class Preferences: ObservableObject {
    static let shared = Preferences()

    @AppStorage("preferences.fontSize") var fontSize = 14.0
    @AppStorage("preferences.appearance") public private(set) var appearance = Appearance.light
    @AppStorage("preferences.lastOpened")
    var lastOpened: String?
    @Published var draft = ""

    private init() {}

    func toggleAppearance() {
        appearance = appearance == .light ? .dark : .light
    }
}

/// Made at two places: each instance follows the other's writes today, so it stays.
final class Counters: ObservableObject {
    @AppStorage("counters.launches") var launches = 0
}

/// Its key is also read by a view's own @AppStorage: it stays.
final class Sync: ObservableObject {
    static let shared = Sync()
    @AppStorage("sync.enabled") var enabled = false
    private init() {}
}

/// Its binding is handed to a control: it stays.
final class Volume: ObservableObject {
    static let shared = Volume()
    @AppStorage("volume.level") var level = 0.5
    private init() {}
}
