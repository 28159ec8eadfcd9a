import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateCLI

/// `check --staged`, `install-hook` and the hooks end to end: a plain git hook running the debug
/// binary, and the real pre-commit framework building this package with `language: swift`.
///
/// Nothing here skips. When git, swift, python3 or PyPI is missing, the test fails with the
/// reason. The pre-commit test builds the COMMITTED revision of this checkout (`git rev-parse
/// HEAD`: pre-commit clones the repository at `rev`), in a cache under `.build/pre-commit-home`
/// that later runs reuse; pre-commit itself lives in `.build/venv-precommit`.
final class HookTests: XCTestCase {
    // MARK: Environment

    /// Variables this class sets in its own process (in-process runs of the tool call git), with
    /// the values they had before.
    nonisolated(unsafe) private static var savedEnvironment: [String: String?] = [:]

    override class func setUp() {
        super.setUp()
        for (key, value) in HookSupport.gitEnvironmentOverrides {
            savedEnvironment[key] = ProcessInfo.processInfo.environment[key]
            if let value { setenv(key, value, 1) } else { unsetenv(key) }
        }
    }

    override class func tearDown() {
        for (key, value) in savedEnvironment {
            if let value { setenv(key, value, 1) } else { unsetenv(key) }
        }
        savedEnvironment = [:]
        try? FileManager.default.removeItem(atPath: HookSupport.scratch)
        super.tearDown()
    }

    static let legacyModel = "import SwiftUI\n\nfinal class Model: ObservableObject {\n    @Published var count = 0\n}\n"
    static let migratedModel = "import SwiftUI\n\n@Observable final class Model {\n    var count = 0\n}\n"
    static let cleanFile = "import Observation\n\n@Observable final class Clean {\n    var name = \"\"\n}\n"
    static let otherLegacyModel = "import SwiftUI\n\nfinal class Other: ObservableObject {\n    @Published var flag = false\n}\n"

    // MARK: check --staged, in process

    func testStagedChecksTheStagedContentNotTheWorkingTree() throws {
        let repo = try HookSupport.makeRepository("staged-content")
        try repo.write("Model.swift", Self.legacyModel)
        try repo.git("add", "Model.swift")
        try repo.write("Model.swift", Self.cleanFile)  // the working tree is clean, the index is not

        let staged = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertEqual(staged.code, 1, staged.err)
        XCTAssertTrue(staged.out.contains("Model.swift:3:13: warning: Model conforms to ObservableObject"), staged.out)
        XCTAssertTrue(staged.out.contains("[OBS102]"), staged.out)
        XCTAssertEqual(runTool(["check", "Model.swift"], cwd: repo.path).code, 0, "the working tree itself is clean")

        // And the other way round: a clean index passes whatever the working tree holds.
        try repo.write("Model.swift", Self.cleanFile)
        try repo.git("add", "Model.swift")
        try repo.write("Model.swift", Self.legacyModel)
        let clean = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertEqual(clean.code, 0, clean.out + clean.err)
        XCTAssertTrue(clean.out.contains("1 file checked"), clean.out)
    }

    func testStagedFileDeletedFromTheWorkingTreeIsStillChecked() throws {
        let repo = try HookSupport.makeRepository("staged-deleted")
        try repo.write("Gone.swift", Self.legacyModel)
        try repo.git("add", "Gone.swift")
        try FileManager.default.removeItem(atPath: repo.path + "/Gone.swift")

        let result = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertTrue(result.out.contains("Gone.swift:3:13: warning:"), result.out)
        XCTAssertEqual(result.err, "")
    }

    func testStagedNamesWithSpacesAndUnicodeFromASubdirectory() throws {
        let repo = try HookSupport.makeRepository("staged-names")
        let names = ["Views/My Model.swift", "Views/Čitač ☕︎ 모델.swift", "Views/quote\"and'apostrophe.swift"]
        for (i, name) in names.enumerated() { try repo.write(name, Self.legacyModel.replacingOccurrences(of: "Model", with: "M\(i)")) }
        try repo.write("Views/notes.txt", "ObservableObject")
        try repo.git("add", ".")

        let result = runTool(["check", "--staged"], cwd: repo.path + "/Views")
        XCTAssertEqual(result.code, 1, result.err)
        for name in names {
            let shown = String(name.dropFirst("Views/".count))
            XCTAssertTrue(result.out.contains("\(shown):3:13: warning:"), "\(shown) missing from:\n\(result.out)")
        }
        XCTAssertTrue(result.out.contains("in 3 files"), result.out)

        // A PATH limits the staged files reported.
        let one = runTool(["check", "--staged", "My Model.swift"], cwd: repo.path + "/Views")
        XCTAssertEqual(one.code, 1, one.err)
        XCTAssertTrue(one.out.contains("My Model.swift:3:13"), one.out)
        XCTAssertTrue(one.out.contains("in 1 file"), one.out)
    }

