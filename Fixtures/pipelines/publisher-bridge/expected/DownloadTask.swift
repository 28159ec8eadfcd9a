import Combine
import Observation

/// Already hands out `$state` through a `statePublisher` of its own: the bridge's members are
/// named from `stateValue` instead, and that one reads the bridge.
@Observable final class DownloadTask {
    enum State {
        case idle, running, done
    }

    private(set) var state = State.idle {
        willSet {
            stateValueSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var stateValueSubject = CurrentValueSubject<State, Never>(state)
    var stateValuePublisher: AnyPublisher<State, Never> { stateValueSubject.eraseToAnyPublisher() }

    var statePublisher: AnyPublisher<State, Never> { stateValuePublisher.eraseToAnyPublisher() }

    func start() {
        state = .running
    }
}

final class DownloadLog {
    private var subscription: AnyCancellable?

    init(task: DownloadTask) {
        subscription = task.statePublisher.sink { print($0) }
    }
}
