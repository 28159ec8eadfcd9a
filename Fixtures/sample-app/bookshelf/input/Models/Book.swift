import Foundation

/// One book in the library. A value type: views get copies, stores own the array.
struct Book: Identifiable, Hashable, Codable {
    enum Status: String, CaseIterable, Codable {
        case wantToRead = "Want to read"
        case reading = "Reading"
        case finished = "Finished"
    }

    let id: UUID
    var title: String
    var author: String
    var pageCount: Int
    var status: Status = .wantToRead
    var addedAt = Date()

    init(id: UUID = UUID(), title: String, author: String, pageCount: Int, status: Status = .wantToRead) {
        self.id = id
        self.title = title
        self.author = author
        self.pageCount = pageCount
        self.status = status
    }
}

extension Book {
    static let samples: [Book] = [
        Book(title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", pageCount: 304, status: .finished),
        Book(title: "Piranesi", author: "Susanna Clarke", pageCount: 272, status: .reading),
        Book(title: "A Memory Called Empire", author: "Arkady Martine", pageCount: 462),
    ]
}
