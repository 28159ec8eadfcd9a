import SwiftUI

struct RootView: View {
    @StateObject private var theme = Theme()

    var body: some View {
        ProfileView()
            .withEnvironments(theme: theme)
    }
}

struct ProfileView: View {
    @EnvironmentObject var session: Session
    @EnvironmentObject var theme: Theme

    var body: some View {
        Text(session.userName)
            .foregroundStyle(theme.tint)
    }
}
