import Combine
import SwiftUI

/// Its `$status` is used through a dictionary's subscript, typed from it: it becomes `statusPublisher`.
@Observable final class Job {
    var status = 0 {
        willSet {
            statusSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var statusSubject = CurrentValueSubject<Int, Never>(status)
    var statusPublisher: AnyPublisher<Int, Never> { statusSubject.eraseToAnyPublisher() }
}

/// Publishes a `status` too, but nothing uses its publisher: it migrates.
@Observable final class Download {
    var status = 0
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

/// Its `$progress` is used through a closure parameter that shadows a member of another
/// element type (`queues` below): its type is not told, so every model publishing a
/// `progress` stays, this one and Queue.
final class Batch: ObservableObject {
    @Published var progress = 0.0
}

final class Queue: ObservableObject {
    @Published var progress = 0.0
}

final class Scheduler {
    var queues: [Queue] = []
    var batchGroups: [[Batch]] = []
    var jobs: [String: Job] = [:]
    var downloads: [Download] = []
    var cancellables = Set<AnyCancellable>()

    func watch(_ id: String) {
        jobs[id]?.statusPublisher.sink { _ in }.store(in: &cancellables)
    }

    func follow() {
        for queues in batchGroups { queues[0].$progress.sink { _ in }.store(in: &cancellables) }
        _ = batchGroups.map { queues in queues[0].$progress.sink { _ in } }
    }
}
