import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport
@testable import ObsMigrateReport
@testable import ObsMigrateCLI

/// `--format text|json|github|sarif`: golden outputs on a multi-file fixture, the JSON against
/// the text output finding by finding, the JSON fix edits against `expected/`, the SARIF log
/// read by a real consumer (sarif-tools from PyPI), and the progress line.
///
/// Golden files live beside the fixture's check.txt in Fixtures/formats/multi-file/:
/// check.json, check.github.txt, check.sarif (with the rule texts and the version elided; they
/// are checked against the rule metadata instead), fix.json (fix without --write) and
/// fix-write.github.txt. OBS_MIGRATE_UPDATE_GOLDEN=1 rewrites them; review the diff.
final class ReporterTests: XCTestCase {
    static let caseDir = FixtureSupport.fixturesRoot.appendingPathComponent("formats/multi-file")
    var updating: Bool { ProcessInfo.processInfo.environment["OBS_MIGRATE_UPDATE_GOLDEN"] == "1" }

    /// A fresh copy of the fixture's input/, and the harness's arguments.
    func workCopy(_ name: String) throws -> URL {
        let work = FixtureSupport.scratch("reporter-\(name)")
        try FixtureSupport.copy(Self.caseDir.appendingPathComponent("input"), to: work)
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        return work
    }

    func check(_ format: String, in work: URL) -> (code: Int32, out: String, err: String) {
        runTool(["check", "--project-root", ".", "--format", format, "."], cwd: work.path)
    }

    func assertGolden(_ actual: String, _ file: String, line: UInt = #line) throws {
        let url = Self.caseDir.appendingPathComponent(file)
        if updating { try actual.write(to: url, atomically: true, encoding: .utf8) }
        let golden = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing \(file)>"
        XCTAssertEqual(actual, golden, "output differs from Fixtures/formats/multi-file/\(file)", line: line)
    }

    static func jsonObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The SARIF log with what churns elided: the tool version, the absolute project root, and
    /// the rule descriptors' texts (asserted equal to the rule metadata first).
    func normalizedSarif(_ text: String, root: URL) throws -> String {
        var log = try JSONParser.parse(Array(text.utf8))
        guard case .object(var top) = log, case .array(var runs)? = log["runs"], case .object(var run) = runs[0],
              case .object(var tool)? = runs[0]["tool"], case .object(var driver)? = tool.first?.value,
              case .array(let rules)? = runs[0]["tool"]?["driver"]?["rules"] else {
            XCTFail("SARIF log without runs[0].tool.driver.rules")
            return text
        }
        XCTAssertEqual(rules.count, RuleRegistry.all.count, "one reportingDescriptor per registry rule")
        var elided: [JSONValue] = []
        for (rule, registered) in zip(rules, RuleRegistry.all) {
            let m = registered.metadata
            XCTAssertEqual(rule["id"], .string(m.code))
            XCTAssertEqual(rule["name"], .string(m.name))
            XCTAssertEqual(rule["shortDescription"]?["text"], .string(m.summary))
            XCTAssertEqual(rule["fullDescription"]?["text"], .string(m.rationale))
            XCTAssertEqual(rule["help"]?["text"], .string(m.rationale))
            XCTAssertEqual(rule["help"]?["markdown"], .string(RuleDocs.markdown(m)))
            XCTAssertEqual(rule["defaultConfiguration"]?["level"], .string(m.severity == .error ? "error" : m.severity == .warning ? "warning" : "note"))
            guard case .object(var pairs) = rule else { continue }
            for k in pairs.indices where ["shortDescription", "fullDescription", "help"].contains(pairs[k].key) {
                pairs[k].value = .obj(["text": .string("<from the rule metadata>")])
            }
            elided.append(.object(pairs))
        }
        for k in driver.indices {
            if driver[k].key == "rules" { driver[k].value = .array(elided) }
            if driver[k].key == "version" || driver[k].key == "semanticVersion" {
                XCTAssertEqual(driver[k].value, .string(CommandLineTool.version))
                driver[k].value = .string("<version>")
            }
        }
        tool[0].value = .object(driver)
        let rootURI = "file://" + SarifReporter.uriPath(ProjectLoader.absolutePath(".", cwd: root.path) + "/")
        for k in run.indices {
            if run[k].key == "tool" { run[k].value = .object(tool) }
            if run[k].key == "originalUriBaseIds" {
                XCTAssertEqual(run[k].value, .obj(["%SRCROOT%": .obj(["uri": .string(rootURI)])]))
                run[k].value = .obj(["%SRCROOT%": .obj(["uri": .string("file:///PROJECT/")])])
            }
        }
        runs[0] = .object(run)
        for k in top.indices where top[k].key == "runs" { top[k].value = .array(runs) }
        log = .object(top)
        return log.encoded() + "\n"
    }

