import SwiftUI

struct LibraryView: View {
    @StateObject private var library = Library()

    var body: some View {
        List(library.books, id: \.self) { title in
            Text(title)
        }
        .environmentObject(library)
    }
}

struct ShelfCount: View {
    @EnvironmentObject var library: Library

    var body: some View {
        Text("\(library.books.count) books")
    }
}
