import SwiftUI

/// Shelves on top, then every book, filtered and sorted by the user's settings.
struct LibraryView: View {
    var library: Library // read-only here: no bindings needed
    var readingList: ReadingListStore
    @EnvironmentObject private var settings: SettingsStore

    private var visibleBooks: [Book] {
        let books = settings.showsFinished ? library.books : library.books.filter { $0.status != .finished }
        switch settings.sortOrder {
        case .title: return books.sorted { $0.title < $1.title }
        case .author: return books.sorted { $0.author < $1.author }
        case .recentlyAdded: return books.sorted { $0.addedAt > $1.addedAt }
        }
    }

    var body: some View {
        NavigationStack {
            List {
                Section("Shelves") {
                    ForEach(library.shelves) { shelf in
                        NavigationLink(shelf.title) {
                            if let smart = shelf as? SmartShelf {
                                SmartShelfView(shelf: smart)
                            } else {
                                ShelfView(shelf: shelf)
                            }
                        }
                    }
                }
                Section("Books") {
                    ForEach(visibleBooks) { book in
                        NavigationLink {
                            BookDetailView(bookID: book.id)
                        } label: {
                            BookRow(book: book)
                        }
                        .swipeActions {
                            Button("Up Next") { readingList.enqueue(book) }
                        }
                    }
                    .onDelete { offsets in
                        library.remove(offsets.map { visibleBooks[$0].id })
                    }
                }
            }
            .navigationTitle("Library")
        }
    }
}

/// One row of the book list.
struct BookRow: View {
    let book: Book
    @EnvironmentObject
    private var settings: SettingsStore

    var body: some View {
        VStack(alignment: .leading) {
            Text(book.title)
                .font(.headline)
            Text("\(book.author) · \(settings.pageText(book.pageCount))")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
    }
}
