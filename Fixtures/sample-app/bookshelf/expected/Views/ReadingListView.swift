import SwiftUI

/// The "up next" queue, reorderable.
struct ReadingListView: View {
    var readingList: ReadingListStore
    @Environment(Library.self) var library
    @State private var count = 0

    var body: some View {
        NavigationStack {
            List {
                ForEach(readingList.items) { book in
                    Text(book.byline)
                }
                .onMove { readingList.move(from: $0, to: $1) }
            }
            .navigationTitle("Up Next (\(count))")
            .toolbar {
                Button("Add current") {
                    if let id = library.selection, let book = library.book(withID: id) {
                        readingList.enqueue(book)
                    }
                }
            }
        }
        // Keeps the title count in step with the queue; this subscription to the
        // @Published publisher is what keeps ReadingListStore an ObservableObject.
        .onReceive(readingList.itemsPublisher) { items in
            count = items.count
        }
    }
}
