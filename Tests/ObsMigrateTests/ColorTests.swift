import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateCLI

/// `--color` and the environment (no-color.org: only a non-empty NO_COLOR turns colour off).
final class ColorTests: XCTestCase {
    func console(terminal: Bool, _ environment: [String: String]) -> Console {
        Console(out: { _ in }, err: { _ in }, stdoutIsTerminal: terminal, environment: environment)
    }

    func testAutoFollowsTheTerminalAndANonEmptyNoColor() {
        XCTAssertTrue(console(terminal: true, [:]).useColor(.auto))
        XCTAssertTrue(console(terminal: true, ["NO_COLOR": ""]).useColor(.auto), "an empty NO_COLOR does not count")
        XCTAssertFalse(console(terminal: true, ["NO_COLOR": "1"]).useColor(.auto))
        XCTAssertFalse(console(terminal: false, [:]).useColor(.auto))
        XCTAssertFalse(console(terminal: true, ["TERM": "dumb"]).useColor(.auto))
        XCTAssertTrue(console(terminal: false, ["FORCE_COLOR": "1"]).useColor(.auto))
        XCTAssertFalse(console(terminal: false, ["FORCE_COLOR": "1", "NO_COLOR": "1"]).useColor(.auto))
    }

    func testAlwaysAndNeverOverrideEverything() {
        XCTAssertTrue(console(terminal: false, ["NO_COLOR": "1"]).useColor(.always))
        XCTAssertFalse(console(terminal: true, [:]).useColor(.never))
    }

    func testTheOptionColoursTheTextOutput() throws {
        let dir = FixtureSupport.scratch("color")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "import SwiftUI\nfinal class M: ObservableObject {}\n".write(to: dir.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        let always = runTool(["check", "--project-root", ".", "--color", "always", "."], cwd: dir.path)
        XCTAssertTrue(always.out.contains("\u{1B}["), "--color always colours a pipe")
        let never = runTool(["check", "--project-root", ".", "--color", "never", "."], cwd: dir.path, environment: ["FORCE_COLOR": "1"])
        XCTAssertFalse(never.out.contains("\u{1B}["))
        let bad = runTool(["check", "--project-root", ".", "--color", "alway", "."], cwd: dir.path)
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("unknown value 'alway' for --color (did you mean always?)"), bad.err)
    }
}
