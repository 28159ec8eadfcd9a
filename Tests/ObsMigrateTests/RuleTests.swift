import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateCLI

/// Runs every rule on one in-memory file (a project of its own).
func findings(in source: String, path: String = "Example.swift", beside others: [(path: String, source: String)] = []) -> [Finding] {
    let files = [ProjectFile(path: path, bytes: Array(source.utf8))] + others.map { ProjectFile(path: $0.path, bytes: Array($0.source.utf8)) }
    let analysis = Engine.analyze(files: files, reported: [0], selection: RuleSelection())
    return analysis.findings[0]
}

/// A rule's example as its own file. OBS208's are manifests: a low target is reported only
/// when it holds a model back, so one is put beside it.
func exampleFindings(_ m: RuleMetadata, _ source: String) -> [Finding] {
    guard m.code == "OBS208" else { return findings(in: source) }
    return findings(in: source, path: "Package.swift", beside: [
        ("Sources/App/Model.swift", "import Combine\n\nfinal class Model: ObservableObject {\n    @Published var x = 0\n}\n"),
    ])
}

/// Applies fixes round after round, as `fix` does, to a one-file project.
func fixed(_ source: String, path: String = "Example.swift") throws -> String {
    let file = ProjectFile(path: path, bytes: Array(source.utf8))
    let project = LoadedProject(root: "/", files: [file], absolutePaths: ["/" + path], reported: [0], problems: [], unusable: [])
    let plan = try FixCommand.plan(project, selection: RuleSelection())
    return String(decoding: plan.fixed[0] ?? Array(source.utf8), as: UTF8.self)
}

final class RuleTests: XCTestCase {
    func testRegistryCodesAndNamesAreUniqueAndWellFormed() {
        let codes = RuleRegistry.all.map(\.metadata.code)
        let names = RuleRegistry.all.map(\.metadata.name)
        XCTAssertEqual(Set(codes).count, codes.count)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(codes, codes.sorted(), "the registry lists rules in code order")
        for m in RuleRegistry.all.map(\.metadata) {
            XCTAssertNotNil(m.code.wholeMatch(of: /OBS[0-9]{3}/), m.code)
            XCTAssertNotNil(m.name.wholeMatch(of: /[a-z]+(-[a-z]+)*/), m.name)
            XCTAssertFalse(m.summary.isEmpty || m.rationale.isEmpty, m.code)
            XCTAssertFalse(m.triggering.isEmpty, "\(m.code) has no triggering example")
            XCTAssertFalse(m.nonTriggering.isEmpty, "\(m.code) has no non-triggering example")
            // A fix on request (OBS208) is shown by its fixture, run with the flag (Fixtures/deployment).
            if m.fix != .never && m.fix != .onRequest { XCTAssertFalse(m.examples.isEmpty, "\(m.code) fixes but shows no before/after") }
        }
    }

    /// A rationale is one paragraph joined by line continuations: an escaped backslash at a line's
    /// end (`\\` in the source) leaves a backslash and a line break in rules.md instead.
    func testRationalesJoinTheirLines() {
        for m in RuleRegistry.all.map(\.metadata) {
            XCTAssertFalse(m.rationale.contains("\\\n"), "\(m.code)'s rationale keeps a backslash at a line's end")
            XCTAssertFalse(m.rationale.contains("\n"), "\(m.code)'s rationale keeps a line break")
        }
    }

    func testTriggeringExamplesTrigger() {
        for rule in RuleRegistry.all {
            let m = rule.metadata
            for (i, example) in m.triggering.enumerated() {
                XCTAssertTrue(exampleFindings(m, example).contains { $0.code == m.code },
                              "\(m.code) triggering example \(i) does not trigger")
            }
        }
    }

    func testNonTriggeringExamplesDoNotTrigger() {
        for rule in RuleRegistry.all {
            let m = rule.metadata
            for (i, example) in m.nonTriggering.enumerated() {
                let hits = exampleFindings(m, example).filter { $0.code == m.code }
                XCTAssertTrue(hits.isEmpty, "\(m.code) non-triggering example \(i) triggers: \(hits.map(\.message))")
            }
        }
    }

    func testBeforeAfterExamples() throws {
        for rule in RuleRegistry.all {
            for (i, example) in rule.metadata.examples.enumerated() {
                XCTAssertEqual(try fixed(example.before), example.after, "\(rule.metadata.code) example \(i)")
                XCTAssertEqual(try fixed(example.after), example.after, "\(rule.metadata.code) example \(i) is not idempotent")
            }
        }
    }

    /// SwiftLint's mutation check: a triggering example inside a comment or a string is no code.
    func testTriggeringExamplesInCommentsAndStringsDoNotTrigger() {
        for rule in RuleRegistry.all {
            let m = rule.metadata
            for example in m.triggering {
                let path = m.code == "OBS208" ? "Package.swift" : "Example.swift"
                let body = example.replacingOccurrences(of: "*/", with: "* /")
                let raw = example.replacingOccurrences(of: "\"#", with: "\" #")
                let wrapped = [
                    "/*\n\(body)\n*/\n",
                    example.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"),
                    "let text = #\"\"\"\n\(raw)\n\"\"\"#\n",
                ]
                for source in wrapped {
                    let hits = exampleFindings(m, source)
                    XCTAssertTrue(hits.isEmpty, "\(m.code) triggers inside a comment or string:\n\(source)\n\(hits.map(\.message))")
                    XCTAssertEqual(try fixed(source, path: path), source, "\(m.code): fix edited a comment or string")
                }
            }
        }
    }

    func testRulesDocumentIsUpToDate() throws {
        let url = RoundTripTests.packageRoot.appendingPathComponent("rules.md")
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(onDisk, RuleDocs.document(),
                       "rules.md is stale: regenerate with `swift run obs-migrate rules --markdown > rules.md`")
    }
}
