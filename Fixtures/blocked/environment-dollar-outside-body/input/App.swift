import SwiftUI

final class Preferences: ObservableObject {
    @Published var darkMode = false
}

struct PreferencesView: View {
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        Form { toggle }
    }

    // `$preferences` outside body: no local @Bindable can serve it, so Preferences stays.
    private var toggle: some View {
        Toggle("Dark mode", isOn: $preferences.darkMode)
    }
}

struct Host: View {
    @StateObject private var preferences = Preferences()
    var body: some View {
        PreferencesView().environmentObject(preferences)
    }
}