    func testStagedDecidesWithTheWholeProjectOnDisk() throws {
        // The staged model has no finding of its own that blocks it, but a file that is not
        // staged (not even tracked) assigns into its $count publisher, which keeps a model
        // (no publisher of its own serves that): it must keep ObservableObject.
        let repo = try HookSupport.makeRepository("staged-project")
        try repo.write("Model.swift", Self.legacyModel)
        try repo.git("add", "Model.swift")
        try repo.write("Feed.swift", "import Combine\n\nfunc watch(_ m: Model, _ counts: AnyPublisher<Int, Never>) {\n    counts.assign(to: &m.$count)\n}\n")

        let result = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertTrue(result.out.contains("Model keeps ObservableObject"), result.out)
        XCTAssertTrue(result.out.contains("its $count publisher is used at Feed.swift:4:26"), result.out)
        XCTAssertFalse(result.out.split(separator: "\n").contains { $0.hasPrefix("Feed.swift:") },
                       "only staged files are reported:\n\(result.out)")
        XCTAssertTrue(result.out.contains("1 file checked") || result.out.contains("in 1 file"), result.out)

        // A read that a publisher of its own serves is rewritten with the model: an unstaged
        // file holding one keeps the model too, since its migration would edit that file.
        try repo.write("Feed.swift", "import Combine\n\nfunc watch(_ m: Model) -> AnyCancellable {\n    m.$count.sink { print($0) }\n}\n")
        let read = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertTrue(read.out.contains("Model keeps ObservableObject: its migration also edits Feed.swift, which is not among the paths of this run"), read.out)
    }

