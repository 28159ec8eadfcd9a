import Foundation
import XCTest

/// The compile oracle: every golden fixture must type-check before (input/, old API) and after
/// (input/ with expected/ laid over it) the migration, against the stand-in SwiftUI/Combine
/// modules in Oracle/Stubs and the real Observation module. Negative controls prove the stubs
/// reject the mistakes a migration can make; positive controls prove they are rich enough.
///
/// These tests never skip: if swiftc cannot be found or run, they fail with the reason.
final class OracleTests: XCTestCase {
    override class func tearDown() {
        if case .success(let oracle) = CompileOracle.shared {
            oracle.removeWorkDirectory()
        }
        super.tearDown()
    }

    private func oracle(file: StaticString = #filePath, line: UInt = #line) -> CompileOracle? {
        switch CompileOracle.shared {
        case .success(let oracle):
            return oracle
        case .failure(let failure):
            XCTFail("the compile oracle is unavailable: \(failure)", file: file, line: line)
            return nil
        }
    }

    // MARK: Fixtures

    func testFixturesTypeCheckBeforeAndAfterMigration() {
        guard let oracle = oracle() else { return }
        let cases = OracleFixtureCase.discover(in: CompileOracle.fixturesDirectory)
        guard !cases.isEmpty else {
            XCTFail("no fixture cases under \(CompileOracle.fixturesDirectory.path) "
                + "(a case is any directory holding an input/ folder); the oracle checked nothing")
            return
        }

        struct Job: Sendable {
            let fixture: OracleFixtureCase
            let side: String  // "input" or "expected"
            let files: [URL]
            let skipReason: String?
        }
        var jobs: [Job] = []
        for fixture in cases {
            for problem in fixture.problems {
                XCTFail("Fixtures/\(fixture.name): \(problem)")
            }
            guard !fixture.inputFiles.isEmpty else { continue }
            jobs.append(Job(fixture: fixture, side: "input", files: fixture.inputFiles, skipReason: fixture.skipInput))
            if !fixture.expectedIsInput || fixture.skipExpected != fixture.skipInput {
                jobs.append(Job(fixture: fixture, side: "expected", files: fixture.expectedFiles,
                                skipReason: fixture.skipExpected))
            }
        }

        let start = Date()
        let allJobs = jobs
        let outcomes = oracleParallelMap(allJobs.count) { oracle.typecheck(allJobs[$0].files, separateModules: allJobs[$0].fixture.separateModules,
                                                                                 swiftVersion: allJobs[$0].fixture.swiftVersion) }
        let seconds = Date().timeIntervalSince(start)

        var passed = 0
        for (job, outcome) in zip(jobs, outcomes) {
            let what = "Fixtures/\(job.fixture.name) \(job.side == "input" ? "input (old API)" : "expected (migrated)")"
            switch (job.skipReason, outcome.succeeded) {
            case (nil, true):
                passed += 1
            case (nil, false):
                XCTFail("\(what) does not type-check (exit \(outcome.exitCode)); "
                    + "files: \(job.files.map(\.lastPathComponent).joined(separator: ", "))\n"
                    + Self.clip(outcome.output))
            case (let reason?, false):
                _ = reason  // skipped on purpose, and it does fail: as documented
            case (let reason?, true):
                XCTFail("\(what) type-checks, but oracle.txt says `skip-\(job.side): \(reason)`; "
                    + "remove the stale skip line")
            }
        }
        XCTAssertGreaterThan(passed, 0, "no fixture side was type-checked successfully; the oracle proved nothing")
        print("[oracle] stand-in modules built in \(Self.format(oracle.stubBuildSeconds)) s; "
            + "\(cases.count) fixture case(s), \(jobs.count) type-check(s), \(passed) passing side(s) "
            + "in \(Self.format(seconds)) s")
    }

    // MARK: Controls

    func testNegativeControlsFailWithTheirExpectedError() {
        guard let oracle = oracle() else { return }
        let files = Self.swiftFiles(in: CompileOracle.negativeControlsDirectory)
        guard !files.isEmpty else {
            XCTFail("no negative controls in \(CompileOracle.negativeControlsDirectory.path)")
            return
        }
        let start = Date()
        let outcomes = oracleParallelMap(files.count) { oracle.typecheck([files[$0]]) }
        let seconds = Date().timeIntervalSince(start)

        for (file, outcome) in zip(files, outcomes) {
            let name = file.lastPathComponent
            let firstLine = ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
                .split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let prefix = "// expect-error:"
            guard firstLine.hasPrefix(prefix) else {
                XCTFail("negative control \(name) must start with `\(prefix) <substring of the error>`")
                continue
            }
            let expected = firstLine.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            if expected.isEmpty {
                XCTFail("negative control \(name) has an empty expect-error line")
            } else if outcome.succeeded {
                XCTFail("negative control \(name) type-checks, but must fail with `\(expected)`; "
                    + "the stand-in modules are too lenient")
            } else if !outcome.output.contains(expected) {
                XCTFail("negative control \(name) fails, but not with `\(expected)`:\n\(Self.clip(outcome.output))")
            }
        }
        print("[oracle] \(files.count) negative control(s) in \(Self.format(seconds)) s")
    }

    func testPositiveControlsTypeCheck() {
        guard let oracle = oracle() else { return }
        let files = Self.swiftFiles(in: CompileOracle.positiveControlsDirectory)
        guard !files.isEmpty else {
            XCTFail("no positive controls in \(CompileOracle.positiveControlsDirectory.path)")
            return
        }
        let start = Date()
        let outcomes = oracleParallelMap(files.count) { oracle.typecheck([files[$0]]) }
        let seconds = Date().timeIntervalSince(start)

        for (file, outcome) in zip(files, outcomes) where !outcome.succeeded {
            XCTFail("positive control \(file.lastPathComponent) must type-check against the stand-in modules "
                + "(exit \(outcome.exitCode)):\n\(Self.clip(outcome.output))")
        }
        print("[oracle] \(files.count) positive control(s) in \(Self.format(seconds)) s")
    }

    // MARK: Helpers

    /// The *.swift files directly inside `directory`, sorted by name.
    private static func swiftFiles(in directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func clip(_ text: String, limit: Int = 12_000) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "\n… (\(text.count - limit) more characters)"
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.1f", seconds)
    }
}
