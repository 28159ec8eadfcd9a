import Foundation

/// Uploads the library to iCloud (simulated).
///
/// `progress` changes many times a second; the service batches change notifications by
/// calling `objectWillChange.send()` itself, which has no Observation equivalent.
final class SyncService: ObservableObject {
    enum State: Equatable {
        case idle
        case syncing
        case failed(String)
    }

    @Published private(set) var state: State = .idle
    private(set) var progress: Double = 0
    private var pendingSteps = 0

    func start(books: [Book]) {
        state = .syncing
        pendingSteps = books.count
        progress = 0
    }

    func stepCompleted() {
        pendingSteps -= 1
        progress = min(1, progress + 0.1)
        if pendingSteps % 5 == 0 {
            objectWillChange.send()
        }
        if pendingSteps <= 0 {
            state = .idle
        }
    }
}
