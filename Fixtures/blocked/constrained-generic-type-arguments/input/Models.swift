import Combine

final class Cart: ObservableObject {
    @Published var count = 0
}

final class Settings: ObservableObject {
    @Published var dark = false
}

/// Named nowhere near a constrained generic: it migrates.
final class Profile: ObservableObject {
    @Published var name = ""
}

final class Cache {
    var carts: [WeakBox<Cart>] = []
}

typealias SettingsRow = Row<Settings>
