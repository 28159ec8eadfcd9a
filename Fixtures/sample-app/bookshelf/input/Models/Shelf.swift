import Foundation

/// A named, ordered group of books ("Favourites", "Summer 2024", ...).
class Shelf: ObservableObject, Identifiable {
    let id = UUID()
    @Published var title: String
    /// In the order the user arranged them.
    @Published
    var bookIDs: [Book.ID]

    init(title: String, bookIDs: [Book.ID] = []) {
        self.title = title
        self.bookIDs = bookIDs
    }

    func contains(_ book: Book) -> Bool {
        bookIDs.contains(book.id)
    }

    static var defaults: [Shelf] {
        [Shelf(title: "Favourites"), SmartShelf(title: "Currently reading", status: .reading)]
    }
}
