import SwiftUI

final class FeedStore: ObservableObject {
    @Published var posts: [String] = []
    var isEmpty: Bool { posts.isEmpty }
}

struct FeedView: View {
    @StateObject private var model = FeedStore()

    var body: some View {
        NavigationStack {
            if model.isEmpty {
                Text("Nothing yet")
            }
            List(model.posts, id: \.self) { post in
                NavigationLink(post) {
                    Detail().environmentObject(model)
                }
            }
        }
    }
}

struct Detail: View {
    @EnvironmentObject var model: FeedStore
    var body: some View {
        if let first = model.posts.first { Text(first) }
    }
}
