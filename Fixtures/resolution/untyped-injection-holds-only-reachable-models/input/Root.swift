import SwiftUI

final class Session: ObservableObject {
    @Published var user = ""
    static let preview = Session()
}

final class Theme: ObservableObject {
    @Published var isDark = false
}

struct Content: View {
    @EnvironmentObject var session: Session
    @EnvironmentObject var theme: Theme

    var body: some View {
        Text(session.user + (theme.isDark ? " (dark)" : ""))
    }
}

/// The first injection's type is not told (a conditional expression), but its names can only
/// lead to Session: Theme, injected with a told type, migrates.
struct Root: View {
    let isPreview: Bool
    @StateObject private var session = Session()
    @StateObject private var theme = Theme()

    var body: some View {
        Content()
            .environmentObject(isPreview ? Session.preview : session)
            .environmentObject(theme)
    }
}
