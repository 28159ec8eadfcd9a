import Combine
import Foundation

final class Session: ObservableObject {
    @Published var isActive = false
}

/// `[ID: Session]()` and `[Session]()` make empty collections of the types written in brackets:
/// a value taken out of them is a Session.
final class SessionList: ObservableObject {
    @Published private(set) var sessions = [String: Session]()
    @Published private(set) var pending = [Session]()
    @Published var isActive = false
    private var cancellables = Set<AnyCancellable>()

    func add(_ session: Session, id: String) {
        sessions[id] = session
        pending.append(session)
    }

    func watch(id: String) {
        guard let session = sessions[id] else { return }
        session.$isActive
            .sink { [weak self] active in self?.isActive = active }
            .store(in: &cancellables)
    }

    func watchPending() {
        for session in pending {
            session.$isActive
                .sink { [weak self] active in self?.isActive = self?.isActive == true || active }
                .store(in: &cancellables)
        }
    }
}
