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
import ObsMigrateCore

/// Runs `git` (found on PATH) as a child process, with a directory of the repository as its
/// current directory. The environment is inherited: inside a git hook that carries
/// `GIT_INDEX_FILE` (`git commit -a` and `git commit PATH` commit from a temporary index).
enum Git {
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String

        var text: String { String(decoding: stdout, as: UTF8.self) }
        /// The first line git wrote to standard error, without its `fatal: ` prefix.
        var errorLine: String {
            let line = stderr.split(separator: "\n").first.map(String.init) ?? "git exited with status \(status)"
            for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
            return line
        }
    }

    /// What `.gitignore` (and `.git/info/exclude`, and the user's excludes file) ignore in the
    /// work tree at `root`, relative to it, an ignored folder once with a trailing `/`. Empty
    /// when git cannot say (not installed, not a work tree): then nothing is left out.
    @Sendable static func ignoredPaths(root: String) -> [String] {
        guard let output = try? run(["ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"], in: root),
              output.status == 0 else { return [] }
        return output.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs git; `input` is given on standard input (through a temporary file, so a git that
    /// exits early cannot block us or raise SIGPIPE). Spawned with `posix_spawn`: Foundation's
    /// `Process` takes about 50 ms per child on Linux, which a pre-commit hook would feel.
    static func run(_ arguments: [String], in directory: String, input: [UInt8]? = nil) throws -> Output {
        guard let git = findExecutable("git") else { throw UsageError("git not found on PATH") }
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"  // never take the index lock for an opportunistic refresh
        environment["LC_ALL"] = "C"              // error messages we recognise

        var inputFile: String?
        defer { if let inputFile { TemporaryFiles.remove(inputFile) } }
        var inputFD: Int32 = -1
        if let input {
            let directory = FileManager.default.temporaryDirectory.path
            let path = directory + "/obs-migrate-git-\(getpid())-\(UUID().uuidString)"
            TemporaryFiles.willCreate(path)
            inputFile = path
            guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
                throw UsageError("cannot write a temporary file in \(directory)")
            }
            inputFD = open(path, O_RDONLY | O_CLOEXEC)
        } else {
            inputFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        guard inputFD >= 0 else { throw UsageError("cannot run git: \(SystemError.current.message)") }
        defer { close(inputFD) }

        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw UsageError("cannot run git: \(SystemError.current.message)") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw UsageError("cannot run git: \(SystemError.current.message)")
        }
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputFD, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

        // `git -C DIR`: the child starts in the repository without our changing directory.
        let argv = [git, "-C", directory] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        // Interrupts are blocked in our threads (`TemporaryFiles.removeOnInterrupt`); git gets
        // the default back, so that Ctrl-C stops it too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgs in
            withCStrings(envp) { cEnv in posix_spawn(&pid, git, &actions, &attributes, cArgs, cEnv) }
        }
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0]); close(errPipe[0])
            throw UsageError("cannot run git: \(SystemError(code: spawned).message)")
        }
        // Drain standard error on another thread while standard output is read here, so
        // neither pipe can fill up and stall git.
        let errorBox = DataBox()
        let group = DispatchGroup()
        let errFD = errPipe[0]
        DispatchQueue.global().async(group: group) { errorBox.bytes = readToEnd(errFD) }
        let out = readToEnd(outPipe[0])
        group.wait()
        close(outPipe[0])
        close(errFD)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exit status, or 128 + signal as shells report it.
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Output(status: exitStatus, stdout: out, stderr: String(decoding: errorBox.bytes, as: UTF8.self))
    }

    private static func readToEnd(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { result += chunk[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return result
    }

    /// NUL-terminated C strings for `posix_spawn`, alive for the call.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return body(pointers + [nil])
    }

    private final class DataBox: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    /// The absolute path of `name` on PATH, or nil.
    static func findExecutable(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            if isDirectory(atPath: candidate) == false,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return ProjectLoader.absolutePath(candidate, cwd: FileManager.default.currentDirectoryPath)
            }
        }
        return nil
    }

    /// The top of the work tree holding `directory`, spelled from `directory` (so a path that
    /// goes through a symbolic link keeps its spelling). A one-line usage error when
    /// `directory` is not in a git work tree.
    static func workTreeRoot(from directory: String, purpose: String) throws -> String {
        let result = try run(["rev-parse", "--show-cdup"], in: directory)
        guard result.status == 0 else {
            if result.stderr.contains("not a git repository") {
                throw UsageError("\(purpose): not a git repository: \(directory)")
            }
            throw UsageError("\(purpose): \(result.errorLine)")
        }
        let cdup = result.text.trimmingNewlines()
        return cdup.isEmpty ? ProjectLoader.absolutePath(directory, cwd: directory) : ProjectLoader.absolutePath(cdup, cwd: directory)
    }
}

/// The staged content of the staged Swift files: what `git commit` will record.
struct StagedFiles {
    /// The work tree's top.
    var root: String
    /// Absolute paths (under `root`) of the staged Swift files, sorted.
    var paths: [String]
    /// Staged bytes by absolute path.
    var contents: [String: [UInt8]]
    /// Staged entries that cannot be checked, with the reason (for a note).
    var skipped: [(path: String, reason: String)]

