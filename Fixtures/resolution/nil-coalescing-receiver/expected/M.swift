import Combine
import Foundation
import Observation

@Observable final class Poll {
    var voted = false {
        willSet {
            votedSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var votedSubject = CurrentValueSubject<Bool, Never>(voted)
    var votedPublisher: AnyPublisher<Bool, Never> { votedSubject.eraseToAnyPublisher() }
}

final class Status {
    var reblog: Status?
    var poll: Poll?
}

/// `status.reblog ?? status` and `status ?? other` are Statuses, whose `poll` holds a Poll: the
/// `$voted` read through them is Poll's, which keeps a publisher of its own once it migrates.
final class StatusCell {
    var cancellables = Set<AnyCancellable>()

    func configure(status: Status) {
        let status = status.reblog ?? status
        guard let poll = status.poll else { return }
        poll.votedPublisher.sink { print($0) }.store(in: &cancellables)
    }

    func fallback(status: Status?, other: Status) {
        let chosen = status ?? other
        chosen.poll?.votedPublisher.sink { print($0) }.store(in: &cancellables)
    }
}
