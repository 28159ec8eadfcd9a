import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateCLI

/// The loader lets go of the tokens of files that hold none of `ProjectFile.wordsThatMatter`,
/// and the index and rules then skip them. That must change nothing: every finding, fix,
/// decision and rewrite is compared with a run that keeps every token and runs every rule on
/// every file.
final class TokenDroppingTests: XCTestCase {
    func testFixturesGiveTheSameResultsWithAndWithoutDroppedTokens() throws {
        var dropped = 0
        for dir in FixtureSupport.cases() + [FixtureSupport.fixturesRoot.appendingPathComponent("sample-app")] {
            dropped += try assertSameResults(in: dir.path)
        }
        XCTAssertGreaterThan(dropped, 0, "no fixture file had its tokens let go: the comparison tested nothing")
    }

    func testGeneratedCorpusGivesTheSameResultsWithAndWithoutDroppedTokens() throws {
        let out = NSTemporaryDirectory() + "obs-migrate-dropping-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FixtureSupport.generateCorpus(at: out, megabytes: 1.5, seed: 11)
        let dropped = try assertSameResults(in: out)
        XCTAssertGreaterThan(dropped, 10, "the generated corpus should have plain Swift files whose tokens go")
    }

    /// Files with none of the words, each of which something still reads: a model's subclass
    /// (OBS101, OBS103), a protocol refining a refining protocol (OBS203), a model extension
    /// touching `_name` storage (a blocker), and a type whose member types a receiver.
    func testFilesThatAreDroppedButStillMatter() throws {
        let dir = try writeProject([
            // `Int.zero`: a type no publisher in place of `$count` could name, so that use keeps Base.
            "Base.swift": "import Combine\nclass Base: ObservableObject {\n    @Published var count = Int.zero\n}\nprotocol Store: ObservableObject {}\n",
            "Sub.swift": "final class Sub: Base {\n    lazy var cache = [Int]()\n    var name = \"\"\n}\n",
            "Refining.swift": "protocol LocalStore: Store {}\n",
            "Storage.swift": "extension Base {\n    func log() { print(_count) }\n}\n",
            "Container.swift": "struct Container {\n    let base = Base()\n}\n",
            "Settings.swift": "import Combine\nclass Settings: ObservableObject {}\n",
            "LocalSettings.swift": "final class LocalSettings: Settings {\n    lazy var cache = [Int]()\n}\n",
            "View.swift": "import SwiftUI\nstruct V: View {\n    let container = Container()\n    var body: some View { Text(\"x\").onReceive(container.base.$count) { _ in } }\n}\n",
        ])
        let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        let dropped = Set(project.files.filter(\.tokensDropped).map { URL(fileURLWithPath: $0.path).lastPathComponent })
        XCTAssertEqual(dropped, ["Sub.swift", "Refining.swift", "Storage.swift", "Container.swift", "LocalSettings.swift"])
        try assertSameResults(in: dir)
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection())
        // Read from dropped files: the storage use in Storage.swift, the member that types
        // `container.base` in Container.swift.
        let reasons = analysis.index.models["Base"]?.blockers.map(\.message) ?? []
        XCTAssertTrue(reasons.contains { $0.contains("_count") }, "\(reasons)")
        XCTAssertTrue(reasons.contains { $0.contains("$count publisher") }, "\(reasons)")
        XCTAssertEqual(analysis.index.models["LocalSettings"]?.migrates, true)
        let codes = Set(analysis.findings.flatMap { $0 }.filter { project.files[$0.file].tokensDropped }.map(\.code))
        XCTAssertEqual(codes, ["OBS101", "OBS103", "OBS203"], "rules still report in dropped files")
    }

    /// The two passes over every file (uses of a member `extension ObservableObject` adds, calls
    /// of a declaration constrained to ObservableObject) look in dropped files too, whose bytes
    /// are searched for the names before they are lexed again.
    func testPassesOverEveryFileReadDroppedFiles() throws {
        let dir = try writeProject([
            "Model.swift": "import Combine\nfinal class Model: ObservableObject {\n    @Published var count = 0\n}\n",
            "Other.swift": "import Combine\nfinal class Other: ObservableObject {\n    @Published var name = \"\"\n}\n",
            "Shared.swift": "import Combine\nextension ObservableObject {\n    func describeState() -> String { \"\" }\n}\n"
                + "func track<T: ObservableObject>(_ object: T) {}\n",
            "Uses.swift": "struct Uses {\n    let model = Model()\n    func run() {\n        track(model)\n        print(model.describeState())\n    }\n}\n",
            "Mentions.swift": "// describeState() and track(_:) are only named here\nstruct Mentions {}\n",
            "Plain.swift": "struct Plain {\n    func run() {}\n}\n",
        ])
        let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        let dropped = Set(project.files.filter(\.tokensDropped).map { URL(fileURLWithPath: $0.path).lastPathComponent })
        XCTAssertEqual(dropped, ["Uses.swift", "Mentions.swift", "Plain.swift"])
        try assertSameResults(in: dir)
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection())
        let model = analysis.index.models["Model"]?.blockers.map(\.message) ?? []
        XCTAssertTrue(model.contains { $0.contains("passed to track") }, "\(model)")
        XCTAssertTrue(model.contains { $0.contains("adds describeState") }, "\(model)")
        let other = analysis.index.models["Other"]?.blockers.map(\.message) ?? []
        XCTAssertEqual(other, ["an extension for ObservableObjects adds describeState, which models lose when they migrate"])
    }

    /// An `@AppStorage` left unobserved (UnobservedStorage.swift) is read through its model only
    /// in a dropped file's interpolation, or only in a dropped extension's computed property:
    /// each keeps its model, as with every token kept; one read nowhere migrates.
    func testUnobservedStorageSeesDroppedFiles() throws {
        // Another name each: a read of one name through any receiver keeps every class with it.
        let model = { (name: String, key: String, property: String) in
            "import SwiftUI\nfinal class \(name): ObservableObject {\n    @AppStorage(\"\(key)\") var \(property) = 5\n    @Published var items: [String] = []\n}\n"
        }
        let dir = try writeProject([
            "Shown.swift": model("Shown", "shown.minutes", "minutes"),
            "Extended.swift": model("Extended", "extended.minutes", "interval"),
            "Unread.swift": model("Unread", "unread.minutes", "delay"),
            "Holder.swift": "struct Holder {\n    let shown = Shown()\n    func label() -> String { \"every \\(shown.minutes) min\" }\n}\n",
            "More.swift": "extension Extended {\n    var label: String { \"every \\(interval) min\" }\n}\n",
        ])
        let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        let dropped = Set(project.files.filter(\.tokensDropped).map { URL(fileURLWithPath: $0.path).lastPathComponent })
        XCTAssertEqual(dropped, ["Holder.swift", "More.swift"])
        try assertSameResults(in: dir)
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection())
        XCTAssertEqual(analysis.index.models["Shown"]?.migrates, false)
        XCTAssertEqual(analysis.index.models["Extended"]?.migrates, false)
        XCTAssertEqual(analysis.index.models["Unread"]?.migrates, true)
    }

    /// The counter's search for reads outside its class of a property holding what changes
    /// unseen (UntrackedChanges.swift) reads a let-go file whose only read of it is inside an
    /// interpolation: before the filter held the words in strings, that file was skipped, and the
    /// counter stood in for the send alone. Seen, the read makes each send announce a mutation of
    /// `cache` (with every token kept, the same); a `let` read there keeps the class.
    func testCounterSeesAReadInALetGoInterpolation() throws {
        let dir = try writeProject([
            "Model.swift": "import Combine\nimport Foundation\nfinal class Cache {\n    var entries: [String] = []\n}\n"
                + "final class Store: ObservableObject {\n    @Published var title = \"\"\n    var cache = Cache()\n"
                + "    func save(_ value: Bool) {\n        UserDefaults.standard.set(value, forKey: \"flag\")\n        objectWillChange.send()\n    }\n"
                + "    var flag: Bool { UserDefaults.standard.bool(forKey: \"flag\") }\n}\nstruct Holder {\n    let store: Store\n}\n",
            "View.swift": "import SwiftUI\nstruct V: View {\n    @ObservedObject var store: Store\n    var body: some View { Text(\"\\(store.flag)\") }\n}\n",
            "Report.swift": "struct Report {\n    func line(_ holder: Holder) -> String { \"cached: \\(holder.store.cache.entries.count)\" }\n}\n",
        ])
        let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        XCTAssertEqual(project.files.filter(\.tokensDropped).map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["Report.swift"])
        try assertSameResults(in: dir)
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection())
        XCTAssertEqual(analysis.index.untrackedChangeCounters["Store"]?.announced, ["cache"])

        // The same read of a `let`, whose mutation nothing can announce: the class stays, for it.
        let modelPath = (dir as NSString).appendingPathComponent("Model.swift")
        let model = try String(contentsOfFile: modelPath, encoding: .utf8)
        try model.replacingOccurrences(of: "var cache = Cache()", with: "let cache = Cache()")
            .write(toFile: modelPath, atomically: true, encoding: .utf8)
        let reloaded = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        let again = Engine.analyze(files: reloaded.files, reported: reloaded.reported, selection: RuleSelection())
        let reasons = again.index.models["Store"]?.blockers.map(\.message) ?? []
        XCTAssertTrue(reasons.contains { $0.contains("'cache'") && $0.contains("read outside the class") }, "\(reasons)")
    }

    /// A file whose bytes were let go is read again when needed: unchanged, it is as scanned;
    /// changed meanwhile, the run is marked untrustworthy (commands then exit 2) and nothing
    /// built from the first read goes out of range.
    func testFileChangedBeforeBeingReadAgainIsReported() throws {
        let files = [
            // `Int.zero`: a type no publisher in place of `$count` could name, so that use keeps Base.
            "Base.swift": "import Combine\nclass Base: ObservableObject {\n    @Published var count = Int.zero\n}\n",
            "Container.swift": "struct Container {\n    let base = Base()\n    let other = 1\n}\n",
            "View.swift": "import SwiftUI\nstruct V: View {\n    let container = Container()\n    var body: some View { Text(\"x\").onReceive(container.base.$count) { _ in } }\n}\n",
        ]
        let dir = try writeProject(files)
        func run() -> (LoadedProject, Analysis) {
            let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
            XCTAssertEqual(project.files.filter(\.tokensDropped).map { $0.path.lastPathComponent }, ["Container.swift"])
            return (project, Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection()))
        }

        let (same, analysis) = run()
        XCTAssertNil(same.changedDuringRun)
        XCTAssertEqual(analysis.index.models["Base"]?.migrates, false, "Container.swift was read again to type container.base")
        let container = same.files.first { $0.path.hasSuffix("Container.swift") }!
        XCTAssertEqual(container.bytes, Array(files["Container.swift"]!.utf8))

        // Changed between the load and the index's read: same length, other text.
        let project = ProjectLoader.load(LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir))
        try "struct Container {\n    let base = Bass()\n    let other = 2\n}\n".write(toFile: dir + "/Container.swift", atomically: true, encoding: .utf8)
        _ = Engine.analyze(files: project.files, reported: project.reported, selection: RuleSelection())
        XCTAssertEqual(project.changedFiles.all.map(\.lastPathComponent), ["Container.swift"])
        XCTAssertTrue(project.changedDuringRun?.contains("changed while obs-migrate was reading the project") ?? false)
    }

    /// A folder holding `files` (name to text), removed when the test ends.
    func writeProject(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "obs-migrate-dropping-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    /// Loads `dir` both ways and compares; returns how many files had their tokens let go.
    @discardableResult
    func assertSameResults(in dir: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        func load(dropping: Bool) -> LoadedProject {
            var options = LoadOptions(paths: [dir], projectRoot: dir, currentDirectory: dir)
            options.dropsUnneededTokens = dropping
            return ProjectLoader.load(options)
        }
        let lean = load(dropping: true), full = load(dropping: false)
        XCTAssertEqual(lean.files.map(\.path), full.files.map(\.path), file: file, line: line)
        XCTAssertFalse(full.files.contains(where: \.tokensDropped), file: file, line: line)
        // Default rules, and a deselected fix rule (then every file's fixes are re-checked).
        for selection in [RuleSelection(), RuleSelection(ignore: ["OBS102"])] {
            let a = Engine.analyze(files: lean.files, reported: lean.reported, selection: selection, unusable: lean.unusable)
            let b = Engine.analyze(files: full.files, reported: full.reported, selection: selection, unusable: full.unusable)
            XCTAssertEqual(Self.describe(a), Self.describe(b), "\(dir), ignore \(selection.ignore)", file: file, line: line)
            let fixedLean = try FixCommand.plan(lean, selection: selection).fixed
            let fixedFull = try FixCommand.plan(full, selection: selection).fixed
            XCTAssertEqual(fixedLean, fixedFull, "\(dir): fix rewrote differently", file: file, line: line)
        }
        return lean.files.filter(\.tokensDropped).count
    }

    /// Every finding with its fix, and every model's decision, as comparable text.
    static func describe(_ analysis: Analysis) -> [String] {
        var lines: [String] = []
        for (k, findings) in analysis.findings.enumerated() {
            let path = analysis.index.files[analysis.reported[k]].path
            for f in findings {
                let fix = f.fix.map { $0.map { "\($0.range)=\($0.replacement.debugDescription)" }.joined(separator: ",") } ?? "none"
                lines.append("\(path) \(f.range) \(f.code) \(f.message) model=\(f.model ?? "-") fix=\(fix)")
            }
        }
        for name in analysis.index.models.keys.sorted() {
            lines.append("model \(name) migrates=\(analysis.index.models[name]!.migrates) \(analysis.index.explanations[name] ?? "")")
        }
        return lines
    }

    /// A dropped file read again is trusted only if its digest matches: any one changed byte,
    /// in the 32-byte steps or in the tail, and any change of length must show.
    func testContentDigestSeesEveryOneByteChange() {
        var random = SplitMix64(seed: 7)
        for length in [0, 1, 7, 8, 31, 32, 33, 64, 95, 200] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let digest = ContentDigest(bytes)
            XCTAssertEqual(ContentDigest(bytes), digest)
            XCTAssertNotEqual(ContentDigest(bytes + [0]), digest, "length \(length) + 1")
            for position in bytes.indices {
                for flip: UInt8 in [0x01, 0x80, 0xFF] {
                    var changed = bytes
                    changed[position] ^= flip
                    XCTAssertNotEqual(ContentDigest(changed), digest, "length \(length), byte \(position) ^ \(flip)")
                }
            }
        }
    }
}
