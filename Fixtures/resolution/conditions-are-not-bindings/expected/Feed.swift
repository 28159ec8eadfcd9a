import SwiftUI

@Observable final class FeedStore {
    var posts: [String] = []
    var isEmpty: Bool { posts.isEmpty }
}

struct FeedView: View {
    @State private var model = FeedStore()

    var body: some View {
        NavigationStack {
            if model.isEmpty {
                Text("Nothing yet")
            }
            List(model.posts, id: \.self) { post in
                NavigationLink(post) {
                    Detail().environment(model)
                }
            }
        }
    }
}

struct Detail: View {
    @Environment(FeedStore.self) var model
    var body: some View {
        if let first = model.posts.first { Text(first) }
    }
}
