import SwiftUI

/// A main-actor property: its subject and publisher are main-actor isolated like it. (Its
/// initializer sets nothing: a default one, or one off the main actor that set `hasURL`, would
/// not compile in Swift 6 once the class is @Observable, and keeps the class.)
final class Browser: ObservableObject {
    @MainActor @Published private(set) var hasURL: Bool = false

    init() {}

    @MainActor func load() { hasURL = true }
}

struct BrowserToolbar: View {
    @ObservedObject var browser: Browser
    @State private var enabled = false

    var body: some View {
        Button("Share") {}
            .disabled(!enabled)
            .onReceive(browser.$hasURL) { enabled = $0 }
    }
}
