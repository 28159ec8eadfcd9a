import Combine
import Foundation

final class Settings: ObservableObject {
    @PublishedDefault var sortAscending = true
}

final class Inbox: ObservableObject {
    @Published var messages: [String] = ["Welcome"]

    subscript(index: Int) -> String { messages[index] }
}

struct Page {
    var lines: [String]

    subscript(line: Int) -> String { lines[line] }
}
