import Foundation
import Observation

/// A shelf whose contents follow a rule instead of a hand-made list.
@Observable final class SmartShelf: Shelf {
    var status: Book.Status
    var minimumPages = 0 // 0 means "any length"

    init(title: String, status: Book.Status) {
        self.status = status
        super.init(title: title)
    }

    override func contains(_ book: Book) -> Bool {
        book.status == status && book.pageCount >= minimumPages
    }
}
