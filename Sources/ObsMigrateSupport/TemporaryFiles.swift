#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// The temporary files that exist now (`fix --write` stages each new content beside its
/// original), so that Ctrl-C, SIGTERM or SIGHUP removes them instead of leaving
/// `.Name.swift.obs-migrate-N.tmp` behind.
///
/// A signal handler may call almost nothing. Instead the executable blocks those signals in
/// every thread and waits for them on a thread of its own (`removeOnInterrupt`), which may take
/// locks: it removes the files, then dies of the same signal, as the process would have.
public enum TemporaryFiles {
    private static let lock = Lock()
    /// Held while temporary files are renamed over their originals: an interrupt that comes
    /// meanwhile is left to the commit (see `committing`). Taken before `lock`.
    private static let commitGate = Lock()
    nonisolated(unsafe) private static var paths = Set<String>()
    /// The signal that asked the process to end, once one has (under `lock`).
    nonisolated(unsafe) private static var interruption: Int32? = nil
    /// What the last commit wrote, for a signal that comes after it (under `lock`).
    nonisolated(unsafe) private static var committed: String? = nil

    /// Registers a path before the file is created, so that no moment exists when the file is
    /// there but unknown (a path registered but never created costs a failing `unlink`).
    package static func willCreate(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    /// Removes a temporary file of ours.
    package static func remove(_ path: String) {
        unlink(path)
        lock.withLock { _ = paths.remove(path) }
    }

    /// Forgets a file that is no longer temporary (renamed over its original).
    package static func forget(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// How many temporary files are registered (for tests).
    static var count: Int { lock.withLock { paths.count } }

    // MARK: - Names

    /// The temporary file beside `target` (`.Name.swift.obs-migrate-PID.tmp`): the process id
    /// tells a later run whether the file's maker still runs. Further attempts add a number.
    package static func path(beside target: String, attempt: Int) -> String {
        let directory = target.deletingLastPathComponent
        let suffix = attempt == 0 ? "" : "-\(UInt32.random(in: 0...UInt32.max))"
        return directory + "/.\(target.lastPathComponent).obs-migrate-\(getpid())\(suffix).tmp"
    }

    /// The process id in a name made by `path(beside:attempt:)` (or by earlier versions,
    /// whose number was random), or nil for a name of any other form.
    package static func maker(ofName name: String) -> Int? {
        let bytes = Array(name.utf8), marker = Array(".obs-migrate-".utf8), tail = Array(".tmp".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > 1 + marker.count + tail.count,
              bytes.suffix(tail.count).elementsEqual(tail) else { return nil }
        let number = bytes[..<(bytes.count - tail.count)]
        // The number: what follows the last marker, which is not the name's first byte.
        guard let at = (1...(number.count - marker.count)).reversed().first(where: { number[$0..<($0 + marker.count)].elementsEqual(marker) }),
              at > 1 else { return nil }
        let start = at + marker.count
        let parts = number[start...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        let decimal = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(decimal.contains) }) else { return nil }
        return parts[0].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Removes, from `folders`, the temporary files of runs that no longer run (a run killed
    /// with SIGKILL, or stopped by a power cut, leaves them); returns how many. A file whose
    /// maker may still run (its process id is in use) stays.
    package static func removeLeftovers(inFolders folders: [String]) -> Int {
        let me = Int(getpid())
        var removed = 0
        for folder in folders {
            guard let handle = opendir(folder) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name.hasPrefix("."), let pid = maker(ofName: name), pid != me else { continue }
                let isRunning = pid > 0 && pid <= Int(Int32.max) && (kill(pid_t(pid), 0) == 0 || errno == EPERM)
                if !isRunning, unlink(folder + "/" + name) == 0 { removed += 1 }
            }
        }
        return removed
    }

    // MARK: - Interrupts

    /// Runs `body`, the renames over originals, with an interrupt left to it: `body` asks
    /// `interrupted()` between files and puts back what it replaced. When a signal came
    /// before `body` returned, the process then says on standard error what was written
    /// (`summary` of the result) and exits with 128 + the signal; a signal after that says the
    /// same. A signal before any commit removes the temporary files and ends the process by
    /// that signal (`removeOnInterrupt`).
    package static func committing<T>(_ body: (_ interrupted: () -> Int32?) -> T, summary: (T) -> String) -> T {
        commitGate.lock()
        let result = body { lock.withLock { interruption } }
        let written = summary(result)
        let signal = lock.withLock { () -> Int32? in
            committed = written
            return interruption
        }
        if let signal { exitAfterCommit(signal, written) }
        commitGate.unlock()
        return result
    }

    /// Whether a signal asked the process to end (for a test hook that waits).
    package static var isInterrupted: Bool { lock.withLock { interruption != nil } }

    private static func exitAfterCommit(_ signal: Int32, _ written: String) -> Never {
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        SystemCall.writeStandardError("obs-migrate: error: interrupted by \(name): \(written)\n")
        _exit(128 + signal)
    }

    /// Signals that end the process and should clean up first; one the process started with
    /// ignored (a background job's SIGINT) stays ignored.
    private static let interrupts = [SIGINT, SIGTERM, SIGHUP]

    /// Blocks the interrupt signals in the calling thread, and so in every thread it starts,
    /// and waits for them on a thread that removes the temporary files and then dies of the
    /// signal. Call it first thing in `main`, before any other thread exists. Child processes
    /// get an empty signal mask back (see `Git.run`).
    public static func removeOnInterrupt() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in interrupts {
            var current = sigaction()
            sigaction(signal, nil, &current)
            if !isIgnored(current) { sigaddset(&set, signal) }
        }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { return }
        let waited = set
        let started = startThread(orNotAtAll: true) {
            var waited = waited
            var signal: Int32 = 0
            guard sigwait(&waited, &signal) == 0 else { return }
            removeAllAndDie(of: signal)
        }
        // No thread to wait for them: the signals must still end the process.
        if !started { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
        #endif
    }

    private static func removeAllAndDie(of number: Int32) -> Never {
        lock.withLock { interruption = number }
        // A commit under way sees the interruption, finishes or puts back its renames, and
        // exits itself; one that already ended has said what it wrote.
        commitGate.lock()
        // Both locks stay held until the process ends: no rename starts and no file is
        // registered after this point.
        lock.lock()
        if let committed { exitAfterCommit(number, committed) }
        for path in paths { unlink(path) }
        // A worker may have registered a file just before and still be creating it.
        usleep(20_000)
        for path in paths { unlink(path) }
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}
