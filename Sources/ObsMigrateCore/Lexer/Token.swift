/// What a token is. Trivia (whitespace, newlines, comments) are tokens too, so the token
/// list covers every byte of the input exactly once and re-joins to it losslessly.
public enum TokenKind: UInt8, Sendable, CustomStringConvertible {
    case whitespace
    case newline
    case lineComment
    case docLineComment
    case blockComment
    case docBlockComment
    /// Identifiers and keywords alike (`class`, `var`, `Model`, `` `default` ``, `café`).
    case identifier
    /// `$0`, `$name`: closure shorthand arguments and projected values.
    case dollarIdentifier
    /// `@Name` without its arguments; the `(` that may follow is a separate token.
    case attribute
    /// `#if`, `#else`, `#available`, `#Preview`, `#selector`.
    case poundKeyword
    case number
    /// A whole string literal of any form, interpolations included.
    case string
    /// `#/.../#` and `/.../` regex literals.
    case regex
    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
    case comma, colon, semicolon, period, backslash
    /// A run of operator characters (`=`, `->`, `...`, `??`, `<`, `>`); `?` and `!` included.
    case `operator`
    /// A byte that starts no valid token (a stray backtick, a control byte).
    case unknown

    public var isTrivia: Bool { rawValue <= TokenKind.docBlockComment.rawValue }
    public var isComment: Bool { isTrivia && self != .whitespace && self != .newline }

    public var description: String {
        switch self {
        case .whitespace: "whitespace"
        case .newline: "newline"
        case .lineComment: "lineComment"
        case .docLineComment: "docLineComment"
        case .blockComment: "blockComment"
        case .docBlockComment: "docBlockComment"
        case .identifier: "identifier"
        case .dollarIdentifier: "dollarIdentifier"
        case .attribute: "attribute"
        case .poundKeyword: "poundKeyword"
        case .number: "number"
        case .string: "string"
        case .regex: "regex"
        case .leftParen: "leftParen"
        case .rightParen: "rightParen"
        case .leftBrace: "leftBrace"
        case .rightBrace: "rightBrace"
        case .leftBracket: "leftBracket"
        case .rightBracket: "rightBracket"
        case .comma: "comma"
        case .colon: "colon"
        case .semicolon: "semicolon"
        case .period: "period"
        case .backslash: "backslash"
        case .operator: "operator"
        case .unknown: "unknown"
        }
    }
}

/// One token: its kind and the half-open byte range it covers in the source, in 8 bytes
/// (a large project holds millions): the start offset, and one word packing the kind (5 bits),
/// whether it starts a line (1 bit) and its length (26 bits). A bracket is always one byte
/// long, so its 26 bits hold instead the index of its matching bracket (see `SourceFile.match`).
public struct Token: Sendable, Equatable {
    public let start: Int32
    private var bits: UInt32

    /// The longest token, and so the largest file, that fits: 64 MiB - 1 bytes.
    public static let maxLength = (1 << 26) - 1
    private static let payloadMask: UInt32 = (1 << 26) - 1
    private static let startsLineBit: UInt32 = 1 << 26

    @inline(__always) public init(kind: TokenKind, start: Int, end: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        let payload = kind.isBracket ? 0 : UInt32(min(max(end - start, 0), Token.maxLength))
        bits = UInt32(kind.rawValue) << 27 | payload
    }

    // Only `init` writes these bits, from a valid kind: the cast cannot see a stray value.
    public var kind: TokenKind { unsafeBitCast(UInt8(truncatingIfNeeded: bits >> 27), to: TokenKind.self) }

    /// A newline (or a comment spanning lines) separates it from the previous significant token.
    public var startsLine: Bool {
        get { bits & Token.startsLineBit != 0 }
        set { if newValue { bits |= Token.startsLineBit } else { bits &= ~Token.startsLineBit } }
    }

    public var length: Int { kind.isBracket ? 1 : Int(bits & Token.payloadMask) }
    public var end: Int32 { start + Int32(length) }
    public var range: Range<Int> { Int(start)..<Int(end) }

    /// For a bracket: the significant index of its match, or -1.
    var matchIndex: Int { Int(bits & Token.payloadMask) - 1 }
    mutating func setMatch(_ index: Int) { bits = bits & ~Token.payloadMask | UInt32(index + 1) }
}

extension TokenKind {
    public var isBracket: Bool { rawValue >= TokenKind.leftParen.rawValue && rawValue <= TokenKind.rightBracket.rawValue }
}

/// A problem that makes the file "not understood": such a file is reported, never rewritten.
public struct LexError: Sendable, Equatable, Error {
    public enum Kind: Sendable, Equatable {
        case unterminatedString, unterminatedBlockComment, unterminatedRegex, tokenTooLong
        /// A bracket with no match: an opener never closed, or a closer with nothing to close.
        case unbalancedBracket(TokenKind)
    }
    public var kind: Kind
    /// Byte offset where the unterminated construct starts.
    public var offset: Int

    public var message: String {
        switch kind {
        case .unterminatedString: "unterminated string literal"
        case .unterminatedBlockComment: "unterminated block comment"
        case .unterminatedRegex: "unterminated regex literal"
        case .tokenTooLong: "token longer than 64 MiB"
        case .unbalancedBracket(let bracket): Self.unbalanced(bracket)
        }
    }

    /// "unbalanced braces: no '}' closes the '{'", read with " at line:column" after it.
    static func unbalanced(_ bracket: TokenKind) -> String {
        let (open, close, plural): (String, String, String) = switch bracket {
        case .leftParen, .rightParen: ("(", ")", "parentheses")
        case .leftBracket, .rightBracket: ("[", "]", "brackets")
        default: ("{", "}", "braces")
        }
        let isOpener = bracket == .leftParen || bracket == .leftBracket || bracket == .leftBrace
        return isOpener ? "unbalanced \(plural): no '\(close)' closes the '\(open)'" : "unbalanced \(plural): no '\(open)' opens the '\(close)'"
    }

    /// Whether the error is a bracket without a match, rather than something left open that
    /// hides the rest of the file.
    public var isUnbalancedBracket: Bool {
        if case .unbalancedBracket = kind { return true }
        return false
    }
}
