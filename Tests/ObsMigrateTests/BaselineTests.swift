import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateReport

/// `check --write-baseline` records today's findings; `check --baseline` reports only new ones,
/// matched by file, rule and line content, not by line number.
final class BaselineTests: XCTestCase {
    func project() throws -> URL {
        let dir = FixtureSupport.scratch("baseline")
        try FixtureSupport.copy(FixtureSupport.fixturesRoot.appendingPathComponent("sample-app/bookshelf/input"), to: dir)
        return dir
    }

    func testOnlyNewFindingsAreReportedAfterEditsAboveThem() throws {
        let dir = try project()
        let args = ["check", "--project-root", "."]
        let all = runTool(args + ["."], cwd: dir.path)
        let written = runTool(args + ["--write-baseline", "baseline.json", "."], cwd: dir.path)
        XCTAssertEqual(all.code, 1)
        XCTAssertEqual(written.code, 0, "recording a baseline succeeds (a CI step under set -e goes on)")
        XCTAssertEqual(written.out, "", "recording a baseline says what it wrote, not every finding")
        // As many as check reports: "Found N issues in ...".
        let count = try XCTUnwrap(all.out.split(separator: "\n").last?.split(separator: " ").dropFirst().first.map(String.init))
        XCTAssertGreaterThan(Int(count) ?? 0, 10, all.out)
        XCTAssertTrue(written.err.contains("wrote \(count) findings to the baseline baseline.json"), written.err)

        let clean = runTool(args + ["--baseline", "baseline.json", "."], cwd: dir.path)
        XCTAssertEqual(clean.code, 0)
        XCTAssertEqual(clean.out, "No new ObservableObject patterns found (21 files checked); \(count) known issues are in the baseline.\n")

        // Lines added above every finding of a file, and a new legacy class below them.
        let file = dir.appendingPathComponent("Views/BookDetailView.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = "// moved\n// down\n\n" + text + "\nfinal class NewLegacy: ObservableObject {\n    @Published var added = 0\n}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let new = runTool(args + ["--baseline", "baseline.json", "."], cwd: dir.path)
        XCTAssertEqual(new.code, 1)
        let lines = new.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, new.out)
        XCTAssertTrue(lines[0].contains("NewLegacy conforms to ObservableObject"), new.out)
        XCTAssertTrue(lines[1].contains("@Published 'added'"), new.out)
        XCTAssertTrue(lines[2].hasSuffix("\(count) known issues are in the baseline."), new.out)

        let json = runTool(args + ["--baseline", "baseline.json", "--format", "json", "."], cwd: dir.path)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["code"] as? String }, ["OBS101", "OBS102"])
    }

    func testEachEntryMatchesOneFindingAndTheFileIsChecked() throws {
        var matcher = Baseline.Matcher(Baseline(entries: [
            .init(path: "A.swift", code: "OBS102", line: "@Published var x = 0"),
        ]))
        let entry = Baseline.Entry(path: "A.swift", code: "OBS102", line: "@Published var x = 0")
        XCTAssertTrue(matcher.absorbs(entry))
        XCTAssertFalse(matcher.absorbs(entry), "a second identical line is a new finding")
        XCTAssertFalse(matcher.absorbs(.init(path: "B.swift", code: "OBS102", line: "@Published var x = 0")))
        XCTAssertEqual(Baseline.entry(path: "A.swift", code: "OBS102", bytes: Array("a\n    @Published var x = 0  \nb".utf8), offset: 8).line,
                       "@Published var x = 0")

        let dir = try project()
        try "{\"version\": 2, \"findings\": []}".write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        let bad = runTool(["check", "--project-root", ".", "--baseline", "old.json", "."], cwd: dir.path)
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(bad.err, "obs-migrate: error: old.json: not a baseline file of this version (expected \"version\": 1)\n")
    }

    /// A baseline that cannot be used is one clean line and exit 2, never a Swift debug value
    /// (`JSONSyntaxError(line: 2, ...)`, `CocoaError(code: ...)`).
    func testBaselineErrorsAreOneCleanLine() throws {
        let dir = try project()
        try "{\"version\": 1,\n".write(to: dir.appendingPathComponent("malformed.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        let cases: [(args: [String], message: String)] = [
            (["--baseline", "malformed.json"],
             "malformed.json: not a baseline file: invalid JSON at line 2, column 1: expected a key in double quotes, found the end of the file"),
            (["--baseline", "none.json"], "--baseline none.json: no such file (write one with --write-baseline)"),
            (["--baseline", "folder.json"], "--baseline folder.json: is a folder, not a file"),
            (["--write-baseline", "no/such/folder/baseline.json"],
             "--write-baseline no/such/folder/baseline.json: cannot write the file (No such file or directory)"),
            (["--write-baseline", "folder.json"], "--write-baseline folder.json: cannot write the file (Is a directory)"),
        ]
        for item in cases {
            let result = runTool(["check", "--project-root", "."] + item.args + ["."], cwd: dir.path)
            XCTAssertEqual(result.code, 2, "\(item.args)")
            XCTAssertEqual(result.out, "", "\(item.args)")
            XCTAssertEqual(result.err, "obs-migrate: error: \(item.message)\n", "\(item.args)")
        }
    }

    /// chmod 000 only stops a non-root user: as root, the tool runs as `nobody` for this test.
    func testUnreadableBaselineIsOneCleanLine() throws {
        let dir = try project()
        let unreadable = dir.appendingPathComponent("unreadable.json")
        try Baseline(entries: []).encoded().write(to: unreadable, atomically: true, encoding: .utf8)
        chown(tree: dir.path, to: 65534)
        chmod(unreadable.path, 0)
        let result = try asUnprivilegedUser { runTool(["check", "--project-root", ".", "--baseline", "unreadable.json", "."], cwd: dir.path) }
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "obs-migrate: error: --baseline unreadable.json: cannot read the file (Permission denied)\n")
    }
}
