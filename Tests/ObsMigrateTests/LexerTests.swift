import XCTest
@testable import ObsMigrateCore

/// Significant tokens as `kind:text` pairs, the form the case table is written in.
func significant(_ source: String) -> [String] {
    let bytes = Array(source.utf8)
    return Lexer.tokenize(bytes).tokens.filter { !$0.kind.isTrivia }.map {
        "\($0.kind):\(String(decoding: bytes[$0.range], as: UTF8.self))"
    }
}

func allTokens(_ source: String) -> [String] {
    let bytes = Array(source.utf8)
    return Lexer.tokenize(bytes).tokens.map { "\($0.kind):\(String(decoding: bytes[$0.range], as: UTF8.self))" }
}

func assertLossless(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    let tokens = Lexer.tokenize(bytes).tokens
    var expected = 0
    for t in tokens {
        if Int(t.start) != expected || t.end <= t.start {
            XCTFail("gap or overlap at byte \(expected): token \(t)", file: file, line: line)
            return
        }
        expected = Int(t.end)
    }
    XCTAssertEqual(expected, bytes.count, "tokens do not cover the input", file: file, line: line)
    // The compact stream the scanners use is exactly the significant part of the full one.
    let compact = Lexer.significantTokens(bytes)
    let full = tokens.filter { !$0.kind.isTrivia }
    XCTAssertEqual(compact.tokens.map(\.range), full.map(\.range), "significant tokens differ", file: file, line: line)
    XCTAssertEqual(compact.tokens.map(\.kind), full.map(\.kind), file: file, line: line)
    XCTAssertEqual(compact.comments.map(\.range), tokens.filter { $0.kind.isComment }.map(\.range), file: file, line: line)
}

final class LexerTests: XCTestCase {
    struct Case {
        let name: String
        let source: String
        let expected: [String]
    }

