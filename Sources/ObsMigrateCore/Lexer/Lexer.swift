#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport

/// The result of lexing one file: tokens covering every byte, plus what was not understood.
public struct LexedSource: Sendable {
    /// Every token (trivia included), or only the significant ones (see `significantTokens`).
    public var tokens: [Token]
    /// Comment tokens, when trivia is not kept in `tokens`.
    public var comments: [Token] = []
    public var errors: [LexError]
    /// Code ranges of top-level string interpolations (`\( ... )` contents), in source order.
    /// Code hides in them, so publisher uses like `"\(model.$x)"` can still be found.
    public var interpolations: [Range<Int>]
}

/// A lossless Swift tokenizer over UTF-8 bytes, in the style of swift-syntax's `Lexer.Cursor`:
/// one cursor, one dispatch `switch` on the current byte. String literals and interpolations are
/// scanned with an explicit stack, never recursion, so nesting depth cannot overflow the stack.
public enum Lexer {
    public static func tokenize(_ bytes: [UInt8]) -> LexedSource {
        lex(bytes, keepTrivia: true)
    }

    /// Significant tokens only (each knowing whether it starts a line, each bracket its match:
    /// see `SourceFile.match`), with comments apart: what the scanners need, in about half the memory.
    public static func significantTokens(_ bytes: [UInt8]) -> LexedSource {
        lex(bytes, keepTrivia: false)
    }

    static func lex(_ bytes: [UInt8], keepTrivia: Bool, inPieces: Bool = true) -> LexedSource {
        if inPieces, !keepTrivia, bytes.count >= piecewiseBytes, let lexed = significantTokensInPieces(bytes) { return lexed }
        let scratch = TokenScratch.take()
        defer { TokenScratch.giveBack(scratch) }
        return bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer, keepTrivia: keepTrivia, scratch: scratch)
            let end = cursor.run(from: 0, to: buffer.count)
            assert(end >= buffer.count)
            cursor.pairing.leaveOpenUnmatched(scratch.base)
            // A literal or comment left open explains any bracket after it: that error alone is told.
            if cursor.pairsBrackets, cursor.errors.isEmpty, let unbalanced = cursor.pairing.unbalanced(scratch.base) {
                cursor.errors.append(unbalanced)
            }
            return cursor.result(tokens: scratch.copy())
        }
    }

    /// From this size a file is lexed in pieces on every core: a project of one huge file has
    /// nothing else to run in parallel.
    static let piecewiseBytes = 1 << 20

    /// The significant tokens of a big file, lexed in pieces of about `pieceBytes` in parallel,
    /// or nil when a piece does not start where the lexer of the piece before stopped (its
    /// start was inside a literal or a comment): the caller then lexes the file in one go.
    /// A piece starts at a line that begins, unindented, with a letter, `@` or `}`: a token
    /// whose lexing does not depend on the token before it. Brackets are paired afterwards
    /// over the whole file, so the result is exactly that of one pass.
    static func significantTokensInPieces(_ bytes: [UInt8], pieceBytes: Int = 4 << 20) -> LexedSource? {
        let starts = pieceStarts(bytes, pieceBytes: pieceBytes)
        guard starts.count > 1 else { return nil }
        struct Piece: @unchecked Sendable {  // the scratch is this piece's alone until it is copied out
            var scratch: TokenScratch
            var stop: Int
            var lexed: LexedSource
        }
        let pieces = bytes.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return parallelMap(Array(starts.indices)) { k -> Piece in
                let stop = k + 1 < starts.count ? starts[k + 1] : buffer.count
                // Its own buffer, sized for a token per 4 bytes and freed once copied out: pooled,
                // the pieces' buffers would outlive the load.
                let scratch = TokenScratch(capacity: max(1 << 12, (stop - starts[k]) / 4))
                var cursor = Cursor(bytes: buffer, keepTrivia: false, scratch: scratch, pairsBrackets: false)
                let end = cursor.run(from: starts[k], to: stop)
                return Piece(scratch: scratch, stop: end, lexed: cursor.result(tokens: []))
            }
        }
        for k in 1..<pieces.count where pieces[k - 1].stop != starts[k] { return nil }
        let count = pieces.reduce(0) { $0 + $1.scratch.count }
        var tokens = [Token](unsafeUninitializedCapacity: count) { buffer, initialized in
            for piece in pieces {
                (buffer.baseAddress! + initialized).initialize(from: piece.scratch.base, count: piece.scratch.count)
                initialized += piece.scratch.count
            }
        }
        var errors = pieces.flatMap(\.lexed.errors)
        tokens.withUnsafeMutableBufferPointer { buffer in
            var pairing = BracketPairing()
            for s in buffer.indices where buffer[s].kind.isBracket { pairing.add(buffer[s].kind, at: s, buffer.baseAddress!) }
            pairing.leaveOpenUnmatched(buffer.baseAddress!)
            // As in one pass (see `lex`).
            if errors.isEmpty, let unbalanced = pairing.unbalanced(buffer.baseAddress!) { errors.append(unbalanced) }
        }
        return LexedSource(tokens: tokens, comments: pieces.flatMap(\.lexed.comments),
                           errors: errors, interpolations: pieces.flatMap(\.lexed.interpolations))
    }

    /// Where pieces of about `pieceBytes` start: 0, then, `pieceBytes` or more after the
    /// previous start, the first line that starts with a letter, `@` or `}` in its first column.
    static func pieceStarts(_ bytes: [UInt8], pieceBytes: Int) -> [Int] {
        var starts = [0]
        var i = pieceBytes - 1
        while i < bytes.count - 1 {
            if bytes[i] == B.lf {
                let next = bytes[i + 1]
                if ByteClass.table[Int(next)] & ByteClass.identifierStart != 0 || next == B.at || next == B.rbrace {
                    starts.append(i + 1)
                    i += pieceBytes
                    continue
                }
            }
            i += 1
        }
        return starts
    }

    public static func tokenize(_ text: String) -> LexedSource {
        tokenize(Array(text.utf8))
    }
}

