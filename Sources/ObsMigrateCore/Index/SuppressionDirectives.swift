import ObsMigrateSupport

/// The `// obs-migrate:...` comments of one file, as written: what each says, where it is, and
/// the ones that cannot be read (an unknown directive). Whether a key names a rule is for the
/// rules to say (`OBS301`); `Suppressions` answers which comments cover a finding.
public struct SuppressionDirectives: Sendable, Equatable {
    public var directives: [SuppressionDirective] = []
    /// Comments that start with `obs-migrate:` but say no directive this tool knows.
    public var unreadable: [UnreadableDirective] = []

    public var isEmpty: Bool { directives.isEmpty && unreadable.isEmpty }
}

/// One directive: `disable`/`enable` open and close a region (to the end of the file when
/// nothing closes it); the one-line forms cover their own line, the next or the previous one.
public struct SuppressionDirective: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case disable, enable
        case disableLine = "disable-line"
        case disableNextLine = "disable-next-line"
        case disablePreviousLine = "disable-previous-line"

        /// The line a one-line form covers, from the comment's first and last lines (a block
        /// comment may span several); nil for a region's ends.
        func coveredLine(first: Int, last: Int) -> Int? {
            switch self {
            case .disable, .enable: nil
            case .disableLine: first
            case .disableNextLine: last + 1
            case .disablePreviousLine: first - 1
            }
        }
    }

    /// A rule code or name as written, or `all`, and where it is.
    public struct Key: Sendable, Equatable {
        public var text: String
        public var range: Range<Int>
        public var isAll: Bool { text.lowercased() == "all" }

        /// Whether it names the finding's rule (codes in any case, names as listed) or all rules.
        public func matches(code: String, name: String) -> Bool {
            isAll || text.uppercased() == code || text.lowercased() == name
        }
    }

    public var kind: Kind
    /// The directive as written (`disable:next` for SwiftLint's spelling of `disable-next-line`).
    public var spelling: String
    /// Empty: every rule, as `all`.
    public var keys: [Key]
    /// The comment's bytes, its (1-based) line, and the line it ends on.
    public var range: Range<Int>
    public var line: Int
    public var lastLine: Int

    /// The line a one-line form covers; nil for `disable` and `enable`.
    public var coveredLine: Int? { kind.coveredLine(first: line, last: lastLine) }
    public var coversAll: Bool { keys.isEmpty || keys.contains(where: \.isAll) }
}

/// A comment starting with `obs-migrate:` that names no directive; `suggestion` is the one
/// meant, when a known spelling is close.
public struct UnreadableDirective: Sendable, Equatable {
    public var written: String
    public var suggestion: String?
    public var range: Range<Int>
    public var line: Int
}

extension SuppressionDirectives {
    static let marker = Array("obs-migrate:".utf8)

    /// The spellings read, each with its directive: ours, and SwiftLint's `disable:this`,
    /// `disable:next` and `disable:previous`, which its users type from habit.
    static let spellings: [(spelling: String, kind: SuppressionDirective.Kind)] =
        SuppressionDirective.Kind.allCases.map { ($0.rawValue, $0) }
        + [("disable:this", .disableLine), ("disable:next", .disableNextLine), ("disable:previous", .disablePreviousLine)]

    /// The directives of a file, from its comment tokens. A directive is a comment whose text
    /// begins with `obs-migrate:` (`// obs-migrate:disable OBS101`, `/* obs-migrate:enable */`):
    /// the marker further into a comment is prose, or a directive commented out. The keys are
    /// the words after the directive on its line, up to one starting with `-` (a reason).
    public static func parse(_ comments: [Token], in bytes: [UInt8]) -> SuppressionDirectives {
        var result = SuppressionDirectives()
        var table: LineTable? = nil
        for token in comments {
            guard let at = markerOffset(token, bytes) else { continue }
            if table == nil { table = LineTable(bytes) }
            let line = table!.location(of: Int(token.start)).line
            let end = textEnd(token, bytes, from: at)
            let words = Self.words(bytes, from: at + marker.count, to: end)
            // `obs-migrate: disable OBS101`: the directive must follow the colon.
            let spaced = at + marker.count < end && isBlank(bytes[at + marker.count])
            let written = spaced ? "" : words.first?.text ?? ""
            guard let kind = spellings.first(where: { $0.spelling == written })?.kind else {
                let meant = spaced ? words.first?.text ?? "" : written
                let close = spellings.first(where: { $0.spelling == meant }) != nil ? meant
                    : Spelling.closest(meant, among: spellings.map(\.spelling))
                result.unreadable.append(UnreadableDirective(
                    written: spaced ? " " + meant : written,
                    suggestion: close.flatMap { c in spellings.first { $0.spelling == c }?.kind.rawValue },
                    range: token.range, line: line))
                continue
            }
            let keys = words.dropFirst().prefix { !$0.text.hasPrefix("-") }
                .map { SuppressionDirective.Key(text: $0.text, range: $0.range) }
            let lastLine = table!.location(of: max(Int(token.start), token.range.upperBound - 1)).line
            result.directives.append(SuppressionDirective(kind: kind, spelling: written, keys: keys,
                                                          range: token.range, line: line, lastLine: lastLine))
        }
        return result
    }

    /// Where `obs-migrate:` starts, when the comment's text begins with it.
    static func markerOffset(_ token: Token, _ bytes: [UInt8]) -> Int? {
        let range = token.range
        guard range.count > marker.count else { return nil }
        var i = range.lowerBound + 2  // past `//` or `/*`
        while i < range.upperBound, bytes[i] == UInt8(ascii: "/") || bytes[i] == UInt8(ascii: "*") || bytes[i] == UInt8(ascii: "!") { i += 1 }
        let block = token.kind == .blockComment || token.kind == .docBlockComment
        while i < range.upperBound, isBlank(bytes[i]) || (block && (bytes[i] == 0x0A || bytes[i] == 0x0D)) { i += 1 }
        guard range.upperBound - i >= marker.count,
              bytes[i..<i + marker.count].elementsEqual(marker) else { return nil }
        return i
    }

    /// The end of the directive's text: the end of its line, and before a block comment's `*/`.
    static func textEnd(_ token: Token, _ bytes: [UInt8], from start: Int) -> Int {
        let block = token.kind == .blockComment || token.kind == .docBlockComment
        let end = block ? max(start, token.range.upperBound - 2) : token.range.upperBound
        var i = start
        while i < end, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
        return i
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The words in `bytes[from..<to]`, split at blanks and commas.
    static func words(_ bytes: [UInt8], from: Int, to: Int) -> [(text: String, range: Range<Int>)] {
        var result: [(text: String, range: Range<Int>)] = []
        var i = from
        while i < to {
            while i < to, isBlank(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
            let start = i
            while i < to, !isBlank(bytes[i]), bytes[i] != UInt8(ascii: ",") { i += 1 }
            if i > start { result.append((String(decoding: bytes[start..<i], as: UTF8.self), start..<i)) }
        }
        return result
    }
}
