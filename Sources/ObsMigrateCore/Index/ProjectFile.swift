import Foundation

/// A scanned file of the project: source, declarations and suppression comments.
///
/// Tokens are most of a project's memory. A file in which no token can start a finding or a
/// decision (see `wordsThatMatter`) lets them go once its declarations are scanned; its bytes
/// stay, and the rare reader that wants its tokens after all (a type's member resolved from
/// another file) has them lexed again, once, by `source`.
public struct ProjectFile: Sendable {
    public var decls: FileDeclarations
    public var suppressions: Suppressions
    private var scanned: SourceFile
    /// Set when the tokens were let go: lexes them again on first use and keeps them.
    private var relexed: Relexed?
    /// For a file whose tokens were let go: whether it has an identifier such as `_name`,
    /// which may be a model's wrapper storage. Without one, its model code needs no tokens.
    public private(set) var namesUnderscoredIdentifiers = true

    /// `dropsTokensItDoesNotNeed`: the loader's choice; files built for one rule or one
    /// rewrite keep everything.
    public init(path: String, bytes: [UInt8], dropsTokensItDoesNotNeed: Bool = false) {
        let source = SourceFile(path: path, bytes: bytes)
        decls = DeclarationScanner.scan(source)
        suppressions = Suppressions(source)
        if dropsTokensItDoesNotNeed, let underscored = Self.underscoredNamesIfTokensUnneeded(source) {
            scanned = source.withoutTokens()
            relexed = Relexed()
            namesUnderscoredIdentifiers = underscored
        } else {
            scanned = source
        }
    }

    public var path: String { scanned.path }
    /// The file's bytes, without lexing a dropped file again.
    public var bytes: [UInt8] { scanned.bytes }
    public var isUnderstood: Bool { scanned.isUnderstood }
    public var lexErrors: [LexError] { scanned.errors }

    /// The lexed file (lexed again if its tokens were let go).
    public var source: SourceFile {
        guard let relexed else { return scanned }
        return relexed.source(path: scanned.path, bytes: scanned.bytes)
    }

    /// Whether the tokens were let go after scanning: then nothing in the file can start a
    /// finding or a decision, and passes that look for such tokens skip it.
    public var tokensDropped: Bool { relexed != nil }

    /// How many dropped files were lexed again so far (counted with `OBS_MIGRATE_TIMINGS` only).
    static var lexedAgain: Int { Relexed.lexedAgain }

    /// `body` with the file's tokens, for a pass over every file: a dropped file is lexed for
    /// it without keeping the result, so such a pass does not bring every file back.
    public func withTransientSource<T>(_ body: (SourceFile) -> T) -> T {
        guard let relexed else { return body(scanned) }
        return body(relexed.existing ?? SourceFile(path: scanned.path, bytes: scanned.bytes))
    }

    /// Names that may start a finding or a decision when a file holds them as an identifier,
    /// an attribute or inside an interpolation. `Observable` covers `@Observable`;
    /// `wrappedValue`/`initialValue` cover `_m = .init(wrappedValue:)`.
    static let wordsThatMatter = WordSet([
        "ObservableObject", "ObservableObjectPublisher", "Observable", "Published", "StateObject", "ObservedObject",
        "EnvironmentObject", "environmentObject", "objectWillChange", "wrappedValue", "initialValue",
    ])

    /// nil when anything after scanning may need this file's tokens: a word above, a `$name`
    /// (not a closure's `$0`), an interpolation with `$` or objectWillChange in it, or a
    /// Package.swift (deployment targets). Otherwise, whether an identifier starts with `_`.
    static func underscoredNamesIfTokensUnneeded(_ source: SourceFile) -> Bool? {
        if source.path.hasSuffix("Package.swift") { return nil }
        let bytes = source.bytes
        var underscored = false
        for s in 0..<source.sigCount {
            switch source.kind(s) {
            case .identifier:
                let first = bytes[source.start(s)]
                if first == UInt8(ascii: "`") || wordsThatMatter.contains(source, s) { return nil }
                if first == UInt8(ascii: "_"), source.token(s).length > 1 { underscored = true }
            case .attribute:
                if wordsThatMatter.contains(source, s, from: 1) { return nil }
            case .dollarIdentifier:
                let second = bytes[source.start(s) + 1]
                if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) { return nil }
            default:
                continue
            }
        }
        let marker = Array("objectWillChange".utf8)
        for range in source.interpolations {
            if bytes[range].contains(UInt8(ascii: "$")) || ByteSearch.firstOffset(of: marker, in: bytes, range: range) != nil {
                return nil
            }
        }
        return underscored
    }
}

