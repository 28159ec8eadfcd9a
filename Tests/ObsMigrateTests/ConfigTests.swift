import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport
@testable import ObsMigrateCLI

/// `.obs-migrate.json`: discovery, precedence of the command line, per-path ignores (and their
/// safety: an ignored fixable finding blocks its model), and every error with its message.
/// The fixtures under Fixtures/formats/config-* cover the same through the golden harness.
final class ConfigTests: XCTestCase {
    static let model = "import Foundation\n\nfinal class Counter: ObservableObject {\n    @Published var value = 0\n}\n"
    static let view = "import SwiftUI\n\nstruct CounterView: View {\n    @StateObject private var counter = Counter()\n    var body: some View { Text(\"\\(counter.value)\") }\n}\n"

    /// A scratch project: relative path → contents (a path ending in `/` is a folder).
    func project(_ name: String, _ files: [String: String]) throws -> URL {
        let dir = FixtureSupport.scratch("config-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func codes(_ output: String) -> [String] {
        ReporterTests.parseText(output).map(\.code)
    }

    // MARK: Errors

    func testConfigurationErrorsNameTheKeyAndTheFile() throws {
        let cases: [(config: String, message: String)] = [
            (#"{"selct": ["OBS101"]}"#, "unknown key 'selct' (did you mean 'select'?)"),
            (#"{"per_path_ignores": {}}"#, "unknown key 'per_path_ignores' (did you mean 'per-path-ignores'?)"),
            (#"{"output": "json"}"#, "unknown key 'output'"),
            (#"{"select": "OBS101"}"#, "'select' must be an array of rule codes or names (strings), not a string"),
            (#"{"ignore": [101]}"#, "'ignore' must be an array of rule codes or names (strings), but it holds a number"),
            (#"{"select": ["OBS1O4"]}"#, "unknown rule 'OBS1O4' in 'select' (did you mean OBS104?)"),
            (#"{"ignore": ["state-objet"]}"#, "unknown rule 'state-objet' in 'ignore' (did you mean state-object?)"),
            (#"{"exclude": "Generated"}"#, "'exclude' must be an array of globs (strings), not a string"),
            (#"{"exclude": [""]}"#, "'exclude' holds an empty string"),
            (#"{"per-path-ignores": ["Legacy"]}"#,
             "'per-path-ignores' must be an object mapping globs to arrays of rule codes, not an array"),
            (#"{"per-path-ignores": {"Legacy/**": "OBS104"}}"#,
             "'per-path-ignores.Legacy/**' must be an array of rule codes or names (strings), not a string"),
            (#"{"per-path-ignores": {"Legacy/**": ["OBS999"]}}"#, "unknown rule 'OBS999' in 'per-path-ignores.Legacy/**' (did you mean OBS109?)"),
            (#"{"minimum-deployment-target": 17}"#,
             "'minimum-deployment-target' must be an object mapping platforms to major versions (e.g. {\"iOS\": 17}), not a number"),
            (#"{"minimum-deployment-target": {"ios": 18}}"#, "unknown platform 'ios' in 'minimum-deployment-target' (did you mean 'iOS'?)"),
            (#"{"minimum-deployment-target": {"Android": 14}}"#,
             "unknown platform 'Android' in 'minimum-deployment-target' (known: iOS, macCatalyst, macOS, tvOS, visionOS, watchOS)"),
            (#"{"minimum-deployment-target": {"iOS": "18"}}"#,
             "'minimum-deployment-target.iOS' must be a whole number (a major version such as 17), not a string"),
            (#"{"minimum-deployment-target": {"iOS": 17.5}}"#,
             "'minimum-deployment-target.iOS' must be a whole number (a major version such as 17), not a number"),
            (#"{"observable-placement": "ownline"}"#,
             #"'observable-placement' must be "inline", "own-line" or "auto", not "ownline" (did you mean "own-line"?)"#),
            (#"{"observable-placement": true}"#, #"'observable-placement' must be "inline", "own-line" or "auto", not a boolean"#),
            (#"{"publishers": "kep"}"#, #"'publishers' must be "bridge" or "keep", not "kep" (did you mean "keep"?)"#),
            (#"{"publishers": false}"#, #"'publishers' must be "bridge" or "keep", not a boolean"#),
            (#"{"minimum-deployment-target": {"macOS": 13}}"#,
             "'minimum-deployment-target.macOS' is 13, but Observation needs macOS 14 or later"),
            (#"{"severity": ["OBS207"]}"#,
             #"'severity' must be an object mapping rule codes or names to "error", "warning" or "info" (e.g. {"OBS207": "error"}), not an array"#),
            (#"{"severity": {"OBS2O7": "error"}}"#, "unknown rule 'OBS2O7' in 'severity' (did you mean OBS207?)"),
            (#"{"severity": {"OBS207": "eror"}}"#, #"'severity.OBS207' must be "error", "warning" or "info", not "eror" (did you mean "error"?)"#),
            (#"{"severity": {"OBS207": 2}}"#, #"'severity.OBS207' must be "error", "warning" or "info", not a number"#),
            (#"{"strict": "yes"}"#, "'strict' must be true or false, not a string"),
            (#"{"severty": {}}"#, "unknown key 'severty' (did you mean 'severity'?)"),
            ("[\"OBS101\"]", "expected a JSON object ({...}) at the top level, found an array"),
            ("{\n  \"select\": [\"OBS101\",]\n}", "invalid JSON at line 2, column 23: trailing comma before ']'"),
            ("{\n  \"select\": [\"OBS101\"],\n}", "invalid JSON at line 3, column 1: trailing comma before '}'"),
            ("{\"select\": [], \"select\": []}", "invalid JSON at line 1, column 16: duplicate key 'select'"),
            ("{\"select\": [\"OBS101\"] // all\n}", "invalid JSON at line 1, column 23: comments are not allowed in JSON"),
            ("{\"select\": [\"OBS101\"]", "invalid JSON at line 1, column 22: expected ',' or '}', found the end of the file"),
            ("", "invalid JSON at line 1, column 1: expected a value, found the end of the file"),
        ]
        for (k, item) in cases.enumerated() {
            let dir = try project("error-\(k)", ["Model.swift": Self.model, ".obs-migrate.json": item.config])
            for command in ["check", "fix"] {
                let result = runTool([command, "."], cwd: dir.path)
                XCTAssertEqual(result.code, 2, "\(command) with \(item.config)")
                XCTAssertEqual(result.out, "", "\(command) with \(item.config)")
                XCTAssertEqual(result.err, "obs-migrate: error: .obs-migrate.json: \(item.message)\n", "\(command) with \(item.config)")
            }
        }
    }

    func testConfigOptionErrors() throws {
        let dir = try project("option-errors", ["Model.swift": Self.model, "other.json": "{\"selekt\": []}", "folder/": ""])
        let cases: [(args: [String], message: String)] = [
            (["--config", "missing.json"], "--config missing.json: no such file"),
            (["--config", "other.json"], "other.json: unknown key 'selekt' (did you mean 'select'?)"),
            (["--config", "folder"], "folder: is a directory, not a file"),
            (["--config", "other.json", "--no-config"], "--config and --no-config cannot be used together"),
        ]
        for item in cases {
            let result = runTool(["check"] + item.args + ["."], cwd: dir.path)
            XCTAssertEqual(result.code, 2, "\(item.args)")
            XCTAssertEqual(result.out, "")
            XCTAssertEqual(result.err, "obs-migrate: error: \(item.message)\n", "\(item.args)")
        }
    }

    /// `--project-root` relative to the working directory the command runs in (the in-process
    /// console's), which is where the configuration file is looked for too.
    func testRelativeProjectRootIsResolvedInTheWorkingDirectory() throws {
        let dir = try project("relative-root", ["App/Model.swift": Self.model, "App/.obs-migrate.json": #"{"select": ["OBS102"]}"#])
        let result = runTool(["check", "--project-root", "App", "App"], cwd: dir.path)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(codes(result.out), ["OBS102"])
        let missing = runTool(["check", "--project-root", "Nope", "App"], cwd: dir.path)
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "obs-migrate: error: --project-root Nope: no such directory\n")
    }

    // MARK: Settings and precedence

    func testSelectIgnoreAndExcludeFromTheFileAndTheCommandLineReplacingThem() throws {
        let dir = try project("precedence", [
            "Model.swift": Self.model, "View.swift": Self.view,
            "Generated/Mock.swift": "import Foundation\nfinal class Mock: ObservableObject {}\n",
            ".obs-migrate.json": #"{"select": ["OBS1"], "ignore": ["published-property"], "exclude": ["Generated"]}"#,
        ])
        XCTAssertEqual(codes(runTool(["check", "."], cwd: dir.path).out), ["OBS101", "OBS104"])
        // --select on the command line replaces the file's select; its ignore still applies.
        XCTAssertEqual(codes(runTool(["check", "--select", "OBS102,OBS104", "."], cwd: dir.path).out), ["OBS104"])
        // --ignore replaces the file's ignore.
        XCTAssertEqual(codes(runTool(["check", "--ignore", "OBS104", "."], cwd: dir.path).out), ["OBS101", "OBS102"])
        // --exclude replaces the file's exclude: Generated/ is read again.
        let excluded = runTool(["check", "--exclude", "nothing", "."], cwd: dir.path).out
        XCTAssertTrue(excluded.contains("Generated/Mock.swift"), excluded)
        XCTAssertFalse(runTool(["check", "."], cwd: dir.path).out.contains("Generated"))
        // --no-config: none of it.
        XCTAssertEqual(codes(runTool(["check", "--no-config", "."], cwd: dir.path).out), ["OBS101", "OBS101", "OBS102", "OBS104"])
        // --config FILE: another file.
        let other = try project("precedence-other", [".obs-migrate.json": #"{"select": ["OBS102"]}"#])
        let result = runTool(["check", "--config", other.appendingPathComponent(".obs-migrate.json").path, "."], cwd: dir.path)
        XCTAssertEqual(codes(result.out), ["OBS102"])
    }

    /// Outside any git repository, a PATH outside the current directory is its own project: the
    /// current directory (which may hold anything) is not read to decide.
    func testWithoutGitAPathElsewhereIsItsOwnRoot() throws {
        let dir = try project("root-elsewhere", [
            // Would block Counter if it were read.
            "here/Other.swift": "func poke(_ c: Counter) { _ = c.objectWillChange }\n",
            "there/App/Model.swift": Self.model,
            "there/App/View.swift": Self.view,
        ])
        let here = dir.appendingPathComponent("here").path
        let there = dir.appendingPathComponent("there/App").path
        let result = runTool(["check", there], cwd: here)
        XCTAssertTrue(result.out.contains("make it @Observable (fixable)"), result.out)
        XCTAssertFalse(result.out.contains("objectWillChange"), result.out)
        XCTAssertEqual(ProjectLoader.rootWithoutGit(first: there, cwd: here), there)
        XCTAssertEqual(ProjectLoader.rootWithoutGit(first: there + "/Model.swift", cwd: here), there)
        XCTAssertEqual(ProjectLoader.rootWithoutGit(first: here + "/Other.swift", cwd: here), here)
        XCTAssertEqual(ProjectLoader.rootWithoutGit(first: nil, cwd: here), here)
        // Its findings are the same as when run from inside it.
        XCTAssertEqual(codes(result.out), codes(runTool(["check", "."], cwd: there).out))
    }

    /// The file is found by walking up from the first PATH, up to the git root; a file above
    /// the git root belongs to another project.
    func testDiscoveryWalksUpFromTheFirstPathToTheGitRoot() throws {
        let dir = try project("discovery", [
            ".obs-migrate.json": #"{"select": ["OBS999"]}"#,  // above the git root: never read
            "repo/.git/": "",
            "repo/.obs-migrate.json": #"{"select": ["OBS104"]}"#,
            "repo/Sources/App/Model.swift": Self.model,
            "repo/Sources/App/View.swift": Self.view,
        ])
        let repo = dir.appendingPathComponent("repo")
        XCTAssertEqual(codes(runTool(["check", "Sources/App"], cwd: repo.path).out), ["OBS104"])
        XCTAssertEqual(codes(runTool(["check", "."], cwd: repo.appendingPathComponent("Sources").path).out), ["OBS104"])
        XCTAssertEqual(codes(runTool(["check", "Sources/App/View.swift"], cwd: repo.path).out), ["OBS104"])
        // A nearer file wins.
        try #"{"select": ["OBS101"]}"#.write(to: repo.appendingPathComponent("Sources/.obs-migrate.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(codes(runTool(["check", "Sources/App"], cwd: repo.path).out), ["OBS101"])
        // Without a git root the walk goes on up, and the file's folder is the project root.
        try FileManager.default.removeItem(at: repo.appendingPathComponent(".git"))
        try FileManager.default.removeItem(at: repo.appendingPathComponent("Sources/.obs-migrate.json"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".obs-migrate.json"))
        try #"{"per-path-ignores": {"Sources/App/View.swift": ["OBS104"]}}"#.write(
            to: repo.appendingPathComponent(".obs-migrate.json"), atomically: true, encoding: .utf8)
        let fromInside = runTool(["check", "."], cwd: repo.appendingPathComponent("Sources/App").path)
        XCTAssertEqual(codes(fromInside.out), ["OBS101", "OBS102"], "the glob is relative to the file's folder, the project root")
        XCTAssertTrue(fromInside.out.contains("per-path-ignores in the configuration keep OBS104 here at View.swift:4:5"), fromInside.out)
    }

    func testMinimumDeploymentTargetRaisesTheFloor() throws {
        let package = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17)])\n"
        let dir = try project("deployment", ["Package.swift": package, "Model.swift": Self.model, "View.swift": Self.view])
        XCTAssertEqual(codes(runTool(["check", "."], cwd: dir.path).out), ["OBS101", "OBS102", "OBS104"])
        try #"{"minimum-deployment-target": {"iOS": 18}}"#.write(to: dir.appendingPathComponent(".obs-migrate.json"), atomically: true, encoding: .utf8)
        let raised = runTool(["check", "."], cwd: dir.path)
        XCTAssertEqual(codes(raised.out), ["OBS101", "OBS102", "OBS208", "OBS104"])
        XCTAssertTrue(raised.out.contains("Package.swift:3:48: error: deployment target iOS 17 is below iOS 18"), raised.out)
        XCTAssertFalse(raised.out.contains("(fixable)"), "nothing migrates below the configured target:\n\(raised.out)")
        let fix = runTool(["fix", "--write", "."], cwd: dir.path)
        XCTAssertEqual(fix.code, 1)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Model.swift"), encoding: .utf8), Self.model)
    }

    /// `observable-placement` puts `@Observable` on a line of its own, or before the declaration
    /// even where the project's own `@Observable` classes have it on a line of its own.
    func testObservablePlacement() throws {
        let existing = "import Observation\n@Observable\nfinal class Done {\n    var x = 0\n}\n"
        let dir = try project("placement", ["Model.swift": Self.model, "View.swift": Self.view])
        let migrated = { (settings: String?) throws -> String in
            let config = dir.appendingPathComponent(".obs-migrate.json")
            if let settings { try settings.write(to: config, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(at: config) }
            let fix = runTool(["fix", "."], cwd: dir.path)
            return fix.out.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.joined(separator: "\n")
        }
        XCTAssertTrue(try migrated(nil).contains("+@Observable final class"), "inline by default")
        XCTAssertTrue(try migrated(#"{"observable-placement": "own-line"}"#).contains("+@Observable\n+final class"))
        try existing.write(to: dir.appendingPathComponent("Done.swift"), atomically: true, encoding: .utf8)
        XCTAssertTrue(try migrated(nil).contains("+@Observable\n+final class"), "as the project's own class has it")
        XCTAssertTrue(try migrated(#"{"observable-placement": "auto"}"#).contains("+@Observable\n+final class"))
        XCTAssertTrue(try migrated(#"{"observable-placement": "inline"}"#).contains("+@Observable final class"))
    }

    /// `publishers`: a debounced `$query` gets a publisher of its own (`bridge`, the default),
    /// or keeps its model as it is (`keep`).
    func testPublishersChoice() throws {
        let search = "import Combine\nimport Foundation\n\nfinal class Search: ObservableObject {\n    @Published var query: String = \"\"\n"
            + "    private var bag = Set<AnyCancellable>()\n\n    init() {\n        $query.debounce(for: .seconds(1), scheduler: RunLoop.main).sink { print($0) }.store(in: &bag)\n    }\n}\n"
        let dir = try project("publishers", ["Search.swift": search])
        let config = dir.appendingPathComponent(".obs-migrate.json")
        let bridged = runTool(["fix", "."], cwd: dir.path).out
        XCTAssertTrue(bridged.contains("+        queryPublisher.debounce("), bridged)
        try #"{"publishers": "bridge"}"#.write(to: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(runTool(["fix", "."], cwd: dir.path).out, bridged)
        try #"{"publishers": "keep"}"#.write(to: config, atomically: true, encoding: .utf8)
        let kept = runTool(["check", "."], cwd: dir.path).out
        XCTAssertTrue(kept.contains("Search keeps ObservableObject: its $query publisher is used"), kept)
        XCTAssertFalse(runTool(["fix", "."], cwd: dir.path).out.contains("+++"))
    }

    // MARK: Per-path ignores

    /// Ignoring a fixable rule for a path is a suppression: its model stays as it is everywhere
    /// (never "model migrated, ignored view left with @StateObject", which would not compile).
    func testPerPathIgnoreOfAFixableRuleBlocksItsModel() throws {
        let dir = try project("per-path", [
            "Models/Counter.swift": Self.model, "Legacy/CounterView.swift": Self.view,
            ".obs-migrate.json": #"{"per-path-ignores": {"Legacy": ["OBS104"]}}"#,
        ])
        let check = runTool(["check", "."], cwd: dir.path)
        XCTAssertEqual(codes(check.out), ["OBS101", "OBS102"], "the ignored OBS104 is not reported")
        XCTAssertFalse(check.out.contains("(fixable)"), check.out)
        let fix = runTool(["fix", "--write", "."], cwd: dir.path)
        XCTAssertEqual(fix.code, 1, fix.err)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Models/Counter.swift"), encoding: .utf8), Self.model)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Legacy/CounterView.swift"), encoding: .utf8), Self.view)
        // Ignoring a report-only rule only hides it.
        try #"{"per-path-ignores": {"Models/*.swift": ["OBS1"]}}"#.write(to: dir.appendingPathComponent(".obs-migrate.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(codes(runTool(["check", "."], cwd: dir.path).out), ["OBS104"])
    }

    func testPerPathGlobs() {
        let ignores = PerPathIgnores([
            (glob: "Legacy/", rules: ["OBS104"]),
            (glob: "*Preview.swift", rules: ["observed-object-default-value"]),
            (glob: "Sources/*/Generated/**", rules: ["OBS1"]),
            (glob: "./Tests/**/*.swift", rules: ["ALL"]),
        ])
        XCTAssertEqual(ignores.codes(forRelativePath: "Legacy/A.swift"), ["OBS104"])
        XCTAssertEqual(ignores.codes(forRelativePath: "Legacy/Deep/A.swift"), ["OBS104"])
        XCTAssertEqual(ignores.codes(forRelativePath: "Sources/Legacy/A.swift"), ["OBS104"], "a glob without / matches a folder name")
        XCTAssertEqual(ignores.codes(forRelativePath: "LegacyCode/A.swift"), [])
        XCTAssertEqual(ignores.codes(forRelativePath: "Views/ShelfPreview.swift"), ["OBS207"])
        XCTAssertEqual(ignores.codes(forRelativePath: "Sources/App/Generated/X/Y.swift"),
                       Set(RuleRegistry.all.map(\.metadata.code).filter { $0.hasPrefix("OBS1") }))
        XCTAssertEqual(ignores.codes(forRelativePath: "Sources/Generated/Y.swift"), [])
        XCTAssertEqual(ignores.codes(forRelativePath: "Tests/Unit/A.swift"), Set(RuleRegistry.all.map(\.metadata.code)))
    }

    // MARK: The JSON parser

    func testStrictJSONParser() throws {
        XCTAssertEqual(try JSONParser.parse(Array(#" {"a": [1, -2.5e1, true, null, "\u00e9\ud83d\ude00\n"]} "#.utf8)),
                       .obj(["a": .array([.int(1), .number(-25), .bool(true), .null, .string("é😀\n")])]))
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)), .object([]), "a byte order mark is allowed")
        let bad: [(String, String)] = [
            ("{\"a\": 01}", "line 1, column 7: numbers may not have leading zeros"),
            ("{\"a\": tru}", "line 1, column 7: expected a value, found 't'"),
            ("{\"a\": \"x\ty\"}", "line 1, column 9: control character in a string (write it as an escape such as \\n)"),
            ("{\"a\": \"\\x\"}", "line 1, column 8: invalid escape '\\x' in a string"),
            ("{\"a\": \"\\ud800\"}", "line 1, column 14: unpaired surrogate in a \\u escape"),
            ("{\"a\": 1} x", "line 1, column 10: unexpected text after the end of the JSON value"),
            ("{a: 1}", "line 1, column 2: expected a key in double quotes, found 'a'"),
            ("{\"é\": \"unterminated}", "line 1, column 7: unterminated string"),
        ]
        for (text, message) in bad {
            XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8)), text) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.description, message, text)
            }
        }
    }
}
