import SwiftUI

final class FeedModel: ObservableObject {
    @Published var items: [String] = []

    init() {
        load()
    }

    func load() {
        items = ["a", "b"]
    }
}

/// Only assigns: nothing changes when it becomes a @State default value.
final class DraftModel: ObservableObject {
    @Published var text: String

    init(text: String = "") {
        self.text = text
    }
}

@MainActor
final class SessionStore: ObservableObject {
    @Published var user = ""
}

final class SettingsModel: ObservableObject {
    @AppStorage("theme") var theme = "light"
    @Published var fontSize = 14.0
}

struct FeedScreen: View {
    @StateObject private var feed = FeedModel()
    @StateObject private var draft = DraftModel()
    @StateObject private var session = SessionStore()
    @StateObject private var settings = SettingsModel()

    var body: some View {
        Text("\(feed.items.count) \(draft.text) \(session.user) \(settings.theme)")
    }
}

@MainActor
struct IsolatedScreen: View {
    @StateObject private var session = SessionStore()

    var body: some View {
        Text(session.user)
    }
}
