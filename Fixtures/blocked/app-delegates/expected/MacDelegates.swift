import SwiftUI
import AppKit

/// AppKit's adaptor accepts an Observable delegate (macOS 14): this one migrates.
@Observable final class MenuBarDelegate: NSObject, NSApplicationDelegate {
    var isMenuShown = false
}

/// Its adaptor's `$` projection is used, whose type would change: it stays.
final class SettingsDelegate: NSObject, NSApplicationDelegate, ObservableObject {
    @Published var launchAtLogin = false
}

struct MenuBarScene: Scene {
    @NSApplicationDelegateAdaptor var menuBar: MenuBarDelegate

    var body: some Scene {
        WindowGroup { Text(menuBar.isMenuShown ? "shown" : "hidden") }
    }
}

struct SettingsScene: Scene {
    @NSApplicationDelegateAdaptor var settings: SettingsDelegate

    var body: some Scene {
        WindowGroup { Toggle("Launch at login", isOn: $settings.launchAtLogin) }
    }
}
