/// One Swift file's bytes and tokens, with the non-trivia ("significant") tokens indexed and
/// brackets matched, so that scanners can walk code without tripping over comments.
public struct SourceFile: Sendable {
    /// Path as shown to the user.
    public let path: String
    public let bytes: [UInt8]
    public let tokens: [Token]
    public let errors: [LexError]
    public let interpolations: [Range<Int>]
    /// Indices into `tokens` of the non-trivia tokens.
    public let sig: [Int32]
    /// For each significant token, the significant index of its matching bracket, or -1.
    public let match: [Int32]
    /// For each significant token, whether a newline separates it from the previous one.
    public let startsLine: [Bool]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let lexed = Lexer.tokenize(bytes)
        tokens = lexed.tokens
        errors = lexed.errors
        interpolations = lexed.interpolations
        var sig: [Int32] = []
        var startsLine: [Bool] = []
        sig.reserveCapacity(tokens.count / 2)
        startsLine.reserveCapacity(tokens.count / 2)
        var sawNewline = true
        for (index, token) in tokens.enumerated() {
            if token.kind.isTrivia {
                // A block comment spanning lines separates lines too.
                if token.kind == .newline || (token.kind.isComment && bytes[token.range].contains(0x0A)) {
                    sawNewline = true
                }
                continue
            }
            sig.append(Int32(index))
            startsLine.append(sawNewline)
            sawNewline = false
        }
        self.sig = sig
        self.startsLine = startsLine
        match = SourceFile.matchBrackets(sig: sig, tokens: tokens)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Tolerant matching: a closer with no opener, or of the wrong kind, is left unmatched.
    static func matchBrackets(sig: [Int32], tokens: [Token]) -> [Int32] {
        var match = [Int32](repeating: -1, count: sig.count)
        var stack: [Int32] = []
        for s in 0..<sig.count {
            let kind = tokens[Int(sig[s])].kind
            switch kind {
            case .leftParen, .leftBrace, .leftBracket:
                stack.append(Int32(s))
            case .rightParen, .rightBrace, .rightBracket:
                let opener: TokenKind = kind == .rightParen ? .leftParen : kind == .rightBrace ? .leftBrace : .leftBracket
                // Pop to the nearest opener of the right kind, if there is one.
                let floor = max(0, stack.count - 64)
                if let pos = stack[floor...].lastIndex(where: { tokens[Int(sig[Int($0)])].kind == opener }) {
                    let o = stack[pos]
                    stack.removeSubrange(pos...)
                    match[Int(o)] = Int32(s)
                    match[s] = o
                }
            default: break
            }
        }
        return match
    }

    public var isUnderstood: Bool { errors.isEmpty }
    public var sigCount: Int { sig.count }

    @inline(__always) public func token(_ s: Int) -> Token { tokens[Int(sig[s])] }
    @inline(__always) public func kind(_ s: Int) -> TokenKind { s < sig.count ? tokens[Int(sig[s])].kind : .unknown }
    @inline(__always) public func start(_ s: Int) -> Int { Int(tokens[Int(sig[s])].start) }
    @inline(__always) public func end(_ s: Int) -> Int { Int(tokens[Int(sig[s])].end) }

    public func text(_ s: Int) -> String {
        let t = token(s)
        return String(decoding: bytes[t.range], as: UTF8.self)
    }

    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Compares a significant token's bytes with an ASCII string without allocating.
    public func isText(_ s: Int, _ literal: StaticString) -> Bool {
        guard s >= 0, s < sig.count else { return false }
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
        range.map { text($0) }.joined()
    }

    /// The significant index of the first significant token at or after byte `offset`.
    public func sigIndex(atOrAfter offset: Int) -> Int {
        var lo = 0, hi = sig.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if start(mid) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Byte offset of the start of the line containing `offset`.
    public func lineStart(of offset: Int) -> Int {
        var i = offset
        while i > 0, bytes[i - 1] != 0x0A, bytes[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// Byte offset just past the line terminator of the line containing `offset` (or EOF).
    public func nextLineStart(after offset: Int) -> Int {
        var i = offset
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

/// Maps byte offsets to 1-based line and column (columns count UTF-8 bytes, as swiftc does).
public struct LineTable: Sendable {
    let starts: [Int]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                starts.append(i + 1)
            } else if c == 0x0D {
                if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.starts = starts
    }

    public func location(of offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = starts.count
        while lo + 1 < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid }
        }
        return (lo + 1, offset - starts[lo] + 1)
    }
}
