import Foundation
import XCTest

/// The ways Swift teams install and run linters, tried for real: the SwiftPM build-tool and
/// command plugins in a package that depends on this checkout by path, and `make install` into a
/// prefix.
final class InstallTests: XCTestCase {
    static var packageRoot: URL { RoundTripTests.packageRoot }

    func run(_ args: [String], in dir: URL) -> (status: Int32, output: String) {
        SarifTools.run(URL(fileURLWithPath: "/usr/bin/env"), args, cwd: dir)
    }

    func scratch(_ name: String) throws -> URL {
        // Symbolic links resolved: SwiftPM prints the package's paths that way (/private/var on macOS).
        let dir = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
            .appendingPathComponent("obs-migrate-install-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The build-tool plugin under `swift build`, then the command plugins, in one package that
    /// depends on this checkout by path: building obs-migrate there is the slow part, and the
    /// command plugins reuse the tool the first build made.
    func testPluginsRunInADependentPackage() throws {
        let scratch = try scratch("plugin")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let demo = scratch.appendingPathComponent("Demo")
        try writeCombineStandIn(at: scratch.appendingPathComponent("combine-stand-in"))
        try FileManager.default.createDirectory(at: demo.appendingPathComponent("Sources/Demo"), withIntermediateDirectories: true)
        // A path dependency's identity is its folder's name.
        let identity = Self.packageRoot.lastPathComponent
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Demo",
                platforms: [.macOS(.v14)],
                dependencies: [
                    .package(path: "\(Self.packageRoot.path)"),
                    .package(path: "../combine-stand-in"),
                ],
                targets: [
                    .target(
                        name: "Demo",
                        dependencies: [.product(name: "Combine", package: "combine-stand-in", condition: .when(platforms: [.linux]))],
                        plugins: [.plugin(name: "ObsMigrateBuildToolPlugin", package: "\(identity)")]
                    ),
                ]
            )

            """.write(to: demo.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let source = demo.appendingPathComponent("Sources/Demo/Counter.swift")
        let legacy = "import Combine\n\npublic final class Counter: ObservableObject {\n    @Published public var value = 0\n    public init() {}\n}\n"
        try legacy.write(to: source, atomically: true, encoding: .utf8)
        let path = source.path

        // The build-tool plugin: the findings as swiftc's warnings, absolute paths; the build
        // succeeds and nothing is written.
        let build = run(["swift", "build"], in: demo)
        XCTAssertEqual(build.status, 0, "warnings do not fail the build:\n\(build.output)")
        XCTAssertTrue(build.output.contains("obs-migrate check Demo"), build.output)
        XCTAssertTrue(build.output.contains("\(path):3:20: warning: Counter conforms to ObservableObject: make it @Observable (fixable) [OBS101]\n"), build.output)
        XCTAssertTrue(build.output.contains("\(path):4:5: warning: @Published 'value' becomes a plain property of the @Observable Counter (fixable) [OBS102]\n"), build.output)
        XCTAssertFalse(build.output.contains("Found 2 issues"), "no summary in a build log:\n\(build.output)")
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), legacy, "the build-tool plugin writes nothing")

        // Nothing changed: the check does not run again. (The first build after a cold one links
        // the plugin's tool once more, as for any SwiftPM build-tool plugin built from source,
        // and a new tool runs its commands again: the build after that one is the test.)
        let settle = run(["swift", "build"], in: demo)
        XCTAssertEqual(settle.status, 0, settle.output)
        let again = run(["swift", "build"], in: demo)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertFalse(again.output.contains("obs-migrate check Demo"), again.output)
        XCTAssertFalse(again.output.contains("[OBS101]"), again.output)

        // A rule the project makes an error fails the build, as an error line; adding the
        // configuration runs the check again, and so does removing it.
        let configuration = demo.appendingPathComponent(".obs-migrate.json")
        try #"{"severity": {"OBS102": "error"}}"#.write(to: configuration, atomically: true, encoding: .utf8)
        let failing = run(["swift", "build"], in: demo)
        XCTAssertNotEqual(failing.status, 0, failing.output)
        XCTAssertTrue(failing.output.contains("\(path):4:5: error: @Published 'value' becomes a plain property"), failing.output)
        XCTAssertTrue(failing.output.contains("\(path):3:20: warning: Counter conforms"), failing.output)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), legacy)
        try FileManager.default.removeItem(at: configuration)
        let passing = run(["swift", "build"], in: demo)
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(passing.output.contains("\(path):4:5: warning: @Published"), passing.output)

        // The command plugins, with the tool that build made.
        let check = run(["swift", "package", "plugin", "obs-migrate-check"], in: demo)
        XCTAssertNotEqual(check.status, 0, "findings fail the check plugin:\n\(check.output)")
        XCTAssertTrue(check.output.contains("Sources/Demo/Counter.swift:3:20: warning: Counter conforms to ObservableObject"), check.output)

        let refused = run(["swift", "package", "plugin", "obs-migrate-fix"], in: demo)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("--allow-writing-to-package-directory"), refused.output)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), legacy, "nothing written without the permission")

        let fix = run(["swift", "package", "plugin", "--allow-writing-to-package-directory", "obs-migrate-fix"], in: demo)
        XCTAssertEqual(fix.status, 0, fix.output)
        let migrated = "import Combine\nimport Observation\n\n@Observable public final class Counter {\n    public var value = 0\n    public init() {}\n}\n"
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), migrated)
        let clean = run(["swift", "package", "plugin", "obs-migrate-check", "--target", "Demo"], in: demo)
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertTrue(clean.output.contains("No ObservableObject patterns found"), clean.output)

        // The migrated source: the check runs again, finds nothing, and the package builds.
        let migratedBuild = run(["swift", "build"], in: demo)
        XCTAssertEqual(migratedBuild.status, 0, migratedBuild.output)
        XCTAssertTrue(migratedBuild.output.contains("obs-migrate check Demo"), migratedBuild.output)
        XCTAssertFalse(migratedBuild.output.contains("[OBS1"), migratedBuild.output)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), migrated)
    }

    /// Linux has no Combine: a package of its own (outside the demo, so not part of the project
    /// obs-migrate reads) gives the two declarations the demo uses.
    func writeCombineStandIn(at root: URL) throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/Combine"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "combine-stand-in",
                products: [.library(name: "Combine", targets: ["Combine"])],
                targets: [.target(name: "Combine")]
            )

            """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
            public protocol ObservableObject: AnyObject {}

            @propertyWrapper
            public struct Published<Value> {
                public var wrappedValue: Value
                public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
            }

            """.write(to: root.appendingPathComponent("Sources/Combine/Combine.swift"), atomically: true, encoding: .utf8)
    }

    func testMakeInstallPutsAWorkingBinaryInThePrefix() throws {
        let prefix = try scratch("prefix")
        defer { try? FileManager.default.removeItem(at: prefix) }
        // `make install` in pre-commit's clone of the committed revision (what a user does: clone,
        // then `make install`), with BUILD_PATH the release build pre-commit made there for the
        // hooks' test: the Makefile's `swift build -c release` finds it up to date, and the two
        // tests cost one release build. Where pre-commit cannot be installed, in this checkout
        // with a scratch folder of its own (the test run holds the package's .build).
        let root: URL, buildPath: URL
        do {
            let shared = try PreCommitTool.releaseBuild()
            (root, buildPath) = (URL(fileURLWithPath: shared.clone), URL(fileURLWithPath: shared.buildPath))
        } catch {
            print("InstallTests: note: no release build of pre-commit's to share (\(error)); building one for `make install`")
            (root, buildPath) = (Self.packageRoot, prefix.appendingPathComponent("build"))
        }
        let start = Date()
        let install = run(["make", "-C", root.path, "install", "PREFIX=\(prefix.path)", "BUILD_PATH=\(buildPath.path)"], in: prefix)
        print("InstallTests: make install in \(root.path) took " + String(format: "%.1f", Date().timeIntervalSince(start)) + " s")
        XCTAssertEqual(install.status, 0, install.output)
        let binary = prefix.appendingPathComponent("bin/obs-migrate")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        // Stripped: smaller than the binary SwiftPM built.
        let built = buildPath.appendingPathComponent("release/obs-migrate")
        let builtSize = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: built.path)[.size] as? Int)
        let installedSize = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: binary.path)[.size] as? Int)
        XCTAssertLessThan(installedSize, builtSize, "make install strips the binary")
        let version = SarifTools.run(binary, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("obs-migrate "), version.output)
        let sample = root.appendingPathComponent("Fixtures/sample-app/bookshelf/input")
        let check = SarifTools.run(binary, ["check", "--project-root", sample.path, sample.path])
        XCTAssertEqual(check.status, 1)
        // The same summary as the sample's golden check output (of the same revision).
        let golden = try String(contentsOf: root.appendingPathComponent("Fixtures/sample-app/bookshelf/check.txt"), encoding: .utf8)
        let summary = try XCTUnwrap(golden.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(summary.hasPrefix("Found "), summary)
        XCTAssertTrue(check.output.contains(summary), check.output)
    }
}
