import Combine
import Foundation
import Observation

final class Pair<First, Second> {
    let first: First
    let second: Second
    init(_ first: First, _ second: Second) { self.first = first; self.second = second }
}

@Observable final class Shelf {
    var books: [String] = [] {
        willSet {
            booksSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var booksSubject = CurrentValueSubject<[String], Never>(books)
    var booksPublisher: AnyPublisher<[String], Never> { booksSubject.eraseToAnyPublisher() }
}

/// A parameter whose written type has two generic arguments: `pair.first` is a Shelf (the
/// comma between them ended the type, and the site held Shelf).
@Observable final class ShelfCounter {
    var count = 0
    private var cancellables: Set<AnyCancellable> = []

    func watch(_ pair: Pair<Shelf, Int>, label: String) {
        pair.first.booksPublisher
            .map(\.count)
            .sink { [weak self] in self?.count = $0 }
            .store(in: &cancellables)
    }
}
