import SwiftUI

struct StoreListView: View {
    @ObservedObject var list: StoreList
    @EnvironmentObject var updater: Updater

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
    @StateObject private var updater = Updater()
    @StateObject private var list = StoreList()

    var body: some View {
        StoreListView(list: list)
            .environmentObject(updater)
    }
}
