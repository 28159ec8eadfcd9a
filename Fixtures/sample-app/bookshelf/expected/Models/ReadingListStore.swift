import Foundation
import Observation

/// The "up next" queue. Its `items` publisher is watched by ReadingListView to keep the
/// badge count in sync, which ties it to ObservableObject for now.
@Observable final class ReadingListStore {
    var items: [Book] = [] {
        willSet {
            itemsSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var itemsSubject = CurrentValueSubject<[Book], Never>(items)
    var itemsPublisher: AnyPublisher<[Book], Never> { itemsSubject.eraseToAnyPublisher() }

    func enqueue(_ book: Book) {
        guard !items.contains(book) else { return }
        items.append(book)
    }

    func move(from source: IndexSet, to destination: Int) {
        items.move(fromOffsets: source, toOffset: destination)
    }
}
