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

/// Writes files so that none is ever half-written: the new content goes to a temporary file in
/// the same folder (flushed to disk, with the original's permission bits and, where allowed, its
/// owner), which then replaces the original with one atomic `rename`. When anything fails the
/// temporary file is removed and the original is left untouched. A file that changed on disk
/// since it was read is skipped, as is one marked read-only, one with several hard links (the
/// rename would split them), and one that is not inside the project root. `writeAll` does this
/// for a whole migration at once: all files or none (see `commitAll` in FileCommit.swift).
public enum FileWriter {
    public enum Failure: Error, Equatable, Sendable {
        case changedOnDisk
        case notWritable(String)
        case outsideRoot
        case failed(String)
        /// Another file of the same change failed first, so this one was not written either.
        case notAttempted
        /// Replaced, then changed or replaced by someone else before the run could finish: left
        /// as it is now, with what it held before kept in the file named here (beside it).
        case changedAfterReplaced(keptIn: String)

        public var message: String {
            switch self {
            case .changedAfterReplaced(let kept): "changed on disk after it was replaced; left as it is now, and what it held before is in \(kept)"
            case .changedOnDisk: "file changed on disk since it was read; not written"
            case .notWritable(let why): "cannot write file: \(why); not written"
            case .outsideRoot: "file is outside the project root (reached through a symbolic link); not written"
            case .failed(let why): "write failed: \(why); original left unchanged"
            case .notAttempted: "not written: another file could not be written, so no file was changed"
            }
        }

        /// Why, in a few words, for a model the file keeps.
        public var reason: String {
            switch self {
            case .notWritable(let why), .failed(let why): why
            case .outsideRoot: "it is outside the project root, reached through a symbolic link"
            case .changedOnDisk: "it changed on disk"
            case .notAttempted: "another file could not be written"
            case .changedAfterReplaced: "it changed on disk"
            }
        }
    }

    /// The steps of a write, for tests that inject a fault at one of them.
    enum Step: Sendable {
        case createTemporary, write, sync, close, rename
    }

    /// Test hooks. `fault` returns an errno to make a step fail as if the system call had;
    /// `beforeRename` runs for each file just before the check of all files that precedes the
    /// renames, `betweenRenames` before each file's own last check and rename, with how many
    /// files are replaced so far (to change a file under the writer's feet). Only tests set
    /// them, before running a command, and reset them after. (`fault` is called from the
    /// threads that prepare files, possibly several at once.)
    package struct Hooks: @unchecked Sendable {
        var fault: ((Step, String) -> Int32?)? = nil
        var beforeRename: ((String) -> Void)? = nil
        package var betweenRenames: ((Int, String) -> Void)? = nil
        package init() {}
    }
    nonisolated(unsafe) package static var hooks = Hooks()