    // MARK: Golden outputs

    func testGoldenOutputsForEveryFormat() throws {
        let work = try workCopy("golden")
        let text = check("text", in: work)
        let golden = try String(contentsOf: Self.caseDir.appendingPathComponent("check.txt"), encoding: .utf8)
        XCTAssertEqual(text.out, golden, "--format text is the default output (check.txt)")

        for (format, file) in [("json", "check.json"), ("github", "check.github.txt")] {
            let result = check(format, in: work)
            XCTAssertEqual(result.code, 1, "\(format): exit status with findings")
            XCTAssertEqual(result.err, "", "\(format): nothing on stderr")
            try assertGolden(result.out, file)
        }
        let sarif = check("sarif", in: work)
        XCTAssertEqual(sarif.code, 1)
        XCTAssertEqual(sarif.err, "")
        try assertGolden(try normalizedSarif(sarif.out, root: work), "check.sarif")

        // fix without --write: for a machine format, what is left for a person instead of the
        // diff, located in the files as they are on disk (nothing was written).
        let before = FixtureSupport.tree(work)
        let fix = runTool(["fix", "--project-root", ".", "--format", "json", "."], cwd: work.path)
        XCTAssertEqual(fix.code, 1, "fix without --write exits 1 when it would change something")
        XCTAssertEqual(fix.err, "")
        XCTAssertEqual(FixtureSupport.tree(work), before, "fix without --write wrote something")
        try assertGolden(fix.out, "fix.json")

        // fix --write: the findings left, in the rewritten files.
        let write = runTool(["fix", "--write", "--project-root", ".", "--format", "github", "."], cwd: work.path)
        XCTAssertEqual(write.code, 1, "findings are left for a person")
        XCTAssertEqual(write.err, "")
        try assertGolden(write.out, "fix-write.github.txt")
    }

    /// Xcode shows a run-script phase's lines inline when they have swiftc's form: every finding
    /// and note line of the text output is `path:line:column: warning|error|note: message`.
    func testTextOutputHasTheCompilersForm() throws {
        let work = try workCopy("swiftc-form")
        let out = check("text", in: work).out.split(separator: "\n").dropLast()  // the summary
        XCTAssertFalse(out.isEmpty)
        for line in out {
            XCTAssertNotNil(line.wholeMatch(of: /[^:]+\.swift:[1-9][0-9]*:[1-9][0-9]*: (warning|error|note): .+/), String(line))
        }
    }

    // MARK: CI formats

    /// codeclimate, checkstyle and junit, each read by a real consumer of the format, list the
    /// same findings as the text output.
    func testCIFormatsAreReadByTheirConsumersWithTheTextCount() throws {
        let consumer: URL
        switch SarifTools.executable() {
        case .success: consumer = SarifTools.python
        case .failure(let failure): return XCTFail("the report consumers are unavailable: \(failure.message)")
        }
        let work = try workCopy("ci-formats")
        let textCount = Self.parseText(check("text", in: work).out).count
        XCTAssertGreaterThan(textCount, 0)
        let script = FixtureSupport.packageRoot.appendingPathComponent("Tests/ObsMigrateTests/Consumers/read_reports.py")
        for format in ["codeclimate", "checkstyle", "junit"] {
            let result = check(format, in: work)
            XCTAssertEqual(result.code, 1, "\(format): exit status with findings")
            XCTAssertEqual(result.err, "")
            try assertGolden(result.out, "check.\(format == "codeclimate" ? "codeclimate.json" : format + ".xml")")
            let file = work.appendingPathComponent("report.\(format)")
            try result.out.write(to: file, atomically: true, encoding: .utf8)
            let read = SarifTools.run(consumer, [script.path, format, file.path])
            XCTAssertEqual(read.status, 0, "\(format) consumer failed:\n\(read.output)")
            XCTAssertEqual(read.output.trimmingCharacters(in: .whitespacesAndNewlines), String(textCount), "\(format) lists as many findings as text")
        }
        // A clean run is a valid, empty report.
        let clean = FixtureSupport.scratch("ci-formats-clean")
        try FileManager.default.createDirectory(at: clean, withIntermediateDirectories: true)
        try "final class Plain {}\n".write(to: clean.appendingPathComponent("P.swift"), atomically: true, encoding: .utf8)
        for format in ["codeclimate", "checkstyle", "junit"] {
            let result = runTool(["check", "--project-root", ".", "--format", format, "."], cwd: clean.path)
            XCTAssertEqual(result.code, 0)
            let file = clean.appendingPathComponent("report.\(format)")
            try result.out.write(to: file, atomically: true, encoding: .utf8)
            let read = SarifTools.run(consumer, [script.path, format, file.path])
            XCTAssertEqual(read.output.trimmingCharacters(in: .whitespacesAndNewlines), "0", "\(format): \(read.output)")
        }
    }

