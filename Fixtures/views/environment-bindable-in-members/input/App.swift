import SwiftUI

final class Preferences: ObservableObject {
    @Published var darkMode = false
    @Published var fontSize = 14.0
    @Published var name = ""
}

struct PreferencesView: View {
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        Form {
            toggle
            slider
            nameField(title: "Name")
            Button("Reset") { reset() }
        }
    }

    private var toggle: some View {
        Toggle("Dark mode", isOn: $preferences.darkMode)
    }

    @ViewBuilder
    private var slider: some View {
        Text("Size")
        Slider(value: $preferences.fontSize, in: 8...32)
    }

    private func nameField(title: String) -> some View {
        let label = title.uppercased()
        return TextField(label, text: $preferences.name)
    }

    private func reset() {
        let binding = $preferences.darkMode
        binding.wrappedValue = false
    }
}

struct Host: View {
    @StateObject private var preferences = Preferences()
    var body: some View {
        PreferencesView().environmentObject(preferences)
    }
}
