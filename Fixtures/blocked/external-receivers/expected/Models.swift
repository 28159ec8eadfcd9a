import Foundation
import Observation

@Observable final class Inbox {
    var unread = 0 {
        willSet {
            unreadSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var unreadSubject = CurrentValueSubject<Int, Never>(unread)
    var unreadPublisher: AnyPublisher<Int, Never> { unreadSubject.eraseToAnyPublisher() }
}

@Observable final class Clock {
    var seconds = 0
    func tick() {
        seconds += 1
    }
}
