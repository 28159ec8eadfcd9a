import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateReport

/// The diff's edit script against plain definitions: applying it rebuilds the new text, and
/// where the exact search runs it is as short as the longest common subsequence allows.
final class UnifiedDiffTests: XCTestCase {
    /// Lines rebuilt from a script: kept and inserted lines, in order, must be `b`.
    func rebuild(_ script: [UnifiedDiff.Step], _ a: UnifiedDiff.Lines, _ b: UnifiedDiff.Lines) -> (old: [String], new: [String]) {
        var old: [String] = [], new: [String] = []
        for step in script {
            switch step.tag {
            case .keep:
                XCTAssertEqual(a.raw(Int(step.a)), b.raw(Int(step.b)), "a kept line differs")
                old.append(a.text(Int(step.a))); new.append(b.text(Int(step.b)))
            case .delete: old.append(a.text(Int(step.a)))
            case .insert: new.append(b.text(Int(step.b)))
            }
        }
        return (old, new)
    }

    func lcs(_ a: [String], _ b: [String]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var previous = 0
            for (j, y) in b.enumerated() {
                let saved = row[j + 1]
                row[j + 1] = x == y ? previous + 1 : max(row[j + 1], row[j])
                previous = saved
            }
        }
        return row[b.count]
    }

    func randomText(_ lines: Int, _ rng: inout SystemRandomNumberGenerator, alphabet: [String]) -> [String] {
        (0..<lines).map { _ in alphabet.randomElement(using: &rng)! }
    }

    func testScriptsRebuildBothTextsAndAreShortestWhereExact() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = ["}", "", "var a = 1", "var b = 2", "@Published var c = 3", "func f() {", "    x += 1"]
        for _ in 0..<300 {
            let a = randomText(Int.random(in: 0...30, using: &rng), &rng, alphabet: alphabet)
            let b = randomText(Int.random(in: 0...30, using: &rng), &rng, alphabet: alphabet)
            let la = UnifiedDiff.Lines(Array((a.map { $0 + "\n" }.joined()).utf8))
            let lb = UnifiedDiff.Lines(Array((b.map { $0 + "\n" }.joined()).utf8))
            let script = UnifiedDiff.editScript(la, lb)
            let rebuilt = rebuild(script, la, lb)
            XCTAssertEqual(rebuilt.old, a)
            XCTAssertEqual(rebuilt.new, b)
            XCTAssertEqual(script.filter { $0.tag == .keep }.count, lcs(a, b), "Myers keeps a longest common subsequence")
        }
    }

    /// A block too big for the exact search (every line of a long file changed, the case that
    /// took tens of gigabytes): still a valid script, resynchronised at shared lines.
    func testABigBlockIsDiffedPieceByPiece() {
        let count = 3 * UnifiedDiff.exactLimit
        var old = "import Combine\nfinal class M: ObservableObject {\n"
        var new = "import Combine\nimport Observation\n@Observable final class M {\n"
        for i in 0..<count {
            old += "    @Published var p\(i) = 0\n"
            new += i % 100 == 0 ? "    // kept \(i)\n    var p\(i) = 0\n" : "    var p\(i) = 0\n"
            if i % 500 == 0 { old += "    // mark \(i)\n"; new += "    // mark \(i)\n" }
        }
        old += "}\n"; new += "}\n"
        let la = UnifiedDiff.Lines(Array(old.utf8)), lb = UnifiedDiff.Lines(Array(new.utf8))
        let script = UnifiedDiff.editScript(la, lb)
        let rebuilt = rebuild(script, la, lb)
        XCTAssertEqual(rebuilt.old.count, la.count)
        XCTAssertEqual(rebuilt.new.count, lb.count)
        XCTAssertEqual(rebuilt.new.joined(separator: "\n") + "\n", new)
        XCTAssertEqual(rebuilt.old.joined(separator: "\n") + "\n", old)
        // The shared marks and the closing brace are kept, not deleted and inserted again.
        XCTAssertEqual(script.filter { $0.tag == .keep }.count, 2 + count / 500 + 1)
    }

    func testLineEndingsAndAMissingFinalNewline() {
        let diff = UnifiedDiff.diff(old: "a\r\nb\r\nc", new: "a\r\nB\r\nc", oldName: "f", newName: "f")
        XCTAssertEqual(diff, "--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\\ No newline at end of file\n")
        XCTAssertEqual(UnifiedDiff.diff(old: "same\n", new: "same\n", oldName: "f", newName: "f"), "")
    }
}
