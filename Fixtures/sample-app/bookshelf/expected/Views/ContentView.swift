import SwiftUI

/// The root of the window: one tab per area of the app.
struct ContentView: View {
    @Environment(Library.self) var library
    @EnvironmentObject private var sync: SyncService
    /// Owned here (not in the App) because only the tabs below use it.
    @State private var readingList = ReadingListStore()
    @State private var selectedTab = 0

    var body: some View {
        TabView(selection: $selectedTab) {
            LibraryView(library: library, readingList: readingList)
                .tabItem { Label("Library", systemImage: "books.vertical") }
                .tag(0)
            ReadingListView(readingList: readingList)
                .tabItem { Label("Up Next", systemImage: "text.line.first.and.arrowtriangle.forward") }
                .tag(1)
            SearchView()
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
                .tag(2)
            NavigationStack {
                SettingsView()
            }
            .tabItem { Label("Settings", systemImage: "gear") }
            .tag(3)
        }
        .overlay(alignment: .bottom) {
            SyncStatusView(sync: sync)
        }
        .onChange(of: library.lastChange) { _ in
            sync.start(books: library.books)
        }
    }
}
