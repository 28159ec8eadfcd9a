import Combine

/// Already hands out `$state` through a `statePublisher` of its own: the bridge's members are
/// named from `stateValue` instead, and that one reads the bridge.
final class DownloadTask: ObservableObject {
    enum State {
        case idle, running, done
    }

    @Published private(set) var state = State.idle

    var statePublisher: AnyPublisher<State, Never> { $state.eraseToAnyPublisher() }

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
