import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateCLI

/// `check -` and `fix -` read standard input, as the file `--stdin-filename` names (as ruff and
/// SwiftLint do), with the rest of the project read from disk to decide.
final class StdinTests: XCTestCase {
    func runWithInput(_ args: [String], input: String, cwd: String) -> (code: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        var console = captured.console(cwd: cwd)
        console.standardInput = { Array(input.utf8) }
        let code = CommandLineTool.run(args, console: console)
        return (code, captured.out, captured.err)
    }

    func testStandardInputIsCheckedAsTheNamedFile() throws {
        let dir = FixtureSupport.scratch("stdin")
        try FixtureSupport.copy(FixtureSupport.fixturesRoot.appendingPathComponent("sample-app/bookshelf/input"), to: dir)
        let piped = "import Combine\nfinal class Piped: ObservableObject {\n    @Published var x = 0\n}\n"
        let named = runWithInput(["check", "--project-root", ".", "--stdin-filename", "Models/Piped.swift", "-"], input: piped, cwd: dir.path)
        XCTAssertEqual(named.code, 1)
        XCTAssertEqual(named.out, """
            Models/Piped.swift:2:13: warning: Piped conforms to ObservableObject: make it @Observable (fixable) [OBS101]
            Models/Piped.swift:3:5: warning: @Published 'x' becomes a plain property of the @Observable Piped (fixable) [OBS102]
            Found 2 issues in 1 file (OBS101: 1, OBS102: 1): 2 fixable with `obs-migrate fix --write`.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Models/Piped.swift").path), "nothing written")

        // Decided with the project: a view of a model whose migration edits other files.
        let view = "import SwiftUI\nstruct New: View {\n    @StateObject var l = Library()\n    var body: some View { Text(\"\") }\n}\n"
        let decided = runWithInput(["check", "--project-root", ".", "--stdin-filename", "Views/New.swift", "-"], input: view, cwd: dir.path)
        XCTAssertTrue(decided.out.hasPrefix("Views/New.swift:3:5: warning: @StateObject 'l' stays: Library keeps ObservableObject"), decided.out)

        let unnamed = runWithInput(["check", "--project-root", ".", "-"], input: "final class P {}\n", cwd: dir.path)
        XCTAssertEqual(unnamed.code, 0)
        XCTAssertEqual(unnamed.out, "No ObservableObject patterns found (1 file checked).\n")

        let mixed = runWithInput(["check", "-", "Models"], input: "", cwd: dir.path)
        XCTAssertEqual(mixed.code, 2)
        XCTAssertEqual(mixed.err, "obs-migrate: error: `-` (standard input) is checked alone, without other PATHs or --staged\n")
        let stray = runWithInput(["check", "--stdin-filename", "A.swift", "."], input: "", cwd: dir.path)
        XCTAssertEqual(stray.code, 2)
    }

    /// `fix -` prints standard input's fixed text (for editors), decided with the project, and
    /// writes nothing; what is left goes to standard error.
    func testFixOfStandardInputPrintsTheFixedText() throws {
        let dir = FixtureSupport.scratch("stdin-fix")
        try FixtureSupport.copy(FixtureSupport.fixturesRoot.appendingPathComponent("sample-app/bookshelf/input"), to: dir)
        let piped = "import SwiftUI\r\nfinal class Piped: ObservableObject {\r\n    @Published var x = 0\r\n}\r\nstruct PipedView: View {\r\n    @StateObject var p = Piped()\r\n    var body: some View { Text(\"\\(p.x)\") }\r\n}\r\n"
        let fixed = runWithInput(["fix", "--project-root", ".", "--stdin-filename", "Views/Piped.swift", "-"], input: piped, cwd: dir.path)
        XCTAssertEqual(fixed.code, 0, fixed.err)
        XCTAssertEqual(fixed.out, "import SwiftUI\r\n@Observable final class Piped {\r\n    var x = 0\r\n}\r\nstruct PipedView: View {\r\n    @State var p = Piped()\r\n    var body: some View { Text(\"\\(p.x)\") }\r\n}\r\n")
        XCTAssertEqual(fixed.err, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Views/Piped.swift").path), "nothing written")

        // A view of a model whose migration edits other files: unchanged, and said why.
        let view = "import SwiftUI\nstruct New: View {\n    @StateObject var l = Library()\n    var body: some View { Text(\"\") }\n}\n"
        let kept = runWithInput(["fix", "--project-root", ".", "--stdin-filename", "Views/New.swift", "-"], input: view, cwd: dir.path)
        XCTAssertEqual(kept.code, 1)
        XCTAssertEqual(kept.out, view)
        XCTAssertTrue(kept.err.hasPrefix("Views/New.swift:3:5: warning: @StateObject 'l' stays: Library keeps ObservableObject"), kept.err)

        let withWrite = runWithInput(["fix", "--write", "-"], input: "", cwd: dir.path)
        XCTAssertEqual(withWrite.code, 2)
        XCTAssertTrue(withWrite.err.contains("`-` (standard input) is fixed alone"), withWrite.err)
    }
}
