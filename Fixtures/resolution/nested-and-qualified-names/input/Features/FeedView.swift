import SwiftUI

struct FeedView: View {
    @StateObject private var feed = Feed.ViewModel()
    @StateObject private var filters = Feed.Filters.Model()
    @StateObject private var profile: Profile.ViewModel = .init()
    @StateObject private var store = Feed.Store()
    @ObservedObject var preview = Profile.ViewModel.preview

    var body: some View {
        VStack {
            TextField("Search", text: $filters.query)
            List(feed.posts, id: \.self) { Text($0) }
            Text(profile.name + preview.name)
            Text("\(store.posts.count)")
        }
        .environmentObject(Feed.ViewModel())
    }
}

struct FeedBadge: View {
    @EnvironmentObject var feed: Feed.ViewModel

    var body: some View {
        Text("\(feed.posts.count)")
    }
}
