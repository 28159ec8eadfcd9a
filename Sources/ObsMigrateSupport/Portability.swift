#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

// Where it can, the library links FoundationEssentials alone: all of Foundation costs about
// 7 MB of resident memory and 3 ms at every start. These stand in for the few Foundation
// pieces it used (NSLock, Thread, FileHandle, NSString paths, String helpers).

/// A mutex.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Starts a detached thread running `body` (for blocking I/O and the progress line, where
/// Dispatch's one thread per core is not what is wanted). When no thread can start, `body`
/// runs here instead, unless `orNotAtAll`; returns whether a thread started.
@discardableResult
package func startThread(orNotAtAll: Bool = false, _ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    defer { pthread_attr_destroy(&attributes) }
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t? = nil
    #endif
    let started = pthread_create(&thread, &attributes, { context in
        // Optional on Linux, not on Darwin: the widening makes one spelling fit both.
        let pointer: UnsafeMutableRawPointer? = context
        let box = Unmanaged<AnyObject>.fromOpaque(pointer!).takeRetainedValue() as! Box
        box.body()
        return nil
    }, context)
    guard started != 0 else { return true }
    let box = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue() as! Box
    // Without a thread the work usually still has to happen: run it here.
    if !orNotAtAll { box.body() }
    return false
}

/// System calls by a name no type of this library shadows (`ProjectLoader.read`, say).
package enum SystemCall {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Int(readFromDescriptor(fd, buffer, count)) }
    /// Everything on standard input, up to 256 MiB (as a file); nil on a read error or beyond.
    package static func readStandardInput(maxBytes: Int = 256 << 20) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { return nil }
        }
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Int(writeToDescriptor(fd, buffer, count)) }
    package static func open(_ path: String, _ flags: Int32) -> Int32 { openPath(path, flags) }
    package static func rename(_ from: String, _ to: String) -> Int32 { renamePath(from, to) }

    /// Swaps two paths' files in one atomic step (Linux `renameat2` with `RENAME_EXCHANGE`,
    /// Darwin `renamex_np` with `RENAME_SWAP`); -1 with errno `ENOSYS` where the system has no
    /// such call, `EINVAL` or `ENOTSUP` where the file system refuses it.
    package static func exchange(_ a: String, _ b: String) -> Int32 {
        #if canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP))
        #else
        guard let call = renameAt2 else { errno = ENOSYS; return -1 }
        return call(AT_FDCWD, a, AT_FDCWD, b, 1 << 1)  // RENAME_EXCHANGE
        #endif
    }

    #if !canImport(Darwin)
    /// Glibc 2.28's `renameat2`, which Swift's Glibc module does not show; looked up once.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    private static let renameAt2: RenameAt2? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// Flushes everything written to the file system that holds `path` (Linux `syncfs`, which
    /// waits for the disk): 0, an errno, or nil where the system has no such call.
    package static func syncFileSystem(holding path: String) -> Int32? {
        #if canImport(Darwin)
        return nil
        #else
        guard let call = syncFS else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return call(fd) == 0 ? 0 : errno
        #endif
    }

    /// Whether `syncFileSystem(holding:)` can flush a whole file system at once.
    package static var canSyncFileSystem: Bool {
        #if canImport(Darwin)
        return false
        #else
        return syncFS != nil
        #endif
    }

    #if !canImport(Darwin)
    /// Glibc's `syncfs`, which Swift's Glibc module does not show either.
    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private static let syncFS: SyncFS? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()
    #endif

    /// Flushes a folder's entries (renames, removals) to disk; best effort, since some file
    /// systems refuse `fsync` on a folder.
    package static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    /// Writes all of `bytes` to `fd`, going on after a short write or an interrupted call and
    /// stopping at any other failure (a closed pipe: there is no one left to tell).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Writes all of `text` to standard error, as `FileHandle.standardError.write` did.
    package static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}

private func readFromDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func writeToDescriptor(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func openPath(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func renamePath(_ from: String, _ to: String) -> Int32 { rename(from, to) }

/// Whether `path` names a directory (links followed); nil when nothing is there.
package func isDirectory(atPath path: String) -> Bool? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFDIR
}

extension String {
    /// `NSString.lastPathComponent`: `/a/b/` → `b`, `/` → `/`.
    package var lastPathComponent: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        if path == "/" { return "/" }
        guard let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    /// `NSString.deletingLastPathComponent`: `/a/b` → `/a`, `/a` → `/`, `a` → ``.
    package var deletingLastPathComponent: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var parent = path[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Every occurrence of `target` replaced, left to right.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let haystack = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var i = 0
        while i < haystack.count {
            if haystack[i] == needle[0], i + needle.count <= haystack.count, haystack[i..<(i + needle.count)].elementsEqual(needle) {
                out += replacement.utf8
                i += needle.count
            } else {
                out.append(haystack[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Leading and trailing characters for which `drop` holds removed.
    package func trimming(_ drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }

    package func trimmingWhitespaceAndNewlines() -> String { trimming { $0.isWhitespace || $0.isNewline } }
    package func trimmingNewlines() -> String { trimming { $0.isNewline } }
}

extension StringProtocol {
    /// The first occurrence of `needle`, by UTF-8 comparison.
    package func firstRangeOfText(_ needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}

/// A file-system error as one short phrase (`No such file or directory`).
package func describe(_ error: any Error) -> String {
    #if canImport(FoundationEssentials)
    if let error = error as? CocoaError, let posix = error.underlying as? POSIXError {
        return String(cString: strerror(posix.code.rawValue))
    }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    return "\(error)"
    #else
    return error.localizedDescription
    #endif
}