    // MARK: JSON

    struct TextFinding: Equatable, CustomStringConvertible {
        var path: String, line: Int, column: Int, severity: String, message: String, code: String
        var description: String { "\(path):\(line):\(column): \(severity): \(message) [\(code)]" }
    }

    static func parseText(_ output: String) -> [TextFinding] {
        output.split(separator: "\n").compactMap { line -> TextFinding? in
            let line = String(line)
            guard let severityRange = line.range(of: ": warning: ") ?? line.range(of: ": error: ") ?? line.range(of: ": info: "),
                  line.hasSuffix("]"), let open = line.range(of: " [", options: .backwards) else { return nil }
            let location = line[..<severityRange.lowerBound].split(separator: ":").map(String.init)
            guard location.count >= 3, let l = Int(location[location.count - 2]), let c = Int(location[location.count - 1]) else { return nil }
            let severity = line[severityRange].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            return TextFinding(path: location.dropLast(2).joined(separator: ":"), line: l, column: c, severity: severity,
                               message: String(line[severityRange.upperBound..<open.lowerBound]),
                               code: String(line[open.upperBound...].dropLast()))
        }
    }

    func testJSONMatchesTheTextFindingsOneForOne() throws {
        let work = try workCopy("json-text")
        let text = Self.parseText(check("text", in: work).out)
        XCTAssertEqual(text.count, 13)
        let json = try XCTUnwrap(try Self.jsonObject(check("json", in: work).out) as? [[String: Any]])
        XCTAssertEqual(json.count, text.count, "one JSON object per text finding")
        let fields: Set<String> = ["path", "line", "column", "end_line", "end_column", "code", "name", "severity",
                                   "message", "fixable", "fix", "notes"]
        for (object, finding) in zip(json, text) {
            XCTAssertEqual(Set(object.keys), fields, "JSON fields of \(finding)")
            let fromJSON = TextFinding(path: object["path"] as? String ?? "", line: object["line"] as? Int ?? 0,
                                       column: object["column"] as? Int ?? 0, severity: object["severity"] as? String ?? "",
                                       message: object["message"] as? String ?? "", code: object["code"] as? String ?? "")
            XCTAssertEqual(fromJSON, finding)
            let fixable = object["fixable"] as? Bool
            XCTAssertEqual(fixable, finding.message.hasSuffix("(fixable)"), "fixable of \(finding)")
            XCTAssertEqual(object["fix"] is NSNull, fixable == false, "fix is null exactly when not fixable: \(finding)")
            XCTAssertEqual(object["name"] as? String, RuleRegistry.rule(finding.code)?.metadata.name)
            let (endLine, endColumn) = (object["end_line"] as? Int ?? 0, object["end_column"] as? Int ?? 0)
            XCTAssertTrue((endLine, endColumn) > (finding.line, finding.column), "the range of \(finding) is not empty")
        }
    }

