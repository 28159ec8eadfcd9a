import SwiftUI

class Library: ObservableObject {
    @Published var books: [String] = []
}

// Only the #else branch's Shelf is a Library: Library stays an ObservableObject with it.
#if os(iOS)
final class Shelf {
    var label = ""
}
#else
final class Shelf: Library {
    @Published var label = ""
}
#endif

struct ShelfView: View {
    @StateObject private var shelf = Shelf()

    var body: some View {
        Text(shelf.label)
    }
}
