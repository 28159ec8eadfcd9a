import Combine

/// Declared on one line: the kept publisher would have no line of its own after `{`, so it stays.
final class Badge: ObservableObject { @Published var count = 0 }

final class BadgeObserver {
    var bag = Set<AnyCancellable>()

    init(badge: Badge) {
        badge.objectWillChange.sink { print("badge") }.store(in: &bag)
    }
}
