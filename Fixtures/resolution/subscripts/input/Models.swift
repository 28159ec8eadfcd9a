import Combine
import SwiftUI

/// Its `$status` is used through a dictionary's subscript: it stays.
final class Job: ObservableObject {
    @Published var status = 0
}

/// Publishes a `status` too, but nothing uses its publisher: it migrates.
final class Download: ObservableObject {
    @Published var status = 0
}

/// Its `$title` is used through a custom collection's subscript, whose element type is not
/// read: every model publishing a `title` stays, here only this one.
final class Shelf: ObservableObject {
    @Published var title = ""
}

struct Shelves {
    var items: [Shelf] = [Shelf()]
    subscript(_ index: Int) -> Shelf { items[index] }
}

final class Scheduler {
    var jobs: [String: Job] = [:]
    var downloads: [Download] = []
    var cancellables = Set<AnyCancellable>()

    func watch(_ id: String) {
        jobs[id]?.$status.sink { _ in }.store(in: &cancellables)
    }
}
