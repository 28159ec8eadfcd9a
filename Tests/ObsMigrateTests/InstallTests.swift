import Foundation
import XCTest

/// The ways Swift teams install and run linters, tried for real: the SwiftPM command plugins in
/// a package that depends on this checkout by path, and `make install` into a prefix.
final class InstallTests: XCTestCase {
    static var packageRoot: URL { RoundTripTests.packageRoot }

    func run(_ args: [String], in dir: URL) -> (status: Int32, output: String) {
        SarifTools.run(URL(fileURLWithPath: "/usr/bin/env"), args, cwd: dir)
    }

    func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("obs-migrate-install-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func testCommandPluginsRunInADependentPackage() throws {
        let demo = try scratch("plugin")
        defer { try? FileManager.default.removeItem(at: demo) }
        try FileManager.default.createDirectory(at: demo.appendingPathComponent("Sources/Demo"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Demo",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: "\(Self.packageRoot.path)")],
                targets: [.target(name: "Demo")]
            )

            """.write(to: demo.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let source = demo.appendingPathComponent("Sources/Demo/Counter.swift")
        let legacy = "import Combine\n\npublic final class Counter: ObservableObject {\n    @Published public var value = 0\n    public init() {}\n}\n"
        try legacy.write(to: source, atomically: true, encoding: .utf8)

        let check = run(["swift", "package", "plugin", "obs-migrate-check"], in: demo)
        XCTAssertNotEqual(check.status, 0, "findings fail the check plugin:\n\(check.output)")
        XCTAssertTrue(check.output.contains("Sources/Demo/Counter.swift:3:20: warning: Counter conforms to ObservableObject"), check.output)

        let refused = run(["swift", "package", "plugin", "obs-migrate-fix"], in: demo)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("--allow-writing-to-package-directory"), refused.output)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), legacy, "nothing written without the permission")

        let fix = run(["swift", "package", "plugin", "--allow-writing-to-package-directory", "obs-migrate-fix"], in: demo)
        XCTAssertEqual(fix.status, 0, fix.output)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8),
                       "import Combine\nimport Observation\n\n@Observable public final class Counter {\n    public var value = 0\n    public init() {}\n}\n")
        let clean = run(["swift", "package", "plugin", "obs-migrate-check", "--target", "Demo"], in: demo)
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertTrue(clean.output.contains("No ObservableObject patterns found"), clean.output)
    }

    func testMakeInstallPutsAWorkingBinaryInThePrefix() throws {
        let prefix = try scratch("prefix")
        defer { try? FileManager.default.removeItem(at: prefix) }
        // A scratch folder of its own: the test run holds the package's .build.
        let install = run(["make", "-C", Self.packageRoot.path, "install", "PREFIX=\(prefix.path)",
                           "BUILD_PATH=\(prefix.appendingPathComponent("build").path)"], in: prefix)
        XCTAssertEqual(install.status, 0, install.output)
        let binary = prefix.appendingPathComponent("bin/obs-migrate")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        // Stripped: smaller than the binary SwiftPM built.
        let built = prefix.appendingPathComponent("build/release/obs-migrate")
        let builtSize = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: built.path)[.size] as? Int)
        let installedSize = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: binary.path)[.size] as? Int)
        XCTAssertLessThan(installedSize, builtSize, "make install strips the binary")
        let version = SarifTools.run(binary, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("obs-migrate "), version.output)
        let sample = Self.packageRoot.appendingPathComponent("Fixtures/sample-app/bookshelf/input")
        let check = SarifTools.run(binary, ["check", "--project-root", sample.path, sample.path])
        XCTAssertEqual(check.status, 1)
        // The same summary as the sample's golden check output.
        let golden = try String(contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/sample-app/bookshelf/check.txt"), encoding: .utf8)
        let summary = try XCTUnwrap(golden.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(summary.hasPrefix("Found "), summary)
        XCTAssertTrue(check.output.contains(summary), check.output)
    }
}
