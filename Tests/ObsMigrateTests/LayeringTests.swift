import Foundation
import XCTest

/// The folders of Sources/ObsMigrateCore use each other in one direction only (Support, Lexer,
/// Scanner, Index, Rules, Engine, Report, Config, CLI): `scripts/folder_deps.py` lists who uses
/// whom and fails on a cycle.
final class LayeringTests: XCTestCase {
    func testFoldersUseEachOtherWithoutCycles() throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", RoundTripTests.packageRoot.appendingPathComponent("scripts/folder_deps.py").path, "--fail-on-cycles"]
        let pipe = Pipe()
        python.standardOutput = pipe
        try python.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("cycles: none"), output)
        // The script sees the edges it should: a check that it is not blind.
        XCTAssertTrue(output.contains("CLI -> ") && output.contains("Engine -> ") && output.contains("Index"), output)
    }
}
