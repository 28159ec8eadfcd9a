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
    /// Held while temporary files are renamed over their originals: an interrupt waits for the
    /// renames to end rather than leave a migration half applied. Taken before `lock`.
    private static let commitGate = Lock()
    nonisolated(unsafe) private static var paths = Set<String>()

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

    /// Runs `body`, renames over originals, with interrupts held off until it returns.
    package static func committing<T>(_ body: () -> T) -> T { commitGate.withLock(body) }

    /// How many temporary files are registered (for tests).
    static var count: Int { lock.withLock { paths.count } }

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
        // Both locks stay held until the process ends: no rename starts and no file is
        // registered after this point.
        commitGate.lock()
        lock.lock()
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
