import SwiftUI

/// Made once, with a key written nowhere else in Swift; but the app's Settings.bundle may let
/// the Settings app change its key, which @AppStorage follows today: it stays.
final class Theme: ObservableObject {
    static let shared = Theme()
    @AppStorage("theme.dark") var dark = false
    private init() {}
}

struct ThemeView: View {
    @ObservedObject var theme = Theme.shared
    var body: some View { Toggle("Dark", isOn: $theme.dark) }
}
