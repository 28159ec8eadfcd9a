import SwiftUI

/// `MainActor.assumeIsolated { Settings() }` returns what its closure returns: the
/// singleton is a Settings, and the view's `@ObservedObject` of it is typed.
@MainActor
@Observable final class Settings {
    static let shared = MainActor.assumeIsolated {
        Settings()
    }

    var showsCost = false
}

@MainActor
@Observable final class Cache {
    static let shared = MainActor.assumeIsolated {
        let cache = Cache()
        cache.limit = 10
        return cache
    }

    var limit = 0
}

@MainActor
struct MenuBarLabel: View {
    private var settings = Settings.shared
    private var cache = Cache.shared

    var body: some View {
        Text(settings.showsCost ? "cost \(cache.limit)" : "")
    }
}
