import SwiftUI

struct RootView: View {
    @State private var theme = Theme()

    var body: some View {
        ProfileView()
            .withEnvironments(theme: theme)
    }
}

struct ProfileView: View {
    @Environment(Session.self) var session
    @Environment(Theme.self) var theme

    var body: some View {
        Text(session.userName)
            .foregroundStyle(theme.tint)
    }
}
