import SwiftUI

/// A main-actor property: its subject and publisher are main-actor isolated like it.
final class Browser: ObservableObject {
    @MainActor @Published private(set) var hasURL: Bool = false

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
