import SwiftUI

struct LibraryView: View {
    /* « bibliothèque » */ @StateObject private var library = Library()
    @ObservedObject var search: SearchModel

    var body: some View {
        List(library.books, id: \.self) { Text($0) }
            .searchable(text: $search.query)
            .environmentObject(library)
    }
}

struct ShelfCount: View {
    @EnvironmentObject var library: Library
    var body: some View { Text("\(library.books.count) books") }
}

/// Half migrated: the fix finishes it.
@Observable
final class Preferences: ObservableObject {
    var darkMode = false
}
