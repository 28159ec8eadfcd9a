import Foundation

/// Writes a file so that it is never half-written: a temporary file in the same directory,
/// the original permissions, then an atomic rename. The original is left untouched on failure,
/// and a file that changed on disk since it was read is skipped.
public enum FileWriter {
    public enum Failure: Error, Equatable, Sendable {
        case changedOnDisk
        case notWritable(String)
        case outsideRoot
        case failed(String)

        public var message: String {
            switch self {
            case .changedOnDisk: "file changed on disk since it was read; not written"
            case .notWritable(let why): "cannot write file: \(why)"
            case .outsideRoot: "file is outside the project root (reached through a symbolic link); not written"
            case .failed(let why): "write failed: \(why); original left unchanged"
            }
        }
    }

    public static func write(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8], root: String) -> Failure? {
        let fm = FileManager.default
        // Write through a symlink to its target, but only inside the project.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        if !(target.hasPrefix(realRoot + "/")) { return .outsideRoot }
        guard let current = fm.contents(atPath: target) else { return .notWritable("cannot read it back") }
        if [UInt8](current) != expectedOriginal { return .changedOnDisk }
        guard fm.isWritableFile(atPath: target) else { return .notWritable("permission denied") }
        let attributes = try? fm.attributesOfItem(atPath: target)
        let permissions = (attributes?[.posixPermissions] as? NSNumber)?.int16Value ?? 0o644
        let directory = (target as NSString).deletingLastPathComponent
        let temp = directory + "/.\((target as NSString).lastPathComponent).obs-migrate-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard fm.createFile(atPath: temp, contents: Data(bytes), attributes: [.posixPermissions: NSNumber(value: permissions)]) else {
            return .notWritable("cannot create a temporary file in \(directory)")
        }
        // Verify the temporary file fully landed (a full disk can truncate it).
        guard let written = fm.contents(atPath: temp), written.count == bytes.count else {
            try? fm.removeItem(atPath: temp)
            return .failed("the temporary file could not be written completely")
        }
        if rename(temp, target) != 0 {
            let why = String(cString: strerror(errno))
            try? fm.removeItem(atPath: temp)
            return .failed(why)
        }
        return nil
    }
}
