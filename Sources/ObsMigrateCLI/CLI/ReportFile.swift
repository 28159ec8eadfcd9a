#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import ObsMigrateSupport
import ObsMigrateCore

/// `--output FILE`: what a command prints on standard output goes to FILE instead, written
/// to a temporary file beside it and renamed over it at the end, so that a reader never sees
/// half a report and a run that stops with an error leaves the previous report as it was.
final class ReportFile: @unchecked Sendable {
    let path: String
    let shownPath: String
    private let temporary: String
    private let fd: Int32
    private let lock = Lock()
    private var buffer: [UInt8] = []
    private var failure: String? = nil

    /// Creates the temporary file; a folder that does not exist or cannot be written is a usage
    /// error before any work is done.
    init(_ shownPath: String, cwd: String) throws {
        let absolute = ProjectLoader.absolutePath(shownPath, cwd: cwd)
        if isDirectory(atPath: absolute) == true { throw UsageError("--output \(shownPath): is a folder, not a file") }
        // A report written over a source file would lose it: a slip of the shell, never meant.
        if absolute.hasSuffix(".swift") { throw UsageError("--output \(shownPath): a Swift source file; the report goes to a file of its own") }
        path = absolute
        self.shownPath = shownPath
        var attempt = 0
        while true {
            let candidate = TemporaryFiles.path(beside: absolute, attempt: attempt)
            TemporaryFiles.willCreate(candidate)
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 {
                temporary = candidate
                fd = opened
                return
            }
            let code = errno
            TemporaryFiles.forget(candidate)
            if code == EEXIST, attempt < 8 { attempt += 1; continue }
            throw UsageError("--output \(shownPath): cannot write there (\(String(cString: strerror(code))))")
        }
    }

    /// A console whose standard output is this file (never a terminal, so never coloured by default).
    func console(_ base: Console) -> Console {
        var console = base
        console.out = { [self] text in self.write(text + "\n") }
        console.stdoutIsTerminal = false
        return console
    }

    private func write(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { flushLocked() }
        }
    }

    private func flushLocked() {
        guard failure == nil, !buffer.isEmpty else { buffer.removeAll(keepingCapacity: true); return }
        var written = 0
        buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let n = SystemCall.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Puts the report in place: flushed, synced, renamed over FILE.
    func commit() throws {
        let problem: String? = lock.withLock {
            flushLocked()
            if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
            close(fd)
            if failure == nil, SystemCall.rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
            return failure
        }
        if let problem {
            TemporaryFiles.remove(temporary)
            throw UsageError("--output \(shownPath): cannot write the report (\(problem))")
        }
        TemporaryFiles.forget(temporary)
        SystemCall.syncDirectory(path.deletingLastPathComponent)
    }

    /// Leaves FILE as it was.
    func discard() {
        lock.withLock { close(fd) }
        TemporaryFiles.remove(temporary)
    }

    /// Runs a command with its standard output going to `output` when given: the report is put
    /// in place when the command returns a status, and dropped when it throws (a usage or
    /// read error stops the run before a report exists). The status is the command's own.
    static func redirecting(_ output: String?, console: Console, _ command: (Console) throws -> Int32) throws -> Int32 {
        guard let output, output != "-" else { return try command(console) }  // `-`: standard output, as without it
        let file = try ReportFile(output, cwd: console.currentDirectory)
        let status: Int32
        do {
            status = try command(file.console(console))
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
        return status
    }
}
