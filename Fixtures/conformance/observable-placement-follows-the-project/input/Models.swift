import SwiftUI

@MainActor
final class Library: ObservableObject {
    @Published var books: [String] = []
}

enum Reader {
    // Nested: indented as its line.
    final class Progress: ObservableObject {
        @Published var page = 0
    }
}

// Written on one line with its other attribute: it stays on that line.
@MainActor final class Shelf: ObservableObject {
    @Published var count = 0
}

@MainActor
struct LibraryView: View {
    @StateObject private var library = Library()
    @StateObject private var progress = Reader.Progress()
    @StateObject private var shelf = Shelf()
    var body: some View { Text("\(library.books.count) \(progress.page) \(shelf.count)") }
}
