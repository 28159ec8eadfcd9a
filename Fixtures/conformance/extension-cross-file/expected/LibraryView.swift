import SwiftUI

struct LibraryView: View {
    @State private var library = Library()

    var body: some View {
        List(library.books, id: \.self) { title in
            Text(title)
        }
        .environment(library)
    }
}

struct ShelfCount: View {
    @Environment(Library.self) var library

    var body: some View {
        Text("\(library.books.count) books")
    }
}
