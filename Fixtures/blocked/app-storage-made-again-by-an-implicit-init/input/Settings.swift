import SwiftUI

/// `static let shared` makes one, and `.init()` in the preview below makes a second, which a
/// search for `Settings(` alone would miss: the two follow each other's writes today, so it stays.
final class Settings: ObservableObject {
    static let shared = Settings()
    @AppStorage("settings.theme") var theme = "light"
}

struct ThemeLabel: View {
    @ObservedObject var settings: Settings

    var body: some View { Text(settings.theme) }
}

enum Previews {
    static func label() -> ThemeLabel { ThemeLabel(settings: .init()) }
}
