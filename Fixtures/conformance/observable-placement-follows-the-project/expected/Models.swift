import SwiftUI

@MainActor
@Observable
final class Library {
    var books: [String] = []
}

enum Reader {
    // Nested: indented as its line.
    @Observable
    final class Progress {
        var page = 0
    }
}

// Written on one line with its other attribute: it stays on that line.
@MainActor @Observable final class Shelf {
    var count = 0
}

@MainActor
struct LibraryView: View {
    @State private var library = Library()
    @State private var progress = Reader.Progress()
    @State private var shelf = Shelf()
    var body: some View { Text("\(library.books.count) \(progress.page) \(shelf.count)") }
}
