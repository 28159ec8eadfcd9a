import SwiftUI

/// Made once, as a static let of its own, with no initializer declared: it migrates, and
/// `private init() {}` keeps a second one, which would miss its writes, from being made later.
@Observable final class Settings {
    static let shared = Settings() // the one instance
    private init() {}
    @ObservationIgnored @AppStorage("settings.theme") private var _theme = "light"
    var theme: String {
        get { access(keyPath: \.theme); return _theme }
        set { withMutation(keyPath: \.theme) { _theme = newValue } }
    }
}

/// The same, with an initializer declared: it becomes private.
@MainActor
@Observable final class Layout {
    static let shared = Layout()
    @ObservationIgnored @AppStorage("layout.columns") private var _columns = 2
    var columns: Int {
        get { access(keyPath: \.columns); return _columns }
        set { withMutation(keyPath: \.columns) { _columns = newValue } }
    }
    var zoom = 1.0

    private init() {
        zoom = 1.5
    }
}

/// Also made by a view: two instances today follow each other's writes, so it stays.
final class Sounds: ObservableObject {
    static let shared = Sounds()
    @AppStorage("sounds.volume") var volume = 0.5
}

/// Made by another type's static let: its initializer could not be private, so it stays.
final class Fonts: ObservableObject {
    @AppStorage("fonts.size") var size = 12.0
}

enum Shared {
    static let fonts = Fonts()
}

/// A static property computed on each read makes one each time: it stays.
final class Colors: ObservableObject {
    static var current: Colors { Colors() }
    @AppStorage("colors.accent") var accent = "blue"
}

/// Its metatype is used (`Badges.self`), which can make one: it stays.
final class Badges: ObservableObject {
    static let shared = Badges()
    @AppStorage("badges.count") var count = 0

    static func describe() -> String { String(describing: Badges.self) }
}

/// Its initializer is public: it stays as it is.
final class Sync: ObservableObject {
    static let shared = Sync()
    @AppStorage("sync.enabled") var enabled = false

    public init() {}
}

/// Its initializer's parameters have default values, so the `.init(age: 3)` below makes one
/// although its first label is `nickname`: it stays.
final class Profile: ObservableObject {
    static let shared = Profile()
    @AppStorage("profile.nickname") var nickname = ""

    init(nickname: String = "", age: Int = 0) {}
}

enum Samples {
    static func child() -> Profile { .init(age: 3) }
}

/// Its observer stays on the storage, which the setter sets: it migrates.
@Observable final class Appearance {
    static let shared = Appearance()
    private init() {}
    @ObservationIgnored @AppStorage("appearance.mode") private var _mode = "system" {
        didSet {
            apply()
        }
    }
    var mode: String {
        get { access(keyPath: \.mode); return _mode }
        set { withMutation(keyPath: \.mode) { _mode = newValue } }
    }
    var applied = ""

    func apply() { applied = mode }
}

/// Its observer sets the value again, which through the setter would run the observer again: it stays.
final class Clamp: ObservableObject {
    static let shared = Clamp()
    @AppStorage("clamp.value") var value = 0 {
        didSet { if value > 10 { value = 10 } }
    }
}

/// A conformance added in an extension may ask for an initializer, which generic code may call
/// (`T()` below makes a second one): it stays.
final class Tips: ObservableObject {
    static let shared = Tips()
    @AppStorage("tips.shown") var shown = false
}

protocol Resettable { init() }
extension Tips: Resettable {}

enum Fresh {
    static func make<T: Resettable>() -> T { T() }
}
