import SwiftUI

/// Names need not start with a letter that has a case: `📱AppModel()` constructs the type
/// declared below, so the wrapper and the injection are told.
struct TemplateApp: App {
    @State private var 📱 = 📱AppModel()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(📱)
        }
    }
}

@Observable class 📱AppModel {
    var showSheet: Bool = false
    var café = ""
}

struct ContentView: View {
    @Environment(📱AppModel.self) var 📱

    var body: some View {
        @Bindable var 📱 = 📱
        Toggle(📱.café, isOn: $📱.showSheet)
    }
}
