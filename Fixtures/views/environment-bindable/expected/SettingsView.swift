import SwiftUI

struct SettingsView: View {
    @Environment(Session.self) private var session

    var body: some View {
        @Bindable var session = session
        Form {
            TextField("Name", text: $session.userName)
            Toggle("Notifications", isOn: $session.notificationsOn)
        }
    }
}

struct Greeting: View {
    @Environment(Session.self) var session
    var body: some View { Text("Hello, \(session.userName)") }
}
