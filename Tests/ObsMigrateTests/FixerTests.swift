import Foundation
import XCTest
@testable import ObsMigrateCore

final class FixerTests: XCTestCase {
    func testEditsApplySortedDeduplicatedAndNeverOverlapping() {
        let bytes = Array("abcdef".utf8)
        let outcome = Fixer.apply([Edit(3..<5, "X"), Edit(1..<2, ""), Edit(1..<2, ""), Edit(4..<6, "Y")], to: bytes)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), "acXf")
        XCTAssertEqual(outcome.applied, 2)
        XCTAssertEqual(outcome.deferred, 1, "the overlapping edit waits for the next round")
    }

    /// Two insertions at one offset: a whole inserted line goes first, whatever the input order.
    func testLineInsertionsGoBeforeInLineInsertionsAtTheSameOffset() {
        let bytes = Array("class M {}\n".utf8)
        for edits in [[Edit.insert("@Observable ", at: 0), Edit.insert("import Observation\n\n", at: 0)],
                      [Edit.insert("import Observation\n\n", at: 0), Edit.insert("@Observable ", at: 0)]] {
            XCTAssertEqual(String(decoding: Fixer.apply(edits, to: bytes).bytes, as: UTF8.self),
                           "import Observation\n\n@Observable class M {}\n")
        }
    }

    func testAFileWithoutImportsIsFixedTheSameWayEveryTime() throws {
        let source = "final class M: ObservableObject { @Published var x = 0 }\n"
        for _ in 0..<20 {
            XCTAssertEqual(try fixed(source), "import Observation\n\n@Observable final class M { var x = 0 }\n")
        }
    }

    /// `fix` on some paths must not migrate a model whose views live in files it does not rewrite.
    func testPartialFixLeavesModelsUsedOutsideTheRewrittenFiles() throws {
        let dir = FixtureSupport.scratch("partial-fix")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let model = "import Foundation\nfinal class M: ObservableObject { @Published var x = 0 }\n"
        let view = "import SwiftUI\nstruct V: View {\n    @StateObject var m = M()\n    var body: some View { Text(\"\") }\n}\n"
        try model.write(to: dir.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        try view.write(to: dir.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)

        let partial = runTool(["fix", "--write", "--project-root", ".", "M.swift"], cwd: dir.path)
        XCTAssertEqual(partial.code, 1)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("M.swift"), encoding: .utf8), model)
        XCTAssertTrue(partial.out.contains("its migration also edits V.swift, which is not among the paths of this run"), partial.out)

        let whole = runTool(["fix", "--write", "--project-root", ".", "M.swift", "V.swift"], cwd: dir.path)
        XCTAssertEqual(whole.code, 0, whole.out + whole.err)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("V.swift"), encoding: .utf8).contains("@State var m"))
        try? FileManager.default.removeItem(at: dir)
    }

    /// Excluded files are read to decide: a model whose view is excluded stays as it is.
    func testExcludedFilesStillDecideButAreNeverRewritten() throws {
        let dir = FixtureSupport.scratch("exclude-decides")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Gen"), withIntermediateDirectories: true)
        let model = "import Foundation\nfinal class M: ObservableObject { @Published var x = 0 }\n"
        let view = "import SwiftUI\nstruct V: View {\n    @StateObject var m = M()\n    var body: some View { Text(\"\") }\n}\n"
        try model.write(to: dir.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        try view.write(to: dir.appendingPathComponent("Gen/V.swift"), atomically: true, encoding: .utf8)
        let run = runTool(["fix", "--write", "--exclude", "Gen", "--project-root", ".", "."], cwd: dir.path)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("M.swift"), encoding: .utf8), model)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("Gen/V.swift"), encoding: .utf8), view)
        XCTAssertTrue(run.out.contains("its migration also edits Gen/V.swift"), run.out)
        let check = runTool(["check", "--exclude", "Gen", "--project-root", ".", "."], cwd: dir.path).out
        XCTAssertFalse(check.contains("Gen/V.swift:"), check)
        XCTAssertTrue(check.contains("M keeps ObservableObject: its migration also edits Gen/V.swift"), "check says what fix would do:\n" + check)
        try? FileManager.default.removeItem(at: dir)
    }
}
