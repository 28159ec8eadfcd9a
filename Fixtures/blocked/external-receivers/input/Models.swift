import Foundation

final class Inbox: ObservableObject {
    @Published var unread = 0
}

final class Clock: ObservableObject {
    var seconds = 0
    func tick() {
        seconds += 1
        objectWillChange.send()
    }
}
