import Foundation
import XCTest

/// The runtime oracle: a fixture with a `runtime.swift` scenario is compiled twice, once with its
/// input (ObservableObject, `@Published`, Combine pipelines) and once with its expected output
/// (`@Observable`), each with the scenario as `main.swift`, and both programs must print the same
/// trace. `import Combine` is OpenCombine there (Tests/RuntimeOracle, built once into
/// .build/runtime-oracle); `Observation` is the toolchain's, with the real macro. Only files that
/// import nothing beyond Combine, Foundation and Observation are compiled (views cannot run here;
/// the compile oracle covers them).
final class RuntimeOracleTests: XCTestCase {
    static let packageDirectory = CompileOracle.packageRoot.appendingPathComponent("Tests/RuntimeOracle")
    static let scratch = CompileOracle.packageRoot.appendingPathComponent(".build/runtime-oracle")
    static let runnableImports: Set<String> = ["Combine", "Foundation", "Observation"]

    /// The built Combine (OpenCombine) library, or why there is none: `skip` when the package
    /// cannot be resolved (no copy of OpenCombine reachable), `fail` for anything else.
    enum Library { case built(URL), skip(String), fail(String) }

    static let library: Library = {
        guard let swift = try? CompileOracle.locateSwiftc().deletingLastPathComponent().appendingPathComponent("swift") else {
            return .fail("no swiftc found")
        }
        let outcome = CompileOracle.run(swift, ["build", "--package-path", packageDirectory.path, "--scratch-path", scratch.path], timeout: 1800)
        guard outcome.succeeded else {
            let resolution = ["resolv", "clone", "fetch", "unable to access", "Could not", "github.com"]
                .contains { outcome.output.localizedCaseInsensitiveContains($0) }
            let text = String(outcome.output.suffix(1500))
            return resolution ? .skip("OpenCombine 0.14.0 could not be resolved for Tests/RuntimeOracle:\n\(text)")
                              : .fail("building Tests/RuntimeOracle failed (exit \(outcome.exitCode)):\n\(text)")
        }
        return .built(scratch.appendingPathComponent("debug"))
    }()

    func testScenariosPrintTheSameTraceBeforeAndAfterMigration() throws {
        let cases = OracleFixtureCase.discover(in: CompileOracle.fixturesDirectory)
            .filter { FileManager.default.fileExists(atPath: $0.directory.appendingPathComponent("runtime.swift").path) }
        XCTAssertFalse(cases.isEmpty, "no fixture has a runtime.swift scenario: the runtime oracle checked nothing")
        let runner = try Runner()
        defer { runner.removeWorkDirectory() }
        let jobs = cases.flatMap { c in
            [(c.directory.appendingPathComponent("runtime.swift"), c.inputFiles), (c.directory.appendingPathComponent("runtime.swift"), c.expectedFiles)]
        }
        let traces = oracleParallelMap(jobs.count) { runner.trace(scenario: jobs[$0].0, files: jobs[$0].1, slot: $0) }
        var compared = 0
        for k in stride(from: 0, to: jobs.count, by: 2) {
            let name = "Fixtures/\(cases[k / 2].name)"
            let before = traces[k], after = traces[k + 1]
            guard before.succeeded else { XCTFail("\(name) input: \(before.output)"); continue }
            guard after.succeeded else { XCTFail("\(name) expected: \(after.output)"); continue }
            XCTAssertFalse(before.output.isEmpty, "\(name): the scenario printed nothing")
            XCTAssertEqual(after.output, before.output, "\(name): the migrated code's trace differs from the original's")
            compared += 1
        }
        print("runtime oracle: \(compared) of \(cases.count) scenarios gave the same trace before and after migration")
    }

    /// Migrations that compile and change behaviour (Oracle/RuntimeNegativeControls: before.swift,
    /// after.swift, runtime.swift): the oracle must tell their traces apart.
    func testNegativeControlsPrintDifferentTraces() throws {
        let directory = CompileOracle.oracleDirectory.appendingPathComponent("RuntimeNegativeControls")
        let controls = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("runtime.swift").path) }
            .sorted { $0.path < $1.path }
        XCTAssertFalse(controls.isEmpty, "no runtime negative control found under \(directory.path)")
        let runner = try Runner()
        defer { runner.removeWorkDirectory() }
        let traces = oracleParallelMap(controls.count * 2) { i in
            let control = controls[i / 2]
            return runner.trace(scenario: control.appendingPathComponent("runtime.swift"),
                                files: [control.appendingPathComponent(i % 2 == 0 ? "before.swift" : "after.swift")], slot: i)
        }
        for (k, control) in controls.enumerated() {
            let before = traces[2 * k], after = traces[2 * k + 1]
            guard before.succeeded, after.succeeded else {
                XCTFail("\(control.lastPathComponent): both sides must run: \(before.output)\(after.output)"); continue
            }
            XCTAssertNotEqual(before.output, after.output, "\(control.lastPathComponent): the oracle did not tell the wrong migration apart")
        }
    }

    /// Builds and runs scenario programs against the built Combine (OpenCombine).
    struct Runner: Sendable {
        let lib: URL
        let swiftc: URL
        let work: URL

        init() throws {
            switch RuntimeOracleTests.library {
            case .built(let url): lib = url
            case .skip(let why): throw XCTSkip(why)
            case .fail(let why): throw RunnerFailure(description: why)
            }
            swiftc = try CompileOracle.locateSwiftc()
            work = FileManager.default.temporaryDirectory.appendingPathComponent("obs-migrate-runtime-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        }

        func removeWorkDirectory() { try? FileManager.default.removeItem(at: work) }

        /// What every scenario may call (`told(_:reading:after:)`), compiled with each.
        static let prelude = CompileOracle.oracleDirectory.appendingPathComponent("RuntimePrelude.swift")

        /// The scenario as `main.swift` with the files that can run here and the prelude, built
        /// and run: its output.
        func trace(scenario: URL, files: [URL], slot: Int) -> CompileOracle.Outcome {
            let dir = work.appendingPathComponent("\(slot)")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let main = dir.appendingPathComponent("main.swift")
            try? FileManager.default.copyItem(at: scenario, to: main)
            let sources = files.filter { RuntimeOracleTests.imports(of: $0).isSubset(of: RuntimeOracleTests.runnableImports) }.map(\.path)
            let binary = dir.appendingPathComponent("scenario")
            let build = CompileOracle.run(swiftc, [
                "-swift-version", "5", "-module-name", "Scenario",
                "-I", lib.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + lib.appendingPathComponent("COpenCombineHelpers.build/module.modulemap").path,
                "-L", lib.path, "-lCombine", "-Xlinker", "-rpath", "-Xlinker", lib.path,
                "-o", binary.path, main.path, Self.prelude.path,
            ] + sources)
            guard build.succeeded else { return CompileOracle.Outcome(exitCode: -1, output: "does not build:\n" + build.output) }
            return CompileOracle.run(binary, [], timeout: 60)
        }
    }

    struct RunnerFailure: Error, CustomStringConvertible { let description: String }

    /// The modules a file imports (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    static func imports(of file: URL) -> Set<String> {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var modules = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { continue }
            let target = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1]) ? words[2] : words[1]
            modules.insert(String(target.split(separator: ".")[0]))
        }
        return modules
    }
}
