import SwiftUI

struct RootView: View {
    let session: Session

    var body: some View {
        NavigationStack {
            SettingsView()
                .environmentObject(session)
        }
        .environmentObject(Session())
    }
}
