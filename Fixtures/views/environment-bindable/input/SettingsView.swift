import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var session: Session

    var body: some View {
        Form {
            TextField("Name", text: $session.userName)
            Toggle("Notifications", isOn: $session.notificationsOn)
        }
    }
}

struct Greeting: View {
    @EnvironmentObject var session: Session
    var body: some View { Text("Hello, \(session.userName)") }
}
