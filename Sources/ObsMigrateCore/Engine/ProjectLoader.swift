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

/// A file that could not be used, with a one-line reason.
public struct FileProblem: Sendable, Equatable, Error {
    public var path: String
    public var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
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
    /// Files found while walking a folder that are no files to read (a dangling or looping
    /// symbolic link, a FIFO): skipped with a warning, not an error, as linters do.
    public var skipped: [FileProblem] = []
    /// Files read but not understood, or not read at all: their models cannot be rewritten.
    public var unusable: [(path: String, bytes: [UInt8]?, reason: String)]
    /// Files let go after scanning that were different when read again (see `ProjectFile`).
    public var changedFiles = ChangedFiles()

    /// The error for a run that read a file twice and found it changed, if one did.
    public var changedDuringRun: String? {
        guard let first = changedFiles.all.first else { return nil }
        return "\(first) changed while obs-migrate was reading the project; run it again"
    }
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
    /// Let go of the tokens of files that cannot need them (see `ProjectFile`); off only to
    /// check that doing so changes nothing.
    public var dropsUnneededTokens: Bool = true
    /// The paths below a project root that its `.gitignore` files ignore, relative to it
    /// (folders end with `/`): they are not part of the project. Given by the caller, which
    /// runs git; nil when ignored files are read like the others.
    public var ignoredBelowRoot: (@Sendable (String) -> [String])? = nil
    /// `--absolute-paths`: files are shown by their absolute paths, not relative to the
    /// working directory.
    public var showsAbsolutePaths = false

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
        let absoluteShown = options.showsAbsolutePaths
        let show: @Sendable (String) -> String = { absoluteShown ? $0 : displayPath($0, cwd: cwd) }
        var (selection, problems) = requestedPaths(options)
        let root = options.projectRoot.map { absolutePath($0, cwd: cwd) }
            ?? gitRoot(above: selection.requested.first ?? cwd) ?? rootWithoutGit(first: selection.requested.first, cwd: cwd)
        selection.root = root

        let overrides = options.overrides
        let maxBytes = options.maxFileBytes
        let dropsTokens = options.dropsUnneededTokens
        let changedFiles = ChangedFiles()
        let readOne: @Sendable (String) -> ReadResult = { path in
            read(path, shown: show(path), override: overrides[path], maxBytes: maxBytes,
                 dropsTokens: dropsTokens, log: changedFiles)
        }
        // The files the walk finds are read and scanned on the other cores while it goes on.
        let ahead = ReadAhead(helpers: ProcessInfo.processInfo.activeProcessorCount - 1, read: readOne)

        // Every Swift file under the root, plus requested files and folders outside it.
        var unlisted: [(path: String, reason: String)] = []
        // Excluded files are still read to decide (a model used only there must not migrate
        // without them); they are never reported or rewritten.
        let ignored = Timings.measure("load: ignored") { ignoredPaths(below: root, options.ignoredBelowRoot, requested: selection.requested) }
        let walked = Timings.measure("load: walk") { walk(root, excludes: [], ignored: ignored, root: root, direct: ahead.add) }
        var all = Set(walked.files)
        var realPaths = walked.realPaths
        unlisted += walked.unlisted
        for path in selection.requested {
            if selection.requestedFiles.contains(path) {
                if path.hasSuffix(".swift") || BuildSettings.isBuildSettingsPath(path) || options.overrides[path] != nil { all.insert(path) }
                else { problems.append(FileProblem(path: show(path), message: "not a Swift file")) }
            } else if !path.hasPrefix(root + "/") && path != root {
                let outside = walk(path, excludes: [], root: path)
                all.formUnion(outside.files)
                realPaths.merge(outside.realPaths) { a, _ in a }
                unlisted += outside.unlisted
            }
        }
        for path in options.overrides.keys { all.insert(path) }

