import SwiftUI

struct RootView: View {
    let session: Session

    var body: some View {
        NavigationStack {
            SettingsView()
                .environment(session)
        }
        .environment(Session())
    }
}
