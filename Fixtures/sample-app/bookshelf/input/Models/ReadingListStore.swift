import Foundation

/// The "up next" queue. Its `items` publisher is watched by ReadingListView to keep the
/// badge count in sync, which ties it to ObservableObject for now.
final class ReadingListStore: ObservableObject {
    @Published var items: [Book] = []

    func enqueue(_ book: Book) {
        guard !items.contains(book) else { return }
        items.append(book)
    }

    func move(from source: IndexSet, to destination: Int) {
        items.move(fromOffsets: source, toOffset: destination)
    }
}
