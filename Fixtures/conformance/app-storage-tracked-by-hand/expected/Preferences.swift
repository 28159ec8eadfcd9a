import SwiftUI

enum Appearance: String {
    case light, dark
}

struct Margin {
    var width: Double
}

/// Made once, through `shared`: its @AppStorage can be tracked by hand.
@MainActor
@Observable final class Preferences {
    static let shared = Preferences()
    /// An implicit `.init(width:)`: Preferences takes no arguments, so this makes a Margin.
    static let margin: Margin = .init(width: 2)

    @ObservationIgnored @AppStorage("preferences.fontSize") private var _fontSize = 14.0
    var fontSize: Double {
        get { access(keyPath: \.fontSize); return _fontSize }
        set { withMutation(keyPath: \.fontSize) { _fontSize = newValue } }
    }
    @ObservationIgnored @AppStorage("preferences.appearance") private var _appearance = Appearance.light
    public private(set) var appearance: Appearance {
        get { access(keyPath: \.appearance); return _appearance }
        set { withMutation(keyPath: \.appearance) { _appearance = newValue } }
    }
    @ObservationIgnored @AppStorage("preferences.lastOpened")
    private var _lastOpened: String?
    var lastOpened: String? {
        get { access(keyPath: \.lastOpened); return _lastOpened }
        set { withMutation(keyPath: \.lastOpened) { _lastOpened = newValue } }
    }
    var draft = ""

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
@Observable final class Volume {
    static let shared = Volume()
    @ObservationIgnored @AppStorage("volume.level") private var _level = 0.5
    var level: Double {
        get { access(keyPath: \.level); return _level }
        set { withMutation(keyPath: \.level) { _level = newValue } }
    }
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
@Observable final class Recents {
    static let shared = Recents()
    private init() {}
    @ObservationIgnored @AppStorage("recents.count") private var _count = 10
    var count: Int {
        get { access(keyPath: \.count); return _count }
        set { withMutation(keyPath: \.count) { _count = newValue } }
    }
}

/// Its initializer sets the stored value: it stays.
final class Limits: ObservableObject {
    static let shared = Limits()
    @AppStorage("limits.maximum") var maximum = 100
    private init() {
        maximum = max(maximum, 10)
    }
}
