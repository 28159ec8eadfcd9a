import SwiftUI

enum Appearance: String {
    case light, dark
}

struct Margin {
    var width: Double
}

/// Made once, through `shared`: its @AppStorage can be tracked by hand.
@MainActor
final class Preferences: ObservableObject {
    static let shared = Preferences()
    /// An implicit `.init(width:)`: Preferences takes no arguments, so this makes a Margin.
    static let margin: Margin = .init(width: 2)

    @AppStorage("preferences.fontSize") var fontSize = 14.0
    @AppStorage("preferences.appearance") public private(set) var appearance = Appearance.light
    @AppStorage("preferences.lastOpened")
    var lastOpened: String?
    @Published var draft = ""

    private init() {
        if fontSize < 8 { draft = "small" }
    }

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

/// Its binding is handed to a control from outside: `Bindable(volume).level` serves it.
final class Volume: ObservableObject {
    static let shared = Volume()
    @AppStorage("volume.level") var level = 0.5
    private init() {}
}

/// Its own code reads its binding: it stays.
final class Brightness: ObservableObject {
    static let shared = Brightness()
    @AppStorage("brightness.value") var value = 1.0
    private init() {}

    func binding() -> Binding<Double> { $value }
}

/// Made once, as a static let of its own, with no other place that makes one: its implicit
/// initializer becomes a private one, so that no second instance can be made later.
final class Recents: ObservableObject {
    static let shared = Recents()
    @AppStorage("recents.count") var count = 10
}

/// Its initializer sets the stored value: it stays.
final class Limits: ObservableObject {
    static let shared = Limits()
    @AppStorage("limits.maximum") var maximum = 100
    private init() {
        maximum = max(maximum, 10)
    }
}
