import SwiftUI

struct ModelRow: View {
    @ObservedObject var store: ModelStore
    let name: String

    var body: some View {
        Text(store.isDownloaded(name) ? "\(name) is downloaded" : name)
    }
}

struct GreetingView: View {
    @EnvironmentObject var preferences: Preferences

    var body: some View {
        Text(preferences.greeting)
    }
}

struct FeedView: View {
    @StateObject private var feed = Feed()

    var body: some View {
        Text(feed.title).id(feed.refreshes)
    }
}

struct BoardView: View {
    @ObservedObject var board: Board

    var body: some View {
        Text(UserDefaults.standard.string(forKey: "board") ?? "")
    }
}

struct LedgerView: View {
    @ObservedObject var ledger: Ledger

    var body: some View {
        Text("\(ledger.total())")
    }
}
