import SwiftUI

@Observable final class FeedModel {
    var items: [String] = []

    init() {
        load()
    }

    func load() {
        items = ["a", "b"]
    }
}

/// Only assigns: nothing changes when it becomes a @State default value.
@Observable final class DraftModel {
    var text: String

    init(text: String = "") {
        self.text = text
    }
}

@MainActor
@Observable final class SessionStore {
    var user = ""
}

final class SettingsModel: ObservableObject {
    @AppStorage("theme") var theme = "light"
    @Published var fontSize = 14.0
}

struct FeedScreen: View {
    @State private var feed = FeedModel()
    @State private var draft = DraftModel()
    @State private var session = SessionStore()
    @StateObject private var settings = SettingsModel()

    var body: some View {
        Text("\(feed.items.count) \(draft.text) \(session.user) \(settings.theme)")
    }
}

@MainActor
struct IsolatedScreen: View {
    @State private var session = SessionStore()

    var body: some View {
        Text(session.user)
    }
}
