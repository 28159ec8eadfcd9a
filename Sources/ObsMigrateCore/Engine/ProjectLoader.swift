import Foundation

/// A file that could not be used, with a one-line reason.
public struct FileProblem: Sendable, Equatable, Error {
    public var path: String
    public var message: String
}

/// The files of a project: all Swift files under the root are read to decide; `reported`
/// are the ones the command line asked about.
public struct LoadedProject: Sendable {
    public var root: String
    public var files: [ProjectFile]
    /// Absolute paths, parallel to `files`.
    public var absolutePaths: [String]
    /// Indices into `files` of the files to report or rewrite, in path order.
    public var reported: [Int]
    public var problems: [FileProblem]
    /// Files read but not understood, or not read at all: their models cannot be rewritten.
    public var unusable: [(path: String, bytes: [UInt8]?, reason: String)]
}

public struct LoadOptions: Sendable {
    public var paths: [String]
    public var projectRoot: String?
    public var excludes: [String]
    public var currentDirectory: String
    /// Content to use instead of what is on disk (the staged content, for `check --staged`).
    public var overrides: [String: [UInt8]]
    /// Files bigger than this are refused.
    public var maxFileBytes: Int

    public init(paths: [String], projectRoot: String? = nil, excludes: [String] = [],
                currentDirectory: String = FileManager.default.currentDirectoryPath,
                overrides: [String: [UInt8]] = [:], maxFileBytes: Int = 256 << 20) {
        self.paths = paths
        self.projectRoot = projectRoot
        self.excludes = excludes
        self.currentDirectory = currentDirectory
        self.overrides = overrides
        self.maxFileBytes = maxFileBytes
    }
}

public enum ProjectLoader {
    /// Directories never descended into.
    public static let skippedDirectories: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    public static func load(_ options: LoadOptions) -> LoadedProject {
        let cwd = options.currentDirectory
        var problems: [FileProblem] = []
        var requested: [String] = []  // absolute, standardized
        var requestedFiles = Set<String>()
        var missing = false
        for path in options.paths {
            let absolute = absolutePath(path, cwd: cwd)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) {
                requested.append(absolute)
                if !isDirectory.boolValue { requestedFiles.insert(absolute) }
            } else if options.overrides[absolute] == nil {
                problems.append(FileProblem(path: path, message: "no such file or directory"))
                missing = true
            } else {
                requested.append(absolute)
                requestedFiles.insert(absolute)
            }
        }
        _ = missing
        let root = options.projectRoot.map { absolutePath($0, cwd: cwd) }
            ?? gitRoot(above: requested.first ?? cwd) ?? cwd

        // Every Swift file under the root, plus requested files outside it.
        var all = Set(walk(root, excludes: options.excludes, root: root))
        for path in requested {
            if requestedFiles.contains(path) {
                if path.hasSuffix(".swift") || options.overrides[path] != nil { all.insert(path) }
                else { problems.append(FileProblem(path: displayPath(path, cwd: cwd), message: "not a Swift file")) }
            } else if !path.hasPrefix(root + "/") && path != root {
                all.formUnion(walk(path, excludes: options.excludes, root: path))
            }
        }
        for path in options.overrides.keys { all.insert(path) }
        let paths = all.sorted()

