import SwiftUI
import Core

struct SettingsView: View {
    @Environment(SettingsStore.self) private var settings
    @Environment(AccountStore.self) private var account

    var body: some View {
        Form {
            appearanceSection
            readingSection
            accountSection(title: "Account")
        }
    }

    private var appearanceSection: some View {
        @Bindable var settings = settings
        return Section("Appearance") {
            Picker("Theme", selection: $settings.theme) {
                ForEach(SettingsStore.Theme.allCases, id: \.self) { Text($0.rawValue) }
            }
            Toggle("Show images", isOn: $settings.showsImages)
        }
    }

    @ViewBuilder
    private var readingSection: some View {
        @Bindable var settings = settings
        Slider(value: $settings.fontSize, in: 12...28)
        Stepper("Refresh every \(settings.refreshMinutes) min", value: $settings.refreshMinutes, in: 5...120)
        Button("Reset typography") { settings.resetTypography() }
    }

    private func accountSection(title: String) -> some View {
        @Bindable var account = account
        return Section(title) {
            if let handle = account.handle {
                Text(handle)
                Toggle("Syncing", isOn: $account.isSyncing)
                Button("Sign out") { account.signOut() }
            } else {
                Button("Sign in") { account.signIn(as: "reader") }
            }
        }
    }
}
