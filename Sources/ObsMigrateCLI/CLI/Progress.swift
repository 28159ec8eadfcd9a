#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport

/// A single updating status line on standard error (`obs-migrate: checking 12,345 files... 3s`)
/// for runs that take more than a moment. It appears only after `delay`, only when standard
/// error is a terminal (never in CI logs, pipes or tests), and is erased before anything else is
/// written, so it never mixes with findings or error messages.
final class ProgressLine: @unchecked Sendable {
    private let lock = Lock()
    private let write: @Sendable (String) -> Void
    private let start = Date()
    private let delay: TimeInterval
    private var message = ""
    private var drawn: String? = nil
    private var finished = false
    private let stopSignal = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    let isActive: Bool
    /// Where commands send their messages while the line may be on screen.
    private(set) var console: Console

    init(console: Console, enabled: Bool = true, delay: TimeInterval = 1, interval: TimeInterval = 0.1) {
        self.console = console
        write = console.progress
        self.delay = delay
        isActive = enabled && console.stderrIsTerminal && console.environment["TERM"] != "dumb"
        guard isActive else { return }
        let err = console.err
        self.console.err = { [self] line in
            lock.withLock {
                clearLocked()
                err(line)
            }
        }
        startThread { [self] in
            while stopSignal.wait(timeout: .now() + interval) == .timedOut {
                lock.withLock { drawLocked() }
            }
            stopped.signal()
        }
    }

    /// What the run is doing now, e.g. "checking 12,345 files".
    func update(_ text: String) {
        guard isActive else { return }
        lock.withLock { message = text }
    }

    /// Stops the line and erases it. Safe to call more than once.
    func finish() {
        guard isActive else { return }
        let wasFinished = lock.withLock { () -> Bool in
            defer { finished = true }
            return finished
        }
        guard !wasFinished else { return }
        stopSignal.signal()
        stopped.wait()
        lock.withLock { clearLocked() }
    }

    private func drawLocked() {
        let elapsed = Date().timeIntervalSince(start)
        guard !finished, elapsed >= delay, !message.isEmpty else { return }
        let text = "obs-migrate: \(message)... \(Int(elapsed))s"
        guard text != drawn else { return }
        write("\r" + text + "\u{1B}[K")
        drawn = text
    }

    private func clearLocked() {
        guard drawn != nil else { return }
        write("\r\u{1B}[K")
        drawn = nil
    }

    /// 12345 → "12,345" (the same in every locale, like the rest of the output).
    static func count(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