    func testStagedOutsideARepositoryIsAOneLineError() throws {
        let dir = try HookSupport.makeDirectory("no-repo")
        try "class A {}\n".write(toFile: dir + "/A.swift", atomically: true, encoding: .utf8)
        let result = runTool(["check", "--staged"], cwd: dir)
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("obs-migrate: error: check --staged: not a git repository"), result.err)
    }

    func testStagedWithNothingStagedIsANote() throws {
        let repo = try HookSupport.makeRepository("staged-nothing")
        try repo.write("README.md", "# hi\n")
        try repo.write("Untracked.swift", Self.legacyModel)
        try repo.git("add", "README.md")
        let result = runTool(["check", "--staged"], cwd: repo.path)
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "obs-migrate: no staged Swift files to check\n")

        // Deleting a Swift file is not checked either (nothing of it will be committed).
        try repo.write("Old.swift", Self.legacyModel)
        try repo.git("add", "Old.swift")
        try repo.git("commit", "-q", "--no-verify", "-m", "old")
        try repo.git("rm", "-q", "Old.swift")
        XCTAssertEqual(runTool(["check", "--staged"], cwd: repo.path).code, 0)
    }

    func testStagedUnknownOptionIsAUsageError() throws {
        let repo = try HookSupport.makeRepository("staged-usage")
        let result = runTool(["check", "--staged", "--stagged"], cwd: repo.path)
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("unknown option '--stagged'"), result.err)
        XCTAssertEqual(runTool(["fix", "--staged"], cwd: repo.path).code, 2, "fix has no --staged")
    }

    // MARK: install-hook, in process

    func testInstallHookFromASubdirectoryRefusesAForeignHookUnlessForced() throws {
        let repo = try HookSupport.makeRepository("install-basic")
        try FileManager.default.createDirectory(atPath: repo.path + "/Sources/App", withIntermediateDirectories: true)
        let hook = repo.gitDirectory + "/hooks/pre-commit"

        let first = runTool(["install-hook"], cwd: repo.path + "/Sources/App")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(first.out.contains(hook), first.out)
        let script = try String(contentsOfFile: hook, encoding: .utf8)
        XCTAssertTrue(script.hasPrefix("#!/bin/sh\n"))
        XCTAssertTrue(script.contains("check --staged"))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: hook))
        XCTAssertEqual(try HookSupport.run("sh", ["-n", hook], cwd: repo.path).code, 0, "not valid sh")

        // Ours: reinstalling just updates it.
        XCTAssertEqual(runTool(["install-hook"], cwd: repo.path).code, 0)

        // Someone else's: refused, untouched; --force replaces it.
        let foreign = "#!/bin/sh\necho mine\n"
        try foreign.write(toFile: hook, atomically: true, encoding: .utf8)
        let refused = runTool(["install-hook"], cwd: repo.path)
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("already exists") && refused.err.contains("--force"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: hook, encoding: .utf8), foreign)
        let forced = runTool(["install-hook", "--force"], cwd: repo.path)
        XCTAssertEqual(forced.code, 0, forced.err)
        XCTAssertTrue(try String(contentsOfFile: hook, encoding: .utf8).contains("check --staged"))

        XCTAssertEqual(runTool(["install-hook", "--forse"], cwd: repo.path).code, 2)
        XCTAssertEqual(runTool(["install-hook", "extra"], cwd: repo.path).code, 2)
    }

    func testInstallHookHonoursCoreHooksPath() throws {
        let repo = try HookSupport.makeRepository("install-hookspath")
        try repo.git("config", "core.hooksPath", "tools/git-hooks")  // relative to the work tree's top
        try FileManager.default.createDirectory(atPath: repo.path + "/deep/er", withIntermediateDirectories: true)
        let result = runTool(["install-hook"], cwd: repo.path + "/deep/er")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: repo.path + "/tools/git-hooks/pre-commit"), result.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.gitDirectory + "/hooks/pre-commit"))
    }

    func testInstallHookInALinkedWorktreeWritesTheSharedHook() throws {
        let repo = try HookSupport.makeRepository("install-worktree")
        try repo.write("A.swift", Self.cleanFile)
        try repo.git("add", ".")
        try repo.git("commit", "-q", "-m", "init")
        let worktree = repo.path + "-wt"
        try repo.git("worktree", "add", "-q", worktree)
        let result = runTool(["install-hook"], cwd: worktree)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: repo.gitDirectory + "/hooks/pre-commit"), result.out)
    }

    func testInstallHookOutsideARepository() throws {
        let dir = try HookSupport.makeDirectory("install-no-repo")
        let result = runTool(["install-hook"], cwd: dir)
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        XCTAssertTrue(result.err.contains("not a git repository"), result.err)
    }

    func testHookWithoutABinaryFailsWithAReason() throws {
        // In process, the running program is the test runner: the hook falls back to PATH.
        let repo = try HookSupport.makeRepository("install-nobinary")
        XCTAssertEqual(runTool(["install-hook"], cwd: repo.path).code, 0)
        XCTAssertTrue(try String(contentsOfFile: repo.gitDirectory + "/hooks/pre-commit", encoding: .utf8).contains("installed=''"))
        var environment = HookSupport.environment
        environment["PATH"] = try HookSupport.makeDirectory("empty-path")
        let result = try HookSupport.run("/bin/sh", [repo.gitDirectory + "/hooks/pre-commit"], cwd: repo.path, environment: environment)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.err.contains("cannot find obs-migrate"), result.err)
    }

    // MARK: The plain git hook, end to end

    func testPlainGitHookBlocksStagedLegacyCode() throws {
        let binary = try HookSupport.debugBinary()
        let repo = try HookSupport.makeRepository("plain-hook")
        try repo.write("Sources/App/Clean.swift", Self.cleanFile)
        try repo.git("add", ".")
        try repo.git("commit", "-q", "-m", "initial")

        // Installed by the real binary, from a subdirectory.
        let install = try HookSupport.run(binary, ["install-hook"], cwd: repo.path + "/Sources/App")
        XCTAssertEqual(install.code, 0, install.err)
        let hook = repo.gitDirectory + "/hooks/pre-commit"
        XCTAssertTrue(try String(contentsOfFile: hook, encoding: .utf8).contains(HookScriptQuoting.quoted(binary)),
                      "the hook should call \(binary)")

        // A staged legacy model blocks the commit, with the findings printed.
        try repo.write("Sources/App/Model.swift", Self.legacyModel)
        try repo.git("add", "Sources/App/Model.swift")
        let blocked = try repo.commit("add model")
        XCTAssertNotEqual(blocked.code, 0, "the commit should be refused:\n\(blocked.out)\(blocked.err)")
        XCTAssertTrue(blocked.all.contains("Sources/App/Model.swift:3:13: warning: Model conforms to ObservableObject"), blocked.all)
        XCTAssertTrue(blocked.all.contains("[OBS102]"), blocked.all)
        XCTAssertTrue(blocked.all.contains("commit refused"), blocked.all)
        XCTAssertEqual(try repo.commitCount(), 1)

        // What is staged counts, not the working tree: fixing the file without staging it does not help.
        try repo.write("Sources/App/Model.swift", Self.migratedModel)
        XCTAssertNotEqual(try repo.commit("still legacy in the index").code, 0)
        XCTAssertEqual(try repo.commitCount(), 1)

        // Staging the migrated file lets it through.
        try repo.git("add", "Sources/App/Model.swift")
        let fixed = try repo.commit("migrated model")
        XCTAssertEqual(fixed.code, 0, fixed.all)
        XCTAssertEqual(try repo.commitCount(), 2)

        // A legacy edit left unstaged does not block a commit of something else.
        try repo.write("Sources/App/Model.swift", Self.legacyModel)
        try repo.write("Sources/App/Clean.swift", Self.cleanFile + "\n// edited\n")
        try repo.git("add", "Sources/App/Clean.swift")
        let unrelated = try repo.commit("edit clean file")
        XCTAssertEqual(unrelated.code, 0, unrelated.all)
        XCTAssertEqual(try repo.commitCount(), 3)

        // `git commit -a` stages it (the hook sees git's temporary index): blocked.
        let all = try repo.commit("commit -a", extra: ["-a"])
        XCTAssertNotEqual(all.code, 0, all.all)
        XCTAssertTrue(all.all.contains("Model.swift:3:13"), all.all)
        XCTAssertEqual(try repo.commitCount(), 3)

        // --no-verify bypasses the hook.
        try repo.write("Sources/App/Other.swift", Self.otherLegacyModel)
        try repo.git("add", "Sources/App/Other.swift")
        XCTAssertNotEqual(try repo.commit("other").code, 0)
        let bypass = try repo.commit("bypass", extra: ["--no-verify"])
        XCTAssertEqual(bypass.code, 0, bypass.all)
        XCTAssertEqual(try repo.commitCount(), 4)
    }

    // MARK: The pre-commit framework, end to end

    func testPreCommitFrameworkHooks() throws {
        let preCommit = try PreCommitTool.shared.get()
        let checkout = try PreCommitTool.checkout()
        let repo = try HookSupport.makeRepository("pre-commit")
        var environment = HookSupport.environment
        environment["PRE_COMMIT_HOME"] = PreCommitTool.home
        environment["PRE_COMMIT_COLOR"] = "never"
        repo.environment = environment

        func configure(_ hooks: [String]) throws {
            try repo.write(".pre-commit-config.yaml", """
                repos:
                  - repo: \(checkout.path)
                    rev: \(checkout.revision)
                    hooks:
                \(hooks.map { "      - id: \($0)" }.joined(separator: "\n"))

                """)
            try repo.git("add", ".pre-commit-config.yaml")
        }

        try configure(["obs-migrate"])
        let install = try HookSupport.run(preCommit, ["install"], cwd: repo.path, environment: environment)
        XCTAssertEqual(install.code, 0, install.all)

        // Build the hooks' environment now (`swift build -c release` of this revision in
        // pre-commit's cache: a minute or more the first time, nothing when cached), and drop
        // the builds of other revisions from the cache.
        let start = Date()
        let build = try PreCommitTool.buildAndPrune(preCommit, revision: checkout.revision, path: checkout.path,
                                                    in: repo.path, environment: environment)
        print("HookTests: pre-commit environment for \(checkout.revision.prefix(10)) ready in "
              + String(format: "%.1f", Date().timeIntervalSince(start)) + " s")
        XCTAssertEqual(build.code, 0, "pre-commit could not build the hooks:\n\(build.all)")

        // A clean file passes.
        try repo.write("Clean.swift", Self.cleanFile)
        try repo.git("add", "Clean.swift")
        let clean = try repo.commit("clean")
        XCTAssertEqual(clean.code, 0, clean.all)
        XCTAssertTrue(clean.all.contains("Passed"), clean.all)
        XCTAssertEqual(try repo.commitCount(), 1)

        // A legacy model fails the commit, findings printed.
        try repo.write("Model.swift", Self.legacyModel)
        try repo.git("add", "Model.swift")
        let blocked = try repo.commit("legacy")
        XCTAssertNotEqual(blocked.code, 0, blocked.all)
        XCTAssertTrue(blocked.all.contains("Failed"), blocked.all)
        XCTAssertTrue(blocked.all.contains("Model.swift:3:13: warning: Model conforms to ObservableObject"), blocked.all)
        XCTAssertTrue(blocked.all.contains("[OBS102]"), blocked.all)
        XCTAssertEqual(try repo.commitCount(), 1)

        // obs-migrate-fix: the first commit fails because the hook rewrote the file; staged,
        // the second passes and records the migrated model.
        try configure(["obs-migrate-fix"])
        let rewritten = try repo.commit("fix")
        XCTAssertNotEqual(rewritten.code, 0, rewritten.all)
        XCTAssertTrue(rewritten.all.contains("files were modified by this hook"), rewritten.all)
        XCTAssertEqual(try String(contentsOfFile: repo.path + "/Model.swift", encoding: .utf8), Self.migratedModel)
        try repo.git("add", "Model.swift")
        let passed = try repo.commit("fix, staged")
        XCTAssertEqual(passed.code, 0, passed.all)
        XCTAssertEqual(try repo.git("show", "HEAD:Model.swift"), Self.migratedModel)
        XCTAssertEqual(try repo.commitCount(), 2)

        // What the fix hook cannot fix fails it without touching the file: a person decides.
        let willChange = "import SwiftUI\n\nfinal class Ticker: ObservableObject {\n    @Published var n = 0\n"
            + "    func bump() { objectWillChange.send() }\n}\n"
        try repo.write("Ticker.swift", willChange)
        try repo.git("add", "Ticker.swift")
        let person = try repo.commit("ticker")
        XCTAssertNotEqual(person.code, 0, person.all)
        XCTAssertTrue(person.all.contains("[OBS201]"), person.all)
        XCTAssertFalse(person.all.contains("files were modified"), person.all)
        XCTAssertEqual(try String(contentsOfFile: repo.path + "/Ticker.swift", encoding: .utf8), willChange)
        XCTAssertEqual(try repo.commitCount(), 2)
    }
}

