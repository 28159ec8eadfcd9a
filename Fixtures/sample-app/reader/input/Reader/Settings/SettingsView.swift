import SwiftUI
import Core

struct SettingsView: View {
    @EnvironmentObject private var settings: SettingsStore
    @EnvironmentObject private var account: AccountStore

    var body: some View {
        Form {
            appearanceSection
            readingSection
            accountSection(title: "Account")
        }
    }

    private var appearanceSection: some View {
        Section("Appearance") {
            Picker("Theme", selection: $settings.theme) {
                ForEach(SettingsStore.Theme.allCases, id: \.self) { Text($0.rawValue) }
            }
            Toggle("Show images", isOn: $settings.showsImages)
        }
    }

    @ViewBuilder
    private var readingSection: some View {
        Slider(value: $settings.fontSize, in: 12...28)
        Stepper("Refresh every \(settings.refreshMinutes) min", value: $settings.refreshMinutes, in: 5...120)
        Button("Reset typography") { settings.resetTypography() }
    }

    private func accountSection(title: String) -> some View {
        Section(title) {
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
