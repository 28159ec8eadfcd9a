import SwiftUI

/// `MainActor.assumeIsolated { Settings() }` returns what its closure returns: the
/// singleton is a Settings, and the view's `@ObservedObject` of it is typed.
@MainActor
final class Settings: ObservableObject {
    static let shared = MainActor.assumeIsolated {
        Settings()
    }

    @Published var showsCost = false
}

@MainActor
final class Cache: ObservableObject {
    static let shared = MainActor.assumeIsolated {
        let cache = Cache()
        cache.limit = 10
        return cache
    }

    @Published var limit = 0
}

@MainActor
struct MenuBarLabel: View {
    @ObservedObject private var settings = Settings.shared
    @ObservedObject private var cache = Cache.shared

    var body: some View {
        Text(settings.showsCost ? "cost \(cache.limit)" : "")
    }
}
