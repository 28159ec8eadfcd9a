import SwiftUI
import Feed

/// Imports Feed only: `ViewModel` here is Feed's.
struct RootView: View {
    @StateObject private var feed = ViewModel()

    var body: some View {
        FeedView(model: feed)
    }
}
