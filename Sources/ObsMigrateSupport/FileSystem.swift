#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif

/// A system call's failure: errno and its text.
package struct SystemError: Error, Equatable {
    package var code: Int32
    package init(code: Int32) { self.code = code }
    package var message: String { String(cString: strerror(code)) }
    package static var current: SystemError { SystemError(code: errno) }
}

/// What `stat` says about a path.
package struct FileStatus: Equatable {
    package enum Kind: Equatable, CustomStringConvertible {
        case regular, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }

        package var description: String {
            switch self {
            case .regular: "regular file"
            case .directory: "a folder"
            case .fifo: "a named pipe (FIFO)"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .symbolicLink: "a symbolic link"
            case .other: "a special file"
            }
        }
    }

    package var kind: Kind
    package var mode: mode_t
    var size: Int
    package var device: UInt64
    var inode: UInt64
    package var links: UInt64
    package var owner: uid_t
    package var group: gid_t
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    /// When the inode last changed (content, owner, mode, links or a rename): unlike the
    /// modification time, no program can set it back.
    var changedSeconds: Int
    var changedNanoseconds: Int

    init(_ st: stat) {
        kind = Kind(mode: st.st_mode)
        mode = st.st_mode
        size = Int(st.st_size)
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        links = UInt64(st.st_nlink)
        owner = st.st_uid
        group = st.st_gid
        #if canImport(Darwin)
        modifiedSeconds = Int(st.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(st.st_mtimespec.tv_nsec)
        changedSeconds = Int(st.st_ctimespec.tv_sec)
        changedNanoseconds = Int(st.st_ctimespec.tv_nsec)
        #else
        modifiedSeconds = Int(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int(st.st_mtim.tv_nsec)
        changedSeconds = Int(st.st_ctim.tv_sec)
        changedNanoseconds = Int(st.st_ctim.tv_nsec)
        #endif
    }

    /// `stat` (or `lstat`) of a path; never opens it.
    package static func of(_ path: String, followingLinks: Bool = true) -> Result<FileStatus, SystemError> {
        var st = stat()
        let rc = followingLinks ? stat(path, &st) : lstat(path, &st)
        return rc == 0 ? .success(FileStatus(st)) : .failure(.current)
    }

    package static func of(descriptor fd: Int32) -> Result<FileStatus, SystemError> {
        var st = stat()
        return fstat(fd, &st) == 0 ? .success(FileStatus(st)) : .failure(.current)
    }

    /// The same file with the same content as far as the file system tells: same identity,
    /// size, modification and change times (see `isRacy` for when the times cannot tell).
    package func isSameVersion(as other: FileStatus) -> Bool {
        isSameFile(as: other) && size == other.size && mode == other.mode
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
            && changedSeconds == other.changedSeconds && changedNanoseconds == other.changedNanoseconds
    }

    /// The same file (device and inode), and the same size and modification time: what a
    /// rename keeps (it changes the change time).
    package func isSameContentAfterRename(as other: FileStatus) -> Bool {
        isSameFile(as: other) && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }

    package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

    /// Whether a write after this status was taken could leave the times as they are: when
    /// they are not older than `clock`, a time the file system gave before the status was taken
    /// (coarse timestamps give every write within one tick the same time; git's "racy" files).
    package func isRacy(clock: FileStatus) -> Bool {
        let now = (clock.changedSeconds, clock.changedNanoseconds)
        return (modifiedSeconds, modifiedNanoseconds) >= now || (changedSeconds, changedNanoseconds) >= now
    }
}

extension Result {
    package var isSuccess: Bool { if case .success = self { true } else { false } }
}

/// Small POSIX helpers shared by the loader and the writer.
package enum FileSystem {
    package enum ReadFailure: Error, Equatable {
        case notRegular(FileStatus.Kind)
        case brokenLink
        case linkLoop
        case tooLarge(Int)
        case system(SystemError)
    }

    /// The path with every symbolic link resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a regular file whole. Special files are refused from their `stat`, before any
    /// `open`; the file is then opened with O_NONBLOCK and checked again through its descriptor.
    package static func readRegularFile(_ path: String, maxBytes: Int) -> Result<[UInt8], ReadFailure> {
        let status: FileStatus
        switch FileStatus.of(path) {
        case .success(let s):
            status = s
        case .failure(let error):
            if error.code == ELOOP { return .failure(.linkLoop) }
            if error.code == ENOENT, case .success(let link) = FileStatus.of(path, followingLinks: false),
               link.kind == .symbolicLink {
                return .failure(.brokenLink)
            }
            return .failure(.system(error))
        }
        guard status.kind == .regular else { return .failure(.notRegular(status.kind)) }
        guard status.size <= maxBytes else { return .failure(.tooLarge(status.size)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system(.current)) }
        defer { close(fd) }
        switch FileStatus.of(descriptor: fd) {
        case .success(let opened):
            guard opened.kind == .regular else { return .failure(.notRegular(opened.kind)) }
            guard opened.size <= maxBytes else { return .failure(.tooLarge(opened.size)) }
            return readAll(fd, expectedSize: opened.size, maxBytes: maxBytes)
        case .failure(let error):
            return .failure(.system(error))
        }
    }

    static func readAll(_ fd: Int32, expectedSize: Int, maxBytes: Int) -> Result<[UInt8], ReadFailure> {
        // Straight into uninitialised storage (zero-filling it first is one more pass over every
        // byte); one spare byte tells a file that grew meanwhile.
        var failure: ReadFailure? = nil
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expectedSize, 0) + 1) { buffer, initialized in
            while initialized < buffer.count {
                let got = SystemCall.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = .system(.current)
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if let failure { return .failure(failure) }
        guard bytes.count == expectedSize + 1 else { return .success(bytes) }
        var count = bytes.count
        while true {
            if count == bytes.count {
                // The file grew while being read.
                guard count <= maxBytes else { return .failure(.tooLarge(count)) }
                bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.current))
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// Offset of the first NUL byte, or nil.
    package static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            guard let hit = memchr(base, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(hit) - base
        }
    }
}
