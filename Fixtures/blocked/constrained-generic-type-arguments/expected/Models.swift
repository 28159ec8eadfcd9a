import Combine
import Observation

final class Cart: ObservableObject {
    @Published var count = 0
}

final class Settings: ObservableObject {
    @Published var dark = false
}

/// Named nowhere near a constrained generic: it migrates.
@Observable final class Profile {
    var name = ""
}

final class Cache {
    var carts: [WeakBox<Cart>] = []
}

typealias SettingsRow = Row<Settings>
