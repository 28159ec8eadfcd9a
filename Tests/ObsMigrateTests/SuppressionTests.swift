import XCTest
@testable import ObsMigrateCore

/// The `obs-migrate:` comments: what `SuppressionDirectives.parse` reads, which lines
/// `Suppressions.covering` says they cover, and what OBS301 and OBS302 report.
final class SuppressionTests: XCTestCase {
    func directives(_ text: String) -> SuppressionDirectives {
        Suppressions(SourceFile(path: "A.swift", bytes: Array(text.utf8))).comments
    }

    func suppressions(_ text: String) -> Suppressions {
        Suppressions(SourceFile(path: "A.swift", bytes: Array(text.utf8)))
    }

    /// The lines (1...count) on which a finding of OBS102 would be suppressed.
    func coveredLines(_ text: String, code: String = "OBS102", name: String = "published-property") -> [Int] {
        let s = suppressions(text)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count  // "\r\n" is one Character
        return (1...lines).filter { s.suppressedByComment(code: code, name: name, line: $0) }
    }

    func testEachFormIsReadWithItsKeysAndLine() {
        let read = directives("""
            import SwiftUI
            // obs-migrate:disable OBS102, state-object -- a reason
            /* obs-migrate:enable */
            let a = 1 // obs-migrate:disable-line all
            /// obs-migrate:disable-next-line obs104 - why
            // obs-migrate:disable-previous-line
            // obs-migrate:disable:next OBS102
            """)
        XCTAssertEqual(read.unreadable, [])
        XCTAssertEqual(read.directives.map(\.kind), [.disable, .enable, .disableLine, .disableNextLine, .disablePreviousLine, .disableNextLine])
        XCTAssertEqual(read.directives.map(\.line), [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(read.directives.map { $0.keys.map(\.text) }, [["OBS102", "state-object"], [], ["all"], ["obs104"], [], ["OBS102"]])
        XCTAssertEqual(read.directives.map(\.spelling).last, "disable:next")
        XCTAssertEqual(read.directives.map(\.coversAll), [false, true, true, false, true, false])
    }

    /// The marker must begin the comment's text: further in, it is prose or a commented-out directive.
    func testOnlyACommentBeginningWithTheMarkerIsADirective() {
        let read = directives("""
            // Run obs-migrate: it reports what to change.
            // // obs-migrate:disable-next-line OBS102
            /*
            // obs-migrate:disable OBS102
            */
            let s = "// obs-migrate:disable OBS102"
            """)
        XCTAssertTrue(read.isEmpty, "\(read)")
    }

    func testUnknownDirectivesAreKeptWithTheSpellingMeant() {
        let read = directives("""
            // obs-migrate:disable-this OBS102
            // obs-migrate:disable-nextline OBS102
            // obs-migrate: disable OBS102
            // obs-migrate:
            // obs-migrate:silence OBS102
            """)
        XCTAssertEqual(read.directives, [])
        XCTAssertEqual(read.unreadable.map(\.written), ["disable-this", "disable-nextline", " disable", "", "silence"])
        XCTAssertEqual(read.unreadable.map(\.suggestion), ["disable-line", "disable-next-line", "disable", nil, nil])
        XCTAssertEqual(read.unreadable.map(\.line), [1, 2, 3, 4, 5])
    }

    func testRegionsRunToTheirEnableOrTheEndOfTheFile() {
        let text = """
            let a = 1
            // obs-migrate:disable OBS102
            let b = 1
            // obs-migrate:enable published-property
            let c = 1
            // obs-migrate:disable
            let d = 1
            """
        XCTAssertEqual(coveredLines(text), [2, 3, 6, 7])
        XCTAssertEqual(coveredLines(text, code: "OBS104", name: "state-object"), [6, 7])
    }

    func testAnEnableOfOneRuleInsideDisableAllEndsItForThatRuleOnly() {
        let text = """
            // obs-migrate:disable all
            let a = 1
            // obs-migrate:enable OBS102
            let b = 1
            """
        XCTAssertEqual(coveredLines(text), [1, 2])
        XCTAssertEqual(coveredLines(text, code: "OBS104", name: "state-object"), [1, 2, 3, 4])
    }

    func testOneLineFormsCoverTheirLineOnly() {
        let text = """
            let a = 1 // obs-migrate:disable-line OBS102
            // obs-migrate:disable-next-line OBS104
            let b = 1
            let c = 1
            // obs-migrate:disable:previous OBS102
            """
        XCTAssertEqual(coveredLines(text), [1, 4])
        XCTAssertEqual(coveredLines(text, code: "OBS104", name: "state-object"), [3])
    }

    func testCRLFAndBlockCommentsSpanningLines() {
        let crlf = "let a = 1\r\n// obs-migrate:disable-next-line OBS102\r\nlet b = 1\r\n"
        XCTAssertEqual(coveredLines(crlf), [3])
        // A block comment's directive is its first line of text; what follows is not read as keys.
        let block = "/*\n obs-migrate:disable-next-line OBS102\n more words here\n */\nlet b = 1\n"
        let read = directives(block)
        XCTAssertEqual(read.directives.map { $0.keys.map(\.text) }, [["OBS102"]])
        XCTAssertEqual(coveredLines(block), [5], "the line after the comment")
    }

    // MARK: The rules about the comments

    func testSuperfluousReportsTheCommentThatCoversNothingAtItsPosition() {
        let source = "import SwiftUI\n\nstruct Plain {\n    // obs-migrate:disable-next-line OBS102\n    var value = 0\n}\n"
        let hits = findings(in: source).filter { $0.code == "OBS302" }
        XCTAssertEqual(hits.count, 1)
        let comment = source.range(of: "// obs-migrate")!
        XCTAssertEqual(hits.first?.range.lowerBound, source.utf8.distance(from: source.startIndex, to: comment.lowerBound))
        XCTAssertEqual(hits.first?.message, "obs-migrate:disable-next-line OBS102 suppresses nothing: no OBS102 finding on line 5; remove it")
    }

    func testASuppressionThatKeepsAModelIsNotSuperfluous() {
        // OBS103's fix is gone once the model is kept: the comment covered it while deciding.
        let source = "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    @Published var value = 0\n    // obs-migrate:disable-next-line OBS103\n    lazy var cache = 0\n}\n"
        let found = findings(in: source)
        XCTAssertFalse(found.contains { $0.code == "OBS302" }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.message.contains("a suppression comment keeps OBS103 here") }, "\(found.map(\.message))")
        XCTAssertEqual(try fixed(source), source, "the suppressed fix keeps the model")
    }

    func testOnlyACommentNamingTheRuleSilencesIt() {
        let quiet = "// obs-migrate:disable OBS302\nstruct Plain {\n    // obs-migrate:disable-next-line OBS102\n    var value = 0\n}\n"
        XCTAssertFalse(findings(in: quiet).contains { $0.code == "OBS302" })
        // `disable all` covers nothing here, and would hide its own report: it does not.
        let all = "// obs-migrate:disable all\nstruct Plain {\n    var value = 0\n}\n"
        XCTAssertEqual(findings(in: all).map(\.code), ["OBS302"])
    }

    func testCommentsNamingARuleThatDidNotRunAreNotJudged() {
        let source = "struct Plain {\n    // obs-migrate:disable-next-line OBS102\n    var value = 0\n    // obs-migrate:disable-next-line\n    var other = 0\n}\n"
        let files = [ProjectFile(path: "A.swift", bytes: Array(source.utf8))]
        let selected = Engine.analyze(files: files, reported: [0], selection: RuleSelection(select: ["OBS104", "OBS302"]))
        XCTAssertEqual(selected.findings[0].map(\.code), [], "OBS102 did not run, nor every rule")
        let all = Engine.analyze(files: files, reported: [0], selection: RuleSelection())
        XCTAssertEqual(all.findings[0].map(\.code), ["OBS302", "OBS302"])
    }

    func testInvalidDirectivesAreReportedAtTheComment() {
        let source = "// obs-migrate:disable-this OBS102\n// obs-migrate: disable OBS102\n// obs-migrate: generated file\n// obs-migrate:\n"
        let hits = findings(in: source).filter { $0.code == "OBS301" }
        XCTAssertEqual(hits.map(\.message), [
            "unknown directive 'obs-migrate:disable-this' (did you mean obs-migrate:disable-line?): it suppresses nothing",
            "space after obs-migrate: before 'disable' (did you mean obs-migrate:disable?): it suppresses nothing",
            "'obs-migrate: generated' names no directive (use disable, enable, disable-line, disable-next-line or disable-previous-line): it suppresses nothing",
            "obs-migrate: comment without a directive (use disable, enable, disable-line, disable-next-line or disable-previous-line): it suppresses nothing",
        ])
        let lineStarts = [0] + source.utf8.indices.filter { source.utf8[$0] == UInt8(ascii: "\n") }
            .map { source.utf8.distance(from: source.utf8.startIndex, to: $0) + 1 }
        XCTAssertEqual(hits.map(\.range.lowerBound), Array(lineStarts.prefix(4)))
    }

    func testInvalidNamesTheSpellingMeant() {
        let source = "let a = 1 // obs-migrate:disable-line OBS1O2 published-properti OBS999\n"
        let messages = findings(in: source).filter { $0.code == "OBS301" }.map(\.message)
        XCTAssertEqual(messages, [
            "unknown rule 'OBS1O2' in obs-migrate:disable-line (did you mean OBS102?): it suppresses nothing",
            "unknown rule 'published-properti' in obs-migrate:disable-line (did you mean published-property?): it suppresses nothing",
            "unknown rule 'OBS999' in obs-migrate:disable-line (did you mean OBS109?): it suppresses nothing",
        ])
    }
}
