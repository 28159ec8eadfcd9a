import Foundation
import Observation

/// A named, ordered group of books ("Favourites", "Summer 2024", ...).
@Observable class Shelf: Identifiable {
    let id = UUID()
    var title: String
    /// In the order the user arranged them.
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