// ASCII byte constants keep the dispatch readable.
private enum B {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, vt: UInt8 = 0x0B, ff: UInt8 = 0x0C, cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20, bang: UInt8 = 0x21, quote: UInt8 = 0x22, hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24, lparen: UInt8 = 0x28, rparen: UInt8 = 0x29, star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, at: UInt8 = 0x40
    static let lbracket: UInt8 = 0x5B, backslash: UInt8 = 0x5C, rbracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F, backtick: UInt8 = 0x60, lbrace: UInt8 = 0x7B, rbrace: UInt8 = 0x7D
}

/// Byte classes, looked up in one load instead of a chain of comparisons: the lexer asks for
/// every byte of a project.
private enum ByteClass {
    static let identifierStart: UInt8 = 1, identifierContinue: UInt8 = 2, digit: UInt8 = 4, operatorByte: UInt8 = 8
    /// A space or a tab.
    static let blank: UInt8 = 16
    /// Not a line break: what a line comment holds.
    static let inLine: UInt8 = 32
    /// Not a line break, `"` or `\`: what a plain string literal holds.
    static let inPlainString: UInt8 = 64

    /// Allocated once and never freed, so the hot loop reads it through a plain pointer.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for c in 0..<256 {
            let b = UInt8(c)
            var flags: UInt8 = 0
            let letter = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == B.underscore || b >= 0x80
            if letter { flags |= identifierStart | identifierContinue }
            if b >= 0x30 && b <= 0x39 { flags |= digit | identifierContinue }
            if b == B.space || b == B.tab { flags |= blank }
            if b != B.lf && b != B.cr {
                flags |= inLine
                if b != B.quote && b != B.backslash { flags |= inPlainString }
            }
            switch b {
            case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: flags |= operatorByte
            default: break
            }
            t[c] = flags
        }
        return UnsafePointer(t)
    }()
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

/// Pairs brackets as they come, over significant tokens (a token's index is its significant
/// index). The open ones form a stack threaded through their own match fields: `innermostOpen`
/// is the innermost, and each holds the one outside it (-1: none).
struct BracketPairing {
    var innermostOpen = -1
    /// The first bracket (lowest index) left without a match: a closer that finds no opener of
    /// its kind, or an opener closed around (`(` in `{ ( }`) or still open at the end; -1: none.
    var firstUnmatched = -1