// MARK: - Support

enum HookScriptQuoting {
    static func quoted(_ path: String) -> String { HookCommand.shellQuoted(path) }
}

struct ProcessResult {
    var code: Int32
    var out: String
    var err: String
    var all: String { out + err }
}

enum HookSupport {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static var packageRoot: URL { RoundTripTests.packageRoot }

    /// A scratch folder for this process, symbolic links resolved (paths compare as git prints them).
    static let scratch: String = {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
            .appendingPathComponent("obs-migrate-hooktests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: base)
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base.path
    }()

    /// git must not see the user's or the system's configuration (a global core.hooksPath, commit
    /// signing...), nor a repository around the scratch folder, nor the variables of a hook this
    /// test may be running in.
    static let gitEnvironmentOverrides: [String: String?] = {
        let globalConfig = scratch + "/gitconfig"
        try? "[init]\n\tdefaultBranch = main\n".write(toFile: globalConfig, atomically: true, encoding: .utf8)
        var result: [String: String?] = [
            "GIT_CONFIG_GLOBAL": globalConfig,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CEILING_DIRECTORIES": scratch,
        ]
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
                    "GIT_PREFIX", "GIT_EDITOR"] {
            result[key] = .some(nil)
        }
        return result
    }()

    /// The environment for child processes.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("GIT_") || key.hasPrefix("PRE_COMMIT") { env[key] = nil }
        for (key, value) in gitEnvironmentOverrides { env[key] = value }
        env["NO_COLOR"] = "1"
        env["TERM"] = "dumb"
        return env
    }

    static func makeDirectory(_ name: String) throws -> String {
        let path = scratch + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func makeRepository(_ name: String) throws -> Repository {
        let repo = Repository(path: try makeDirectory(name))
        try repo.git("-c", "init.defaultBranch=main", "init", "-q")
        try repo.git("config", "user.name", "Hook Tests")
        try repo.git("config", "user.email", "hooks@example.invalid")
        try repo.git("config", "commit.gpgsign", "false")
        return repo
    }

    final class Repository: @unchecked Sendable {
        let path: String
        var environment = HookSupport.environment
        init(path: String) { self.path = path }

        var gitDirectory: String { path + "/.git" }

        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Runs git; a failure throws with git's output.
        @discardableResult
        func git(_ args: String...) throws -> String {
            let result = try HookSupport.run("git", args, cwd: path, environment: environment)
            guard result.code == 0 else { throw Failure("git \(args.joined(separator: " ")) failed (\(result.code)): \(result.all)") }
            return result.out
        }

        func commit(_ message: String, extra: [String] = []) throws -> ProcessResult {
            try HookSupport.run("git", ["commit", "-m", message] + extra, cwd: path, environment: environment)
        }

        func commitCount() throws -> Int {
            let result = try HookSupport.run("git", ["rev-list", "--count", "HEAD"], cwd: path, environment: environment)
            return result.code == 0 ? Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 : 0
        }
    }

    /// Runs a program (a path, or a name looked up on PATH), output captured.
    static func run(_ program: String, _ args: [String], cwd: String, environment: [String: String]? = nil) throws -> ProcessResult {
        let env = environment ?? self.environment
        guard let executable = Git.findExecutable(program, path: env["PATH"]) else {
            throw Failure("\(program) not found on PATH (\(env["PATH"] ?? ""))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let box = OutputBox()
        let group = DispatchGroup()
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { box.data = errHandle.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                             err: String(decoding: box.data, as: UTF8.self))
    }

    private final class OutputBox: @unchecked Sendable { var data = Data() }

    /// The obs-migrate binary of the build these tests belong to (beside the test bundle), or
    /// `.build/debug/obs-migrate`; built with `swift build --product obs-migrate` when neither
    /// exists (in a scratch path of its own: the running `swift test` holds the lock on .build).
    static func debugBinary() throws -> String {
        var candidates: [String] = []
        let bundle = Bundle(for: HookTests.self).bundleURL
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("obs-migrate").path)
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("obs-migrate").path)
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/obs-migrate").path)
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        let scratchPath = packageRoot.appendingPathComponent(".build/hooktests-build").path
        let build = try run("swift", ["build", "--product", "obs-migrate", "--scratch-path", scratchPath], cwd: packageRoot.path)
        let built = scratchPath + "/debug/obs-migrate"
        guard build.code == 0, FileManager.default.isExecutableFile(atPath: built) else {
            throw Failure("no obs-migrate binary at \(candidates.joined(separator: ", ")), and "
                          + "`swift build --product obs-migrate` failed (\(build.code)):\n\(build.all)")
        }
        return built
    }
}

