import Combine
import Foundation

/// A class: its fields change without the library's setter seeing it.
final class Book {
    var title: String
    init(title: String) { self.title = title }
}

/// `show(_:)` may be handed the book it shows, renamed: the send told the views. Once the
/// library is @Observable, the setter tells no one of the same instance, so the send is not dead:
/// it becomes withMutation around the set. The count is values all the way down: an equal count
/// changes nothing a view shows, and the send next to it goes.
final class Library: ObservableObject {
    @Published var shown = Book(title: "Intro")
    @Published var count = 0
    /// Published by hand: the send in its observer becomes withMutation, for the same reason.
    var cover = Book(title: "Plain") {
        willSet { objectWillChange.send() }
    }

    func show(_ book: Book) {
        objectWillChange.send()
        shown = book
    }

    func recount(_ n: Int) {
        objectWillChange.send()
        count = n
    }
}
