import Combine
import Foundation

/// Subscribed to from outside, and sending nothing itself: under @Observable it keeps an
/// objectWillChange of its own, sent where Published sent it (after the property's own willSet,
/// before `$x`'s subscribers).
final class Store: ObservableObject {
    @Published var items: [String] = []
    @Published var filter: String = "" {
        willSet {
            log.append("filter will \(newValue)")
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
        store.$items.sink { [weak store] in store?.log.append("items \($0)") }.store(in: &bag)
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