    /// Pairs the closer at `s` with the nearest open bracket of its kind among the innermost 64
    /// (an unbalanced file must not cost a long search per closer); the open ones inside that
    /// bracket stay unmatched. An opener waits for its closer.
    mutating func add(_ kind: TokenKind, at s: Int, _ tokens: UnsafeMutablePointer<Token>) {
        switch kind {
        case .leftParen, .leftBrace, .leftBracket:
            tokens[s].setMatch(innermostOpen)
            innermostOpen = s
        default:
            let opener: TokenKind = kind == .rightParen ? .leftParen : kind == .rightBrace ? .leftBrace : .leftBracket
            var o = innermostOpen, depth = 0
            while o >= 0, depth < 64, tokens[o].kind != opener {
                o = tokens[o].matchIndex
                depth += 1
            }
            guard o >= 0, depth < 64 else {
                if firstUnmatched < 0 { firstUnmatched = s }  // closers come in order: the first is the lowest
                return
            }
            leaveUnmatched(from: innermostOpen, to: o, tokens)
            innermostOpen = tokens[o].matchIndex
            tokens[o].setMatch(s)
            tokens[s].setMatch(o)
        }
    }

    /// At the end of the file: the brackets still open have no match.
    mutating func leaveOpenUnmatched(_ tokens: UnsafeMutablePointer<Token>) {
        leaveUnmatched(from: innermostOpen, to: -1, tokens)
        innermostOpen = -1
    }

    /// Clears the match fields of the open brackets from `first` outwards, up to `end`.
    mutating func leaveUnmatched(from first: Int, to end: Int, _ tokens: UnsafeMutablePointer<Token>) {
        var u = first
        while u != end {
            let outer = tokens[u].matchIndex
            tokens[u].setMatch(-1)
            if firstUnmatched < 0 || u < firstUnmatched { firstUnmatched = u }
            u = outer
        }
    }

    /// The file's unbalanced bracket, the first in it, once every token is paired: such a file
    /// is not understood (Swift code, `#if` branches included, balances its brackets; a
    /// bracket inside a literal or a comment is no token). nil when all are matched.
    func unbalanced(_ tokens: UnsafePointer<Token>) -> LexError? {
        guard firstUnmatched >= 0 else { return nil }
        return LexError(kind: .unbalancedBracket(tokens[firstUnmatched].kind), offset: Int(tokens[firstUnmatched].start))
    }
}

