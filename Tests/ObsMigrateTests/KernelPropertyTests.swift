import Foundation
import XCTest
@testable import ObsMigrateCore

/// The byte-level kernels against plain versions of what they compute, on random inputs
/// shaped to reach their fast paths and their edges.
final class KernelPropertyTests: XCTestCase {
    /// The offset where the first invalid UTF-8 sequence starts, by Swift's own UTF-8 parser.
    func plainInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    func randomUTF8ish(_ rng: inout SystemRandomNumberGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("var x = 1\n".utf8), Array("é".utf8), Array("漢".utf8), Array("🙂".utf8),
            [0xC3], [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x99], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        ]
        // Long ASCII runs reach the 8- and 32-byte steps; one odd piece lands anywhere in them.
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: Int.random(in: 0...80, using: &rng))
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let piece = Int.random(in: 0..<100, using: &rng) < 70 ? pieces[Int.random(in: 0..<5, using: &rng)] : pieces.randomElement(using: &rng)!
            bytes.insert(contentsOf: piece, at: Int.random(in: 0...bytes.count, using: &rng))
        }
        return bytes
    }

    func testUTF8ValidationAgreesWithTheStandardLibrary() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = randomUTF8ish(&rng)
            XCTAssertEqual(ProjectLoader.invalidUTF8Offset(bytes), plainInvalidUTF8Offset(bytes), "\(bytes)")
            XCTAssertEqual(ProjectLoader.invalidUTF8Offset(bytes) == nil, String(validating: bytes, as: UTF8.self) != nil)
        }
    }

    /// The one-pass count of string-literal keys (OBS210's "key used elsewhere") against a
    /// substring search per word, overlapping occurrences included, on bytes full of quotes.
    func testOccurrenceCounterAgreesWithASubstringSearch() {
        var rng = SplitMix64(seed: 7)
        let words: [[UInt8]] = ["\"a\"", "\"ab\"", "\"\"", "\"b.c\"", "a\"b", "\"x"].map { Array($0.utf8) }
        let counter = OccurrenceCounter(words)
        let alphabet = Array("ab.\"c x".utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let expected = words.map { word -> Int in
                guard bytes.count >= word.count else { return 0 }
                return (0...(bytes.count - word.count)).filter { Array(bytes[$0..<($0 + word.count)]) == word }.count
            }
            XCTAssertEqual(counter.counts(in: bytes), expected, String(decoding: bytes, as: UTF8.self))
        }
    }

    func testWordSetAgreesWithASetOfStrings() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("abcObservdjPu_$`".utf8)
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                String(decoding: (0..<Int.random(in: 1...70, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self)
            }
            let wordSet = WordSet(words), plain = Set(words)
            var probes = words.map { Array($0.utf8) }
            for _ in 0..<40 { probes.append((0..<Int.random(in: 0...70, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }) }
            for word in words where !word.isEmpty { probes.append(Array(word.utf8.dropLast())) }
            for probe in probes {
                // The probe sits inside a larger buffer, as a token does in a file.
                let buffer = [UInt8]("<<".utf8) + probe + [UInt8](">>".utf8)
                let found = buffer.withUnsafeBufferPointer { wordSet.contains($0, start: 2, length: probe.count) }
                XCTAssertEqual(found, plain.contains(String(decoding: probe, as: UTF8.self)), "\(words) \(String(decoding: probe, as: UTF8.self))")
            }
        }
    }

    /// Every word the sweep acts on gets through its prefilter, wherever it stands, and is a word
    /// that keeps a file's tokens; and the prefilter lets through whatever a plain reading of the
    /// table would (it may let more through, never less).
    func testEverySweepWordPassesThePrefilterAndKeepsTokens() {
        let matter = Set(ProjectFile.wordsThatMatterList)
        for word in SweepTrigger.identifiers.keys.sorted() {
            for text in ["let x = a.\(word)\n", "\(word)(x)\n", "_m = .\(word)(wrappedValue: M())\n", "f(\(word): 1)\n"] {
                let source = SourceFile(path: "A.swift", bytes: Array(text.utf8))
                let at = (0..<source.sigCount).filter { source.text($0) == word }
                XCTAssertFalse(at.isEmpty, text)
                XCTAssertTrue(Set(at).isSubset(of: Set(ProjectIndex.sweepCandidates(source))), "\(word) does not pass the prefilter in \(text)")
            }
            if word != "init" { XCTAssertTrue(matter.contains(word), "\(word) is swept but a file holding it may drop its tokens") }
        }
        for attribute in SweepTrigger.attributes.sorted() {
            let source = SourceFile(path: "A.swift", bytes: Array("struct V {\n    \(attribute) var m = M()\n}\n".utf8))
            let at = (0..<source.sigCount).filter { source.text($0) == attribute }
            XCTAssertEqual(at.count, 1)
            XCTAssertTrue(Set(at).isSubset(of: Set(ProjectIndex.sweepCandidates(source))), "\(attribute) does not pass the prefilter")
            XCTAssertTrue(matter.contains(String(attribute.dropFirst())), "\(attribute) is swept but a file holding it may drop its tokens")
        }
        // Random names, some of them a trigger word with a byte changed: every trigger passes.
        var rng = SystemRandomNumberGenerator()
        let words = Array(SweepTrigger.identifiers.keys)
        for _ in 0..<500 {
            var name = Array(words.randomElement(using: &rng)!.utf8)
            if Bool.random(using: &rng) { name[Int.random(in: 0..<name.count, using: &rng)] = UInt8(ascii: "x") }
            let text = String(decoding: name, as: UTF8.self)
            let source = SourceFile(path: "A.swift", bytes: Array("a.\(text)\n".utf8))
            let passes = ProjectIndex.sweepCandidates(source).contains(2)
            if SweepTrigger.identifiers[text] != nil { XCTAssertTrue(passes, text) }
        }
    }

    /// Every rule in Rules/Catalog is in the registry (a rule file left out would never run).
    func testEveryCatalogRuleIsRegistered() throws {
        let catalog = RoundTripTests.packageRoot.appendingPathComponent("Sources/ObsMigrateCore/Rules/Catalog")
        let files = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty)
        let registered = Set(RuleRegistry.all.map { String(describing: type(of: $0)) })
        var declared: [String] = []
        for file in files {
            let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /public struct (\w+): (?:Suppression)?Rule\b/) { declared.append(String(match.1)) }
        }
        XCTAssertEqual(declared.count, RuleRegistry.all.count, "one rule per catalog file, each registered: \(declared)")
        for name in declared { XCTAssertTrue(registered.contains(name), "\(name) is in Rules/Catalog but not in RuleRegistry.all") }
    }

    /// A pass over a file's tokens split into pieces (as a large file is) finds what one pass
    /// over the whole file finds, in the same order, at every piece size.
    func testPiecesOfAFileFindWhatTheWholeFileFinds() {
        var text = "import SwiftUI\nextension ObservableObject { func reload() {} }\n"
        text += "func track<M: ObservableObject>(_ m: M) {}\n"
        for k in 0..<40 {
            text += "final class Model\(k): ObservableObject { @Published var n = \(k) }\n"
            text += k % 3 == 0 ? "let t\(k) = track(Model\(k)())\n" : "let u\(k) = Model\(k)()\n"
            if k % 7 == 0 { text += "func f\(k)(m: Model\(k)) { m.reload(); track(m) }\n" }
        }
        let small = ProjectFile(path: "Small.swift", bytes: Array("let x = 1\n".utf8))
        let index = ProjectIndex(files: [small, ProjectFile(path: "Models.swift", bytes: Array(text.utf8))])
        let search = ProjectIndex.NameSearch(["reload", "track"])
        func describe(_ events: [ProjectIndex.Sweep.Event]) -> [String] {
            events.map { event in
                switch event {
                case .one(let name, let blocker): "\(name): \(blocker.message) @\(blocker.site!.offset)"
                case .all(let blocker, _): "all: \(blocker.message) @\(blocker.site!.offset)"
                }
            }
        }
        let source = index.files[1].source
        let whole = describe(index.constrainedCalls(in: source, file: 1, ["track"], search.names))
        let firstUse = index.sharedMemberUse(in: source, ["reload": Site(file: 1, offset: 0)], search.names)
        XCTAssertEqual(whole.count, 20, "the calls of track with a model: 14 + 6")
        XCTAssertNotNil(firstUse)
        for size in [1, 2, 7, 64, 1000] {
            let pieces = FilePiece.split(index.files, tokensPerPiece: size)
            func expectedCount(_ tokens: Int) -> Int { tokens > size ? (tokens + size - 1) / size : 1 }
            XCTAssertEqual(pieces.filter { $0.file == 0 }.count, expectedCount(index.files[0].source.sigCount))
            XCTAssertEqual(pieces.filter { $0.file == 0 && $0.tokens == nil }.count, index.files[0].source.sigCount > size ? 0 : 1, "a file of up to size tokens stays whole")
            let ofModels = pieces.filter { $0.file == 1 }
            XCTAssertEqual(ofModels.count, expectedCount(source.sigCount))
            XCTAssertEqual(ofModels.flatMap { Array($0.tokens ?? 0..<source.sigCount) }, Array(0..<source.sigCount), "pieces cover the file once, in order")
            let split = ofModels.flatMap { describe(index.constrainedCalls(in: source, tokens: $0.tokens, file: 1, ["track"], search.names)) }
            XCTAssertEqual(split, whole, "piece size \(size)")
            let firstInPieces = ofModels.lazy.compactMap { index.sharedMemberUse(in: source, tokens: $0.tokens, ["reload": Site(file: 1, offset: 0)], search.names) }.first
            XCTAssertEqual(firstInPieces?.site, firstUse?.site)
            XCTAssertEqual(firstInPieces?.name, firstUse?.name)
        }
    }

    /// The word scan that decides whether a file is lexed again for many names finds every
    /// identifier the lexer makes of random text (digits, backticks, `$`, non-ASCII letters,
    /// operators and spaces glued to words): it may look at more files, never at fewer.
    func testWordScanFindsEveryIdentifierTheLexerFinds() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "bc", "Zed", "_x", "1", "0x1F", "9e3", "`", "$", "#", "@", ".", " ", "\n", "é", "—", "∙", "\u{00A0}",
                      "😀", "\"", "(", ")", "//", "/*", "*/", "+", "ï", "x̃", "_", "q7"]
        var checked = 0
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 1...24, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            let source = SourceFile(path: "T.swift", bytes: bytes)
            for s in source.indices(of: .identifier) {
                let name = source.name(s)
                // The scan is for names of ASCII identifier bytes only (a raw identifier such as
                // `a b` may hold others: with such a name every file is lexed).
                guard !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && ProjectIndex.isIdentifierByte($0) }) else { continue }
                checked += 1
                XCTAssertTrue(ProjectIndex.NameSearch.holdsWord(of: WordSet([name]), in: bytes), "\(name) in \(text)")
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertNil(ProjectIndex.NameSearch((0..<20).map { "a b\($0)" }).wordsToScan, "a raw identifier's name: no word scan")
        // Many names: the search scans words, and a file holding none of them is not looked at.
        let search = ProjectIndex.NameSearch((0..<20).map { "track\($0)" })
        XCTAssertTrue(search.mayBeUsed(in: Array("let x = 1; track7(m)".utf8)))
        XCTAssertFalse(search.mayBeUsed(in: Array("let x = 1; track70(m) // retrack7".utf8)))
    }

    /// The project folder owning a path, found among the path's own folders, is the one that
    /// trying every folder, deepest first, finds: on random trees of packages and projects,
    /// relative and absolute, with `..`, doubled slashes and non-ASCII names.
    func testOwningFolderIsTheDeepestFolderHoldingThePath() {
        var rng = SystemRandomNumberGenerator()
        let parts = ["a", "b", "Sources", "App", "é", "x y", "..", "", "Pkg"]
        for _ in 0..<300 {
            func path() -> String {
                let depth = Int.random(in: 0...4, using: &rng)
                let folders = (0..<depth).map { _ in parts.randomElement(using: &rng)! }
                return (Bool.random(using: &rng) ? "/" : "") + (folders + [""]).joined(separator: "/")
            }
            var paths: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                switch Int.random(in: 0...3, using: &rng) {
                case 0: paths.append(path() + "Package.swift")
                case 1: paths.append(path() + "App.xcodeproj/project.pbxproj")
                default: paths.append(path() + "File.swift")
                }
            }
            let folders = ProjectFolders(paths)
            for p in paths + (0..<5).map({ _ in path() + "Other.swift" }) {
                let expected = folders.deepestFirst.first { ProjectIndex.isInside(p, folder: $0) }
                XCTAssertEqual(folders.owner(of: p), expected, "\(p) among \(folders.deepestFirst)")
            }
        }
    }

    /// The ledger's settled lists are each model's own blockers, then every global one that
    /// reaches it in the order found, up to the cap: as going over every global per model says,
    /// on random ledgers (more blockers than the cap among them).
    func testSettledLedgerIsEveryModelOverEveryGlobal() {
        var rng = SystemRandomNumberGenerator()
        let names = (0..<8).map { "M\($0)" }
        let reason = BlockReason.examples[0]
        for _ in 0..<200 {
            let models = Set(names.filter { _ in Bool.random(using: &rng) })
            var ledger = BlockerLedger(models: models)
            for step in 0..<Int.random(in: 0...160, using: &rng) {
                let site = Site(file: 0, offset: step)
                switch Int.random(in: 0...2, using: &rng) {
                case 0: ledger.block(names.randomElement(using: &rng)!, reason, site)
                case 1: ledger.blockAll(reason, site)
                default: ledger.blockAll(reason, site, only: Set(names.filter { _ in Bool.random(using: &rng) } + ["Other"]))
                }
            }
            var expected = ledger.perModel
            for name in models {
                for g in ledger.global where g.only?.contains(name) ?? true {
                    if expected[name, default: []].count >= ProjectIndex.maxBlockersPerModel { break }
                    expected[name, default: []].append(g.blocker)
                }
            }
            let settled = ledger.settled()
            XCTAssertEqual(Set(settled.keys), Set(expected.keys))
            for (name, list) in expected { XCTAssertEqual(settled[name]?.map(\.site), list.map(\.site), name) }
        }
    }

    /// A word set of many words of one length (looked up by search) holds exactly its words.
    func testWordSetOfManyWordsHoldsItsWords() {
        let words = (0..<300).map { String(format: "w%04d", $0 * 7) }
        let set = WordSet(words)
        for k in 0..<2200 {
            let word = String(format: "w%04d", k)
            let bytes = Array(word.utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { set.contains($0, start: 0, length: bytes.count) }, k % 7 == 0 && k < 2100, word)
        }
    }

    /// The lexer's runs (identifiers, blanks and line comments, read eight bytes a step) end
    /// where a plain byte-by-byte reading of the same text says, at every length around the
    /// step and at the end of the input.
    func testLexerRunEndsAgreeWithAPlainReading() {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("abcXYZ_".utf8), continuing = Array("abcXYZ_019é".utf8)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            var expected: [(kind: TokenKind, range: Range<Int>)] = []
            func add(_ kind: TokenKind, _ piece: [UInt8]) {
                expected.append((kind, bytes.count..<(bytes.count + piece.count)))
                bytes += piece
            }
            for k in 0..<Int.random(in: 1...12, using: &rng) {
                // A word, then something that ends it: blanks, a line break, or a comment to the line's end.
                var word = [letters.randomElement(using: &rng)!]
                for _ in 0..<Int.random(in: 0...40, using: &rng) { word.append(continuing.randomElement(using: &rng)!) }
                add(.identifier, word)
                switch (k + Int.random(in: 0...2, using: &rng)) % 3 {
                case 0: add(.whitespace, (0..<Int.random(in: 1...20, using: &rng)).map { _ in Bool.random(using: &rng) ? 0x20 : 0x09 })
                case 1: add(.newline, [0x0A])
                default:
                    add(.whitespace, [0x20])
                    add(.lineComment, Array("// ".utf8) + (0..<Int.random(in: 0...30, using: &rng)).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) })
                    add(.newline, [0x0A])
                }
            }
            if Bool.random(using: &rng), expected.last?.kind == .newline {  // end on a run, not a line break
                bytes.removeLast()
                expected.removeLast()
            }
            let lexed = Lexer.tokenize(bytes)
            XCTAssertEqual(lexed.tokens.map(\.kind), expected.map(\.kind), String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(lexed.tokens.map(\.range), expected.map(\.range), String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A big file lexed in pieces gives exactly the tokens, comments, errors and interpolations
    /// of one pass, or nil (a piece started inside a literal or a comment): on the fixtures'
    /// sources joined, with strings, comments and brackets that span the piece starts spliced in.
    func testLexingInPiecesIsLexingInOnePass() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        var joined: [UInt8] = []
        let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where url.pathExtension == "swift" {
            joined += try Data(contentsOf: url) + Array("\n".utf8)
        }
        XCTAssertGreaterThan(joined.count, 50_000, "the fixtures' sources")
        let spans: [String] = ["\"\"\"\nclass A {\n}\n\"\"\"\n", "/* a\nclass B {}\n*/\n", "(\n@x\n", "}\n]\n", "#\"\nx\"#\n",
                               "\"\\(a(\nb))\"\n", "let r = /a\nb/\n", "\"unterminated\n"]
        var rng = SystemRandomNumberGenerator()
        var lexedInPieces = 0, fellBack = 0
        for round in 0..<40 {
            var bytes = joined
            for _ in 0..<(round % 5) * 3 {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                bytes.insert(contentsOf: Array(spans.randomElement(using: &rng)!.utf8), at: at)
            }
            let whole = Lexer.lex(bytes, keepTrivia: false, inPieces: false)
            for pieceBytes in [1, 97, 4096] {
                guard let pieces = Lexer.significantTokensInPieces(bytes, pieceBytes: pieceBytes) else { fellBack += 1; continue }
                lexedInPieces += 1
                let differ = pieces.tokens.indices.first { $0 >= whole.tokens.count || pieces.tokens[$0] != whole.tokens[$0] }
                XCTAssert(differ == nil && pieces.tokens.count == whole.tokens.count,
                          "round \(round), pieces of \(pieceBytes): first difference at token \(differ ?? -1)")
                XCTAssertEqual(pieces.comments, whole.comments)
                XCTAssertEqual(pieces.errors, whole.errors)
                XCTAssertEqual(pieces.interpolations, whole.interpolations)
            }
        }
        XCTAssertGreaterThan(lexedInPieces, 20, "pieces were compared, not only fallen back from")
        XCTAssertGreaterThan(fellBack, 0, "a piece starting inside a literal falls back")
        XCTAssertEqual(Lexer.pieceStarts(Array("a\nb\n c\n}\n".utf8), pieceBytes: 1), [0, 2, 7])
    }

    /// A big file's declarations scanned in pieces are those of one pass, or nil (a piece
    /// started inside a declaration or an `#if`): on the fixtures' sources joined, with
    /// attributes, `#if`s and open brackets spliced in between declarations.
    func testScanningInPiecesIsScanningInOnePass() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        var joined = ""
        let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where url.pathExtension == "swift" {
            joined += try String(contentsOf: url, encoding: .utf8) + "\n"
        }
        let lines = joined.split(separator: "\n", omittingEmptySubsequences: false)
        // Brackets inserted in pairs: a file with an unbalanced one is not understood at all
        // (exit 2), so it would never be scanned in pieces.
        let spans = ["@MainActor", "#if DEBUG", "#endif", "public", "struct Open {\n}", "extension E: P {\n}", "func f() {\n}",
                     "struct Open {\n    func g() {}\n}"]
        // Seeded: how many insertions land inside a declaration (and make a piece fall back) is
        // then the same on every run, so the count below cannot fail by chance.
        var rng = SplitMix64(seed: 29)
        var scannedInPieces = 0, fellBack = 0
        func describe(_ d: FileDeclarations) -> [String] {
            [d.types, d.imports, d.typeAliases, d.topLevelFunctions, d.topLevelProperties, d.macroBodyProperties].map { String(reflecting: $0) }
        }
        for round in 0..<12 {
            var edited = lines
            for _ in 0..<(round % 4) * 2 {
                edited.insert(Substring(spans.randomElement(using: &rng)!), at: Int.random(in: 0...edited.count, using: &rng))
            }
            let source = SourceFile(path: "All.swift", text: edited.joined(separator: "\n"))
            let whole = describe(DeclarationScanner.scanInOnePass(source))
            for tokensPerPiece in [1, 300, 20_000] {
                guard let pieces = DeclarationScanner.scanInPieces(source, tokensPerPiece: tokensPerPiece) else { fellBack += 1; continue }
                scannedInPieces += 1
                for (part, (a, b)) in zip(["types", "imports", "typealiases", "functions", "properties", "macro bodies"], zip(describe(pieces), whole)) {
                    XCTAssert(a == b, "round \(round), pieces of \(tokensPerPiece) tokens: the \(part) differ")
                }
            }
        }
        XCTAssertGreaterThan(scannedInPieces, 8, "pieces were compared, not only fallen back from (\(fellBack) fell back)")
        // A piece starts only outside every brace: code all inside one unindented type is not split.
        XCTAssertEqual(DeclarationScanner.pieceStarts(SourceFile(path: "F.swift", text: "struct A {\n}\nstruct B {\n}\n"), tokensPerPiece: 1), [0, 4])
        XCTAssertEqual(DeclarationScanner.pieceStarts(SourceFile(path: "W.swift", text: "enum N {\nstruct A {\n}\nstruct B {\n}\n}\n"), tokensPerPiece: 1), [0])
        XCTAssertGreaterThan(fellBack, 0, "a piece starting inside an #if or a type falls back")
    }

    /// The sweep of a file split into pieces finds the events and sites the whole file's sweep
    /// does, in the same order, at every piece size.
    func testSweepOfPiecesIsTheSweepOfTheFile() {
        var text = "import SwiftUI\nimport Combine\n"
        text += "func watch<M: ObservableObject>(_ m: M) {}\n"
        for k in 0..<12 {
            text += "final class Model\(k): ObservableObject { @Published var n = \(k) }\n"
            text += "struct View\(k): View {\n    @ObservedObject var model: Model\(k)\n    init(model: Model\(k)) { _model = ObservedObject(wrappedValue: model) }\n"
            text += "    var body: some View { Text(\"\\(model.n) \\(model.$n)\").environmentObject(model).onReceive(model.$n) { _ in } }\n}\n"
            if k % 4 == 0 { text += "let s\(k) = Model\(k)().objectWillChange.sink { }\n" }
        }
        let index = ProjectIndex(files: [ProjectFile(path: "All.swift", bytes: Array(text.utf8))])
        let owners = Dictionary(grouping: index.models.values.flatMap { m in m.published.map { ($0, m.name) } }, by: { $0.0 })
            .mapValues { Set($0.map { $0.1 }) }
        func describe(_ sweep: ProjectIndex.Sweep) -> [String] {
            sweep.events.map { event in
                switch event {
                case .one(let name, let blocker): "\(name): \(blocker.message) @\(blocker.site!.offset)"
                case .all(let blocker, let only): "all\(only.map { $0.sorted() } ?? []): \(blocker.message) @\(blocker.site!.offset)"
                }
            } + sweep.memberUses.map { "use \($0.member) @\($0.site.offset) \($0.model ?? "-")" }
              + sweep.envCalls.map { "env @\($0.nameToken) \($0.type ?? "-")" }
              + sweep.inits.map { "init @\($0.nameToken)" }
              + sweep.constraints.map { "constraint @\($0.site.offset) \($0.declarationName ?? "-")" }
              + sweep.unreadConformances.map { "unread @\($0.site.offset)" }
        }
        let whole = index.sweep(file: 0, publishedOwners: owners, placedAttributes: [])
        let expected = describe(whole)
        XCTAssertGreaterThan(expected.count, 60)
        for size in [1, 3, 17, 100, 100_000] {
            let pieces = FilePiece.split(index.files, tokensPerPiece: size)
            var merged = ProjectIndex.Sweep()
            for piece in pieces {
                let part = index.sweep(file: piece.file, tokens: piece.tokens, publishedOwners: owners, placedAttributes: [])
                merged.events += part.events
                merged.memberUses += part.memberUses
                merged.envCalls += part.envCalls
                merged.inits += part.inits
                merged.constraints += part.constraints
                merged.unreadConformances += part.unreadConformances
            }
            XCTAssertEqual(describe(merged), expected, "piece size \(size)")
        }
    }

    /// Every case of BlockReason has an example (the examples make rules.md's table), each
    /// example says something of its own, and the rule it names is registered.
    func testEveryBlockReasonHasAnExampleWithARegisteredRule() throws {
        let path = RoundTripTests.packageRoot.appendingPathComponent("Sources/ObsMigrateCore/Index/BlockReason.swift")
        let text = try String(contentsOf: path, encoding: .utf8)
        let declaration = text[..<text.range(of: "public var message")!.lowerBound]
        let cases = declaration.matches(of: /\n    case (\w+)/).map { String($0.1) }
        XCTAssertGreaterThan(cases.count, 30)
        let exampled = Set(BlockReason.examples.map { String(String(describing: $0).prefix { $0 != "(" }) })
        XCTAssertEqual(Set(cases).subtracting(exampled), [], "cases without an example in BlockReason.examples")
        XCTAssertEqual(BlockReason.examples.count, cases.count, "one example per case")
        let messages = BlockReason.examples.map(\.message)
        XCTAssertEqual(Set(messages).count, messages.count, "two cases say the same thing")
        let codes = Set(RuleRegistry.all.map(\.metadata.code))
        for reason in BlockReason.examples {
            if let rule = reason.rule { XCTAssertTrue(codes.contains(rule), "\(reason) names \(rule), which is not a rule") }
        }
    }

    /// The first look for a wrapper's storage read (`_name` words of a file's bytes) agrees
    /// with splitting the text into identifiers, non-ASCII names included.
    func testUnderscoredWordsAgreeWithTheIdentifiersOfTheText() {
        let text = "let _naïve = 1; foo_bar(_cart.wrappedValue, _) + __x // _note\n\"_s\" _🚀"
        let identifiers = text.unicodeScalars.split { !($0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil || $0.value >= 0x80) }
            .map { String(String.UnicodeScalarView($0)) }
        let expected = Set(identifiers.filter { $0.hasPrefix("_") && $0.count > 1 })
        XCTAssertEqual(ProjectIndex.underscoredWords(Array(text.utf8)), expected)
        XCTAssertEqual(expected, ["_naïve", "_cart", "__x", "_note", "_s", "_🚀"])
    }
}
