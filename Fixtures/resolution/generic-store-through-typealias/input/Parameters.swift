import Combine
import Foundation

final class Pair<First, Second> {
    let first: First
    let second: Second
    init(_ first: First, _ second: Second) { self.first = first; self.second = second }
}

final class Shelf: ObservableObject {
    @Published var books: [String] = []
}

/// A parameter whose written type has two generic arguments: `pair.first` is a Shelf (the
/// comma between them ended the type, and the site held Shelf).
final class ShelfCounter: ObservableObject {
    @Published var count = 0
    private var cancellables: Set<AnyCancellable> = []

    func watch(_ pair: Pair<Shelf, Int>, label: String) {
        pair.first.$books
            .map(\.count)
            .sink { [weak self] in self?.count = $0 }
            .store(in: &cancellables)
    }
}
