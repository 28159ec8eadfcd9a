import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport
@testable import ObsMigrateCLI

/// Captures a command's output in memory.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    func console(cwd: String, environment: [String: String] = [:]) -> Console {
        Console(out: { [self] line in lock.withLock { outLines.append(line) } },
                err: { [self] line in lock.withLock { errLines.append(line) } },
                environment: environment, currentDirectory: cwd)
    }

    var out: String { lock.withLock { outLines.map { $0 + "\n" }.joined() } }
    var err: String { lock.withLock { errLines.map { $0 + "\n" }.joined() } }
}

/// Runs the tool in-process, as the command line would.
func runTool(_ args: [String], cwd: String, environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
    let captured = CapturedConsole()
    let code = CommandLineTool.run(args, console: captured.console(cwd: cwd, environment: environment))
    return (code, captured.out, captured.err)
}

enum FixtureSupport {
    static var packageRoot: URL { RoundTripTests.packageRoot }
    static var fixturesRoot: URL { packageRoot.appendingPathComponent("Fixtures") }

    /// Every directory under Fixtures/ that holds an `input/` folder.
    static func cases() -> [URL] {
        let fm = FileManager.default
        var result: [URL] = []
        let enumerator = fm.enumerator(at: fixturesRoot, includingPropertiesForKeys: [.isDirectoryKey])!
        for case let url as URL in enumerator where url.lastPathComponent == "input" {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                result.append(url.deletingLastPathComponent())
                enumerator.skipDescendants()
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// Writes a synthetic project with `scripts/gen_corpus.py` (the benchmark's generator);
    /// skips the test where python3 cannot run it.
    static func generateCorpus(at out: String, megabytes: Double, seed: Int) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", packageRoot.appendingPathComponent("scripts/gen_corpus.py").path,
                            "--out", out, "--megabytes", String(megabytes), "--seed", String(seed)]
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw XCTSkip("python3 could not run scripts/gen_corpus.py") }
    }

    /// Relative path → contents of every file below `dir`.
    static func tree(_ dir: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let base = dir.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let relative as String in enumerator {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    static func copy(_ from: URL, to: URL) throws {
        try? FileManager.default.removeItem(at: to)
        try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: from, to: to)
    }

    static func arguments(_ caseDir: URL) -> [String] {
        guard let text = try? String(contentsOf: caseDir.appendingPathComponent("args"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    static func scratch(_ name: String) -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("obs-migrate-tests-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(name)
        try? FileManager.default.removeItem(at: dir)
        return dir
    }
}

final class FixtureTests: XCTestCase {
    /// Set OBS_MIGRATE_UPDATE_GOLDEN=1 to write check.txt files from the current output
    /// (then review the diff before committing).
    var updating: Bool { ProcessInfo.processInfo.environment["OBS_MIGRATE_UPDATE_GOLDEN"] == "1" }

    /// Each process hashes with a seed of its own, so a map walked in its own order gives other
    /// output on another run: the same fixtures, run as separate processes, must agree.
    func testOutputIsTheSameOnEveryRun() throws {
        let binary = try HookSupport.debugBinary()
        for name in ["blocked/hierarchy-held-by-subclasses", "sample-app/bookshelf", "protocols/family-blocked"] {
            let input = FixtureSupport.fixturesRoot.appendingPathComponent(name + "/input").path
            var outputs = Set<String>()
            for _ in 0..<6 {
                let run = try HookSupport.run(binary, ["check", "--format", "json", "--project-root", ".", "."], cwd: input)
                XCTAssertEqual(run.code, 1, "\(name): \(run.err)")
                outputs.insert(run.out)
            }
            XCTAssertEqual(outputs.count, 1, "\(name): \(outputs.count) different outputs in 6 runs")
        }
    }

    func testFixtures() throws {
        let cases = FixtureSupport.cases()
        XCTAssertGreaterThan(cases.count, 10, "expected the golden cases under Fixtures/")
        for caseDir in cases {
            let name = caseDir.path.replacingOccurrences(of: FixtureSupport.fixturesRoot.path + "/", with: "")
            try checkCase(caseDir, name: name)
        }
    }

    func checkCase(_ caseDir: URL, name: String) throws {
        let input = caseDir.appendingPathComponent("input")
        let work = FixtureSupport.scratch(name.replacingOccurrences(of: "/", with: "_"))
        try FixtureSupport.copy(input, to: work)
        let args = ["--project-root", "."] + FixtureSupport.arguments(caseDir) + ["."]

        // check: the exact golden output.
        let check = runTool(["check"] + args, cwd: work.path)
        let goldenURL = caseDir.appendingPathComponent("check.txt")
        if updating {
            try check.out.write(to: goldenURL, atomically: true, encoding: .utf8)
        }
        let golden = (try? String(contentsOf: goldenURL, encoding: .utf8)) ?? "<missing check.txt>"
        XCTAssertEqual(check.out, golden, "\(name): check output differs from check.txt")
        XCTAssertEqual(check.code, check.out.contains(": warning: ") || check.out.contains(": error: ") ? 1 : 0, "\(name): check exit code")
        XCTAssertEqual(check.err, "", "\(name): check wrote to stderr")

        // Behaviour changes are never silent: what check warns of, fix prints with its diff.
        let diff = runTool(["fix"] + args, cwd: work.path)
        XCTAssertEqual(behaviourChangeLines(diff.out), behaviourChangeLines(check.out), "\(name): fix does not print the behaviour changes check reports")

        // fix --write: the exact expected tree (unchanged files byte-identical).
        let fix = runTool(["fix", "--write"] + args, cwd: work.path)
        XCTAssertEqual(behaviourChangeLines(fix.out), behaviourChangeLines(check.out), "\(name): fix --write does not print the behaviour changes check reports")
        XCTAssertNotEqual(fix.code, 2, "\(name): fix failed: \(fix.err)")
        var expected = FixtureSupport.tree(input)
        for (path, data) in FixtureSupport.tree(caseDir.appendingPathComponent("expected")) { expected[path] = data }
        let actual = FixtureSupport.tree(work)
        XCTAssertEqual(Set(actual.keys), Set(expected.keys), "\(name): file set differs")
        for (path, data) in expected where actual[path] != data {
            let got = actual[path].map { String(decoding: $0, as: UTF8.self) } ?? "<missing>"
            XCTFail("\(name): \(path) after fix --write differs from expected:\n\(got)")
        }

        // Idempotence: a second fix changes nothing, and nothing fixable is left.
        let again = runTool(["fix"] + args, cwd: work.path)
        XCTAssertEqual(again.code == 2 ? "error" : "", "", "\(name): second fix failed: \(again.err)")
        XCTAssertFalse(again.out.contains("+++ "), "\(name): second fix would change more:\n\(again.out)")
        let recheck = runTool(["check"] + args, cwd: work.path)
        XCTAssertFalse(recheck.out.contains("(fixable)"), "\(name): fixable findings remain after fix:\n\(recheck.out)")
        // ... and check still reports them on the migrated code.
        XCTAssertEqual(behaviourChangeLines(recheck.out), behaviourChangeLines(check.out), "\(name): a behaviour change is no longer reported after fix --write")
        try? FileManager.default.removeItem(at: work)
    }

    /// How many findings of the behaviour-change rules (OBS209-211) an output has, by code; not
    /// their fixable ones (OBS210's `@AppStorage` tracked by hand), which the fix applies.
    func behaviourChangeLines(_ output: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in output.split(separator: "\n") where !line.contains("(fixable) [") {
            for code in Engine.behaviourChangeCodes where line.hasSuffix("[\(code)]") { counts[code, default: 0] += 1 }
        }
        return counts
    }

    /// The shipped sample: its four warnings about behaviour (OBS209, OBS210) are in check, in
    /// fix's diff and in fix --write's output, still in check afterwards until suppressed, and
    /// every count of what is left for a person agrees.
    func testBehaviourChangesOfTheSampleAppAreNeverSilent() throws {
        let caseDir = FixtureSupport.fixturesRoot.appendingPathComponent("sample-app/bookshelf")
        let work = FixtureSupport.scratch("behaviour-changes-sample")
        defer { try? FileManager.default.removeItem(at: work) }
        try FixtureSupport.copy(caseDir.appendingPathComponent("input"), to: work)
        let args = ["--project-root", ".", "."]
        func lines(_ out: String) -> [String] {
            out.split(separator: "\n").map(String.init).filter { line in Engine.behaviourChangeCodes.contains { line.hasSuffix("[\($0)]") } }
        }
        let check = runTool(["check"] + args, cwd: work.path)
        XCTAssertEqual(lines(check.out).count, 4, check.out)
        let left = check.out.split(separator: "\n").last.flatMap { $0.split(separator: " ").dropLast(3).last }.map(String.init) ?? "?"
        XCTAssertTrue(check.out.hasSuffix("\(left) need a person.\n"), check.out)
        let diff = runTool(["fix"] + args, cwd: work.path)
        XCTAssertEqual(lines(diff.out).count, 4, diff.out)
        XCTAssertTrue(diff.out.contains("@State 'model' is set with State(wrappedValue:), which creates BookDetailModel each time the view is initialised"), diff.out)
        XCTAssertTrue(diff.out.contains("\(left) would be left for a person, with 4 warnings about behaviour (listed above)."), diff.out)
        let write = runTool(["fix", "--write"] + args, cwd: work.path)
        XCTAssertEqual(lines(write.out).count, 4, write.out)
        XCTAssertTrue(write.out.contains("\(left) left for a person"), write.out)
        let after = runTool(["check"] + args, cwd: work.path)
        XCTAssertEqual(lines(after.out), lines(write.out), after.out)
        XCTAssertTrue(after.out.hasSuffix("\(left) need a person.\n"), after.out)

        // A person who accepts one suppresses it like any finding.
        let detail = work.appendingPathComponent("Views/BookDetailView.swift")
        let text = try String(contentsOf: detail, encoding: .utf8)
        let suppressed = text.replacingOccurrences(of: "        _model = State(wrappedValue:",
                                                   with: "        // obs-migrate:disable-next-line OBS209\n        _model = State(wrappedValue:")
        XCTAssertNotEqual(suppressed, text, "the migrated BookDetailView sets no _model = State(wrappedValue:)")
        try suppressed.write(to: detail, atomically: true, encoding: .utf8)
        let accepted = runTool(["check"] + args, cwd: work.path)
        XCTAssertEqual(lines(accepted.out).count, 3, accepted.out)
        XCTAssertFalse(accepted.out.contains("BookDetailModel each time"), accepted.out)
    }
}

/// `fix PATH` and `fix --write` with a read-only file keep every model whose migration edits a
/// file they cannot rewrite, from `ProjectIndex.filesTouchedByMigration()`: so every file a
/// fix changes must be among the files its migrating models declare they touch. On every
/// fixture, the files the plan changes are checked against them.
final class TouchedFilesTests: XCTestCase {
    func testFixesChangeOnlyFilesTheirModelsDeclare() throws {
        for caseDir in FixtureSupport.cases() {
            let name = caseDir.path.replacingOccurrences(of: FixtureSupport.fixturesRoot.path + "/", with: "")
            let args = FixtureSupport.arguments(caseDir)
            // Cases that select or ignore rules plan with other settings; their edits are a subset.
            if args.contains(where: { $0 == "--select" || $0 == "--ignore" }) { continue }
            try check(caseDir.appendingPathComponent("input").path, name: name, bumps: args.contains("--bump-deployment-target"))
        }
        // Real apps kept outside the repository, when given: OBS_MIGRATE_REAL_APPS=dir1:dir2.
        let apps = ProcessInfo.processInfo.environment["OBS_MIGRATE_REAL_APPS"]?.split(separator: ":").map(String.init) ?? []
        for app in apps { try check(app, name: app, bumps: true) }
    }

    func check(_ input: String, name: String, bumps: Bool) throws {
        let policy = MigrationPolicy(bumpsLowTargets: bumps)
        let project = ProjectLoader.load(LoadOptions(paths: [input], projectRoot: input, currentDirectory: input))
        let index = Engine.settle(files: project.files, selection: RuleSelection(), unusable: project.unusable, policy: policy)
        var declared = Set<Int>()
        for (model, files) in index.filesTouchedByMigration() where index.models[model]!.migrates { declared.formUnion(files) }
        // Targets are raised alongside the others, also where none of their models migrates,
        // and left alone where they cannot be written (RobustnessTests.testReadOnlyManifest...).
        if bumps { for target in index.lowDeploymentTargets { declared.insert(target.site.file) } }
        let plan = try FixCommand.plan(project, selection: RuleSelection(), policy: policy)
        let undeclared = plan.originals.keys.filter { !declared.contains($0) }.map { plan.project.files[$0].path }.sorted()
        XCTAssertEqual(undeclared, [], "\(name): changed by the fix, but no migrating model declares it touches them")
    }
}