    /// Reads the index of the repository holding `directory`. `limitTo` (absolute paths of
    /// files or directories) keeps only the staged files at or under one of them; `excludes`
    /// are the `--exclude` globs, matched like the project walk matches them.
    static func read(from directory: String, limitTo: [String] = [], excludes: [String] = []) throws -> StagedFiles {
        let root = try Git.workTreeRoot(from: directory, purpose: "check --staged")
        // Added, copied, modified and renamed entries; renames off, so a renamed file is
        // simply added. --raw gives each entry's mode and staged blob id; -z keeps names with
        // spaces, quotes, newlines and non-ASCII characters verbatim.
        let diff = try Git.run(["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-color",
                                "--no-ext-diff", "--diff-filter=ACMR"], in: root)
        guard diff.status == 0 else { throw UsageError("check --staged: git diff --cached failed: \(diff.errorLine)") }

        var entries: [(path: String, blob: String)] = []
        var skipped: [(path: String, reason: String)] = []
        let fields = diff.stdout.split(separator: 0, omittingEmptySubsequences: false)
        var i = 0
        while i + 1 < fields.count {
            let header = String(decoding: fields[i], as: UTF8.self)
            let rawName = Array(fields[i + 1])
            i += 2
            // ":100644 100644 <old id> <new id> M"
            let parts = header.split(separator: " ")
            guard header.hasPrefix(":"), parts.count >= 5 else {
                throw UsageError("check --staged: cannot read the output of git diff --cached (\(header))")
            }
            guard let name = String(validating: rawName, as: UTF8.self) else {
                let shown = String(decoding: rawName, as: UTF8.self)
                if shown.hasSuffix(".swift") { skipped.append((shown, "file name is not valid UTF-8")) }
                continue
            }
            guard name.hasSuffix(".swift") else { continue }
            let mode = parts[1]
            guard mode == "100644" || mode == "100755" else {
                skipped.append((name, mode == "120000" ? "staged as a symbolic link" : "not a regular file in the index (mode \(mode))"))
                continue
            }
            let absolute = root == "/" ? "/" + name : root + "/" + name
            if !limitTo.isEmpty, !limitTo.contains(where: { absolute == $0 || absolute.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { continue }
            let base = name.lastPathComponent
            if excludes.contains(where: { Glob.matches($0, name) || Glob.matches($0, base) || excludesFolder($0, of: name) }) { continue }
            entries.append((absolute, String(parts[3])))
        }

        // All staged blobs in one `git cat-file --batch`.
        var contents: [String: [UInt8]] = [:]
        if !entries.isEmpty {
            let request = entries.map { $0.blob + "\n" }.joined()
            let batch = try Git.run(["cat-file", "--batch"], in: root, input: Array(request.utf8))
            guard batch.status == 0 else { throw UsageError("check --staged: git cat-file failed: \(batch.errorLine)") }
            let out = batch.stdout
            var offset = 0
            for entry in entries {
                guard let newline = out[offset...].firstIndex(of: 10) else {
                    throw UsageError("check --staged: git cat-file ended early")
                }
                let header = String(decoding: out[offset..<newline], as: UTF8.self).split(separator: " ")
                guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
                      newline + 1 + size <= out.count else {
                    throw UsageError("check --staged: cannot read the staged content of \(entry.path) (\(header.joined(separator: " ")))")
                }
                contents[entry.path] = Array(out[(newline + 1)..<(newline + 1 + size)])
                offset = newline + 1 + size + 1  // the blob, then a newline
            }
        }
        return StagedFiles(root: root, paths: entries.map(\.path).sorted(), contents: contents, skipped: skipped)
    }

    /// `--exclude Generated` skips everything under a folder named Generated, as the walk does.
    private static func excludesFolder(_ pattern: String, of path: String) -> Bool {
        let components = path.split(separator: "/").dropLast()
        var prefix = ""
        for component in components {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            if Glob.matches(pattern, prefix) || Glob.matches(pattern, String(component)) { return true }
        }
        return false
    }
}

extension CommonOptions {
    /// `check --staged [PATH...]`: report the staged Swift files (at or under the PATHs, when
    /// given) from their staged content; every other Swift file of the project is read from
    /// disk to decide. Returns the overrides to load with, or nil when nothing is staged (a
    /// note is printed).
    mutating func useStagedFiles(positionals: [String], console: Console) throws -> [String: [UInt8]]? {
        let cwd = console.currentDirectory
        let limit = positionals.map { ProjectLoader.absolutePath($0, cwd: cwd) }
        let staged = try Timings.measure("staged files from git") { try StagedFiles.read(from: cwd, limitTo: limit, excludes: excludes) }
        for entry in staged.skipped {
            console.note("\(entry.path): \(entry.reason); not checked")
        }
        guard !staged.paths.isEmpty else {
            console.note("no staged Swift files to check" + (positionals.isEmpty ? "" : " in \(positionals.joined(separator: ", "))"))
            return nil
        }
        paths = staged.paths
        if projectRoot == nil { projectRoot = staged.root }
        return staged.contents
    }
}