        // Read and scan in parallel.
        let overrides = options.overrides
        let maxBytes = options.maxFileBytes
        let results = parallelMap(Array(paths.indices)) { i in
            readFile(paths[i], shown: displayPath(paths[i], cwd: cwd), override: overrides[paths[i]], maxBytes: maxBytes)
        }
        var files: [ProjectFile] = []
        var absolute: [String] = []
        var unusable: [(String, [UInt8]?, String)] = []
        var reported: [Int] = []
        for (i, result) in results.enumerated() {
            let path = paths[i]
            let isRequested = requestedFiles.contains(path) || requested.contains { path.hasPrefix($0 + "/") || $0 == path }
            switch result {
            case .success(let file):
                if !file.source.isUnderstood {
                    let error = file.source.errors[0]
                    let (line, column) = LineTable(file.source.bytes).location(of: error.offset)
                    let reason = "\(error.message) at \(line):\(column); file not understood, left unchanged"
                    unusable.append((file.path, file.source.bytes, reason))
                    if isRequested { problems.append(FileProblem(path: file.path, message: reason)) }
                }
                if isRequested { reported.append(files.count) }
                files.append(file)
                absolute.append(path)
            case .failure(let problem):
                unusable.append((problem.path, nil, problem.message))
                if isRequested { problems.append(problem) }
            }
        }
        if !requested.isEmpty, reported.isEmpty, problems.isEmpty {
            // Nothing to do is not an error: the caller prints a note.
        }
        return LoadedProject(root: root, files: files, absolutePaths: absolute, reported: reported,
                             problems: problems, unusable: unusable)
    }

    static func readFile(_ path: String, shown: String, override: [UInt8]?, maxBytes: Int) -> Result<ProjectFile, FileProblem> {
        let bytes: [UInt8]
        if let override {
            bytes = override
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                let exists = FileManager.default.fileExists(atPath: path)
                return .failure(FileProblem(path: shown, message: exists ? "cannot read file (permission denied)" : "no such file"))
            }
            defer { try? handle.close() }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
                return .failure(FileProblem(path: shown, message: "not a regular file"))
            }
            if let size = attributes?[.size] as? Int, size > maxBytes {
                return .failure(FileProblem(path: shown, message: "file too large (\(size) bytes; the limit is \(maxBytes))"))
            }
            do {
                bytes = [UInt8](try handle.readToEnd() ?? Data())
            } catch {
                return .failure(FileProblem(path: shown, message: "cannot read file: \(error.localizedDescription)"))
            }
        }
        if bytes.contains(0) {
            return .failure(FileProblem(path: shown, message: "binary file (contains NUL bytes), skipped"))
        }
        if let bad = invalidUTF8Offset(bytes) {
            return .failure(FileProblem(path: shown, message: "not valid UTF-8 (byte \(bad)), skipped"))
        }
        return .success(ProjectFile(path: shown, bytes: bytes))
    }

    /// Offset of the first byte that breaks UTF-8, or nil.
    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c < 0x80 { i += 1; continue }
            let length: Int
            if c >= 0xC2 && c <= 0xDF { length = 2 }
            else if c >= 0xE0 && c <= 0xEF { length = 3 }
            else if c >= 0xF0 && c <= 0xF4 { length = 4 }
            else { return i }
            if i + length > n { return i }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            // Overlong and surrogate forms.
            if c == 0xE0 && bytes[i + 1] < 0xA0 { return i }
            if c == 0xED && bytes[i + 1] > 0x9F { return i }
            if c == 0xF0 && bytes[i + 1] < 0x90 { return i }
            if c == 0xF4 && bytes[i + 1] > 0x8F { return i }
            i += length
        }
        return nil
    }

    /// Swift files under `directory`, skipping build and dependency folders and excludes.
    /// Symlinked directories are followed once; a link back into a visited directory is a loop.
    static func walk(_ directory: String, excludes: [String], root: String) -> [String] {
        var result: [String] = []
        var visited = Set<String>()
        var stack = [directory]
        let fm = FileManager.default
        while let dir = stack.popLast() {
            let real = (try? fm.destinationOfSymbolicLink(atPath: dir)).map {
                URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: dir).deletingLastPathComponent()).standardizedFileURL.path
            } ?? URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
            guard visited.insert(real).inserted else { continue }
            guard let entries = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in entries.sorted() {
                let path = dir + "/" + name
                let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
                if excludes.contains(where: { Glob.matches($0, relative) || Glob.matches($0, name) }) { continue }
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }  // dangling link
                if isDirectory.boolValue {
                    if !skippedDirectories.contains(name) { stack.append(path) }
                } else if name.hasSuffix(".swift") {
                    result.append(path)
                }
            }
        }
        return result
    }

    public static func absolutePath(_ path: String, cwd: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: cwd).appendingPathComponent(path)
        var s = url.standardizedFileURL.path
        while s.count > 1, s.hasSuffix("/") { s.removeLast() }
        return s
    }

    /// Relative to the working directory when inside it, as ruff and swiftc show paths.
    public static func displayPath(_ absolute: String, cwd: String) -> String {
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// The nearest directory above `path` holding `.git`.
    public static func gitRoot(above path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            url = url.deletingLastPathComponent()
        }
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path || url.path == "/" { return nil }
            url = parent
        }
    }
}

/// Shell-style globs: `*` (not `/`), `**` (anything), `?`, and `[...]` classes.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        return match(p, 0, t, 0)
    }

    static func match(_ p: [UInt8], _ pi: Int, _ t: [UInt8], _ ti: Int) -> Bool {
        var pi = pi, ti = ti
        while pi < p.count {
            let c = p[pi]
            if c == UInt8(ascii: "*") {
                let double = pi + 1 < p.count && p[pi + 1] == UInt8(ascii: "*")
                var next = pi + (double ? 2 : 1)
                if double, next < p.count, p[next] == UInt8(ascii: "/") { next += 1 }
                if next == p.count { return double || !t[ti...].contains(UInt8(ascii: "/")) }
                var k = ti
                while k <= t.count {
                    if match(p, next, t, k) { return true }
                    if k < t.count, !double, t[k] == UInt8(ascii: "/") { return false }
                    k += 1
                }
                return false
            }
            guard ti < t.count else { return false }
            if c == UInt8(ascii: "?") {
                if t[ti] == UInt8(ascii: "/") { return false }
            } else if c == UInt8(ascii: "["), let close = p[(pi + 1)...].firstIndex(of: UInt8(ascii: "]")) {
                let set = p[(pi + 1)..<close]
                let negate = set.first == UInt8(ascii: "!")
                if set.dropFirst(negate ? 1 : 0).contains(t[ti]) == negate { return false }
                pi = close
            } else if c != t[ti] {
                return false
            }
            pi += 1
            ti += 1
        }
        return ti == t.count
    }
}