/// A dropped file's tokens, lexed again on first use and kept (under a lock: index passes
/// run on all cores).
private final class Relexed: @unchecked Sendable {
    private let lock = NSLock()
    private var lexed: SourceFile?

    var existing: SourceFile? { lock.withLock { lexed } }

    /// How many files were lexed again, for `OBS_MIGRATE_TIMINGS`.
    nonisolated(unsafe) private static var count = 0
    private static let countLock = NSLock()
    static var lexedAgain: Int { countLock.withLock { count } }

    func source(path: String, bytes: [UInt8]) -> SourceFile {
        lock.withLock {
            if let lexed { return lexed }
            if Timings.enabled { Self.countLock.withLock { Self.count += 1 } }
            let source = SourceFile(path: path, bytes: bytes)
            lexed = source
            return source
        }
    }
}

/// A position in the project: file index and byte offset.
public struct Site: Sendable, Hashable, Comparable {
    public var file: Int
    public var offset: Int

    public static func < (a: Site, b: Site) -> Bool { (a.file, a.offset) < (b.file, b.offset) }
}

/// `// obs-migrate:disable-next-line OBS102 published-property` and the file-wide
/// `// obs-migrate:disable OBS101` (no codes: every rule).
public struct Suppressions: Sendable {
    /// 1-based line → suppressed codes or names (empty set: all).
    var lines: [Int: Set<String>] = [:]
    var file: Set<String>? = nil
    /// Codes ignored for this file by the configuration's `per-path-ignores`.
    public var configured: Set<String> = []

    public init(_ source: SourceFile) {
        let marker = Array("obs-migrate:".utf8)
        var table: LineTable? = nil
        // Almost no file has a directive: a fast search of its comments rules it out.
        guard source.comments.contains(where: {
            $0.length > marker.count && ByteSearch.firstOffset(of: marker, in: source.bytes, range: $0.range) != nil
        }) else { return }
        for token in source.comments where token.kind == .lineComment || token.kind == .blockComment {
            let bytes = source.bytes[token.range]
            guard bytes.count > marker.count, let at = bytes.firstRange(of: marker) else { continue }
            let rest = String(decoding: bytes[at.upperBound...], as: UTF8.self)
                .replacingOccurrences(of: "*/", with: " ")
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
            guard let directive = words.first else { continue }
            let codes = Set(words.dropFirst().prefix { !$0.hasPrefix("--") })
            switch directive {
            case "disable-next-line":
                if table == nil { table = LineTable(source.bytes) }
                let line = table!.location(of: Int(token.start)).line + 1
                if codes.isEmpty { lines[line] = [] } else if lines[line] != [] { lines[line, default: []].formUnion(codes) }
            case "disable":
                if codes.isEmpty { file = [] } else if file != [] { file = (file ?? []).union(codes) }
            default: continue
            }
        }
    }

    public var isEmpty: Bool { lines.isEmpty && file == nil && configured.isEmpty }

    public func suppresses(code: String, name: String, line: Int) -> Bool {
        if configured.contains(code) || configured.contains(name) { return true }
        return suppressedByComment(code: code, name: name, line: line)
    }

    public func suppressedByComment(code: String, name: String, line: Int) -> Bool {
        func matches(_ set: Set<String>) -> Bool { set.isEmpty || set.contains(code) || set.contains(name) }
        if let file, matches(file) { return true }
        if let set = lines[line], matches(set) { return true }
        return false
    }
}
