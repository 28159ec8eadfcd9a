import Combine

final class Feed: ObservableObject {
    @Published var items: [String] = []
}

final class Inbox: ObservableObject {
    @Published var unread = 0
}

/// A member of a generic container returns what the container holds: `source.value` is a Feed,
/// so its objectWillChange keeps Feed an ObservableObject.
final class FeedWatcher {
    var bag = Set<AnyCancellable>()

    init(source: CurrentValueSubject<Feed, Never>) {
        source.value.objectWillChange.sink { print("feed") }.store(in: &bag)
    }
}

/// A project generic type's member typed by its parameter is whatever the parameter is bound to.
final class Box<Content> {
    var content: Content
    init(_ content: Content) { self.content = content }
}

let inboxBox = Box(Inbox())

final class InboxWatcher {
    var bag = Set<AnyCancellable>()

    init() {
        inboxBox.content.objectWillChange.sink { print("inbox") }.store(in: &bag)
    }
}
