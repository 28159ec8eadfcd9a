import Combine

final class EventHolder: ObservableObject {
    @Published var events: [String]

    init(events: [String]) {
        self.events = events
    }
}
