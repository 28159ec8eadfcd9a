import Foundation
import XCTest
@testable import ObsMigrateCore

/// The Bloom filter of a let-go file's identifiers may only err one way: a name among them is
/// always reported as possibly there (else a pass would skip a use); one that is not, rarely.
final class IdentifierFilterTests: XCTestCase {
    func testEveryIdentifierOfThisPackagesSourcesIsFound() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(sources.count, 50)
        var checked = 0, absentPassed = 0, absentTried = 0
        for path in sources {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent("Sources").appendingPathComponent(path)))
            let source = SourceFile(path: path, bytes: bytes)
            let filter = IdentifierFilter(source)
            var names = Set<String>()
            for s in source.indices(of: .identifier) {
                names.insert(source.text(s))
                names.insert(source.name(s))
            }
            for name in names {
                XCTAssertTrue(filter.mayContain(Array(name.utf8)), "\(path): \(name)")
                checked += 1
            }
            // Names no file here declares or uses: each passes the filter only by chance.
            for k in 0..<40 {
                let absent = "zqxAbsentName\(k)\(path.count)"
                guard !names.contains(absent) else { continue }
                absentTried += 1
                if filter.mayContain(Array(absent.utf8)) { absentPassed += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
        XCTAssertLessThan(Double(absentPassed) / Double(absentTried), 0.05, "\(absentPassed) of \(absentTried) absent names passed")
    }

    func testRawIdentifiersAreFoundWithAndWithoutBackticks() {
        let source = SourceFile(path: "t.swift", bytes: Array("let x = `default`(`class`: 1)\n".utf8))
        let filter = IdentifierFilter(source)
        for name in ["x", "`default`", "default", "`class`", "class"] {
            XCTAssertTrue(filter.mayContain(Array(name.utf8)), name)
        }
    }

    func testAFileWithoutIdentifiersHoldsNone() {
        let filter = IdentifierFilter(SourceFile(path: "t.swift", bytes: Array("// nothing\n".utf8)))
        XCTAssertFalse(filter.mayContain(Array("nothing".utf8)), "a word in a comment is no identifier")
    }
}
