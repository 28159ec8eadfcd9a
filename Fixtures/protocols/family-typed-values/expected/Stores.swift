import Combine
import Foundation
import Observation

/// A family of stores, and a type eraser that forwards whichever store it wraps: once the
/// family is @Observable, a view reading `secrets` through the eraser reads the wrapped store's
/// tracked property, so the forwardings (from a generic parameter, then from the eraser) go.
protocol SecretStore: AnyObject, Identifiable {
    var name: String { get }
    var secrets: [String] { get }
}

@Observable final class EnclaveStore: SecretStore {
    let id = UUID()
    let name = "Enclave"
    var secrets: [String] = []
}

@Observable final class CardStore: SecretStore {
    let id = UUID()
    let name = "Card"
    var secrets: [String] = []
}

@Observable class AnySecretStore: SecretStore {
    let id = UUID()
    private let _name: () -> String
    private let _secrets: () -> [String]
    private var sink: AnyCancellable?

    init<S>(_ store: S) where S: SecretStore {
        _name = { store.name }
        _secrets = { store.secrets }
    }

    var name: String { _name() }
    var secrets: [String] { _secrets() }
}

@Observable final class StoreList {
    var stores: [AnySecretStore] = []
    private var cancellables: Set<AnyCancellable> = []

    func add<S: SecretStore>(store: S) {
        let erased = AnySecretStore(store)
        stores.append(erased)
    }
}

/// A second family, whose changes a plain type subscribes to through a generic parameter: that
/// subscription holds the family (and the eraser forwarding it), and only them.
protocol FeedSource: ObservableObject {
    var items: [String] { get }
}

final class RemoteFeed: FeedSource {
    @Published var items: [String] = []
}

final class AnyFeed: ObservableObject {
    private let _items: () -> [String]
    private var cancellables: Set<AnyCancellable> = []

    init(_ feed: some FeedSource) {
        _items = { feed.items }
        feed.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
    }

    var items: [String] { _items() }
}

struct FeedWatcher {
    func changes<F: FeedSource>(of feed: F) -> AnyPublisher<Void, Never> {
        feed.objectWillChange.map { _ in () }.eraseToAnyPublisher()
    }
}

/// A family used only through an opaque parameter: `clock.objectWillChange` needs the family
/// on ObservableObject, so it stays (its protocol would no longer have the member).
protocol Clock: ObservableObject {
    var now: Int { get }
}

final class SystemClock: Clock {
    @Published var now = 0
}

struct Ticker {
    func ticks(of clock: some Clock) -> AnyPublisher<Void, Never> {
        clock.objectWillChange.map { _ in () }.eraseToAnyPublisher()
    }
}

/// No store: the generic subscriptions above hold it no longer.
@Observable final class Updater {
    var latest: String?
}
