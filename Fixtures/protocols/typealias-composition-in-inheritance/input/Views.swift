import SwiftUI

struct SettingsView: View {
    @StateObject private var settings = SettingsModel()
    @EnvironmentObject var profile: ProfileModel

    var body: some View {
        Form {
            Toggle("Dark mode", isOn: $settings.darkMode)
            Text(profile.name)
        }
    }
}

struct RootView: View {
    @StateObject private var profile = ProfileModel()

    var body: some View {
        SettingsView()
            .environmentObject(profile)
    }
}
