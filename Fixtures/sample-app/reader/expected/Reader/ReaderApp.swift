import SwiftUI
import Core
import Feeds

@main
struct ReaderApp: App {
    @State private var settings = SettingsStore()
    @State private var account = AccountStore()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(settings)
                .environment(account)
        }
    }
}

struct RootView: View {
    @Environment(AccountStore.self) var account
    @State private var articles = ArticlesModel()
    @State private var search = SearchModel()

    var body: some View {
        TabView {
            FeedScreen(model: articles)
                .tabItem { Label("Articles", systemImage: "doc.text") }
            FeedScreen(model: PodcastsModel())
                .tabItem { Label("Podcasts", systemImage: "mic") }
            SearchScreen(search: search)
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
            SettingsView()
                .tabItem { Label("Settings", systemImage: "gear") }
        }
        .overlay(alignment: .top) {
            if account.isSyncing { ProgressView() }
        }
    }
}

struct SearchScreen: View {
    @Bindable var search: SearchModel

    var body: some View {
        List(search.results, id: \.self) { Text($0) }
            .searchable(text: $search.query)
    }
}
