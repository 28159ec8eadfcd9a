import Foundation

/// The books on the shelf.
final class Library {
    @Published var books: [String] = []
    @Published private(set) var lastUpdated: Date? = nil

    func add(_ title: String) {
        books.append(title)
        lastUpdated = Date()
    }
}
