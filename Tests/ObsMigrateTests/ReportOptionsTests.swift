import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport
@testable import ObsMigrateCLI

/// The options teams bring from SwiftLint and ruff: per-rule `severity` in `.obs-migrate.json`
/// with `--strict`, `--fail-on`, `--output FILE`, `--absolute-paths`, and `--statistics`' legend.
final class ReportOptionsTests: XCTestCase {
    /// A model and a view using it: OBS101, OBS102 and OBS104, all fixable warnings.
    func project(_ name: String, config: String? = nil) throws -> URL {
        let dir = FixtureSupport.scratch("report-options-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try ConfigTests.model.write(to: dir.appendingPathComponent("Model.swift"), atomically: true, encoding: .utf8)
        try ConfigTests.view.write(to: dir.appendingPathComponent("CounterView.swift"), atomically: true, encoding: .utf8)
        if let config { try config.write(to: dir.appendingPathComponent(".obs-migrate.json"), atomically: true, encoding: .utf8) }
        return dir
    }

    func severities(_ output: String) -> [String: String] {
        Dictionary(ReporterTests.parseText(output).map { ($0.code, $0.severity) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: Severity and --strict

    func testInfoFindingsAreReportedButDoNotFailUnlessStrict() throws {
        let plain = try project("default")
        let before = runTool(["check", "."], cwd: plain.path)
        XCTAssertEqual(before.code, 1)
        XCTAssertEqual(severities(before.out), ["OBS101": "warning", "OBS102": "warning", "OBS104": "warning"])

        let dir = try project("info", config: #"{"severity": {"OBS1": "info"}}"#)
        let info = runTool(["check", "."], cwd: dir.path)
        XCTAssertEqual(info.code, 0, "info findings do not fail the run: \(info.out)\(info.err)")
        XCTAssertEqual(severities(info.out), ["OBS101": "info", "OBS102": "info", "OBS104": "info"])
        XCTAssertTrue(info.out.hasSuffix("3 of them are info and do not fail the run.\n"), info.out)

        // As SwiftLint's --strict: every finding is an error, and fails the run.
        let strict = runTool(["check", "--strict", "."], cwd: dir.path)
        XCTAssertEqual(strict.code, 1)
        XCTAssertEqual(severities(strict.out), ["OBS101": "error", "OBS102": "error", "OBS104": "error"])
        let strictByConfig = try project("strict-config", config: #"{"severity": {"OBS1": "info"}, "strict": true}"#)
        XCTAssertEqual(runTool(["check", "."], cwd: strictByConfig.path).code, 1)

        // The same in a machine format, and for what `fix --write` leaves (here nothing).
        let json = runTool(["check", "--format", "json", "."], cwd: dir.path)
        XCTAssertEqual(json.code, 0)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(objects.compactMap { $0["severity"] as? String }), ["info"])
        XCTAssertEqual(runTool(["check", "--format", "json", "--strict", "."], cwd: dir.path).code, 1)
    }

    func testTheMostSpecificSeverityWins() throws {
        let dir = try project("specific", config: #"{"severity": {"OBS104": "error", "ALL": "info", "OBS10": "warning"}}"#)
        let result = runTool(["check", "."], cwd: dir.path)
        XCTAssertEqual(result.code, 1, "an error fails the run")
        XCTAssertEqual(severities(result.out), ["OBS101": "warning", "OBS102": "warning", "OBS104": "error"])
        let github = runTool(["check", "--format", "github", "."], cwd: dir.path)
        XCTAssertEqual(github.out.split(separator: "\n").map { String($0.prefix { $0 != " " }) }.sorted(),
                       ["::error", "::warning", "::warning"])

        let info = try project("specific-info", config: #"{"severity": {"ALL": "warning", "state-object": "info"}}"#)
        let github2 = runTool(["check", "--format", "github", "."], cwd: info.path)
        XCTAssertTrue(github2.out.contains("::notice file=CounterView.swift"), github2.out)
        let sarif = runTool(["check", "--format", "sarif", "."], cwd: info.path)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertEqual(results.filter { $0["ruleId"] as? String == "OBS104" }.compactMap { $0["level"] as? String }, ["note"])
        let junit = runTool(["check", "--format", "junit", "."], cwd: info.path)
        XCTAssertTrue(junit.out.contains("tests=\"3\" failures=\"2\""), junit.out)
    }

    /// `--fail-on`: the lowest severity that fails the run (the build-tool plugin passes `error`).
    func testFailOnSetsTheSeverityThatFailsTheRun() throws {
        let warnings = try project("fail-on")
        let passes = runTool(["check", "--fail-on", "error", "."], cwd: warnings.path)
        XCTAssertEqual(passes.code, 0, "warnings pass with --fail-on error: \(passes.out)\(passes.err)")
        XCTAssertEqual(severities(passes.out), ["OBS101": "warning", "OBS102": "warning", "OBS104": "warning"],
                       "reported as before")
        XCTAssertEqual(runTool(["check", "--fail-on", "warning", "."], cwd: warnings.path).code, 1)
        XCTAssertEqual(runTool(["check", "--fail-on", "error", "--format", "json", "."], cwd: warnings.path).code, 0)

        let oneError = try project("fail-on-error", config: #"{"severity": {"OBS104": "error"}}"#)
        XCTAssertEqual(runTool(["check", "--fail-on", "error", "."], cwd: oneError.path).code, 1)
        XCTAssertEqual(runTool(["check", "--fail-on", "error", "--format", "sarif", "."], cwd: oneError.path).code, 1)
        XCTAssertEqual(runTool(["check", "--fail-on", "error", "--strict", "."], cwd: warnings.path).code, 1,
                       "--strict makes every finding an error")

        let typo = runTool(["check", "--fail-on", "eror", "."], cwd: warnings.path)
        XCTAssertEqual(typo.code, 2)
        XCTAssertEqual(typo.err, "obs-migrate: error: unknown severity 'eror' for --fail-on (did you mean error?); use one of warning, error\n")
        // info is the level that never fails (the summary says so); --strict fails everything.
        XCTAssertEqual(runTool(["check", "--fail-on", "info", "."], cwd: warnings.path).code, 2)
    }

    /// Info findings as the formats' real consumers read them: sarif-tools counts them as notes,
    /// JUnit as passing cases, checkstyle and Code Climate as info (Consumers/read_reports.py).
    func testInfoFindingsAreReadByTheConsumers() throws {
        let sarifTool: URL
        switch SarifTools.executable() {
        case .success(let url): sarifTool = url
        case .failure(let failure): return XCTFail("the report consumers are unavailable: \(failure.message)")
        }
        let dir = try project("consumers", config: #"{"severity": {"OBS102": "info"}}"#)
        let sarif = runTool(["check", "--format", "sarif", "--output", "report.sarif", "."], cwd: dir.path)
        XCTAssertEqual(sarif.code, 1, "two warnings are left")
        let summary = SarifTools.run(sarifTool, ["summary", dir.appendingPathComponent("report.sarif").path], cwd: dir)
        XCTAssertEqual(summary.status, 0, summary.output)
        XCTAssertTrue(summary.output.contains("warning: 2\n") && summary.output.contains("note: 1\n"), summary.output)

        let script = FixtureSupport.packageRoot.appendingPathComponent("Tests/ObsMigrateTests/Consumers/read_reports.py")
        for format in ["codeclimate", "checkstyle", "junit"] {
            let file = dir.appendingPathComponent("report.\(format)")
            XCTAssertEqual(runTool(["check", "--format", format, "--output", file.lastPathComponent, "."], cwd: dir.path).code, 1)
            let read = SarifTools.run(SarifTools.python, [script.path, format, file.path])
            XCTAssertEqual(read.status, 0, "\(format) consumer failed:\n\(read.output)")
            XCTAssertEqual(read.output.trimmingCharacters(in: .whitespacesAndNewlines), "3", format)
        }
    }

    // MARK: --output

    func testOutputWritesTheReportToAFileWithTheSameExitStatus() throws {
        let dir = try project("output")
        for format in ["text", "json", "sarif"] {
            let printed = runTool(["check", "--format", format, "."], cwd: dir.path)
            let written = runTool(["check", "--format", format, "--output", "report.out", "."], cwd: dir.path)
            XCTAssertEqual(written.code, printed.code, format)
            XCTAssertEqual(written.code, 1, format)
            XCTAssertEqual(written.out, "", "nothing on standard output with --output (\(format))")
            XCTAssertEqual(written.err, printed.err, format)
            XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("report.out"), encoding: .utf8), printed.out, format)
        }
        // fix's diff goes there too, and nothing is written to the sources.
        let diff = runTool(["fix", "--output", "migration.diff", "."], cwd: dir.path)
        XCTAssertEqual(diff.code, 1)
        XCTAssertEqual(diff.out, "")
        let text = try String(contentsOf: dir.appendingPathComponent("migration.diff"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("--- CounterView.swift\n+++ CounterView.swift\n"), text)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Model.swift"), encoding: .utf8), ConfigTests.model)
        // No temporary file is left beside the report.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
        XCTAssertEqual(names, [])
    }

    func testAFailedRunLeavesThePreviousReportAndABadPathIsOneLine() throws {
        let dir = try project("output-errors")
        let report = dir.appendingPathComponent("report.txt")
        try "previous report\n".write(to: report, atomically: true, encoding: .utf8)
        let failed = runTool(["check", "--output", "report.txt", "--select", "OBS999", "."], cwd: dir.path)
        XCTAssertEqual(failed.code, 2)
        XCTAssertEqual(try String(contentsOf: report, encoding: .utf8), "previous report\n")

        let missing = runTool(["check", "--output", "no/such/folder/report.txt", "."], cwd: dir.path)
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "obs-migrate: error: --output no/such/folder/report.txt: cannot write there (No such file or directory)\n")
        let folder = runTool(["check", "--output", ".", "."], cwd: dir.path)
        XCTAssertEqual(folder.code, 2)
        XCTAssertEqual(folder.err, "obs-migrate: error: --output .: is a folder, not a file\n")
        let source = runTool(["check", "--output", "Model.swift", "."], cwd: dir.path)
        XCTAssertEqual(source.code, 2)
        XCTAssertEqual(source.err, "obs-migrate: error: --output Model.swift: a Swift source file; the report goes to a file of its own\n")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Model.swift"), encoding: .utf8), ConfigTests.model)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(names, [])
        // `-` is standard output.
        let dash = runTool(["check", "--output", "-", "."], cwd: dir.path)
        XCTAssertEqual(dash.code, 1)
        XCTAssertEqual(dash.out, runTool(["check", "."], cwd: dir.path).out)
    }

    // MARK: --absolute-paths

    func testAbsolutePathsInEveryFormat() throws {
        let dir = try project("absolute")
        let root = dir.path
        let model = root + "/Model.swift"
        let relative = runTool(["check", "."], cwd: dir.path)
        XCTAssertTrue(relative.out.hasPrefix("CounterView.swift:"), relative.out)

        let text = runTool(["check", "--absolute-paths", "."], cwd: dir.path)
        XCTAssertEqual(text.code, 1)
        let paths = Set(ReporterTests.parseText(text.out).map(\.path))
        XCTAssertEqual(paths, [root + "/CounterView.swift", model])

        let json = runTool(["check", "--absolute-paths", "--format", "json", "."], cwd: dir.path)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(objects.compactMap { $0["path"] as? String }), paths)

        for (format, expected) in [("github", "file=\(model.replacingOccurrences(of: ":", with: "%3A"))"),
                                   ("sarif", "\"uri\": \"file://\(model)\""),
                                   ("checkstyle", "<file name=\"\(model)\">"),
                                   ("codeclimate", "\"path\": \"\(model)\""),
                                   ("junit", "file=\"\(model)\"")] {
            let out = runTool(["check", "--absolute-paths", "--format", format, "."], cwd: dir.path).out
            XCTAssertTrue(out.contains(expected), "\(format): \(out)")
            let plain = runTool(["check", "--format", format, "."], cwd: dir.path).out
            XCTAssertFalse(plain.contains(expected), "\(format) without --absolute-paths: \(plain)")
        }
        let diff = runTool(["fix", "--absolute-paths", "."], cwd: dir.path)
        XCTAssertTrue(diff.out.hasPrefix("--- \(root)/CounterView.swift\n+++ \(root)/CounterView.swift\n"), diff.out)
    }

    // MARK: --statistics

    func testStatisticsExplainTheirMarks() throws {
        let dir = try project("statistics")
        let result = runTool(["check", "--statistics", "."], cwd: dir.path)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), ["1\tOBS101\t[*] observable-object-conformance", "1\tOBS102\t[*] published-property",
                                               "1\tOBS104\t[*] state-object"])
        XCTAssertEqual(lines.dropFirst(3).first, "[*] all fixable with `obs-migrate fix --write`, [-] some fixable, [ ] none fixable (a person decides)")
        let quiet = runTool(["check", "--statistics", "-q", "."], cwd: dir.path)
        XCTAssertEqual(quiet.out.split(separator: "\n").count, 3, "-q: the counts only")
    }
}