    /// The JSON edits are positions in the original files: applying them all (with an applier
    /// written here, from lines and byte columns) gives exactly the fixture's expected/ files.
    func testJSONFixEditsRebuildTheExpectedFiles() throws {
        let work = try workCopy("json-edits")
        let json = try XCTUnwrap(try Self.jsonObject(check("json", in: work).out) as? [[String: Any]])
        var editsByPath: [String: [(start: (Int, Int), end: (Int, Int), content: String)]] = [:]
        for object in json {
            guard let fix = object["fix"] as? [String: Any] else { continue }
            XCTAssertEqual(Set(fix.keys), ["edits"])
            for edit in try XCTUnwrap(fix["edits"] as? [[String: Any]]) {
                XCTAssertEqual(Set(edit.keys), ["start_line", "start_column", "end_line", "end_column", "content"])
                editsByPath[object["path"] as! String, default: []].append((
                    (edit["start_line"] as! Int, edit["start_column"] as! Int),
                    (edit["end_line"] as! Int, edit["end_column"] as! Int), edit["content"] as! String))
            }
        }
        let expected = FixtureSupport.tree(Self.caseDir.appendingPathComponent("expected"))
        XCTAssertEqual(Set(editsByPath.keys), Set(expected.keys), "the files with edits are the files fix changes")
        for (path, edits) in editsByPath {
            var bytes = [UInt8](try Data(contentsOf: work.appendingPathComponent(path)))
            var lineStarts = [0]
            for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
            func offset(_ p: (Int, Int)) -> Int { lineStarts[p.0 - 1] + p.1 - 1 }
            for edit in edits.sorted(by: { offset($0.start) > offset($1.start) }) {
                bytes.replaceSubrange(offset(edit.start)..<offset(edit.end), with: Array(edit.content.utf8))
            }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected[path].map { String(decoding: $0, as: UTF8.self) },
                           "\(path): the JSON edits applied to the input")
        }
    }

    /// `fix` without `--write` in a machine format lists what is left for a person, located in
    /// the files as they are on disk: here exactly check's findings that are not fixable, though
    /// the fixed text of Models/Library.swift has one more line (the added import) above them.
    func testFixWithoutWriteReportsWhatIsLeftWhereItIsOnDisk() throws {
        let work = try workCopy("fix-left")
        let check = try XCTUnwrap(try Self.jsonObject(check("json", in: work).out) as? [[String: Any]])
        let fix = try XCTUnwrap(try Self.jsonObject(runTool(["fix", "--project-root", ".", "--format", "json", "."], cwd: work.path).out)
            as? [[String: Any]])
        let left = check.filter { $0["fixable"] as? Bool == false }
        XCTAssertEqual(fix.count, left.count)
        for (a, b) in zip(fix, left) {
            XCTAssertEqual(a as NSDictionary, b as NSDictionary)
        }
        XCTAssertTrue(fix.contains { $0["path"] as? String == "Models/Library.swift" && $0["line"] as? Int == 14
            && $0["code"] as? String == "OBS201" })
    }

    func testLineMapperMapsFixedPositionsToTheOriginal() {
        let old = Array("import Foundation\nclass A: ObservableObject {\n    @Published var x = 0\n}\nlet y = 1\n".utf8)
        let new = Array("import Foundation\nimport Observation\n@Observable class A {\n    var x = 0\n}\nlet y = 1\n".utf8)
        let mapper = FindingLocator.LineMapper(old: old, new: new)
        XCTAssertEqual(mapper.map(line: 1, column: 8).line, 1)
        XCTAssertEqual(mapper.map(line: 6, column: 5).line, 5, "a kept line below an inserted one")
        XCTAssertEqual(mapper.map(line: 6, column: 5).column, 5)
        XCTAssertEqual(mapper.map(line: 5, column: 1).line, 4)
        let changed = mapper.map(line: 4, column: 40)
        XCTAssertEqual([changed.line, changed.column], [3, 25], "a changed line: its original, the column clamped to its end")
        XCTAssertEqual(mapper.mapSites(of: "A.swift", in: "used at A.swift:6:5 and at B/A.swift:6:5, A.swift:x"),
                       "used at A.swift:5:5 and at B/A.swift:6:5, A.swift:x")
    }

    func testJSONEncoderIsDeterministicAndEscapes() throws {
        let value: JSONValue = .obj(["b": .array([]), "a": .string("quote \" back \\ slash / tab \t nl \n bell \u{07} é"),
                                     "c": .obj([:]), "d": .null, "e": .bool(false), "f": .int(-3)])
        let expected = """
            {
              "a": "quote \\" back \\\\ slash / tab \\t nl \\n bell \\u0007 é",
              "b": [],
              "c": {},
              "d": null,
              "e": false,
              "f": -3
            }
            """
        XCTAssertEqual(value.encoded(), expected)
        let parsed = try XCTUnwrap(try Self.jsonObject(value.encoded()) as? [String: Any])
        XCTAssertEqual(parsed["a"] as? String, "quote \" back \\ slash / tab \t nl \n bell \u{07} é")
        XCTAssertEqual(try JSONParser.parse(Array(value.encoded().utf8)).encoded(), value.encoded())
    }

    func testNoFindingsInEveryFormat() throws {
        let work = FixtureSupport.scratch("reporter-clean")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        try "import Observation\n@Observable final class M { var x = 0 }\n".write(
            to: work.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        let json = check("json", in: work)
        XCTAssertEqual(json.code, 0)
        XCTAssertEqual(json.out, "[]\n")
        let github = check("github", in: work)
        XCTAssertEqual(github.code, 0)
        XCTAssertEqual(github.out, "", "no annotations, and no summary line")
        let sarif = check("sarif", in: work)
        XCTAssertEqual(sarif.code, 0)
        let log = try XCTUnwrap(try Self.jsonObject(sarif.out) as? [String: Any])
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual((runs[0]["results"] as? [Any])?.count, 0)
        let statistics = runTool(["check", "--project-root", ".", "--statistics", "--format", "json", "."], cwd: work.path)
        XCTAssertEqual(statistics.out, "[]\n")
    }

    func testStatisticsAsJSON() throws {
        let work = try workCopy("statistics")
        let result = runTool(["check", "--project-root", ".", "--statistics", "--format", "json", "."], cwd: work.path)
        XCTAssertEqual(result.code, 1)
        let rows = try XCTUnwrap(try Self.jsonObject(result.out) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["code"] as? String }, ["OBS101", "OBS102", "OBS104", "OBS106", "OBS108", "OBS109", "OBS201", "OBS202", "OBS205"])
        XCTAssertEqual(rows.map { $0["count"] as? Int }, [3, 3, 1, 1, 1, 1, 1, 1, 1])
        XCTAssertEqual(rows.map { $0["fixable"] as? Int }, [2, 3, 1, 1, 1, 1, 0, 1, 1])
        let sarif = runTool(["check", "--statistics", "--format", "sarif", "."], cwd: work.path)
        XCTAssertEqual(sarif.code, 2)
        XCTAssertEqual(sarif.out, "")
        XCTAssertEqual(sarif.err, "obs-migrate: error: --statistics prints text or json, not sarif\n")
    }

    func testUnknownFormatIsAUsageError() {
        let result = runTool(["check", "--format", "jsn", "."], cwd: Self.caseDir.appendingPathComponent("input").path)
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "obs-migrate: error: unknown format 'jsn' for --format (did you mean json?); use one of text, json, github, sarif, codeclimate, checkstyle, junit\n")
    }

    // MARK: Text

    /// A finding's notes of one message are one note at the first place, with how many places;
    /// the order is that of the first places; `allNotes` (--show-all-notes) lists every place.
    func testTextGroupsTheNotesOfOneReason() {
        var finding = Finding(code: "OBS101", ruleName: "r", severity: .warning, file: 0, range: 0..<1, message: "M keeps ObservableObject", fix: nil, model: "M")
        finding.notes = [
            FindingNote(message: "its $q publisher is used", path: "A.swift", line: 3, column: 5),
            FindingNote(message: "it uses objectWillChange", path: "B.swift", line: 1, column: 1),
            FindingNote(message: "its $q publisher is used", path: "C.swift", line: 9, column: 2),
            FindingNote(message: "its $q publisher is used", path: "A.swift", line: 7, column: 5),
            FindingNote(message: "its superclass keeps ObservableObject"),
        ]
        let d = Diagnostic(finding: finding, path: "M.swift", line: 2, column: 7, endLine: 2, endColumn: 8)
        XCTAssertEqual(TextReporter.line(d), """
            M.swift:2:7: warning: M keeps ObservableObject [OBS101]
            A.swift:3:5: note: its $q publisher is used (at 3 places; --show-all-notes lists them)
            B.swift:1:1: note: it uses objectWillChange
            M.swift:2:7: note: its superclass keeps ObservableObject
            """)
        XCTAssertEqual(TextReporter.line(d, style: .init(color: false, allNotes: true)).split(separator: "\n").count, 6)
        XCTAssertFalse(TextReporter.line(d, style: .init(color: false, allNotes: true)).contains("places"))
    }

    /// The same on the command line: text groups, `--show-all-notes` and JSON keep every place.
    func testShowAllNotesAndJSONKeepEveryPlace() throws {
        let work = FixtureSupport.scratch("grouped-notes")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        try """
            import Combine
            final class Search: ObservableObject {
                @Published var query = ""
            }
            func a(_ s: Search) { _ = s.$query }
            func b(_ s: Search) { _ = s.$query }
            func c(_ s: Search) { _ = s.$query }

            """.write(to: work.appendingPathComponent("Search.swift"), atomically: true, encoding: .utf8)
        // Kept: with a publisher of its own (the default), `$query` would hold nothing.
        try #"{"publishers": "keep"}"#.write(to: work.appendingPathComponent(".obs-migrate.json"), atomically: true, encoding: .utf8)
        let grouped = runTool(["check", "--project-root", ".", "."], cwd: work.path).out
        let all = runTool(["check", "--project-root", ".", "--show-all-notes", "."], cwd: work.path).out
        func notes(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains(": note: ") } }
        XCTAssertEqual(notes(grouped).count, 1, grouped)
        XCTAssertTrue(notes(grouped).first?.hasSuffix("(at 3 places; --show-all-notes lists them)") ?? false, grouped)
        XCTAssertEqual(notes(all).count, 3, all)
        let json = runTool(["check", "--project-root", ".", "--format", "json", "."], cwd: work.path).out
        let findings = try XCTUnwrap(try Self.jsonObject(json) as? [[String: Any]])
        let conformance = try XCTUnwrap(findings.first { $0["code"] as? String == "OBS101" })
        XCTAssertEqual((conformance["notes"] as? [[String: Any]])?.compactMap { $0["line"] as? Int }, [5, 6, 7], json)
    }

    func testTextLinesPlainAndInColour() {
        func diagnostic(_ code: String, _ severity: Severity, _ path: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
            let finding = Finding(code: code, ruleName: "r", severity: severity, file: 0, range: 0..<1, message: message, fix: nil, model: nil)
            return Diagnostic(finding: finding, path: path, line: line, column: column, endLine: line, endColumn: column + 1)
        }
        let warning = diagnostic("OBS102", .warning, "Views/Café.swift", 1_204_050, 9, "@Published 'ñ' becomes a plain property")
        let error = diagnostic("OBS205", .error, "a.swift", 10, 1, "M is both")
        XCTAssertEqual(TextReporter.line(warning),
                       "Views/Café.swift:1204050:9: warning: @Published 'ñ' becomes a plain property [OBS102]")
        XCTAssertEqual(TextReporter.lines([warning, error]),
                       "Views/Café.swift:1204050:9: warning: @Published 'ñ' becomes a plain property [OBS102]\na.swift:10:1: error: M is both [OBS205]")
        XCTAssertEqual(TextReporter.lines([]), "")
        XCTAssertEqual(TextReporter.line(error, style: .init(color: true)),
                       "\u{1B}[1ma.swift:10:1:\u{1B}[0m \u{1B}[1;31merror\u{1B}[0m: M is both [\u{1B}[36mOBS205\u{1B}[0m]")
        XCTAssertEqual(TextReporter.line(warning, style: .init(color: true)),
                       "\u{1B}[1mViews/Café.swift:1204050:9:\u{1B}[0m \u{1B}[1;33mwarning\u{1B}[0m: @Published 'ñ' becomes a plain property [\u{1B}[36mOBS102\u{1B}[0m]")
    }

    // MARK: GitHub

    func testGitHubEscapesMessagesAndProperties() {
        XCTAssertEqual(GitHubReporter.escapeData("100% done\r\nnext: a, b"), "100%25 done%0D%0Anext: a, b")
        XCTAssertEqual(GitHubReporter.escapeProperty("Views/a:b,c%.swift"), "Views/a%3Ab%2Cc%25.swift")
        let finding = Finding(code: "OBS205", ruleName: "mixed-observation", severity: .error, file: 0, range: 0..<1,
                              message: "50% of M: mixed,\nsee docs", fix: nil, model: nil)
        let d = Diagnostic(finding: finding, path: "x", line: 2, column: 3, endLine: 2, endColumn: 9)
        let located = ReportedFinding(diagnostic: d, projectPath: "Sources/a,b:c.swift", isInsideRoot: true,
                                      start: SourcePosition(line: 2, column: 3, utf16Column: 3),
                                      end: SourcePosition(line: 2, column: 9, utf16Column: 8), edits: nil)
        XCTAssertEqual(GitHubReporter.line(located),
                       "::error file=Sources/a%2Cb%3Ac.swift,line=2,col=3,endLine=2,endColumn=9,title=OBS205::50%25 of M: mixed,%0Asee docs")
    }

    // MARK: SARIF

    func testSarifLocationsRulesAndFixes() throws {
        let work = try workCopy("sarif-structure")
        let log = try XCTUnwrap(try Self.jsonObject(check("sarif", in: work).out) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, SarifReporter.schema)
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "obs-migrate")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let text = Self.parseText(check("text", in: work).out)
        XCTAssertEqual(results.count, text.count)
        for (result, finding) in zip(results, text) {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String, "ruleIndex points at ruleId")
            XCTAssertEqual(result["ruleId"] as? String, finding.code)
            XCTAssertEqual(result["level"] as? String, finding.severity)
            XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, finding.message)
            let physical = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
            XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%")
            XCTAssertEqual((artifact["uri"] as? String)?.removingPercentEncoding, finding.path)
            let region = try XCTUnwrap(physical["region"] as? [String: Any])
            XCTAssertEqual(region["startLine"] as? Int, finding.line)
            // Columns are UTF-16 code units: the same as the text's UTF-8 byte columns except after
            // the « bibliothèque » comment (three 2-byte characters, one UTF-16 unit each).
            let utf16Column = finding.path == "Views/Library View.swift" && finding.line == 4 ? finding.column - 3 : finding.column
            XCTAssertEqual(region["startColumn"] as? Int, utf16Column, "\(finding)")
            XCTAssertEqual(result["fixes"] != nil, finding.message.hasSuffix("(fixable)"), "fixes only when fixable: \(finding)")
        }
        let uri = results.compactMap { ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
        XCTAssertTrue(uri.contains("Views/Library%20View.swift"), "a space in a path is percent-encoded in the URI")
        XCTAssertEqual(SarifReporter.uriPath("a b/c:d%é#?.swift"), "a%20b/c%3Ad%25%C3%A9%23%3F.swift")
    }

    /// A real SARIF consumer: sarif-tools (PyPI), in a virtual environment at .build/venv-sarif
    /// (created here when missing, so `swift test` alone works; CI creates it beforehand).
    /// It must load our log and count the results the text output lists, rule by rule and
    /// location by location. It never skips: no Python, no network, no sarif-tools is a failure.
    func testSarifIsReadBySarifTools() throws {
        let sarifTool: URL
        switch SarifTools.executable() {
        case .success(let url): sarifTool = url
        case .failure(let failure):
            XCTFail("the SARIF consumer (sarif-tools \(SarifTools.version)) is unavailable: \(failure.message)")
            return
        }
        let work = try workCopy("sarif-tools")
        let text = Self.parseText(check("text", in: work).out)
        let out = FixtureSupport.scratch("reporter-sarif-out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: out) }
        let log = out.appendingPathComponent("obs-migrate.sarif")
        try check("sarif", in: work).out.write(to: log, atomically: true, encoding: .utf8)

        let summary = SarifTools.run(sarifTool, ["summary", log.path], cwd: out)
        XCTAssertEqual(summary.status, 0, "sarif summary failed:\n\(summary.output)")
        let errors = text.filter { $0.severity == "error" }.count
        XCTAssertTrue(summary.output.contains("error: \(errors)\n"), "sarif summary counts \(errors) errors:\n\(summary.output)")
        XCTAssertTrue(summary.output.contains("warning: \(text.count - errors)\n"),
                      "sarif summary counts \(text.count - errors) warnings:\n\(summary.output)")

        let info = SarifTools.run(sarifTool, ["info", log.path], cwd: out)
        XCTAssertEqual(info.status, 0, "sarif info failed:\n\(info.output)")
        XCTAssertTrue(info.output.contains("Tool: obs-migrate"), info.output)
        XCTAssertTrue(info.output.contains("\(text.count) results"), "sarif info counts \(text.count) results:\n\(info.output)")

        // Every result, as sarif-tools reads it: severity, code, location and line.
        let csv = out.appendingPathComponent("results.csv")
        let csvRun = SarifTools.run(sarifTool, ["csv", "--output", csv.path, log.path], cwd: out)
        XCTAssertEqual(csvRun.status, 0, "sarif csv failed:\n\(csvRun.output)")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst().map { row -> String in
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            // Tool,Severity,Code,Description,Location,Line (the description may hold commas)
            return [cells[1], cells[2], cells[cells.count - 2].removingPercentEncoding ?? "", cells[cells.count - 1]].joined(separator: " ")
        }
        XCTAssertEqual(rows.sorted(), text.map { "\($0.severity) \($0.code) \($0.path) \($0.line)" }.sorted())
    }

    // MARK: Progress

    func testNoProgressWhenStderrIsNotATerminal() throws {
        let work = try workCopy("progress")
        // The in-process console is not a terminal: nothing on stderr, whatever the format.
        for format in ["text", "json"] {
            XCTAssertEqual(check(format, in: work).err, "")
        }
        let writes = WriteLog()
        var console = CapturedConsole().console(cwd: work.path)
        console.progress = { writes.append($0) }
        let progress = ProgressLine(console: console, delay: 0, interval: 0.01)
        progress.update("checking 3 files")
        Thread.sleep(forTimeInterval: 0.1)
        progress.finish()
        XCTAssertFalse(progress.isActive)
        XCTAssertEqual(writes.all, [])
    }

    func testProgressLineOnATerminalDrawsAndClears() throws {
        let writes = WriteLog()
        let captured = CapturedConsole()
        var console = captured.console(cwd: "/")
        console.stderrIsTerminal = true
        console.progress = { writes.append($0) }
        let progress = ProgressLine(console: console, delay: 0, interval: 0.01)
        XCTAssertTrue(progress.isActive)
        progress.update("checking \(ProgressLine.count(12345)) files")
        let deadline = Date().addingTimeInterval(5)
        while writes.all.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(writes.all.first, "\robs-migrate: checking 12,345 files... 0s\u{1B}[K")
        // An error message first erases the line, so the two never share a line.
        progress.console.error("Broken.swift: not valid UTF-8")
        XCTAssertEqual(writes.all.last, "\r\u{1B}[K")
        XCTAssertEqual(captured.err, "obs-migrate: error: Broken.swift: not valid UTF-8\n")
        progress.finish()
        progress.finish()
        XCTAssertEqual(writes.all.last, "\r\u{1B}[K", "finish erases the line")
        XCTAssertEqual(writes.all.filter { $0 == "\r\u{1B}[K" }.count, writes.all.filter { $0 != "\r\u{1B}[K" }.count,
                       "every drawing is erased: \(writes.all)")

        // Not before the delay: a quick run shows nothing.
        let quick = WriteLog()
        console.progress = { quick.append($0) }
        let slow = ProgressLine(console: console, delay: 60, interval: 0.01)
        slow.update("checking 3 files")
        Thread.sleep(forTimeInterval: 0.05)
        slow.finish()
        XCTAssertEqual(quick.all, [])
        XCTAssertEqual(["0", "7", "999", "1,000", "12,345", "1,234,567"], [0, 7, 999, 1000, 12345, 1_234_567].map(ProgressLine.count))
    }
}

