import SwiftUI

@Observable final class Preferences {
    var darkMode = false
    var fontSize = 14.0
    var name = ""
}

struct PreferencesView: View {
    @Environment(Preferences.self) var preferences

    var body: some View {
        Form {
            toggle
            slider
            nameField(title: "Name")
            Button("Reset") { reset() }
        }
    }

    private var toggle: some View {
        @Bindable var preferences = preferences
        return Toggle("Dark mode", isOn: $preferences.darkMode)
    }

    @ViewBuilder
    private var slider: some View {
        @Bindable var preferences = preferences
        Text("Size")
        Slider(value: $preferences.fontSize, in: 8...32)
    }

    private func nameField(title: String) -> some View {
        @Bindable var preferences = preferences
        let label = title.uppercased()
        return TextField(label, text: $preferences.name)
    }

    private func reset() {
        @Bindable var preferences = preferences
        let binding = $preferences.darkMode
        binding.wrappedValue = false
    }
}

struct Host: View {
    @State private var preferences = Preferences()
    var body: some View {
        PreferencesView().environment(preferences)
    }
}
