import Foundation
import XCTest

/// The library is layered in targets (ObsMigrateSupport, ObsMigrateCore, ObsMigrateReport,
/// ObsMigrateCLI), and the folders inside them (Support; Lexer, Scanner, Index, Rules, Docs,
/// Engine, Plan; Report; Config, CLI) use each other in one direction only: `scripts/folder_deps.py`
/// lists who uses whom, fails on a cycle, and fails when a target uses one that Package.swift
/// does not list among its dependencies.
final class LayeringTests: XCTestCase {
    func testFoldersUseEachOtherWithoutCyclesAndTargetsOnlyTheirDependencies() throws {
        let (status, output) = try folderDeps(["--fail-on-cycles", "--fail-on-layering"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("cycles: none"), output)
        XCTAssertTrue(output.contains("layering: ok"), output)
        // The script sees the edges it should: a check that it is not blind.
        XCTAssertTrue(output.contains("CLI -> ") && output.contains("Engine -> ") && output.contains("Index"), output)
        XCTAssertTrue(output.contains("target ObsMigrateCore [Docs, Engine, Index, Lexer, Plan, Rules, Scanner]: uses ObsMigrateSupport;"), output)
        XCTAssertTrue(output.contains("target ObsMigrateReport [Report]: uses ObsMigrateCore, ObsMigrateSupport;"), output)
        XCTAssertTrue(output.contains("target ObsMigrateSupport [Support]: uses (nothing);"), output)
    }

    /// The check can fail: in a two-target package whose lower target names a type of the upper
    /// one (or imports it), the script reports it and exits 1; without that use, it passes.
    func testLayeringCheckFailsOnAUseOfAnUndeclaredTarget() throws {
        let box = try Sandbox("layering-check")
        try box.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Layers",
                targets: [
                    .target(name: "LayerLow"),
                    // .target(name: "LayerLow", dependencies: ["LayerHigh"]) would allow it
                    .target(name: "LayerHigh", dependencies: ["LayerLow"]),
                    .testTarget(name: "LayerTests", dependencies: ["LayerLow", "LayerHigh"]),
                ]
            )

            """)
        try box.write("Sources/LayerLow/Base.swift", "public struct Base {}\n")
        try box.write("Sources/LayerHigh/Top/Top.swift", "import LayerLow\n\npublic struct Top {\n    var base: Base\n}\n")
        let clean = try folderDeps(["--fail-on-layering", "--root", box.path])
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertTrue(clean.output.contains("target LayerHigh [Top]: uses LayerLow; depends on LayerLow"), clean.output)
        XCTAssertTrue(clean.output.contains("layering: ok"), clean.output)

        // A use by name, upwards.
        try box.write("Sources/LayerLow/Peek.swift", "func peek(_ top: Top) {}\n")
        let named = try folderDeps(["--fail-on-layering", "--root", box.path])
        XCTAssertEqual(named.status, 1, named.output)
        XCTAssertTrue(named.output.contains("LayerLow uses LayerHigh, which it does not depend on: LayerLow -> Top (Top)"), named.output)
        XCTAssertTrue(named.output.contains("cycles: LayerLow <-> Top"), named.output)

        // An import alone, upwards.
        try box.write("Sources/LayerLow/Peek.swift", "import LayerHigh\n")
        let imported = try folderDeps(["--fail-on-layering", "--root", box.path])
        XCTAssertEqual(imported.status, 1, imported.output)
        XCTAssertTrue(imported.output.contains("LayerLow uses LayerHigh, which it does not depend on: LayerLow: import LayerHigh"), imported.output)
    }

    func folderDeps(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", RoundTripTests.packageRoot.appendingPathComponent("scripts/folder_deps.py").path] + arguments
        let pipe = Pipe()
        python.standardOutput = pipe
        python.standardError = pipe
        try python.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        return (python.terminationStatus, output)
    }
}
