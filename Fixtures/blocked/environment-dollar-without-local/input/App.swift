import SwiftUI

final class Preferences: ObservableObject {
    @Published var darkMode = false
}

final class Account: ObservableObject {
    @Published var handle = ""
}

struct PreferencesView: View {
    @EnvironmentObject var preferences: Preferences
    @EnvironmentObject var account: Account

    var body: some View {
        Form {
            Toggle("Dark mode", isOn: darkMode)
            handleField
        }
    }

    // Explicit accessors: obs-migrate does not guess where a local @Bindable would go.
    private var darkMode: Binding<Bool> {
        get { $preferences.darkMode }
    }
}