private struct Cursor {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    let keepTrivia: Bool
    /// Tokens go to a pooled scratch buffer; `run` copies them out at their exact size.
    let scratch: TokenScratch
    /// `ByteClass.table`, read once: a global's every access checks its lazy initialisation.
    let classes = ByteClass.table
    var comments: [Token] = []
    var pendingNewline = true
    var errors: [LexError] = []
    var interpolations: [Range<Int>] = []
    /// Kind of the last non-trivia token, to tell a regex `/` from a division.
    var lastSignificant: TokenKind? = nil
    var lastSignificantStart = 0
    /// Without trivia (a token's index in `scratch` is then its significant index), brackets are
    /// paired as they come, not in a second pass; unless the file is lexed in pieces, which are
    /// paired once joined.
    let pairsBrackets: Bool
    var pairing = BracketPairing()
    /// `lexString`'s stack, kept between literals: most files hold many, and a fresh array
    /// for each would be a heap block each.
    var frames: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>, keepTrivia: Bool, scratch: TokenScratch, pairsBrackets: Bool = true) {
        b = bytes
        n = bytes.count
        self.keepTrivia = keepTrivia
        self.pairsBrackets = pairsBrackets && !keepTrivia
        self.scratch = scratch
        scratch.count = 0
    }

    @inline(__always) mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if kind == .whitespace, !keepTrivia { return }  // most trivia: nothing to record
        if end - start > Token.maxLength { errors.append(LexError(kind: .tokenTooLong, offset: start)) }
        var token = Token(kind: kind, start: start, end: end)
        if kind.isTrivia {
            if kind == .newline {
                pendingNewline = true
            } else if kind != .whitespace {
                if !keepTrivia { comments.append(token) }
                if kind == .blockComment || kind == .docBlockComment {
                    for i in start..<end where b[i] == B.lf || b[i] == B.cr { pendingNewline = true; break }
                }
            }
            if keepTrivia { scratch.append(token) }
            return
        }
        token.startsLine = pendingNewline
        pendingNewline = false
        scratch.append(token)
        lastSignificant = kind
        lastSignificantStart = start
    }

    @inline(__always) func at(_ i: Int) -> UInt8 { i < n ? b[i] : 0 }

    @inline(__always) func isIdentifierStart(_ c: UInt8) -> Bool { classes[Int(c)] & ByteClass.identifierStart != 0 }
    @inline(__always) func isIdentifierContinue(_ c: UInt8) -> Bool { classes[Int(c)] & ByteClass.identifierContinue != 0 }
    @inline(__always) func isOperatorByte(_ c: UInt8) -> Bool { classes[Int(c)] & ByteClass.operatorByte != 0 }

    /// Lexes the tokens that start in `start..<stop` (the last may run past `stop`) and returns
    /// the offset just past the last one. `start` is 0 or the start of a line.
    mutating func run(from start: Int, to stop: Int) -> Int {
        var i = start
        if start == 0 {
            if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {  // UTF-8 byte order mark
                emit(.whitespace, 0, 3)
                i = 3
            }
            if n >= i + 2 && b[i] == B.hash && b[i + 1] == B.bang {  // shebang line
                let end = endOfLine(from: i)
                emit(.lineComment, i, end)
                i = end
            }
        }
        while i < stop {
            // The commonest cases first, without a call: spaces and newlines (when trivia is not
            // kept) and identifiers. Everything else, and the same cases when trivia is kept,
            // goes through `lexOne`, which does the same.
            let c = b[i]
            if !keepTrivia {
                if c == B.space || c == B.tab {
                    i = blanksEnd(from: i + 1)
                    continue
                }
                if c == B.lf {
                    pendingNewline = true
                    i += 1
                    continue
                }
            }
            if isIdentifierStart(c) {
                let end = identifierEnd(from: i + 1)
                emit(.identifier, i, end)
                i = end
                continue
            }
            i = lexOne(at: i)
        }
        return i
    }

    func result(tokens: [Token]) -> LexedSource {
        LexedSource(tokens: tokens, comments: comments, errors: errors, interpolations: interpolations)
    }

    /// Lexes the token starting at `i` and returns the offset just past it.
    mutating func lexOne(at i: Int) -> Int {
        let c = b[i]
        switch c {
        case B.space, B.tab, B.vt, B.ff:
            var j = i + 1
            while j < n, b[j] == B.space || b[j] == B.tab || b[j] == B.vt || b[j] == B.ff { j += 1 }
            if keepTrivia { emit(.whitespace, i, j) }
            return j
        case B.lf:
            if keepTrivia { emit(.newline, i, i + 1) } else { pendingNewline = true }
            return i + 1
        case B.cr:
            let j = at(i + 1) == B.lf ? i + 2 : i + 1
            emit(.newline, i, j)
            return j
        case B.slash:
            let next = at(i + 1)
            if next == B.slash {
                let end = endOfLine(from: i)
                let isDoc = at(i + 2) == B.slash && at(i + 3) != B.slash
                emit(isDoc ? .docLineComment : .lineComment, i, end)
                return end
            }
            if next == B.star {
                let isDoc = at(i + 2) == B.star && at(i + 3) != B.slash
                let end = skipBlockComment(from: i)
                emit(isDoc ? .docBlockComment : .blockComment, i, end)
                return end
            }
            if let end = bareRegexEnd(from: i) {
                emit(.regex, i, end)
                return end
            }
            return lexOperator(at: i)
        case B.quote:
            return lexString(at: i, hashes: 0)
        case B.hash:
            var j = i
            while j < n, b[j] == B.hash { j += 1 }
            let hashes = j - i
            if at(j) == B.quote { return lexString(at: i, hashes: hashes) }
            if at(j) == B.slash { return lexExtendedRegex(at: i, hashes: hashes) }
            if hashes == 1, j < n, isIdentifierStart(b[j]) {
                let end = identifierEnd(from: j)
                emit(.poundKeyword, i, end)
                return end
            }
            emit(.unknown, i, i + 1)
            return i + 1
        case B.at:
            if i + 1 < n, isIdentifierStart(b[i + 1]) {
                let end = identifierEnd(from: i + 1)
                emit(.attribute, i, end)
                return end
            }
            if at(i + 1) == B.backtick, let end = backtickEnd(from: i + 1) {
                emit(.attribute, i, end)
                return end
            }
            emit(.unknown, i, i + 1)
            return i + 1
        case B.dollar:
            if i + 1 < n, isIdentifierContinue(b[i + 1]) {
                let end = identifierEnd(from: i + 1)
                emit(.dollarIdentifier, i, end)
                return end
            }
            emit(.unknown, i, i + 1)
            return i + 1
        case B.backtick:
            if let end = backtickEnd(from: i) {
                emit(.identifier, i, end)
                return end
            }
            emit(.unknown, i, i + 1)
            return i + 1
        case B.lparen: return emitBracket(.leftParen, at: i)
        case B.rparen: return emitBracket(.rightParen, at: i)
        case B.lbrace: return emitBracket(.leftBrace, at: i)
        case B.rbrace: return emitBracket(.rightBrace, at: i)
        case B.lbracket: return emitBracket(.leftBracket, at: i)
        case B.rbracket: return emitBracket(.rightBracket, at: i)
        case B.comma: emit(.comma, i, i + 1); return i + 1
        case B.colon: emit(.colon, i, i + 1); return i + 1
        case B.semicolon: emit(.semicolon, i, i + 1); return i + 1
        case B.backslash: emit(.backslash, i, i + 1); return i + 1
        case B.dot:
            if at(i + 1) == B.dot { return lexOperator(at: i) }
            emit(.period, i, i + 1)
            return i + 1
        default:
            if isDigit(c) { return lexNumber(at: i) }
            if isIdentifierStart(c) {
                let end = identifierEnd(from: i)
                emit(.identifier, i, end)
                return end
            }
            if isOperatorByte(c) { return lexOperator(at: i) }
            emit(.unknown, i, i + 1)
            return i + 1
        }
    }

    @inline(__always) mutating func emitBracket(_ kind: TokenKind, at i: Int) -> Int {
        emit(kind, i, i + 1)
        if pairsBrackets { pairing.add(kind, at: scratch.count - 1, scratch.base) }  // read each time: appending may move it
        return i + 1
    }

    func endOfLine(from i: Int) -> Int { classEnd(from: i, ByteClass.inLine) }

    @inline(__always) func identifierEnd(from i: Int) -> Int { classEnd(from: i, ByteClass.identifierContinue) }

    /// Past the spaces and tabs from `i` on.
    @inline(__always) func blanksEnd(from i: Int) -> Int { classEnd(from: i, ByteClass.blank) }

    /// Past the bytes of class `flag` from `i` on: eight bytes a step (unrolled by the compiler),
    /// without a bound check for each, while eight are left. Identifiers and indentation are
    /// most of a project's bytes.
    @inline(__always) func classEnd(from i: Int, _ flag: UInt8) -> Int {
        var j = i
        while j &+ 8 <= n {
            for k in 0..<8 where classes[Int(b[j &+ k])] & flag == 0 { return j &+ k }
            j &+= 8
        }
        while j < n, classes[Int(b[j])] & flag != 0 { j += 1 }
        return j
    }

    /// `` `name` `` (raw identifiers may hold spaces); nil when no closing backtick on the line.
    func backtickEnd(from i: Int) -> Int? {
        var j = i + 1
        while j < n {
            let c = b[j]
            if c == B.backtick { return j > i + 1 ? j + 1 : nil }
            if c == B.lf || c == B.cr { return nil }
            j += 1
        }
        return nil
    }

    /// Skips a nested `/* ... */`; an unterminated one runs to the end of the file.
    mutating func skipBlockComment(from i: Int) -> Int {
        var depth = 0
        var j = i
        while j < n {
            if b[j] == B.slash, at(j + 1) == B.star {
                depth += 1
                j += 2
            } else if b[j] == B.star, at(j + 1) == B.slash {
                depth -= 1
                j += 2
                if depth == 0 { return j }
            } else {
                j += 1
            }
        }
        errors.append(LexError(kind: .unterminatedBlockComment, offset: i))
        return n
    }

    mutating func lexOperator(at i: Int) -> Int {
        var j = i
        let dotted = b[i] == B.dot
        while j < n {
            let c = b[j]
            // A comment start ends an operator (`a+/*x*/b`), except at the operator's first byte.
            if c == B.slash, j > i, at(j + 1) == B.slash || at(j + 1) == B.star { break }
            if isOperatorByte(c) || (dotted && c == B.dot) { j += 1 } else { break }
        }
        emit(.operator, i, j)
        return j
    }

    mutating func lexNumber(at i: Int) -> Int {
        let isHex = b[i] == 0x30 && (at(i + 1) == 0x78 || at(i + 1) == 0x58)
        var j = i
        func consumeDigits(_ j: inout Int) {
            while j < n, isIdentifierContinue(b[j]) {
                let c = b[j]
                j += 1
                let isExponent = isHex ? (c == 0x70 || c == 0x50) : (c == 0x65 || c == 0x45)
                if isExponent, j < n, b[j] == B.plus || b[j] == B.minus, isDigit(at(j + 1)) { j += 1 }
            }
        }
        consumeDigits(&j)
        // `t.0.1` is tuple access, not a fraction: a number right after `.` takes no fraction.
        let afterPeriod = lastSignificant == .period
        if !afterPeriod, j < n, b[j] == B.dot, isDigit(at(j + 1)) || (isHex && isIdentifierContinue(at(j + 1))) {
            j += 1
            consumeDigits(&j)
        }
        emit(.number, i, j)
        return j
    }

    /// A `/.../` regex literal: only where an expression can start, not starting with a space,
    /// closed on the same line by a `/` not preceded by a space. Otherwise `/` is an operator.
    func bareRegexEnd(from i: Int) -> Int? {
        switch lastSignificant {
        case .identifier, .dollarIdentifier, .number, .string, .regex, .rightParen, .rightBracket,
             .rightBrace, .poundKeyword:
            // `return /x/`, `case /x/`: a few keywords do start an expression.
            if lastSignificant == .identifier {
                let word = text(lastSignificantStart)
                if !["return", "case", "in", "try", "await", "where", "if", "guard", "while", "throw"]
                    .contains(word) { return nil }
            } else {
                return nil
            }
        default: break
        }
        let first = at(i + 1)
        if first == B.space || first == B.tab || first == B.lf || first == B.cr || first == 0x3D || i + 1 >= n {
            return nil
        }
        var j = i + 1
        var inClass = false
        while j < n {
            let c = b[j]
            if c == B.lf || c == B.cr { return nil }
            if c == B.backslash { j += 2; continue }
            if c == B.lbracket { inClass = true } else if c == B.rbracket { inClass = false }
            if c == B.slash, !inClass {
                let prev = b[j - 1]
                return prev == B.space || prev == B.tab ? nil : j + 1
            }
            j += 1
        }
        return nil
    }

    func text(_ start: Int) -> String {
        let end = identifierEnd(from: start)
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
    }

    /// `#/.../#` with any number of `#`; may span lines.
    mutating func lexExtendedRegex(at i: Int, hashes: Int) -> Int {
        var j = i + hashes + 1
        while j < n {
            let c = b[j]
            if c == B.backslash { j += 2; continue }
            if c == B.slash, closingHashes(at: j + 1, count: hashes) {
                let end = j + 1 + hashes
                emit(.regex, i, end)
                return end
            }
            j += 1
        }
        errors.append(LexError(kind: .unterminatedRegex, offset: i))
        emit(.regex, i, n)
        return n
    }

    func closingHashes(at j: Int, count: Int) -> Bool {
        if j + count > n { return false }
        for k in 0..<count where b[j + k] != B.hash { return false }
        return true
    }

    // One frame per string literal or interpolation still open.
    enum Frame {
        case string(hashes: Int, multiline: Bool)
        case code(depth: Int)
    }

    /// Scans a whole string literal starting at `i` (`"`, `"""`, `#"`, `##"""`, ...), with
    /// interpolations holding code, nested strings and comments to any depth. Unterminated:
    /// the rest of the file becomes the token and the file is marked not understood.
    mutating func lexString(at i: Int, hashes: Int) -> Int {
        // Most literals are `"plain"`: no escape, interpolation or hashes. Anything else (and
        // an unterminated literal) goes the general way below.
        if hashes == 0, !(at(i + 1) == B.quote && at(i + 2) == B.quote) {
            let k = classEnd(from: i + 1, ByteClass.inPlainString)
            if k < n, b[k] == B.quote { emit(.string, i, k + 1); return k + 1 }
        }
        var stack = frames
        frames = []  // `stack` is now the only owner: no copy when it grows
        stack.removeAll(keepingCapacity: true)
        defer { frames = stack }
        var j = i + hashes
        var interpolationStart = 0

        // Opens a literal at `j` (pointing at its first `"`), after `h` hashes.
        func open(_ j: inout Int, hashes h: Int, _ stack: inout [Frame]) {
            var multiline = at(j + 1) == B.quote && at(j + 2) == B.quote
            if multiline, h > 0 {
                // As Swift's lexer: `#"""#` (a `"` closed by the hashes later on the same line)
                // is a single-line literal that starts with quotes, not a multi-line one.
                var t = j + 2
                while t < n, b[t] != B.lf, b[t] != B.cr {
                    if b[t] == B.quote {
                        t += 1
                        if closingHashes(at: t, count: h) { multiline = false; break }
                    } else {
                        t += 1
                    }
                }
            }
            stack.append(.string(hashes: h, multiline: multiline))
            j += multiline ? 3 : 1
        }
        open(&j, hashes: hashes, &stack)

        while j < n, let top = stack.last {
            let c = b[j]
            switch top {
            case let .string(h, multiline):
                if c == B.backslash {
                    var k = j + 1
                    var count = 0
                    while count < h, k < n, b[k] == B.hash { k += 1; count += 1 }
                    if count == h {
                        if at(k) == B.lparen {
                            if stack.count == 1 { interpolationStart = k + 1 }
                            stack.append(.code(depth: 0))
                            j = k + 1
                        } else {
                            j = k + 1  // an escaped character
                        }
                    } else {
                        j += 1
                    }
                } else if c == B.quote {
                    let closesQuotes = !multiline || (at(j + 1) == B.quote && at(j + 2) == B.quote)
                    let afterQuotes = j + (multiline ? 3 : 1)
                    if closesQuotes, closingHashes(at: afterQuotes, count: h) {
                        stack.removeLast()
                        j = afterQuotes + h
                        if stack.isEmpty {
                            emit(.string, i, j)
                            return j
                        }
                    } else {
                        j += 1
                    }
                } else if (c == B.lf || c == B.cr) && !multiline {
                    j = n  // a single-line literal cannot span lines: unterminated
                } else {
                    j += 1
                }
            case let .code(depth):
                switch c {
                case B.lparen:
                    stack[stack.count - 1] = .code(depth: depth + 1)
                    j += 1
                case B.rparen:
                    if depth == 0 {
                        stack.removeLast()
                        if stack.count == 1 { interpolations.append(interpolationStart..<j) }
                    } else {
                        stack[stack.count - 1] = .code(depth: depth - 1)
                    }
                    j += 1
                case B.quote:
                    open(&j, hashes: 0, &stack)
                case B.hash:
                    var k = j
                    while k < n, b[k] == B.hash { k += 1 }
                    if at(k) == B.quote {
                        let h = k - j
                        j = k
                        open(&j, hashes: h, &stack)
                    } else {
                        j = k
                    }
                case B.slash where at(j + 1) == B.slash:
                    j = endOfLine(from: j)
                case B.slash where at(j + 1) == B.star:
                    var depth = 0
                    while j < n {
                        if b[j] == B.slash, at(j + 1) == B.star { depth += 1; j += 2 }
                        else if b[j] == B.star, at(j + 1) == B.slash {
                            depth -= 1; j += 2
                            if depth == 0 { break }
                        } else { j += 1 }
                    }
                default:
                    j += 1
                }
            }
        }
        errors.append(LexError(kind: .unterminatedString, offset: i))
        emit(.string, i, n)
        return n
    }
}

/// A growable token buffer, pooled: lexing thousands of files appends into the same memory
/// instead of growing (and faulting in) a fresh array for each file.
final class TokenScratch {
    private(set) var base: UnsafeMutablePointer<Token>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// The tokens as an array of exactly their size.
    func copy() -> [Token] {
        guard count > 0 else { return [] }
        return [Token](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.initialize(from: base, count: count)
            initialized = count
        }
    }

    // A pool rather than one per thread: a lex takes one out (a nested lex gets another) and
    // gives it back; `releasePooled` lets them all go once a project is read.
    nonisolated(unsafe) private static var pool: [TokenScratch] = []
    private static let poolLock = Lock()

    static func take() -> TokenScratch {
        poolLock.withLock { pool.popLast() } ?? TokenScratch()
    }

    static func giveBack(_ scratch: TokenScratch) {
        // One enormous file must not keep its buffer (tens of megabytes) alive for the rest of the run.
        guard scratch.capacity <= 1 << 20 else { return }
        poolLock.withLock { pool.append(scratch) }
    }

    /// Frees the pooled buffers (half a megabyte or more each): after loading, lexing is rare.
    static func releasePooled() {
        poolLock.withLock { pool = [] }
    }
}
