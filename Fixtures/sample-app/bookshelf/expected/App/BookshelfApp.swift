import SwiftUI

/// Bookshelf: a small reading tracker.
///
/// The app owns the long-lived stores and hands them to the view tree through the
/// environment. Every store is created exactly once, here.
@main
struct BookshelfApp: App {
    @State private var library = Library()
    @StateObject private var settings = SettingsStore()
    // Search and sync still depend on Combine publishers (see their files).
    @State private var search = SearchModel()
    @StateObject private var sync = SyncService()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(library)
                .environmentObject(settings)
                .environment(search)
                .environmentObject(sync)
        }
    }
}
