import Foundation

/// The user's whole collection: every book, grouped into shelves.
///
/// The `ObservableObject` conformance lives in Extensions/Library+ObservableObject.swift,
/// next to the other protocol conformances, so this file only holds state and behaviour.
final class Library {
    /// All books, newest first.
    @Published var books: [Book]
    @Published var shelves: [Shelf]
    @Published private(set) var lastChange: Date?
    @Published var selection: Book.ID? {
        didSet {
            if let selection { recentlyViewed.append(selection) }
        }
    }

    // Not shown anywhere, so it never needed to be @Published.
    var recentlyViewed: [Book.ID] = []

    init(books: [Book] = Book.samples, shelves: [Shelf] = Shelf.defaults) {
        self.books = books
        self.shelves = shelves
    }

    func book(withID id: Book.ID) -> Book? {
        books.first { $0.id == id }
    }

    func add(_ book: Book) {
        books.insert(book, at: 0)
        lastChange = Date()
    }

    func remove(_ ids: [Book.ID]) {
        books.removeAll { ids.contains($0.id) }
        lastChange = Date()
    }

    func setStatus(_ status: Book.Status, for id: Book.ID) {
        guard let index = books.firstIndex(where: { $0.id == id }) else { return }
        books[index].status = status
        lastChange = Date()
    }
}
