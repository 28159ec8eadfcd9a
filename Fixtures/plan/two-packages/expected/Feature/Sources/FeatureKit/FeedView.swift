import SwiftUI
import CoreKit

struct FeedView: View {
    @StateObject private var store = FeedStore()
    @StateObject private var profile = Profile()
    @Bindable var preferences: Preferences

    var body: some View {
        VStack {
            Text("Page \(store.page) of \(profile.name)")
            Toggle("Compact", isOn: $preferences.compact)
        }
        .environmentObject(store)
    }
}

struct FeedFooter: View {
    @EnvironmentObject var store: FeedStore

    var body: some View {
        Text(store.isLoading ? "Loading" : "Done")
    }
}
