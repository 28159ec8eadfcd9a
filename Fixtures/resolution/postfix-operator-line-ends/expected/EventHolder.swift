import Combine
import Observation

@Observable final class EventHolder {
    var events: [String]

    init(events: [String]) {
        self.events = events
    }
}
