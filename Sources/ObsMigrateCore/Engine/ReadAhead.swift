#if canImport(FoundationEssentials)
import FoundationEssentials
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport

/// Reads and scans files on the other cores while the walk that finds them goes on: the walk
/// is one core's work, and the files it has already found need not wait for its end.
///
/// The walking thread hands paths over with `add`; `finish` makes it read what is left too
/// and returns every result. Helpers that have caught up with the walk wait on a semaphore.
final class ReadAhead<Result: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private let ready = DispatchSemaphore(value: 0)
    private let helpers = DispatchGroup()
    private let helperCount: Int
    private let read: @Sendable (String) -> Result
    // Guarded by `lock`.
    private var paths: [String] = []
    private var results: [Result?] = []
    private var next = 0
    private var finished = false
    /// Helpers waiting on `ready`: a path wakes one only if one waits (a wake is a system call).
    private var waiting = 0

    /// `helpers`: threads reading meanwhile (the cores but the walking one's); with none, all
    /// reading happens in `finish`.
    init(helpers count: Int, read: @escaping @Sendable (String) -> Result) {
        helperCount = max(count, 0)
        self.read = read
        for _ in 0..<helperCount {
            helpers.enter()
            DispatchQueue.global().async { [self] in
                drain()
                helpers.leave()
            }
        }
    }

    /// Hands over a path to read.
    func add(_ path: String) {
        let wakes = lock.withLock {
            paths.append(path)
            results.append(nil)
            guard waiting > 0 else { return false }
            waiting -= 1
            return true
        }
        if wakes { ready.signal() }
    }

    /// Ends the handing over: reads what is left on this thread as well, waits for the helpers,
    /// and hands over the paths in the order they came, with their results.
    func finish() -> (paths: [String], results: [Result?]) {
        let sleepers = lock.withLock {
            finished = true
            defer { waiting = 0 }
            return waiting
        }
        for _ in 0..<sleepers { ready.signal() }
        drain()
        helpers.wait()
        // Moved out, not copied: a result holds a whole scanned file.
        return lock.withLock {
            defer { paths = []; results = [] }
            return (paths, results)
        }
    }

    private func drain() {
        while true {
            lock.lock()
            if next < paths.count {
                let index = next
                next += 1
                let path = paths[index]
                lock.unlock()
                let result = read(path)
                lock.withLock { results[index] = result }
                continue
            }
            let done = finished
            if !done { waiting += 1 }
            lock.unlock()
            if done { return }
            ready.wait()
        }
    }
}
