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

/// One token: its kind and the half-open byte range it covers in the source.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// A newline (or a comment spanning lines) separates it from the previous significant
    /// token; it lives in the struct's padding, so it costs nothing.
    public var startsLine: Bool = false
    public var start: Int32
    public var end: Int32

    public init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = Int32(start)
        self.end = Int32(end)
    }

    public var range: Range<Int> { Int(start)..<Int(end) }
    public var length: Int { Int(end - start) }
}

/// A problem that makes the file "not understood": such a file is reported, never rewritten.
public struct LexError: Sendable, Equatable, Error {
    public enum Kind: Sendable, Equatable {
        case unterminatedString, unterminatedBlockComment, unterminatedRegex
    }
    public var kind: Kind
    /// Byte offset where the unterminated construct starts.
    public var offset: Int

    public var message: String {
        switch kind {
        case .unterminatedString: "unterminated string literal"
        case .unterminatedBlockComment: "unterminated block comment"
        case .unterminatedRegex: "unterminated regex literal"
        }
    }
}
