import Combine
import Foundation

/// `store.state.archive.$archiveItems`: `store` is an `AppStore`, `Store<AppState, AppAction>`,
/// so `state` is an AppState and the projection is PublishedState's: it holds no model.
final class LibraryModel: ObservableObject {
    @Published private(set) var archiveItems = [String: String]()
    private let store = AppStore.shared
    private var cancellables: Set<AnyCancellable> = []

    init() {
        archiveItems = store.state.archive.archiveItems
        store.state.archive.$archiveItems
            .receive(on: DispatchQueue.main)
            .assign(to: \.archiveItems, on: self)
            .store(in: &cancellables)
    }
}

/// The same through a written annotation of the generic type.
final class SearchModel: ObservableObject {
    @Published var archiveItems = [String: String]()
    private let store: Store<AppState, AppAction> = .shared
    private var cancellables: Set<AnyCancellable> = []

    init() {
        store.state.archive.$archiveItems
            .sink { [weak self] items in self?.archiveItems = items }
            .store(in: &cancellables)
    }
}

/// A container of a model, bound through its written argument: `holder.content` is a Feed, so
/// its `$items` is Feed's publisher, read from outside: Feed keeps a publisher of its own.
final class Holder<Content> {
    let content: Content
    init(_ content: Content) { self.content = content }
}

final class Feed: ObservableObject {
    @Published var items: [String] = []
}

final class FeedCounter: ObservableObject {
    @Published var count = 0
    private let holder: Holder<Feed>
    private var cancellables: Set<AnyCancellable> = []

    init(holder: Holder<Feed>) {
        self.holder = holder
        holder.content.$items
            .map(\.count)
            .sink { [weak self] in self?.count = $0 }
            .store(in: &cancellables)
    }
}

/// Negative control: a container whose argument is inferred binds nothing here, so `content`
/// stays untold and its `$unread` holds every model with an `unread` publisher: Inbox.
final class Inbox: ObservableObject {
    @Published var unread = 0
}

let inboxHolder = Holder(Inbox())

final class InboxWatcher {
    var cancellables: Set<AnyCancellable> = []

    init() {
        inboxHolder.content.$unread.sink { print($0) }.store(in: &cancellables)
    }
}

/// Negative control: a member declared in a superclass takes the superclass's own argument
/// (`Container<Snapshot>`), never the subclass's parameter of the same name (`Ledger` here), so
/// `wrapper.value` is not taken for a Ledger: it stays untold and holds Ledger.
final class Ledger: ObservableObject {
    @Published var entries = [String: String]()
}

struct Snapshot {
    @PublishedState var entries = [String: String]()
}

class Container<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

final class Wrapper<Value>: Container<Snapshot> {
    let extra: Value
    init(extra: Value) {
        self.extra = extra
        super.init(Snapshot())
    }
}

final class SnapshotWatcher {
    var cancellables: Set<AnyCancellable> = []

    init(wrapper: Wrapper<Ledger>) {
        wrapper.value.$entries.sink { print($0.count) }.store(in: &cancellables)
    }
}
