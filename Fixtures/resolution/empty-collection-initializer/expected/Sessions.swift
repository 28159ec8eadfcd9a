import Combine
import Foundation
import Observation

@Observable final class Session {
    var isActive = false {
        willSet {
            isActiveSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var isActiveSubject = CurrentValueSubject<Bool, Never>(isActive)
    var isActivePublisher: AnyPublisher<Bool, Never> { isActiveSubject.eraseToAnyPublisher() }
}

/// `[ID: Session]()` and `[Session]()` make empty collections of the types written in brackets:
/// a value taken out of them is a Session.
@Observable final class SessionList {
    private(set) var sessions = [String: Session]()
    private(set) var pending = [Session]()
    var isActive = false
    private var cancellables = Set<AnyCancellable>()

    func add(_ session: Session, id: String) {
        sessions[id] = session
        pending.append(session)
    }

    func watch(id: String) {
        guard let session = sessions[id] else { return }
        session.isActivePublisher
            .sink { [weak self] active in self?.isActive = active }
            .store(in: &cancellables)
    }

    func watchPending() {
        for session in pending {
            session.isActivePublisher
                .sink { [weak self] active in self?.isActive = self?.isActive == true || active }
                .store(in: &cancellables)
        }
    }
}