    // One case per construct that can hide or split a keyword.
    let cases: [Case] = [
        Case(name: "line comment", source: "a // @Published x\nb",
             expected: ["identifier:a", "identifier:b"]),
        Case(name: "doc line comment", source: "/// ObservableObject\nx",
             expected: ["identifier:x"]),
        Case(name: "nested block comment", source: "a /* x /* ObservableObject */ @Published */ b",
             expected: ["identifier:a", "identifier:b"]),
        Case(name: "doc block comment", source: "/** @StateObject */ c",
             expected: ["identifier:c"]),
        Case(name: "string", source: #"let s = "@Published var x""#,
             expected: ["identifier:let", "identifier:s", "operator:=", #"string:"@Published var x""#]),
        Case(name: "escaped quote", source: #""a\"b" c"#,
             expected: [#"string:"a\"b""#, "identifier:c"]),
        Case(name: "interpolation", source: #""x \(a.b) y" z"#,
             expected: [#"string:"x \(a.b) y""#, "identifier:z"]),
        Case(name: "nested interpolation", source: #""a \(f("b \(g("c \(h)")) d")) e" z"#,
             expected: [#"string:"a \(f("b \(g("c \(h)")) d")) e""#, "identifier:z"]),
        Case(name: "interpolation with parens and comment", source: #""\(f((1)) /* ) */) " q"#,
             expected: [#"string:"\(f((1)) /* ) */) ""#, "identifier:q"]),
        Case(name: "multi-line string", source: "let s = \"\"\"\n  @Published \"quoted\"\n  \"\"\"\nx",
             expected: ["identifier:let", "identifier:s", "operator:=", "string:\"\"\"\n  @Published \"quoted\"\n  \"\"\"", "identifier:x"]),
        Case(name: "raw string", source: ##"#"a "quoted" \(not) \#(yes)"# z"##,
             expected: [##"string:#"a "quoted" \(not) \#(yes)"#"##, "identifier:z"]),
        Case(name: "raw string with two hashes", source: ###"##"a "# still"## z"###,
             expected: [###"string:##"a "# still"##"###, "identifier:z"]),
        Case(name: "raw multi-line string", source: "##\"\"\"\n\"\"\"# no\n\"\"\"## z",
             expected: ["string:##\"\"\"\n\"\"\"# no\n\"\"\"##", "identifier:z"]),
        // Swift's rule: a raw literal opening with `"""` closed on the same line is single-line.
        Case(name: "raw string of one quote", source: ##"f(#"""#, with: #"""#) z"##,
             expected: ["identifier:f", "leftParen:(", ##"string:#"""#"##, "comma:,", "identifier:with", "colon::",
                        ##"string:#"""#"##, "rightParen:)", "identifier:z"]),
        Case(name: "raw string opening with quotes", source: ###"##""" a "## z"###,
             expected: [###"string:##""" a "##"###, "identifier:z"]),
        Case(name: "backticked identifier", source: "let `default` = `class`",
             expected: ["identifier:let", "identifier:`default`", "operator:=", "identifier:`class`"]),
        Case(name: "dollar identifiers", source: "$0 + $model.name",
             expected: ["dollarIdentifier:$0", "operator:+", "dollarIdentifier:$model", "period:.", "identifier:name"]),
        Case(name: "member publisher", source: "model.$query.sink",
             expected: ["identifier:model", "period:.", "dollarIdentifier:$query", "period:.", "identifier:sink"]),
        Case(name: "if config", source: "#if DEBUG\n@Published var x\n#elseif os(iOS)\n#else\n#endif",
             expected: ["poundKeyword:#if", "identifier:DEBUG", "attribute:@Published", "identifier:var", "identifier:x",
                        "poundKeyword:#elseif", "identifier:os", "leftParen:(", "identifier:iOS", "rightParen:)",
                        "poundKeyword:#else", "poundKeyword:#endif"]),
        Case(name: "attribute with arguments", source: #"@Environment(\.dismiss) var d"#,
             expected: ["attribute:@Environment", "leftParen:(", "backslash:\\", "period:.", "identifier:dismiss",
                        "rightParen:)", "identifier:var", "identifier:d"]),
        Case(name: "available attribute", source: "@available(iOS 17, *)",
             expected: ["attribute:@available", "leftParen:(", "identifier:iOS", "number:17", "comma:,",
                        "operator:*", "rightParen:)"]),
        Case(name: "unicode identifiers", source: "let café = 日本 + π",
             expected: ["identifier:let", "identifier:café", "operator:=", "identifier:日本", "operator:+", "identifier:π"]),
        Case(name: "numbers", source: "1_000 0xFF 1.5e-3 0x1p-2 t.0.1 1..<2",
             expected: ["number:1_000", "number:0xFF", "number:1.5e-3", "number:0x1p-2", "identifier:t", "period:.",
                        "number:0", "period:.", "number:1", "number:1", "operator:..<", "number:2"]),
        Case(name: "extended regex", source: "let r = #/a\"b/c/# x",
             expected: ["identifier:let", "identifier:r", "operator:=", "regex:#/a\"b/c/#", "identifier:x"]),
        Case(name: "bare regex", source: "let r = /[a/]\"+/ ; x / y",
             expected: ["identifier:let", "identifier:r", "operator:=", "regex:/[a/]\"+/", "semicolon:;",
                        "identifier:x", "operator:/", "identifier:y"]),
        Case(name: "division is not a regex", source: "a / b / c",
             expected: ["identifier:a", "operator:/", "identifier:b", "operator:/", "identifier:c"]),
        Case(name: "operator next to comment", source: "a+/* c */b",
             expected: ["identifier:a", "operator:+", "identifier:b"]),
        Case(name: "shebang", source: "#!/usr/bin/swift\nx",
             expected: ["identifier:x"]),
        Case(name: "punctuation", source: "f(a: [1], b: { $0 }); g?.h!",
             expected: ["identifier:f", "leftParen:(", "identifier:a", "colon::", "leftBracket:[", "number:1",
                        "rightBracket:]", "comma:,", "identifier:b", "colon::", "leftBrace:{", "dollarIdentifier:$0",
                        "rightBrace:}", "rightParen:)", "semicolon:;", "identifier:g", "operator:?", "period:.",
                        "identifier:h", "operator:!"]),
        Case(name: "macro expansion", source: "#Preview { V() }",
             expected: ["poundKeyword:#Preview", "leftBrace:{", "identifier:V", "leftParen:(", "rightParen:)", "rightBrace:}"]),
    ]

    func testCaseTable() {
        for c in cases {
            XCTAssertEqual(significant(c.source), c.expected, c.name)
            assertLossless(Array(c.source.utf8))
        }
    }

    /// Identifiers, blanks, line comments and plain strings are scanned eight bytes a step while
    /// eight are left: each must end at the right byte at every length, in the middle of a file
    /// and at its end.
    func testRunsEndAtTheRightByteAtEveryLength() {
        for length in 1...20 {
            let name = "a" + String((1..<length).map { Array("Z_9é")[$0 % 4] })  // é: bytes of 0x80 and above
            for (suffix, after) in [("", [String]()), ("(", ["leftParen:("]), (" x", ["identifier:x"]), ("\n", []), (".y", ["period:.", "identifier:y"])] {
                XCTAssertEqual(significant(name + suffix), ["identifier:\(name)"] + after, "\(length) \(suffix.debugDescription)")
            }
            let blanks = String((0..<length).map { $0 % 3 == 2 ? "\t" : " " })
            XCTAssertEqual(allTokens("x" + blanks + "y"), ["identifier:x", "whitespace:\(blanks)", "identifier:y"])
            XCTAssertEqual(allTokens("x" + blanks), ["identifier:x", "whitespace:\(blanks)"])
            let comment = "//" + String(repeating: "c", count: length)
            XCTAssertEqual(allTokens(comment + "\nz"), ["lineComment:\(comment)", "newline:\n", "identifier:z"])
            XCTAssertEqual(allTokens(comment + "\r\nz"), ["lineComment:\(comment)", "newline:\r\n", "identifier:z"])
            XCTAssertEqual(allTokens(comment), ["lineComment:\(comment)"])
            let text = String(repeating: "s", count: length)
            XCTAssertEqual(significant("\"\(text)\"+1"), ["string:\"\(text)\"", "operator:+", "number:1"])
            XCTAssertEqual(significant("\"\(text)\\\"\(text)\""), ["string:\"\(text)\\\"\(text)\""], "an escaped quote at \(length)")
            XCTAssertEqual(significant("\"\(text)\\(a)\""), ["string:\"\(text)\\(a)\""], "an interpolation at \(length)")
            XCTAssertFalse(Lexer.tokenize("\"\(text)\n\"").errors.isEmpty, "a line break ends a plain literal at \(length)")
        }
    }

    /// The line above, whatever ends lines: `\r\n` is one break (found at its `\n`, the line
    /// above would be empty, and a removal there took a byte of the line ending).
    func testLineStartBeforeStepsOverEachLineEnding() {
        for eol in ["\n", "\r\n", "\r"] {
            let source = SourceFile(path: "F.swift", bytes: Array("let a = 1\(eol)let b = 2\(eol)let c = 3\(eol)".utf8))
            let second = source.nextLineStart(after: 0), third = source.nextLineStart(after: second)
            XCTAssertEqual(source.lineStart(before: third), second, "eol \(eol.debugDescription)")
            XCTAssertEqual(source.lineStart(before: second), 0, "eol \(eol.debugDescription)")
        }
    }

    func testTriviaKinds() {
        XCTAssertEqual(allTokens("a //x\r\n/// d\n/* b */ /** c */\tz"), [
            "identifier:a", "whitespace: ", "lineComment://x", "newline:\r\n", "docLineComment:/// d", "newline:\n",
            "blockComment:/* b */", "whitespace: ", "docBlockComment:/** c */", "whitespace:\t", "identifier:z",
        ])
    }

    func testUnterminatedConstructsRunToEndOfFile() {
        for source in ["let s = \"abc\nclass X {}", "/* open /* nested */ class X {}", "\"\"\"\nabc", "#\"abc\"",
                       "\"\\(f(\"x)\"", "#/abc"] {
            let lexed = Lexer.tokenize(source)
            XCTAssertFalse(lexed.errors.isEmpty, source)
            XCTAssertEqual(Int(lexed.tokens.last!.end), source.utf8.count, source)
            XCTAssertFalse(significant(source).contains("identifier:class"), source)
            assertLossless(Array(source.utf8))
        }
    }

    func testInterpolationRangesAreRecorded() {
        let source = #"let s = "a \(model.$x) b \(y)""#
        let lexed = Lexer.tokenize(source)
        let bytes = Array(source.utf8)
        XCTAssertEqual(lexed.interpolations.map { String(decoding: bytes[$0], as: UTF8.self) }, ["model.$x", "y"])
    }

    /// No legacy keyword inside a comment or a string of any form becomes code.
    func testLegacyKeywordsHideInCommentsAndStrings() {
        let words = ["ObservableObject", "@Published", "@StateObject", "@ObservedObject", "@EnvironmentObject"]
        for word in words {
            let wrappers = [
                "// \(word)", "/// \(word)", "/* \(word) */", "/** \(word) */", "/* /* \(word) */ */",
                "\"\(word)\"", "\"\"\"\n\(word)\n\"\"\"", "#\"\(word)\"#", "##\"\(word) \"# \"##",
                "#\"\"\"\n\(word)\n\"\"\"#", "\"\\(\"\(word)\")\"", "\"a \\(b ? \"\(word)\" : \"\\(c)\")\"",
                "#/\(word)/#",
            ]
            for source in wrappers {
                let code = significant("x = \(source)\n").filter { $0.hasPrefix("identifier:") || $0.hasPrefix("attribute:") }
                XCTAssertEqual(code, ["identifier:x"], source)
            }
        }
    }

    func testDeepNestingDoesNotOverflow() {
        let depth = 20_000
        var source = ""
        for _ in 0..<depth { source += "\"\\(" }
        for _ in 0..<depth { source += ")\"" }
        let lexed = Lexer.tokenize(source)
        XCTAssertTrue(lexed.errors.isEmpty)
        XCTAssertEqual(lexed.tokens.count, 1)
        let braces = String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
        let file = SourceFile(path: "x.swift", text: braces)
        XCTAssertEqual(file.match[0], Int32(2 * depth - 1))
        _ = DeclarationScanner.scan(file)
    }

    /// A closer pairs with the nearest opener of its kind among the 64 innermost open ones; the
    /// openers inside that pair, and any never closed, stay unmatched.
    func testMismatchedBracketsPairWithinReach() {
        let near = SourceFile(path: "x.swift", text: "[" + String(repeating: "(", count: 63) + "] )")
        XCTAssertEqual(near.match[0], 64)
        XCTAssertEqual(near.match[64], 0)
        XCTAssertEqual((1...63).filter { near.match[$0] != -1 }, [], "openers skipped by the closer")
        XCTAssertEqual(near.match[65], -1, "its opener was left unmatched")

        let far = SourceFile(path: "x.swift", text: "{[" + String(repeating: "(", count: 64) + "]})")
        XCTAssertEqual(far.match[66], -1, "the [ is 65 deep")
        XCTAssertEqual(far.match[67], -1, "{ is behind the unreachable [")
        XCTAssertEqual(far.match[68], 65, "the innermost ( pairs")
        XCTAssertEqual(far.match[65], 68)
        XCTAssertEqual((0...64).filter { far.match[$0] != -1 }, [], "never closed")
    }

    /// A bracket left without a match makes the file not understood, told at the first such
    /// bracket; a literal or comment left open is told instead, since it explains the rest.
    func testUnbalancedBracketsAreErrors() {
        let cases: [(text: String, error: LexError?)] = [
            ("final class Broken: ObservableObject {\n    @Published var v = 0\n    func f() {\n    }\n",
             LexError(kind: .unbalancedBracket(.leftBrace), offset: 37)),
            ("f(a]", LexError(kind: .unbalancedBracket(.leftParen), offset: 1)),
            ("let a = [1, 2\nlet b = 3", LexError(kind: .unbalancedBracket(.leftBracket), offset: 8)),
            ("struct S {}\n}\n", LexError(kind: .unbalancedBracket(.rightBrace), offset: 12)),
            ("g())", LexError(kind: .unbalancedBracket(.rightParen), offset: 3)),
            ("{ ( }", LexError(kind: .unbalancedBracket(.leftParen), offset: 2)),
            ("{ let s = \"open\n", LexError(kind: .unterminatedString, offset: 10)),
            ("f(a[b]{ c })", nil),
            ("let s = \"(\" /* { */ // [\nlet r = #/(/#", nil),
            ("#if os(iOS)\nfunc f() {}\n#else\nfunc f(x: Int) {}\n#endif\n", nil),
        ]
        for c in cases {
            let file = SourceFile(path: "x.swift", text: c.text)
            XCTAssertEqual(file.errors, c.error.map { [$0] } ?? [], c.text)
            XCTAssertEqual(file.isUnderstood, c.error == nil, c.text)
        }
        XCTAssertEqual(LexError(kind: .unbalancedBracket(.leftBrace), offset: 0).message, "unbalanced braces: no '}' closes the '{'")
        XCTAssertEqual(LexError(kind: .unbalancedBracket(.rightParen), offset: 0).message, "unbalanced parentheses: no '(' opens the ')'")
        XCTAssertEqual(LexError(kind: .unbalancedBracket(.leftBracket), offset: 0).message, "unbalanced brackets: no ']' closes the '['")
    }

    /// Every access by significant index is safe outside the file (`s - 1` at the first token,
    /// `s + 1` at the last): an empty token of unknown kind at the file's start or end.
    func testTokenAccessorsAreSafeOutsideTheFile() {
        let texts = ["", "\n", "x", "f(a) // c\n  .b", "\u{FEFF}class M {}\r\n"]
        for text in texts {
            let full = SourceFile(path: "x.swift", text: text)
            for file in [full, full.withoutTokens(keepingBytes: true), full.withoutTokens(keepingBytes: false)] {
                let n = file.sigCount, size = file.bytes.count
                for s in [Int.min, -2, -1, n, n + 1, n + 7, Int.max] {
                    let at = s < 0 ? 0 : size
                    XCTAssertEqual(file.kind(s), .unknown, "\(text.debugDescription) at \(s)")
                    XCTAssertEqual(file.token(s), Token(kind: .unknown, start: at, end: at))
                    XCTAssertEqual(file.start(s), at)
                    XCTAssertEqual(file.end(s), at)
                    XCTAssertEqual(file.text(s), "")
                    XCTAssertEqual(file.name(s), "")
                    XCTAssertFalse(file.isText(s, "x"))
                    XCTAssertFalse(file.isIdentifier(s, "x"))
                    XCTAssertTrue(file.startsLine[s])
                    XCTAssertEqual(file.match[s], -1)
                    XCTAssertFalse(file.startsStatement(s))
                    XCTAssertEqual(file.indentation(ofLineAt: at), file.indentation(ofLineAt: s < 0 ? -5 : size + 5))
                }
                // Helpers that step from an index (`s - 1`, `s - 2`): any index but the extremes.
                for s in [-2, -1, n, n + 1, n + 7] {
                    XCTAssertNil(file.statementStart(ofOwnMember: s))
                    if s < 0 || n == 0 { XCTAssertNil(file.innermostBrace(around: s)) }
                }
                XCTAssertEqual(file.joinedText(-2..<(n + 2)), file.joinedText(0..<n))
                // A span whose end comes before its start (`upperBound - 3` of a one-token range)
                // is empty at its start; a forward one covers the tokens.
                for (a, b) in [(0, -2), (n - 1, n - 3), (n, 0), (-1, n)] {
                    let span = file.span(a, through: b)
                    XCTAssertEqual(span.lowerBound, file.start(a))
                    XCTAssertEqual(span.upperBound, max(file.start(a), file.end(b)))
                }
                if n > 0 { XCTAssertEqual(file.text(file.span(0, through: n - 1)), file.text(file.start(0)..<file.end(n - 1))) }
                XCTAssertFalse(file.hasComment(between: n, and: n + 3))
                XCTAssertEqual(file.text(-4..<(size + 4)), String(decoding: file.bytes, as: UTF8.self))
                XCTAssertEqual(file.lineStart(of: -3), 0)
                XCTAssertEqual(file.nextLineStart(after: -3), file.nextLineStart(after: 0))
                XCTAssertLessThanOrEqual(file.lineStart(of: size + 3), size)
            }
        }
        // The fuzz finding's edge, one name token at each end of the file: before, the first
        // read `text(-1)` and the second `text(count)`.
        let edges = SourceFile(path: "x.swift", text: "Context")
        XCTAssertEqual(edges.text(0 - 1) + edges.text(0) + edges.text(0 + 1), "Context")
    }

    /// Tokens pack kind, line start, and length or bracket match into 8 bytes.
    func testPackedTokensKeepEveryField() {
        XCTAssertEqual(MemoryLayout<Token>.stride, 8)
        var token = Token(kind: .string, start: 7, end: 7 + Token.maxLength)
        XCTAssertEqual(token.kind, .string)
        XCTAssertEqual(token.length, Token.maxLength)
        XCTAssertFalse(token.startsLine)
        token.startsLine = true
        XCTAssertEqual(token.kind, .string)
        XCTAssertEqual(token.range, 7..<(7 + Token.maxLength))
        for kind in [TokenKind.unknown, .operator, .rightBracket, .identifier] {
            XCTAssertEqual(Token(kind: kind, start: 1, end: 2).kind, kind)
        }

        let file = SourceFile(path: "x.swift", text: "f(a[b]{ c })\n)] {")
        let pairs = [(1, 9), (3, 5), (6, 8)]  // ( ), [ ], { }
        for (open, close) in pairs {
            XCTAssertEqual(file.match[open], Int32(close))
            XCTAssertEqual(file.match[close], Int32(open))
            XCTAssertEqual(file.token(open).length, 1)
            XCTAssertEqual(file.text(open).count, 1)
        }
        XCTAssertEqual(file.match[0], -1, "not a bracket")
        XCTAssertEqual(file.match[10], -1, "stray closer")
        XCTAssertEqual(file.match[11], -1, "stray closer")
        XCTAssertEqual(file.match[12], -1, "unclosed opener")
        XCTAssertEqual(file.sigCount, 13)
        XCTAssertTrue(file.startsLine[10])
        XCTAssertFalse(file.startsLine[11])
    }

    /// Files with no significant token: empty, blank, comments only.
    func testFilesWithoutSignificantTokens() {
        for text in ["", "\n\n", "   ", "// only a comment\n", "/* block */", "\u{FEFF}"] {
            let file = SourceFile(path: "x.swift", text: text)
            XCTAssertEqual(file.sigCount, 0, text)
            XCTAssertTrue(file.isUnderstood, text)
            XCTAssertEqual(Lexer.tokenize(text).tokens.map(\.length).reduce(0, +), text.utf8.count, text)
            _ = DeclarationScanner.scan(file)
        }
    }

    /// A token longer than the packed length field makes the file "not understood" (never
    /// rewritten) instead of being cut short.
    func testTokenLongerThanTheLimitIsAnError() {
        var bytes = [UInt8](repeating: 0x61, count: Token.maxLength + 2)
        bytes[0] = 0x22
        bytes[bytes.count - 1] = 0x22
        let lexed = Lexer.significantTokens(bytes)
        XCTAssertEqual(lexed.errors.map(\.kind), [.tokenTooLong])
        XCTAssertEqual(lexed.tokens.count, 1)
    }
}

final class RoundTripTests: XCTestCase {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testEverySwiftFileInTheRepositoryRoundTrips() throws {
        let enumerator = FileManager.default.enumerator(at: Self.packageRoot, includingPropertiesForKeys: nil)!
        var count = 0
        for case let url as URL in enumerator {
            if url.path.contains("/.build") || url.path.contains("/.git/") || url.path.contains("/bench/") { continue }
            guard url.pathExtension == "swift" else { continue }
            let bytes = try [UInt8](Data(contentsOf: url))
            assertLossless(bytes)
            count += 1
        }
        XCTAssertGreaterThan(count, 10)
    }

    static let fragments = [
        "\"", "\"\"\"", "#\"", "\"#", "\\(", ")", "(", "/*", "*/", "//", "\n", "\r\n", "#if", "#endif", "@Published",
        "var x", "class M: ObservableObject {", "}", "{", "$query", "`", "#/", "/#", "/", "é", "日本", "\\", "#",
        " ", "\t", "0x1p", "1.5", "..<", "@", "$", "'", "\u{0}", "\u{FEFF}",
    ]

    func testRandomBytesRoundTrip() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<3000 {
            let n = Int.random(in: 0..<200, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            assertLossless(bytes)
            _ = DeclarationScanner.scan(SourceFile(path: "r.swift", bytes: bytes))
        }
    }

    func testRandomSplicesOfSwiftFragmentsRoundTrip() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let n = Int.random(in: 0..<60, using: &rng)
            let text = (0..<n).map { _ in Self.fragments.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            assertLossless(bytes)
            _ = DeclarationScanner.scan(SourceFile(path: "r.swift", bytes: bytes))
        }
    }
}
