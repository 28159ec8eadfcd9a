import Foundation
import Observation

/// The books on the shelf.
@Observable final class Library {
    var books: [String] = []
    private(set) var lastUpdated: Date? = nil

    func add(_ title: String) {
        books.append(title)
        lastUpdated = Date()
    }
}