/// pre-commit from PyPI in `.build/venv-precommit`, installed once per machine (the first test
/// run creates it), and its cache in `.build/pre-commit-home`.
enum PreCommitTool {
    static var venv: String { HookSupport.packageRoot.appendingPathComponent(".build/venv-precommit").path }
    static var home: String { HookSupport.packageRoot.appendingPathComponent(".build/pre-commit-home").path }

    static let shared: Result<String, HookSupport.Failure> = {
        do { return .success(try install()) } catch let failure as HookSupport.Failure {
            return .failure(failure)
        } catch {
            return .failure(HookSupport.Failure("\(error)"))
        }
    }()

    static func install() throws -> String {
        let executable = venv + "/bin/pre-commit"
        try FileManager.default.createDirectory(atPath: HookSupport.packageRoot.appendingPathComponent(".build").path,
                                                withIntermediateDirectories: true)
        // Another `swift test` may be installing it at the same time.
        let lockPath = venv + ".lock"
        let fd = open(lockPath, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw HookSupport.Failure("cannot open \(lockPath)") }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }

        if FileManager.default.isExecutableFile(atPath: executable),
           (try? HookSupport.run(executable, ["--version"], cwd: venv))?.code == 0 {
            return executable
        }
        try? FileManager.default.removeItem(atPath: venv)
        let cwd = HookSupport.packageRoot.path
        let create = try HookSupport.run("python3", ["-m", "venv", venv], cwd: cwd)
        guard create.code == 0 else {
            throw HookSupport.Failure("cannot create a virtual environment with `python3 -m venv \(venv)`: \(create.all)")
        }
        let pip = try HookSupport.run(venv + "/bin/python", ["-m", "pip", "install", "--disable-pip-version-check", "-q", "pre-commit"], cwd: cwd)
        guard pip.code == 0, FileManager.default.isExecutableFile(atPath: executable) else {
            throw HookSupport.Failure("cannot install pre-commit from PyPI into \(venv) (pip exit \(pip.code)): \(pip.all)")
        }
        return executable
    }

    /// Installs the hooks of `revision` through a configuration kept in the cache folder (so
    /// pre-commit counts that revision as used), then `pre-commit gc`: builds of revisions no
    /// existing configuration names (those of earlier runs, whose throw-away repositories are
    /// gone) are removed, and the cache holds about one build instead of one per commit tested.
    static func buildAndPrune(_ preCommit: String, revision: String, path: String, in repo: String,
                              environment: [String: String]) throws -> ProcessResult {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let keep = home + "/obs-migrate-hooktests.yaml"
        try Data("repos:\n  - repo: \(path)\n    rev: \(revision)\n    hooks:\n      - id: obs-migrate\n      - id: obs-migrate-fix\n".utf8)
            .write(to: URL(fileURLWithPath: keep))
        let build = try HookSupport.run(preCommit, ["install-hooks", "--config", keep], cwd: repo, environment: environment)
        guard build.code == 0 else { return build }
        let gc = try HookSupport.run(preCommit, ["gc"], cwd: repo, environment: environment)
        return gc.code == 0 ? build : gc
    }

    /// pre-commit's release build of this checkout's committed revision: its clone, and the
    /// build folder of the `language: swift` environment in it (`swift build -c release
    /// --build-path ...`), built first when the cache has none. The hooks' test and `make
    /// install`'s test share it: one release build per revision instead of two.
    static func releaseBuild() throws -> (clone: String, buildPath: String) {
        let preCommit = try shared.get()
        let checkout = try checkout()
        let repo = try HookSupport.makeRepository("release-build")
        defer { try? FileManager.default.removeItem(atPath: repo.path) }
        var environment = HookSupport.environment
        environment["PRE_COMMIT_HOME"] = home
        environment["PRE_COMMIT_COLOR"] = "never"
        let build = try buildAndPrune(preCommit, revision: checkout.revision, path: checkout.path, in: repo.path, environment: environment)
        guard build.code == 0 else {
            throw HookSupport.Failure("pre-commit could not build \(checkout.revision): \(build.all)")
        }
        // pre-commit keeps each clone in a `repo...` folder of its home, and a swift hook's
        // environment in `swift_env-default` inside it.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []
        for name in names.sorted() where name.hasPrefix("repo") {
            let clone = home + "/" + name
            let buildPath = clone + "/swift_env-default/.build"
            guard FileManager.default.isExecutableFile(atPath: buildPath + "/release/obs-migrate") else { continue }
            let head = try HookSupport.run("git", ["rev-parse", "HEAD"], cwd: clone, environment: environment)
            if head.code == 0, head.out.trimmingCharacters(in: .whitespacesAndNewlines) == checkout.revision {
                return (clone, buildPath)
            }
        }
        throw HookSupport.Failure("pre-commit built \(checkout.revision), but no clone of it with a release build is in \(home)")
    }

    /// This checkout and its committed revision: what pre-commit will clone and build.
    static func checkout() throws -> (path: String, revision: String) {
        let root = HookSupport.packageRoot.path
        var environment = HookSupport.environment
        environment["GIT_CEILING_DIRECTORIES"] = nil
        let head = try HookSupport.run("git", ["rev-parse", "--verify", "HEAD"], cwd: root, environment: environment)
        guard head.code == 0 else {
            throw HookSupport.Failure("\(root) is not a git checkout with a commit; pre-commit needs one to clone: \(head.err)")
        }
        let revision = head.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let hooks = try HookSupport.run("git", ["cat-file", "-e", "\(revision):.pre-commit-hooks.yaml"], cwd: root, environment: environment)
        guard hooks.code == 0 else {
            throw HookSupport.Failure("HEAD (\(revision)) has no .pre-commit-hooks.yaml; pre-commit tests committed code: commit it first")
        }
        let dirty = try HookSupport.run("git", ["status", "--porcelain", "--", "Sources", "Package.swift", ".pre-commit-hooks.yaml",
                                                "Makefile", "Fixtures/sample-app"],
                                        cwd: root, environment: environment)
        if !dirty.out.isEmpty {
            print("HookTests: note: pre-commit builds the committed revision \(revision.prefix(10)); "
                  + "uncommitted changes to Sources/, Package.swift, .pre-commit-hooks.yaml, Makefile or the sample app "
                  + "are not part of the pre-commit and `make install` tests")
        }
        return (root, revision)
    }
}
