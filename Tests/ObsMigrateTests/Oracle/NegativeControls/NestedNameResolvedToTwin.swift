// expect-error: generic struct 'StateObject' requires that 'Feed.ViewModel' conform to 'ObservableObject'
// `Feed.ViewModel()` must resolve to Feed.ViewModel, not to its twin Profile.ViewModel
// (Fixtures/resolution/nested-and-qualified-names): migrating the model while the view keeps
// @StateObject, or the other way round, does not compile.
import SwiftUI

enum Feed {
    @Observable final class ViewModel {
        var posts: [String] = []
    }
}

enum Profile {
    final class ViewModel: ObservableObject {
        @Published var name = ""
    }
}

struct FeedView: View {
    @StateObject private var feed = Feed.ViewModel()

    var body: some View {
        Text("\(feed.posts.count)")
    }
}
