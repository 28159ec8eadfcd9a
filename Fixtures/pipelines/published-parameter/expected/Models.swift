import Combine
import SwiftUI

enum LibraryState { case idle, loading, ready }

@Observable final class BrowserModel {
    var isLoading: Bool? = nil {
        willSet {
            isLoadingSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var isLoadingSubject = CurrentValueSubject<Bool?, Never>(isLoading)
    var isLoadingPublisher: AnyPublisher<Bool?, Never> { isLoadingSubject.eraseToAnyPublisher() }
}

@Observable final class LibraryModel {
    var state: LibraryState = .idle {
        willSet {
            stateSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var stateSubject = CurrentValueSubject<LibraryState, Never>(state)
    var statePublisher: AnyPublisher<LibraryState, Never> { stateSubject.eraseToAnyPublisher() }
}

/// Takes the models' `$x` as `Published<T>.Publisher` parameters and only subscribes to them:
/// they become `some Publisher<T, Never>`, which takes the publishers of their own too.
@Observable final class LaunchModel {
    var phase = "starting"
    private var bag = Set<AnyCancellable>()

    convenience init(library: LibraryModel, browser: BrowserModel) {
        self.init(libraryState: library.statePublisher, browserIsLoading: browser.isLoadingPublisher)
    }

    init(libraryState: some Publisher<LibraryState, Never>, browserIsLoading: some Publisher<Bool?, Never>) {
        libraryState
            .combineLatest(browserIsLoading)
            .sink { [weak self] state, loading in
                self?.phase = "\(state) \(loading ?? false)"
            }
            .store(in: &bag)
    }
}

final class Counter: ObservableObject {
    @Published var count = 0
}

/// Keeps the publisher it is given: its parameter stays, and so does the counter handed to it.
final class Recorder {
    var kept: Published<Int>.Publisher?

    func keep(_ publisher: Published<Int>.Publisher) {
        kept = publisher
    }
}

final class Level: ObservableObject {
    @Published var value = 0.0
}

/// Taken as a value (`Watcher.watch(_:)`, or bare): its parameter stays, and so does Level.
enum Watcher {
    static func watch(_ publisher: Published<Double>.Publisher) {
        _ = publisher.sink { print($0) }
    }

    static func start(level: Level) {
        let watch = Watcher.watch(_:)
        watch(level.$value)
    }
}

final class Gate: ObservableObject {
    @Published var open = false
}

/// Its parameter's fix is suppressed: it stays, and so does Gate, whose `$open` it is handed.
// obs-migrate:disable-next-line published-publisher-use
func watchGate(_ publisher: Published<Bool>.Publisher) -> AnyCancellable {
    publisher.sink { print($0) }
}

enum GateWatch {
    static func start(gate: Gate) -> AnyCancellable {
        watchGate(gate.$open)
    }
}
