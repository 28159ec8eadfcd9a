import Combine
import Foundation
import Observation

/// Subscribed to from outside, and sending nothing itself: under @Observable it keeps an
/// objectWillChange of its own, sent where Published sent it (after the property's own willSet,
/// before `$x`'s subscribers).
@Observable final class Store {
    let objectWillChange = ObservableObjectPublisher()
    var items: [String] = [] {
        willSet {
            objectWillChange.send()
            itemsSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var itemsSubject = CurrentValueSubject<[String], Never>(items)
    var itemsPublisher: AnyPublisher<[String], Never> { itemsSubject.eraseToAnyPublisher() }
    var filter: String = "" {
        willSet {
            log.append("filter will \(newValue)")
            objectWillChange.send()
        }
    }
    // A comment naming objectWillChange is no use of it.
    var log: [String] = []

    func add(_ item: String) { items.append(item) }
}

final class StoreObserver {
    private var bag = Set<AnyCancellable>()
    private(set) var changes = 0

    init(store: Store) {
        store.objectWillChange
            .sink { [weak self, weak store] in
                self?.changes += 1
                store?.log.append("will change, \(store?.items.count ?? -1) items")
            }
            .store(in: &bag)
        store.itemsPublisher.sink { [weak store] in store?.log.append("items \($0)") }.store(in: &bag)
    }
}

/// It sends objectWillChange itself, for a change no property holds: it stays.
final class Clock: ObservableObject {
    @Published var hours = 0
    func tick() { objectWillChange.send() }
}

final class ClockObserver {
    let cancellable: AnyCancellable

    init(clock: Clock) {
        cancellable = clock.objectWillChange.sink { print("tick") }
    }
}

/// Subscribed to from outside, and sending itself: it keeps its objectWillChange, and its sends
/// stay for the subscriber, the one next to setting `unread` as it is, and the one tied to no
/// tracked change with a counter's bump after it for the views that read `summary`.
@Observable final class Inbox {
    let objectWillChange = ObservableObjectPublisher()
    private var untrackedChanges = 0
    var unread = 0 {
        willSet {
            objectWillChange.send()
        }
    }
    private var refreshes = 0
    var summary: String {
        _ = untrackedChanges
        return "\(unread) unread"
    }

    func refresh() {
        objectWillChange.send()
        untrackedChanges &+= 1
    }

    func markRead() {
        objectWillChange.send()
        unread = 0
    }
}

final class InboxObserver {
    private(set) var changes = 0
    private var bag = Set<AnyCancellable>()

    init(inbox: Inbox) {
        inbox.objectWillChange.sink { [weak self] in self?.changes += 1 }.store(in: &bag)
    }
}
