import Foundation
import Observation

final class Inbox: ObservableObject {
    @Published var unread = 0
}

@Observable final class Clock {
    var seconds = 0
    func tick() {
        seconds += 1
    }
}
