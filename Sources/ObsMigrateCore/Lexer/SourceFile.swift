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

/// One Swift file's bytes and significant tokens (comments kept apart), with brackets matched,
/// so that scanners can walk code without tripping over comments.
public struct SourceFile: Sendable {
    /// Path as shown to the user.
    public let path: String
    public let bytes: [UInt8]
    /// The non-trivia tokens, in order; indices into this array are "significant indices".
    public let sigTokens: [Token]
    public let comments: [Token]
    public let errors: [LexError]
    public let interpolations: [Range<Int>]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let lexed = Lexer.significantTokens(bytes)
        sigTokens = lexed.tokens
        comments = lexed.comments
        errors = lexed.errors
        interpolations = lexed.interpolations
    }

    private init(path: String, bytes: [UInt8], sigTokens: [Token], comments: [Token], errors: [LexError],
                 interpolations: [Range<Int>]) {
        self.path = path
        self.bytes = bytes
        self.sigTokens = sigTokens
        self.comments = comments
        self.errors = errors
        self.interpolations = interpolations
    }

    /// A file that is not Swift (build settings): its bytes, and no tokens.
    static func unlexed(path: String, bytes: [UInt8]) -> SourceFile {
        SourceFile(path: path, bytes: bytes, sigTokens: [], comments: [], errors: [], interpolations: [])
    }

    /// The same file without its tokens, comments included, and without its bytes unless
    /// asked (see `ProjectFile`).
    func withoutTokens(keepingBytes: Bool) -> SourceFile {
        SourceFile(path: path, bytes: keepingBytes ? bytes : [], sigTokens: [], comments: [], errors: errors,
                   interpolations: interpolations)
    }

    /// `count` empty tokens of unknown kind: stands in for a file that changed on disk while a
    /// run used it, so that token indices taken from the first read stay in range.
    func withPlaceholderTokens(count: Int) -> SourceFile {
        SourceFile(path: path, bytes: bytes, sigTokens: [Token](repeating: Token(kind: .unknown, start: 0, end: 0), count: count),
                   comments: [], errors: errors, interpolations: [])
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Whether the interpolation at `range` may hold what the index looks for in interpolated
    /// code, a `$name` or `objectWillChange`: a look at its bytes costs far less than a lex.
    func interpolationMayMatter(_ range: Range<Int>) -> Bool {
        bytes[range].contains(UInt8(ascii: "$")) || ByteSearch.firstOffset(of: Self.objectWillChange, in: bytes, range: range) != nil
    }
    private static let objectWillChange = Array("objectWillChange".utf8)

    /// The code of the interpolation at `range`, lexed, when it may matter (see above).
    func interpolatedCode(_ range: Range<Int>) -> SourceFile? {
        interpolationMayMatter(range) ? SourceFile(path: path, bytes: Array(bytes[range])) : nil
    }

    /// Whether a newline separates significant token `s` from the one before it (true outside
    /// the file: its edges are line boundaries).
    public struct LineStarts: Sendable {
        let tokens: [Token]
        public subscript(_ s: Int) -> Bool { isInside(s, tokens.count) ? tokens[s].startsLine : true }
    }
    public var startsLine: LineStarts { LineStarts(tokens: sigTokens) }

    /// For each significant token, the significant index of its matching bracket, or -1
    /// (kept inside the bracket tokens themselves, paired by the lexer). Tolerant: a closer
    /// with no opener, or of the wrong kind, is left unmatched.
    public struct BracketMatches: Sendable {
        let tokens: [Token]
        public subscript(_ s: Int) -> Int32 {
            guard isInside(s, tokens.count), tokens[s].kind.isBracket else { return -1 }
            return Int32(tokens[s].matchIndex)
        }
    }
    public var match: BracketMatches { BracketMatches(tokens: sigTokens) }

    /// Whether a comment lies between the end of significant token `a` and the start of `b`.
    public func hasComment(between a: Int, and b: Int) -> Bool {
        guard !comments.isEmpty, a < b else { return false }
        let lo = end(a), hi = start(b)
        let l = partitionPoint(comments.count) { Int(comments[$0].start) < lo }
        return l < comments.count && Int(comments[l].start) < hi
    }

    public var isUnderstood: Bool { errors.isEmpty }
    public var sigCount: Int { sigTokens.count }

    // Every access by significant index is safe at any index: outside the file (`s - 1` at the
    // first token, `s + 1` at the last, `s + n` anywhere) a token is empty and of unknown kind,
    // placed at the file's start or end. Call sites need no bounds check of their own.

    /// Significant token `s`, or an empty `.unknown` token at the file's edge when `s` is outside it.
    @inline(__always) public func token(_ s: Int) -> Token {
        isInside(s, sigTokens.count) ? sigTokens[s] : edgeToken(s)
    }
    /// The empty token standing for index `s` outside the file: at offset 0 before it, at the
    /// end after it. Out of line, so the in-range path stays one comparison.
    @inline(never) func edgeToken(_ s: Int) -> Token {
        let offset = s < 0 ? 0 : bytes.count
        return Token(kind: .unknown, start: offset, end: offset)
    }
    @inline(__always) public func kind(_ s: Int) -> TokenKind { isInside(s, sigTokens.count) ? sigTokens[s].kind : .unknown }
    @inline(__always) public func start(_ s: Int) -> Int { Int(token(s).start) }
    @inline(__always) public func end(_ s: Int) -> Int { Int(token(s).end) }
    /// Calls `body` with each token of `range` outside brackets, in order (a bracketed group,
    /// its brackets included, is passed over whole), until it returns false. False when a
    /// bracket reached has no match after it.
    public func forEachTopLevelToken(in range: Range<Int>, _ body: (Int) -> Bool) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            let kind = self.kind(i)
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                let m = Int(match[i])
                guard m > i else { return false }
                i = m + 1
                continue
            }
            if !body(i) { return true }
            i += 1
        }
        return true
    }

    /// The bytes from token `a`'s start through token `b`'s end; empty at `a`'s start when `b`
    /// comes before `a`, so a span from computed indices (`close - 1`, `upperBound - 3`) never traps.
    @inline(__always) public func span(_ a: Int, through b: Int) -> Range<Int> {
        let lower = start(a)
        return lower..<max(lower, end(b))
    }

    public func text(_ s: Int) -> String {
        let t = token(s)
        return String(decoding: bytes[t.range], as: UTF8.self)
    }

    /// The bytes of `range` as text; the part of it outside the file is left out.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: bytes.indices)], as: UTF8.self)
    }

    /// Compares a significant token's bytes with an ASCII string without allocating.
    public func isText(_ s: Int, _ literal: StaticString) -> Bool {
        let t = token(s)
        guard t.length == literal.utf8CodeUnitCount else { return false }
        let p = literal.utf8Start
        var k = 0
        var i = Int(t.start)
        while k < t.length {
            if bytes[i] != p[k] { return false }
            k += 1
            i += 1
        }
        return true
    }

    /// Whether significant token `s` begins a statement: first on its line, or after `;` or `{`.
    public func startsStatement(_ s: Int) -> Bool {
        s >= 0 && s < sigCount && (startsLine[s] || kind(s - 1) == .semicolon || kind(s - 1) == .leftBrace)
    }

    /// The first token of a statement that begins with the member named at `s`, written bare
    /// or as `self.name`; nil when another receiver qualifies it or the statement begins earlier.
    public func statementStart(ofOwnMember s: Int) -> Int? {
        var first = s
        if kind(s - 1) == .period {
            guard isIdentifier(s - 2, "self") else { return nil }
            first = s - 2
        }
        return startsStatement(first) ? first : nil
    }

    /// The first `{` from token `start` on, before `limit`, that no parentheses or brackets hold
    /// (the body of `if a, let b = f({ ... }) {`); nil when there is none or a bracket is unclosed.
    public func firstBrace(atLevelFrom start: Int, limit: Int) -> Int? {
        var e = start
        while e < limit, kind(e) != .leftBrace {
            if kind(e) == .leftParen || kind(e) == .leftBracket {
                let m = Int(match[e])
                guard m > e else { return nil }
                e = m
            }
            e += 1
        }
        return e < limit ? e : nil
    }

    /// The `{` of the innermost brace block holding token `s`, found walking back with bracketed
    /// runs skipped whole; nil when there is none, or a closer on the way has no opener.
    public func innermostBrace(around s: Int) -> Int? { innermostOpener(.leftBrace, around: s, passingOtherOpeners: true) }

    /// The `(` of the innermost parentheses holding token `s` as one of their arguments, found
    /// as `innermostBrace` finds its `{`; nil when a `{` or `[` opens first.
    public func innermostParen(around s: Int) -> Int? { innermostOpener(.leftParen, around: s, passingOtherOpeners: false) }

    /// The `(`, `[` or `{` of the innermost group holding token `s`, found as `innermostBrace`
    /// finds its `{`.
    public func innermostGroup(around s: Int) -> Int? { innermostOpener(nil, around: s, passingOtherOpeners: false) }

    /// The nearest unclosed `opener` (any, when nil) before token `s`, bracketed runs skipped
    /// whole; nil when a closer on the way has no opener, or (not `passingOtherOpeners`) another
    /// opener comes first.
    @inline(__always) private func innermostOpener(_ opener: TokenKind?, around s: Int, passingOtherOpeners: Bool) -> Int? {
        var k = s - 1
        while k >= 0 {
            switch kind(k) {
            case .leftBrace, .leftParen, .leftBracket:
                if opener == nil || kind(k) == opener { return k }
                guard passingOtherOpeners else { return nil }
                k -= 1
            case .rightBrace, .rightParen, .rightBracket:
                let m = Int(match[k])
                guard m >= 0, m < k else { return nil }
                k = m - 1
            default: k -= 1
            }
        }
        return nil
    }

    public func isIdentifier(_ s: Int, _ literal: StaticString) -> Bool {
        kind(s) == .identifier && isText(s, literal)
    }

    /// An identifier's name with backticks removed (`` `default` `` is `default`).
    public func name(_ s: Int) -> String {
        let raw = text(s)
        if raw.hasPrefix("`"), raw.hasSuffix("`"), raw.count >= 2 { return String(raw.dropFirst().dropLast()) }
        return raw
    }

    /// Significant tokens' texts joined without trivia: `Combine . ObservableObject` reads as
    /// `Combine.ObservableObject`.
    public func joinedText(_ range: Range<Int>) -> String {
        if range.count == 1 { return text(range.lowerBound) }
        // Copied straight into the string's storage, sized up front: the scanner joins a type's
        // tokens for every property and signature.
        var total = 0
        for s in range { total += token(s).length }
        return String(unsafeUninitializedCapacity: total) { out in
            bytes.withUnsafeBufferPointer { source in
                var at = 0
                for s in range {
                    let t = token(s)
                    guard t.length > 0 else { continue }
                    UnsafeMutableRawPointer(out.baseAddress! + at).copyMemory(from: source.baseAddress! + Int(t.start), byteCount: t.length)
                    at += t.length
                }
                return at
            }
        }
    }

    /// The significant indices of the tokens of `kind` (and of `length` bytes, when given) among
    /// `range` (all tokens when nil), in order, read from the raw buffer: for passes that look
    /// for a few tokens among thousands.
    public func indices(of kind: TokenKind, length: Int? = nil, in range: Range<Int>? = nil) -> [Int] {
        sigTokens.withUnsafeBufferPointer { tokens in
            var result: [Int] = []
            for s in (range ?? tokens.indices).clamped(to: tokens.indices)
            where tokens[s].kind == kind && (length == nil || tokens[s].length == length) {
                result.append(s)
            }
            return result
        }
    }

    /// The significant index of the first significant token at or after byte `offset`.
    public func sigIndex(atOrAfter offset: Int) -> Int {
        partitionPoint(sigTokens.count) { start($0) < offset }
    }

    /// Byte offset of the start of the line containing `offset`.
    /// (The first line starts after a UTF-8 byte order mark, so no edit lands before it.)
    /// The start of the line before the one that starts at `lineStart` (`\r\n` is one line
    /// break: `lineStart(of: lineStart - 1)` would give its `\n`, an empty line).
    public func lineStart(before lineStart: Int) -> Int {
        var end = lineStart - 1
        if end > 0, end < bytes.count, bytes[end] == 0x0A, bytes[end - 1] == 0x0D { end -= 1 }
        return self.lineStart(of: end)
    }

    public func lineStart(of offset: Int) -> Int {
        let floor = byteOrderMarkLength
        let offset = min(max(offset, 0), bytes.count)
        var i = offset
        while i > floor, bytes[i - 1] != 0x0A, bytes[i - 1] != 0x0D { i -= 1 }
        return max(i, min(floor, offset))
    }

    /// 3 when the file starts with a UTF-8 byte order mark, else 0.
    public var byteOrderMarkLength: Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Byte offset just past the line terminator of the line containing `offset` (or EOF).
    public func nextLineStart(after offset: Int) -> Int {
        var i = max(offset, 0)
        let n = bytes.count
        while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
        guard i < n else { return n }
        if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { return i + 2 }
        return i + 1
    }

    /// The leading whitespace of the line containing `offset`.
    public func indentation(ofLineAt offset: Int) -> String {
        let s = lineStart(of: offset)
        var e = s
        while e < bytes.count, bytes[e] == 0x20 || bytes[e] == 0x09 { e += 1 }
        return text(s..<e)
    }

    /// The file's line terminator: the first one found, `\n` when there is none.
    public var lineEnding: String {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[i] == 0x0D { return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? "\r\n" : "\r" }
        return "\n"
    }
}

/// Whether index `s` lies in `0..<count`, in one unsigned comparison (a negative `s` wraps
/// to a huge value).
@inline(__always) func isInside(_ s: Int, _ count: Int) -> Bool {
    UInt(bitPattern: s) < UInt(bitPattern: count)
}

/// Maps byte offsets to 1-based line and column (columns count UTF-8 bytes, as swiftc does).
public struct LineTable: Sendable {
    package let starts: [Int]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let n = buffer.count
            if memchr(base, 0x0D, n) == nil {
                // Only `\n` endings (almost every file): memchr finds each.
                var i = 0
                while i < n, let hit = memchr(base + i, 0x0A, n - i) {
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(i)
                }
                return
            }
            var i = 0
            while i < n {
                let c = base[i]
                if c == 0x0A {
                    starts.append(i + 1)
                } else if c == 0x0D {
                    if i + 1 < n, base[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        self.starts = starts
    }

    public func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line starting at or before `offset` (the first line starts at 0).
        let line = max(0, partitionPoint(starts.count) { starts[$0] <= offset } - 1)
        return (line + 1, offset - starts[line] + 1)
    }
}