    /// Writes one file. Nil when written.
    public static func write(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8], root: String) -> Failure? {
        writeAll([PendingWrite(path: path, bytes: bytes, expectedOriginal: expectedOriginal)], root: root)[0]
    }

    /// One file to replace: its path, new content, and the digest of the content it was read with.
    public struct PendingWrite: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var expectedOriginal: ContentDigest

        public init(path: String, bytes: [UInt8], expectedOriginal: ContentDigest) {
            self.path = path
            self.bytes = bytes
            self.expectedOriginal = expectedOriginal
        }

        public init(path: String, bytes: [UInt8], expectedOriginal: [UInt8]) {
            self.init(path: path, bytes: bytes, expectedOriginal: ContentDigest(expectedOriginal))
        }
    }

    /// Writes several files as one change, since a migration applied to some files and not to
    /// others would not compile: every new content is first written completely to its temporary
    /// file; only when all are ready are they renamed over the originals. When any cannot be
    /// prepared (disk full, changed on disk, permission denied...), none is written. Returns the
    /// failures by index into `writes`.
    public static func writeAll(_ writes: [PendingWrite], root: String) -> [Int: Failure] {
        let staged = StagedWrites(root: root)
        concurrentIO(writes.count) { k in staged.stage(k, writes[k]) }
        return staged.commit(Array(writes.indices))
    }

    /// Why `path` could not be replaced now, or nil. Checks only; writes nothing.
    /// For `Engine.settle`: why file f of a project cannot be replaced (a short reason for the
    /// model it keeps, and the message that reports the file), or nil when it can.
    public static func writability(absolutePaths: [String], root: String) -> (Int) -> (reason: String, message: String)? {
        let folders = RealFolders()
        return { f in checkWritable(absolutePaths[f], root: root, folders: folders).map { ($0.reason, $0.message) } }
    }

    public static func checkWritable(_ path: String, root: String) -> Failure? { checkWritable(path, root: root, folders: RealFolders()) }

    static func checkWritable(_ path: String, root: String, folders: RealFolders) -> Failure? {
        switch locate(path, root: root, folders: folders) {
        case .success(let (target, status)): return checkPermissions(target, status)
        case .failure(let failure): return failure
        }
    }

    /// A temporary file holding the complete new content, ready to be renamed over `target`.
    struct Prepared {
        var target: String
        var temp: String
        /// The original, taken after `clock` and before its content was found to be `original`.
        var before: FileStatus
        var original: ContentDigest
        /// The temporary file as created: its change time is the file system's clock before
        /// `before` was taken (see `FileStatus.isRacy`).
        var clock: FileStatus
        var content: ContentDigest
        /// The temporary file once flushed: the file that should be in place after the swap.
        var written: FileStatus? = nil
    }

    /// The real path of a regular file inside the root, and its status.
    static func locate(_ path: String, root: String, folders: RealFolders = RealFolders()) -> Result<(String, FileStatus), Failure> {
        // Write through a symbolic link to its target, but only inside the project.
        guard let target = realPath(ofFile: path, folders: folders) else {
            return .failure(.notWritable(FileStatus.of(path, followingLinks: false).isSuccess ? "broken symbolic link" : "the file no longer exists"))
        }
        let realRoot = folders.path(root) ?? root
        if realRoot != "/", !target.hasPrefix(realRoot + "/") { return .failure(.outsideRoot) }
        switch FileStatus.of(target) {
        case .success(let status):
            guard status.kind == .regular else { return .failure(.notWritable("it is \(status.kind.description), not a regular file")) }
            return .success((target, status))
        case .failure(let error):
            return .failure(.notWritable(error.message))
        }
    }

    /// `realpath` of a file, with its folder's real path looked up once per folder (`realpath`
    /// reads every component of a path: 20 system calls a file, and each file is located
    /// twice). A file that is itself a symbolic link is resolved whole.
    static func realPath(ofFile path: String, folders: RealFolders) -> String? {
        guard case .success(let status) = FileStatus.of(path, followingLinks: false) else { return nil }
        let name = path.lastPathComponent
        if status.kind == .symbolicLink || name == "." || name == ".." { return FileSystem.realPath(path) }
        guard let folder = folders.path(path.deletingLastPathComponent) else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }

    /// Real paths of folders, by path, for one run's writes.
    final class RealFolders: @unchecked Sendable {
        private let lock = Lock()
        private var known: [String: String] = [:]

        func path(_ folder: String) -> String? {
            if let real = lock.withLock({ known[folder] }) { return real }
            guard let real = FileSystem.realPath(folder) else { return nil }
            lock.withLock { known[folder] = real }
            return real
        }
    }

    /// Permission to replace the file: to write it, and to create and rename files in its folder.
    /// Root may write anything, so a file with no write permission bits at all is taken as the
    /// user's "read-only", as editors do.
    static func checkPermissions(_ target: String, _ status: FileStatus) -> Failure? {
        func denied(_ code: Int32) -> String { code == EACCES ? "permission denied" : SystemError(code: code).message }
        if faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 { return .notWritable(denied(errno)) }
        if geteuid() == 0, status.mode & 0o222 == 0 {
            return .notWritable("the file is read-only (mode \(String(status.mode & 0o7777, radix: 8)))")
        }
        let directory = target.deletingLastPathComponent
        if faccessat(AT_FDCWD, directory, W_OK | X_OK, AT_EACCESS) != 0 {
            return .notWritable("cannot create files in its folder (\(denied(errno)))")
        }
        if status.links > 1 {
            return .notWritable("it has \(status.links) hard links, which replacing it would separate")
        }
        return nil
    }

    /// Checks the file and writes its new content to a complete temporary file, private to us
    /// until `finish`.
    static func prepare(_ pending: PendingWrite, root: String, folders: RealFolders = RealFolders()) -> Result<Prepared, Failure> {
        let target: String
        let located: FileStatus
        switch locate(pending.path, root: root, folders: folders) {
        case .success(let (t, s)): (target, located) = (t, s)
        case .failure(let failure): return .failure(failure)
        }
        if let failure = checkPermissions(target, located) { return .failure(failure) }

        // The temporary file: new, private until complete, in the same folder (same file system).
        let directory = target.deletingLastPathComponent
        var temp = ""
        var fd: Int32 = -1
        for attempt in 0..<16 {
            temp = TemporaryFiles.path(beside: target, attempt: attempt)
            if let injected = hooks.fault?(.createTemporary, target) { errno = injected; fd = -1; break }
            TemporaryFiles.willCreate(temp)
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { break }
            let code = errno
            TemporaryFiles.forget(temp)  // not ours: someone else's file, or none
            errno = code
            if code != EEXIST { break }
        }
        guard fd >= 0 else {
            let why = errno == EACCES ? "permission denied" : SystemError.current.message
            return .failure(.notWritable("cannot create a temporary file in \(directory) (\(why))"))
        }
        func abandon(_ failure: Failure) -> Result<Prepared, Failure> {
            close(fd)
            TemporaryFiles.remove(temp)
            return .failure(failure)
        }
        // Its creation time, then the original's status, then the original's content: so a
        // later status equal to `before` proves the content is still what was read, unless
        // the original's times are as recent as the clock.
        guard case .success(let clock) = FileStatus.of(descriptor: fd) else { return abandon(.failed(SystemError.current.message)) }
        guard case .success(let before) = FileStatus.of(target), before.isSameFile(as: located) else { return abandon(.changedOnDisk) }
        switch FileSystem.readRegularFile(target, maxBytes: max(pending.expectedOriginal.byteCount, 1 << 30)) {
        case .success(let current):
            guard ContentDigest(current) == pending.expectedOriginal else { return abandon(.changedOnDisk) }
        case .failure(.system(let error)) where error.code == EACCES || error.code == EPERM:
            return abandon(.notWritable("permission denied"))
        case .failure(.tooLarge), .failure(.notRegular):
            return abandon(.changedOnDisk)
        case .failure(.system(let error)):
            return abandon(.notWritable("cannot read it back (\(error.message))"))
        case .failure:
            return abandon(.notWritable("cannot read it back"))
        }

        // The content only: permissions and the flush come with `finish`, when the file is
        // known to be part of the change.
        var offset = 0
        let writeError: Int32? = pending.bytes.withUnsafeBytes { buffer -> Int32? in
            while offset < buffer.count {
                if let injected = hooks.fault?(.write, target) { return injected }
                let n = SystemCall.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let code = writeError { close(fd); return .failure(dropping(temp, code)) }
        if close(fd) != 0 { return .failure(dropping(temp, errno)) }
        return .success(Prepared(target: target, temp: temp, before: before, original: pending.expectedOriginal,
                                 clock: clock, content: ContentDigest(pending.bytes)))
    }

    /// Gives a prepared temporary file the original's permission bits and owner, and flushes
    /// it to disk unless its file system is flushed as a whole (`flush: false`, see
    /// `flushFileSystems`); on failure it is removed.
    static func finish(_ p: Prepared, flush: Bool = true) -> Result<Prepared, Failure> {
        let fd = SystemCall.open(p.temp, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(dropping(p.temp, errno)) }
        func abandon(_ code: Int32, _ what: String = "") -> Result<Prepared, Failure> {
            close(fd)
            return .failure(dropping(p.temp, code, what))
        }
        if p.before.owner != geteuid() || p.before.group != getegid() {
            // Keep the owner and group where allowed (root can; others may keep only their own groups).
            _ = fchown(fd, p.before.owner, p.before.group)
        }
        // After chown, which may clear the set-user-ID bits.
        if fchmod(fd, p.before.mode & 0o7777) != 0 { return abandon(errno, "cannot set permissions: ") }
        if let code = hooks.fault?(.sync, p.target) { return abandon(code) }
        if flush, fsync(fd) != 0 { return abandon(errno) }
        guard case .success(let written) = FileStatus.of(descriptor: fd) else { return abandon(errno) }
        if let code = hooks.fault?(.close, p.target) { return abandon(code) }
        if close(fd) != 0 { return .failure(dropping(p.temp, errno)) }
        var finished = p
        finished.written = written
        return .success(finished)
    }

    /// Removes a temporary file that will not be used; the failure says why (`code`).
    static func dropping(_ temp: String, _ code: Int32, _ what: String = "") -> Failure {
        TemporaryFiles.remove(temp)
        return .failed(what + SystemError(code: code).message)
    }
}

/// New contents waiting for `commit`, each in its temporary file beside the file it replaces
/// (`FileWriter.prepare`), so that `fix --write` holds none of them in memory: a worker that
/// fixes a file stages its new text at once and lets it go. A content that cannot be staged is
/// kept in memory with its failure, which `commit` reports (and then writes nothing).
public final class StagedWrites: @unchecked Sendable {
    private enum Entry {
        case staged(FileWriter.Prepared, ContentDigest)
        case failed(FileWriter.Failure, [UInt8])
    }

    let root: String
    private let folders = FileWriter.RealFolders()
    private let lock = Lock()
    private var entries: [Int: Entry] = [:]

    public init(root: String) { self.root = root }

    /// Stages the new content of the file known as `key`, in place of any staged before.
    public func stage(_ key: Int, _ write: FileWriter.PendingWrite) {
        let entry: Entry = switch FileWriter.prepare(write, root: root, folders: folders) {
        case .success(let prepared): .staged(prepared, ContentDigest(write.bytes))
        case .failure(let failure): .failed(failure, write.bytes)
        }
        let replaced = lock.withLock { entries.updateValue(entry, forKey: key) }
        if case .staged(let old, _) = replaced { TemporaryFiles.remove(old.temp) }
    }

    /// `stage`, on up to `ioThreads` threads of its own: creating and writing a file waits for
    /// the disk, which the workers that fix files (one per core) should not. At most
    /// `waitingLimit` contents wait in memory; the caller blocks beyond. `finishStaging` waits
    /// for them all.
    public func stageInBackground(_ key: Int, _ write: FileWriter.PendingWrite) {
        slots.wait()
        queued.enter()
        let startsWorker = lock.withLock { () -> Bool in
            waiting.append((key, write))
            guard workers < Self.ioThreads else { return false }
            workers += 1
            return true
        }
        if startsWorker { startThread { self.drain() } }
    }

    /// Waits until every content handed to `stageInBackground` is staged.
    public func finishStaging() { queued.wait() }

    static let ioThreads = 8
    static let waitingLimit = 64
    private let slots = DispatchSemaphore(value: StagedWrites.waitingLimit)
    private let queued = DispatchGroup()
    private var waiting: [(Int, FileWriter.PendingWrite)] = []
    private var workers = 0

    /// A background worker: stages what waits, and ends when nothing does.
    private func drain() {
        while true {
            let next = lock.withLock { () -> (Int, FileWriter.PendingWrite)? in
                if waiting.isEmpty { workers -= 1; return nil }
                return waiting.removeFirst()
            }
            guard let (key, write) = next else { return }
            stage(key, write)
            slots.signal()
            queued.leave()
        }
    }

    /// The content staged for `key`, read back from its temporary file; nil when it is gone or
    /// not what was written.
    public func content(_ key: Int) -> [UInt8]? {
        switch lock.withLock({ entries[key] }) {
        case .staged(let prepared, let digest):
            return digest.readUnchanged(prepared.temp)
        case .failed(_, let bytes):
            return bytes
        case nil:
            return nil
        }
    }

    /// Flushes and renames the staged files of `keys` over their originals, all or none;
    /// failures by key. Whatever stays staged is removed.
    public func commit(_ keys: [Int]) -> [Int: FileWriter.Failure] {
        let outcomes: [Result<FileWriter.Prepared, FileWriter.Failure>] = lock.withLock {
            keys.map { key in
                switch entries.removeValue(forKey: key) {
                case .staged(let prepared, _): .success(prepared)
                case .failed(let failure, _): .failure(failure)
                case nil: .failure(.failed("its new content was not staged"))
                }
            }
        }
        discard()
        let failures = FileWriter.commitAll(outcomes)
        return failures.reduce(into: [:]) { $0[keys[$1.key]] = $1.value }
    }

    /// Removes every staged temporary file.
    public func discard() {
        let all = lock.withLock { () -> [Entry] in
            defer { entries = [:] }
            return Array(entries.values)
        }
        for case .staged(let prepared, _) in all { TemporaryFiles.remove(prepared.temp) }
    }

    deinit { discard() }
}

/// Runs `body` for every index in `0..<count` on up to `workers` threads. For blocking I/O,
/// where more threads than cores help (Dispatch keeps to one per core).
func concurrentIO(_ count: Int, workers: Int = 8, _ body: @escaping @Sendable (Int) -> Void) {
    guard count > 1 else { if count == 1 { body(0) }; return }
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var next = 0
        func take() -> Int { lock.withLock { next += 1; return next - 1 } }
    }
    let counter = Counter()
    let group = DispatchGroup()
    for _ in 0..<min(workers, count) {
        group.enter()
        startThread {
            while case let k = counter.take(), k < count { body(k) }
            group.leave()
        }
    }
    group.wait()
}
