import SwiftUI

struct StoreListView: View {
    var list: StoreList
    @Environment(Updater.self) var updater

    var body: some View {
        VStack {
            Text(updater.latest ?? "up to date")
            ForEach(list.stores) { store in
                Text("\(store.name): \(store.secrets.count)")
            }
        }
    }
}

struct FeedView: View {
    @StateObject var feed = AnyFeed(RemoteFeed())

    var body: some View {
        Text("\(feed.items.count)")
    }
}

struct RootView: View {
    @State private var updater = Updater()
    @State private var list = StoreList()

    var body: some View {
        StoreListView(list: list)
            .environment(updater)
    }
}
