import SwiftUI

struct FeedView: View {
    @State private var feed = Feed.ViewModel()
    @State private var filters = Feed.Filters.Model()
    @State private var profile: Profile.ViewModel = .init()
    @State private var store = Feed.Store()
    var preview = Profile.ViewModel.preview

    var body: some View {
        VStack {
            TextField("Search", text: $filters.query)
            List(feed.posts, id: \.self) { Text($0) }
            Text(profile.name + preview.name)
            Text("\(store.posts.count)")
        }
        .environment(Feed.ViewModel())
    }
}

struct FeedBadge: View {
    @Environment(Feed.ViewModel.self) var feed

    var body: some View {
        Text("\(feed.posts.count)")
    }
}
