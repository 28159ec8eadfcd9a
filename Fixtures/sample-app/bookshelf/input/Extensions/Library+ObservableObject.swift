import Foundation

// Conformances of Library, kept apart from its implementation.

extension Library: ObservableObject {}

extension Library: CustomStringConvertible {
    var description: String {
        "Library(\(books.count) books, \(shelves.count) shelves)"
    }
}