final class WriteLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ s: String) { lock.withLock { items.append(s) } }
    var all: [String] { lock.withLock { items } }
}

/// sarif-tools, junitparser and jsonschema, pinned, in a virtual environment under .build
/// (shared by test runs and CI).
enum SarifTools {
    static let version = "3.0.5"
    static var venv: URL { FixtureSupport.packageRoot.appendingPathComponent(".build/venv-sarif") }

    struct Failure: Error { var message: String }

    static func run(_ executable: URL, _ args: [String], cwd: URL? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        if let cwd { process.currentDirectoryURL = cwd }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "cannot run \(executable.path): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: Result<URL, Failure>? = nil

    /// `.build/venv-sarif/bin/sarif`, installing it first when it does not run.
    static func executable() -> Result<URL, Failure> {
        lock.withLock {
            if let cached { return cached }
            let result = locate()
            cached = result
            return result
        }
    }

    private static func locate() -> Result<URL, Failure> {
        let sarif = venv.appendingPathComponent("bin/sarif")
        if runs(sarif) { return .success(sarif) }
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let create = run(env, ["python3", "-m", "venv", "--clear", venv.path])
        guard create.status == 0 else {
            return .failure(Failure(message: "`python3 -m venv \(venv.path)` failed (exit \(create.status)):\n\(create.output)"))
        }
        let pip = venv.appendingPathComponent("bin/pip")
        let install = run(pip, ["install", "--quiet", "--disable-pip-version-check"] + packages)
        guard install.status == 0 else {
            return .failure(Failure(message: "`pip install \(packages.joined(separator: " "))` failed (exit \(install.status)):\n\(install.output)"))
        }
        guard runs(sarif) else {
            return .failure(Failure(message: "\(sarif.path) does not run after installing sarif-tools==\(version)"))
        }
        return .success(sarif)
    }

    private static func runs(_ sarif: URL) -> Bool {
        FileManager.default.isExecutableFile(atPath: sarif.path) && run(sarif, ["--version"]).status == 0
            && run(python, ["-c", "import junitparser, jsonschema"]).status == 0
    }

    /// The other consumers the reporters are read with (Consumers/read_reports.py).
    static let packages = ["sarif-tools==\(version)", "junitparser==3.2.0", "jsonschema==4.26.0"]
    static var python: URL { venv.appendingPathComponent("bin/python") }
}
