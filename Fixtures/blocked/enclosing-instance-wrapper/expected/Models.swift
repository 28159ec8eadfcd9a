import Combine
import Foundation
import Observation

final class Settings: ObservableObject {
    @PublishedDefault var sortAscending = true
}

@Observable final class Inbox {
    var messages: [String] = ["Welcome"]

    subscript(index: Int) -> String { messages[index] }
}

struct Page {
    var lines: [String]

    subscript(line: Int) -> String { lines[line] }
}