        // One file reached by several paths (a symbolic link to a file or folder of the project)
        // is read once, under its most direct path.
        let (paths, aliases) = Timings.measure("load: deduplicate") { deduplicate(all.sorted(), root: root, overrides: options.overrides, realPaths: realPaths) }
        let ordered = readInOrder(paths, ahead: ahead, readOne: readOne)
        var project = assemble(ordered, paths: paths, aliases: aliases, selection: selection, root: root, changedFiles: changedFiles)
        project.problems = problems + project.problems
        for (path, reason) in unlisted {
            let shown = show(path)
            // Swift files may hide in a folder that cannot be listed: any model may be used there.
            project.unusable.append((path: shown, bytes: nil, reason: reason))
            if selection.isRequested(path) { project.problems.append(FileProblem(path: shown, message: reason)) }
        }
        return project
    }

    /// Which paths a run reports or rewrites: the PATHs given (absolute), less the excluded.
    struct PathSelection {
        var requested: [String] = []
        /// The requested paths that are files (or links), not folders.
        var requestedFiles = Set<String>()
        var excludes: [String] = []
        var root = ""

        func isExcluded(_ path: String) -> Bool {
            guard !excludes.isEmpty else { return false }
            let base = requested.first { path.hasPrefix($0 + "/") && !$0.hasPrefix(root + "/") && $0 != root } ?? root
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            let parts = relative.split(separator: "/").map(String.init)
            var prefix = ""
            for part in parts {
                prefix = prefix.isEmpty ? part : prefix + "/" + part
                if excludes.contains(where: { Glob.matches($0, prefix) || Glob.matches($0, part) }) { return true }
            }
            return false
        }

        func isRequested(_ path: String) -> Bool {
            guard !isExcluded(path) else { return false }
            return requestedFiles.contains(path) || requested.contains { path.hasPrefix($0 + "/") || $0 == path || $0 == "/" }
        }
    }

    /// The PATHs as absolute paths, each checked to exist (a dangling link exists: reading it
    /// says why its target cannot be reached), with a problem for each that does not.
    static func requestedPaths(_ options: LoadOptions) -> (PathSelection, [FileProblem]) {
        var selection = PathSelection(excludes: options.excludes)
        var problems: [FileProblem] = []
        for path in options.paths {
            let absolute = absolutePath(path, cwd: options.currentDirectory)
            if options.overrides[absolute] != nil {
                selection.requested.append(absolute)
                selection.requestedFiles.insert(absolute)
                continue
            }
            switch FileStatus.of(absolute) {
            case .success(let status):
                selection.requested.append(absolute)
                if status.kind != .directory { selection.requestedFiles.insert(absolute) }
            case .failure(let error):
                if FileStatus.of(absolute, followingLinks: false).isSuccess {
                    // The link itself exists: say why its target cannot be reached.
                    selection.requested.append(absolute)
                    selection.requestedFiles.insert(absolute)
                } else {
                    problems.append(FileProblem(path: path, message: error.code == ENOENT ? "no such file or directory" : error.message))
                }
            }
        }
        return (selection, problems)
    }

    /// Each path's read result, in `paths` order: what the walk handed over is read by now or
    /// being read; the rest (files reached through a link, outside the root, or only staged) is
    /// read and scanned in parallel. A result is moved (`take()`), never copied: each holds a
    /// whole file.
    static func readInOrder(_ paths: [String], ahead: ReadAhead<ReadResult>, readOne: @escaping @Sendable (String) -> ReadResult) -> [ReadResult?] {
        var (earlyPaths, results) = Timings.measure("load: read and scan") { ahead.finish() }
        var earlyIndex: [String: Int] = [:]
        earlyIndex.reserveCapacity(earlyPaths.count)
        for (k, path) in earlyPaths.enumerated() { earlyIndex[path] = k }
        earlyPaths = []
        var ordered: [ReadResult?] = []
        ordered.reserveCapacity(paths.count)
        var unread: [Int] = []
        for (i, path) in paths.enumerated() {
            if let k = earlyIndex[path] { ordered.append(results[k].take()) } else { ordered.append(nil); unread.append(i) }
        }
        results = []
        var readLate = Timings.measure("load: read and scan the rest") { parallelMap(unread) { Optional(readOne(paths[$0])) } }
        for (k, i) in unread.enumerated() { ordered[i] = readLate[k].take() }
        readLate = []
        TokenScratch.releasePooled()
        return ordered
    }

    /// The project from the read results: the files scanned, which of them are reported, and
    /// the files that could not be used (with what they may hide) and the problems to print.
    static func assemble(_ ordered: consuming [ReadResult?], paths: [String], aliases: [String: [String]],
                         selection: PathSelection, root: String, changedFiles: ChangedFiles) -> LoadedProject {
        var files: [ProjectFile] = []
        var absolute: [String] = []
        var unusable: [(String, [UInt8]?, String)] = []
        var reported: [Int] = []
        var problems: [FileProblem] = []
        var skipped: [FileProblem] = []
        for i in ordered.indices {
            let result = ordered[i].take()!
            let path = paths[i]
            let wanted = selection.isRequested(path) || (aliases[path] ?? []).contains(where: selection.isRequested)
            switch result {
            case .file(let file):
                if !file.isUnderstood {
                    let error = file.lexErrors[0]
                    let (line, column) = LineTable(file.bytes).location(of: error.offset)
                    let reason = "\(error.message) at \(line):\(column); file not understood, left unchanged"
                    unusable.append((file.path, file.bytes, reason))
                    if wanted { problems.append(FileProblem(path: file.path, message: reason)) }
                }
                if wanted { reported.append(files.count) }
                files.append(file)
                absolute.append(path)
            case .problem(let problem, let hides):
                switch hides {
                case .nothing: break
                case .anything: unusable.append((problem.path, nil, problem.message))
                case .namesIn(let bytes): unusable.append((problem.path, bytes, problem.message))
                }
                if wanted {
                    // Named on the command line it is an error; met in a folder, a warning.
                    if case .nothing = hides, !selection.requestedFiles.contains(path) { skipped.append(problem) } else { problems.append(problem) }
                }
            }
        }
        return LoadedProject(root: root, files: files, absolutePaths: absolute, reported: reported,
                             problems: problems, skipped: skipped, unusable: unusable, changedFiles: changedFiles)
    }

    /// With no git root and no `--project-root`: the current directory when the first PATH is
    /// in it, else that PATH's own folder (reading the current directory for a project elsewhere
    /// could mean reading a whole home folder).
    static func rootWithoutGit(first: String?, cwd: String) -> String {
        guard let first, first != cwd, !first.hasPrefix(cwd == "/" ? "/" : cwd + "/") else { return cwd }
        if case .success(let status) = FileStatus.of(first), status.kind == .directory { return first }
        return first.deletingLastPathComponent
    }

    /// Keeps one path per file on disk: the one with no symbolic link below the root, else the
    /// first. Returns the kept paths and, for each, the other paths that reach the same file.
    static func deduplicate(_ paths: [String], root: String, overrides: [String: [UInt8]],
                            realPaths: [String: String] = [:]) -> ([String], [String: [String]]) {
        let realRoot = FileSystem.realPath(root) ?? root
        var groups: [String: [String]] = [:]
        var order: [String] = []
        for path in paths {
            let key = overrides[path] != nil ? path : (realPaths[path] ?? FileSystem.realPath(path) ?? path)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(path)
        }
        var kept: [String] = []
        var aliases: [String: [String]] = [:]
        for key in order {
            let group = groups[key]!
            guard group.count > 1 else { kept.append(group[0]); continue }
            let direct = group.first { path in
                path.hasPrefix(root + "/") && realRoot + path.dropFirst(root.count) == key
            } ?? group[0]
            kept.append(direct)
            aliases[direct] = group.filter { $0 != direct }
        }
        return (kept.sorted(), aliases)
    }

    /// What an unusable file may hide: whether it blocks the models it names, every model, or none.
    enum Hidden {
        /// Not source at all (a FIFO, a socket, a broken link).
        case nothing
        /// Could not be read: anything may be in it.
        case anything
        /// Read but not usable: it blocks the models whose names appear in these bytes.
        case namesIn([UInt8])
    }

    enum ReadResult {
        case file(ProjectFile)
        case problem(FileProblem, hides: Hidden)
    }

    /// Reads one file. Its type is checked before it is opened (opening a FIFO for reading would
    /// block), and it is opened non-blocking in case it was swapped for one in between.
    /// `dropsTokens`: see `ProjectFile`; a file read from disk (not given as `override`) may
    /// then let its bytes go too, to be read again from `path` if needed, given a `log` for the
    /// files found changed by then.
    static func read(_ path: String, shown: String, override: [UInt8]?, maxBytes: Int, dropsTokens: Bool = false,
                     log: ChangedFiles? = nil) -> ReadResult {
        func problem(_ message: String, _ hides: Hidden) -> ReadResult {
            .problem(FileProblem(path: shown, message: message), hides: hides)
        }
        let bytes: [UInt8]
        if let override {
            bytes = override
        } else {
            switch FileSystem.readRegularFile(path, maxBytes: maxBytes) {
            case .success(let read):
                bytes = read
            case .failure(let failure):
                switch failure {
                case .notRegular(let kind):
                    return problem("\(kind.description), not a regular file; skipped", .nothing)
                case .brokenLink:
                    return problem("broken symbolic link (its target does not exist); skipped", .nothing)
                case .linkLoop:
                    return problem("symbolic link loop; skipped", .nothing)
                case .tooLarge(let size):
                    return problem("file too large (\(size) bytes; the limit is \(maxBytes)); skipped", .anything)
                case .system(let error):
                    return problem(error.code == EACCES || error.code == EPERM
                                   ? "cannot read file (permission denied)" : "cannot read file: \(error.message)", .anything)
                }
            }
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let text = String(data: Data(bytes), encoding: .utf16) ?? ""
            return problem("UTF-16 encoded; only UTF-8 is supported, skipped", .namesIn(Array(text.utf8)))
        }
        if let nul = FileSystem.firstNUL(bytes) {
            let (line, column) = LineTable(bytes).location(of: nul)
            return problem("binary file (NUL byte at \(line):\(column)), skipped", .namesIn(bytes))
        }
        if let bad = invalidUTF8Offset(bytes) {
            let (line, column) = LineTable(bytes).location(of: bad)
            return problem("not valid UTF-8 (byte \(bad), at \(line):\(column)), skipped", .namesIn(bytes))
        }
        if BuildSettings.isBuildSettingsPath(path) { return .file(ProjectFile(buildSettingsAt: shown, bytes: bytes)) }
        return .file(ProjectFile(path: shown, bytes: bytes, dropsTokensItDoesNotNeed: dropsTokens,
                                 rereadFrom: override == nil ? log.map { (path, $0) } : nil))
    }

    /// The former interface of `read`: the file, or why it cannot be used.
    static func readFile(_ path: String, shown: String, override: [UInt8]?, maxBytes: Int) -> Result<ProjectFile, FileProblem> {
        switch read(path, shown: shown, override: override, maxBytes: maxBytes) {
        case .file(let file): .success(file)
        case .problem(let problem, _): .failure(problem)
        }
    }

    /// Offset of the first byte that breaks UTF-8, or nil.
    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let n = buffer.count
            var i = 0
            let raw = UnsafeRawPointer(base)
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while i < n {
                // ASCII runs 32 bytes at a time, then eight.
                if i + 32 <= n {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    if word & highBits == 0 {
                        i += 32
                        continue
                    }
                }
                if i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highBits == 0 {
                    i += 8
                    continue
                }
                let c = base[i]
                if c < 0x80 { i += 1; continue }
                let length: Int
                if c >= 0xC2 && c <= 0xDF { length = 2 }
                else if c >= 0xE0 && c <= 0xEF { length = 3 }
                else if c >= 0xF0 && c <= 0xF4 { length = 4 }
                else { return i }
                if i + length > n { return i }
                for k in 1..<length where base[i + k] & 0xC0 != 0x80 { return i }
                // Overlong and surrogate forms.
                if c == 0xE0 && base[i + 1] < 0xA0 { return i }
                if c == 0xED && base[i + 1] > 0x9F { return i }
                if c == 0xF0 && base[i + 1] < 0x90 { return i }
                if c == 0xF4 && base[i + 1] > 0x8F { return i }
                i += length
            }
            return nil
        }
    }

    /// Swift files under `directory` (also `.swift` entries that are not regular files, so that
    /// reading them reports why), skipping build and dependency folders and excludes, and the
    /// folders that could not be listed. A symbolic link to a folder is followed once: a folder
    /// is entered only the first time its device and inode are seen, so link loops end.
    /// Each file comes with its real path, resolved with `realpath` only below a symbolic link
    /// (elsewhere it is the folder's real path plus the name): the loader de-duplicates by it.
    /// `direct` is handed each file found without going through a symbolic link, as it is found:
    /// the loader keeps every such path (see `deduplicate`), so it can be read at once.
    static func walk(_ directory: String, excludes: [String], ignored: Set<String> = [], root: String, direct: ((String) -> Void)? = nil)
        -> (files: [String], realPaths: [String: String], unlisted: [(path: String, reason: String)]) {
        var result: [String] = []
        var realPaths: [String: String] = [:]
        var unlisted: [(String, String)] = []
        var visited = Set<[UInt64]>()
        guard let realStart = FileSystem.realPath(directory) else { return ([], [:], []) }
        var stack: [(path: String, real: String, linked: Bool)] = [(directory, realStart, false)]
        var linkedDirectories: [(path: String, real: String, linked: Bool)] = []
        while true {
            if stack.isEmpty {
                // Folders reached through a link come last, so that a folder also reachable
                // directly is walked (and its files named) through its direct path.
                guard !linkedDirectories.isEmpty else { break }
                stack = linkedDirectories.sorted { $0.path > $1.path }
                linkedDirectories = []
            }
            let (dir, realDir, dirLinked) = stack.removeLast()
            guard let handle = opendir(dir) else {
                if faccessat(AT_FDCWD, dir, R_OK | X_OK, AT_EACCESS) != 0 {
                    let why = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
                    unlisted.append((dir, "cannot list folder (\(why)); the Swift files in it were not read"))
                }
                continue
            }
            defer { closedir(handle) }
            var st = stat()
            guard fstat(dirfd(handle), &st) == 0, visited.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else { continue }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = dir == "/" ? "/" + name : dir + "/" + name
                if !ignored.isEmpty, ignored.contains(path) { continue }
                if !excludes.isEmpty {
                    let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
                    if excludes.contains(where: { Glob.matches($0, relative) || Glob.matches($0, name) }) { continue }
                }
                let type = Int32(entry.pointee.d_type)
                var isDirectory = type == Int32(DT_DIR)
                var viaLink = false
                if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {
                    // Only links and file systems without d_type need a stat.
                    if case .success(let status) = FileStatus.of(path) { isDirectory = status.kind == .directory }
                    viaLink = type == Int32(DT_LNK)
                        || (try? FileStatus.of(path, followingLinks: false).get())?.kind == .symbolicLink
                }
                let real = viaLink ? (FileSystem.realPath(path) ?? path) : realDir + (realDir == "/" ? "" : "/") + name
                if isDirectory {
                    if !skippedDirectories.contains(name) {
                        if viaLink { linkedDirectories.append((path, real, true)) } else { stack.append((path, real, dirLinked)) }
                    }
                } else if name.hasSuffix(".swift") || name.hasSuffix(".xcconfig")
                            || (name == "project.pbxproj" && dir.hasSuffix(".xcodeproj")) {
                    // Regular files, special files and broken links alike: `read` says what they are.
                    result.append(path)
                    realPaths[path] = real
                    if !viaLink && !dirLinked { direct?(path) }
                }
            }
        }
        return (result, realPaths, unlisted)
    }

    /// The absolute paths git ignores below `root` (a git work tree only), less those a PATH
    /// names or lies in: a folder or file asked for by name is checked, ignored or not.
    static func ignoredPaths(below root: String, _ list: ((String) -> [String])?, requested: [String]) -> Set<String> {
        guard let list, FileManager.default.fileExists(atPath: root + "/.git") else { return [] }
        var result = Set<String>()
        for relative in list(root) {
            var path = root + "/" + relative
            while path.hasSuffix("/") { path.removeLast() }
            if requested.contains(where: { $0 == path || $0.hasPrefix(path + "/") }) { continue }
            result.insert(path)
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
        if isDirectory(atPath: path) != true {
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
