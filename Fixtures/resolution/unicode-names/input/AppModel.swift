import SwiftUI

/// Names need not start with a letter that has a case: `📱AppModel()` constructs the type
/// declared below, so the wrapper and the injection are told.
struct TemplateApp: App {
    @StateObject private var 📱 = 📱AppModel()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(📱)
        }
    }
}

class 📱AppModel: ObservableObject {
    @Published var showSheet: Bool = false
    @Published var café = ""
}

struct ContentView: View {
    @EnvironmentObject var 📱: 📱AppModel

    var body: some View {
        Toggle(📱.café, isOn: $📱.showSheet)
    }
}
