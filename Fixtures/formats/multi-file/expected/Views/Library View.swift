import SwiftUI

struct LibraryView: View {
    /* « bibliothèque » */ @State private var library = Library()
    @Bindable var search: SearchModel

    var body: some View {
        List(library.books, id: \.self) { Text($0) }
            .searchable(text: $search.query)
            .environment(library)
    }
}

struct ShelfCount: View {
    @Environment(Library.self) var library
    var body: some View { Text("\(library.books.count) books") }
}

/// Half migrated: the fix finishes it.
@Observable
final class Preferences {
    var darkMode = false
}
