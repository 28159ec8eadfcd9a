import SwiftUI

/// Edits a hand-made shelf: its name and the books on it.
struct ShelfView: View {
    @ObservedObject var shelf: Shelf
    @EnvironmentObject var library: Library

    var body: some View {
        List {
            Section {
                TextField("Shelf name", text: $shelf.title)
            }
            Section("Books") {
                ForEach(library.books.filter(shelf.contains)) { book in
                    NavigationLink(book.title) {
                        BookDetailView(bookID: book.id)
                    }
                }
            }
        }
        .navigationTitle(shelf.title)
    }
}

/// Edits the rule of a smart shelf.
struct SmartShelfView: View {
    @ObservedObject private var shelf: SmartShelf

    init(shelf: SmartShelf) {
        _shelf = ObservedObject(wrappedValue: shelf)
    }

    var body: some View {
        Form {
            TextField("Shelf name", text: $shelf.title)
            Picker("Status", selection: $shelf.status) {
                ForEach(Book.Status.allCases, id: \.self) { status in
                    Text(status.rawValue).tag(status)
                }
            }
            Stepper("At least \(shelf.minimumPages) pages", value: $shelf.minimumPages, in: 0...2000, step: 50)
        }
        .navigationTitle(shelf.title)
    }
}
