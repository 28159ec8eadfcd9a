import SwiftUI

struct SettingsView: View {
    @State private var settings = SettingsModel()
    @Environment(ProfileModel.self) var profile

    var body: some View {
        Form {
            Toggle("Dark mode", isOn: $settings.darkMode)
            Text(profile.name)
        }
    }
}

struct RootView: View {
    @State private var profile = ProfileModel()

    var body: some View {
        SettingsView()
            .environment(profile)
    }
}
