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

/// A scanned file of the project: source, declarations and suppression comments.
///
/// Tokens and bytes are most of a project's memory. A file in which no token can start a
/// finding or a decision (see `wordsThatMatter`) lets them go once its declarations are
/// scanned. The rare reader that wants them after all (a type's member resolved from another
/// file, a model's subclass to rewrite) has them back, once, from `source` and `bytes`: lexed
/// again, and read again from disk when the loader gave a path to read them from.
public struct ProjectFile: Sendable {
    public var decls: FileDeclarations
    public var suppressions: Suppressions
    /// For a file that let go: no tokens or comments, and no bytes when they can be read again.
    private var scanned: SourceFile
    /// Set when the file let go: brings tokens (and bytes) back on first use and keeps them.
    private var relexed: Relexed?
    /// For a file whose tokens were let go: whether it has an identifier such as `_name`,
    /// which may be a model's wrapper storage. Without one, its model code needs no tokens.
    public private(set) var namesUnderscoredIdentifiers = true

    /// `dropsTokensItDoesNotNeed`: the loader's choice; files built for one rule or one
    /// rewrite keep everything. With `rereadFrom` (the file's path on disk) the bytes go too;
    /// if they differ when read again, `log` records it and the run must not be trusted.
    public init(path: String, bytes: [UInt8], dropsTokensItDoesNotNeed: Bool = false,
                rereadFrom: (path: String, log: ChangedFiles)? = nil) {
        let source = SourceFile(path: path, bytes: bytes)
        decls = DeclarationScanner.scan(source)
        suppressions = Suppressions(source)
        if dropsTokensItDoesNotNeed, source.isUnderstood, let underscored = Self.underscoredNamesIfTokensUnneeded(source) {
            let reread = rereadFrom.map { Relexed.Reread(path: $0.path, digest: ContentDigest(bytes),
                                                          tokenCount: source.sigCount, log: $0.log) }
            identifiers = IdentifierFilter(source)
            scanned = source.withoutTokens(keepingBytes: reread == nil)
            relexed = Relexed(reread: reread)
            namesUnderscoredIdentifiers = underscored
        } else {
            scanned = source
        }
        if bytes.count >= Self.keptLineTableBytes { keptLineTable = KeptLineTable() }
    }

    /// A project.pbxproj or .xcconfig: read for its deployment targets, never lexed as Swift.
    public init(buildSettingsAt path: String, bytes: [UInt8]) {
        scanned = SourceFile.unlexed(path: path, bytes: bytes)
        decls = FileDeclarations(types: [], imports: [], typeAliases: [], topLevelFunctions: [], topLevelProperties: [])
        suppressions = Suppressions(scanned)
        isBuildSettings = true
    }

    /// Whether this is a build settings file rather than Swift source (see `BuildSettings`).
    public private(set) var isBuildSettings = false

    public var path: String { scanned.path }
    /// The file's bytes, without lexing a dropped file again.
    public var bytes: [UInt8] { relexed?.bytes(scanned) ?? scanned.bytes }
    public var isUnderstood: Bool { scanned.isUnderstood }
    public var lexErrors: [LexError] { scanned.errors }

    /// The lexed file (lexed again if its tokens were let go).
    public var source: SourceFile {
        guard let relexed else { return scanned }
        return relexed.source(scanned)
    }

    /// Lines and columns of the file's bytes. A large file's table is built once and kept (it
    /// is asked for by several passes, each of which would read the whole file); a small
    /// file's is cheaper to build again than to keep.
    public var lineTable: LineTable {
        guard let keptLineTable else { return LineTable(bytes) }
        return keptLineTable.table { LineTable(bytes) }
    }
    /// From this size a file keeps its line table.
    static let keptLineTableBytes = 1 << 20
    private var keptLineTable: KeptLineTable?

    /// For a file whose tokens were let go: its identifiers and string literals, which a pass
    /// looking for a few names or literals tests before reading the file again.
    private var identifiers: IdentifierFilter?

    /// Whether an identifier token of the file may be one of `names` (or a string literal, or a
    /// word in one: see `IdentifierFilter`): no only for a file whose tokens were let go and
    /// whose filter certainly holds none of them.
    func mayHoldIdentifier(anyOf names: [[UInt8]]) -> Bool {
        guard let identifiers else { return true }
        return names.contains(where: identifiers.mayContain)
    }

    /// The same, given the names' `IdentifierFilter.hash(of:)`: a pass that asks every file about
    /// many names hashes them once.
    func mayHoldIdentifier(anyOfHashes hashes: [UInt64]) -> Bool {
        guard let identifiers else { return true }
        return hashes.contains(where: identifiers.mayContain(hash:))
    }

    /// Whether the tokens were let go after scanning: then nothing in the file can start a
    /// finding or a decision, and passes that look for such tokens skip it.
    public var tokensDropped: Bool { relexed != nil }

    /// How many dropped files were lexed again so far (counted with `OBS_MIGRATE_TIMINGS` only).
    static var lexedAgain: Int { Relexed.lexedAgain }

    /// `body` with the file's tokens, for a pass over every file that looks for a few names: a
    /// file whose bytes hold none of `words` gives nil without being lexed, and a dropped file is
    /// lexed for it without keeping the result, so such a pass does not bring every file back.
    /// With no words, every file is looked at.
    public func withTransientSource<T>(ifBytesHoldAnyOf words: [[UInt8]], _ body: (SourceFile) -> T?) -> T? {
        withTransientSource(ifBytes: { bytes in
            words.isEmpty || words.contains { ByteSearch.firstOffset(of: $0, in: bytes, range: 0..<bytes.count) != nil }
        }, body)
    }

    /// `body` with the file's bytes; a dropped file's are read again without being kept.
    func withTransientBytes<T>(_ body: ([UInt8]) -> T) -> T {
        guard let relexed else { return body(scanned.bytes) }
        return body(relexed.transientBytes(scanned))
    }

    /// The same, for a file whose bytes pass `test`.
    func withTransientSource<T>(ifBytes test: ([UInt8]) -> Bool, _ body: (SourceFile) -> T?) -> T? {
        guard let relexed else { return test(scanned.bytes) ? body(scanned) : nil }
        return relexed.transientSource(scanned, ifBytes: test).flatMap(body)
    }

    /// Names that may start a finding or a decision when a file holds them as an identifier,
    /// an attribute or inside an interpolation: the sweep's (`SweepTrigger`, but `init`, which
    /// matters only with `wrappedValue`/`initialValue`: `_m = .init(wrappedValue:)`), and the
    /// rules'. `Observable` covers `@Observable`.
    static let wordsThatMatter = WordSet(wordsThatMatterList)
    static let wordsThatMatterList: [String] = Set(SweepTrigger.identifiers.keys.filter { $0 != "init" }
        + SweepTrigger.attributes.map { String($0.dropFirst()) }
        + ["ObservableObjectPublisher", "Observable", "Published", "wrappedValue", "initialValue", "FocusedObject"]).sorted()

    /// nil when anything after scanning may need this file's tokens: a word above, a `$name`
    /// (not a closure's `$0`), an interpolation with `$` or objectWillChange in it, or a
    /// Package.swift (deployment targets). Otherwise, whether an identifier starts with `_`.
    static func underscoredNamesIfTokensUnneeded(_ source: SourceFile) -> Bool? {
        if source.path.hasSuffix("Package.swift") { return nil }
        let words = wordsThatMatter  // once, not a lazy global's check per token
        var underscored = false
        // Over the raw buffers: this looks at every token of every file.
        let needed = source.sigTokens.withUnsafeBufferPointer { tokens in
            source.bytes.withUnsafeBufferPointer { bytes in
                for token in tokens {
                    let start = Int(token.start)
                    switch token.kind {
                    case .identifier:
                        let first = bytes[start]
                        if first == UInt8(ascii: "_") {
                            if token.length > 1 { underscored = true }
                        } else if first == UInt8(ascii: "`") || words.contains(bytes, start: start, length: token.length) {
                            return true
                        }
                    case .attribute:
                        if words.contains(bytes, start: start + 1, length: token.length - 1) { return true }
                    case .dollarIdentifier:
                        if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start + 1]) { return true }
                    default:
                        continue
                    }
                }
                return false
            }
        }
        if needed { return nil }
        for range in source.interpolations where source.interpolationMayMatter(range) { return nil }
        return underscored
    }
}

/// A line table built on first use, from any thread, and kept.
private final class KeptLineTable: @unchecked Sendable {
    private let lock = Lock()
    private var built: LineTable?

    func table(_ build: () -> LineTable) -> LineTable {
        lock.withLock {
            if let built { return built }
            let table = build()
            built = table
            return table
        }
    }
}

/// A dropped file's tokens (and bytes), brought back on first use and kept (under a lock:
/// index passes run on all cores).
private final class Relexed: @unchecked Sendable {
    /// Where and what the bytes were, when they were let go too.
    struct Reread {
        var path: String
        var digest: ContentDigest
        var tokenCount: Int
        var log: ChangedFiles
    }

    private let reread: Reread?
    private let lock = Lock()
    private var lexed: SourceFile?
    private var readBack: [UInt8]?

    init(reread: Reread?) { self.reread = reread }

    /// How many files were lexed again, for `OBS_MIGRATE_TIMINGS`.
    nonisolated(unsafe) private static var count = 0
    private static let countLock = Lock()
    static var lexedAgain: Int { countLock.withLock { count } }

    func bytes(_ scanned: SourceFile) -> [UInt8] {
        guard reread != nil else { return scanned.bytes }
        return lock.withLock {
            if let lexed { return lexed.bytes }
            if let readBack { return readBack }
            let bytes = readAgain(scanned.path)
            readBack = bytes
            return bytes
        }
    }

    func source(_ scanned: SourceFile) -> SourceFile {
        lock.withLock {
            if let lexed { return lexed }
            if Timings.enabled { Self.countLock.withLock { Self.count += 1 } }
            let bytes = reread == nil ? scanned.bytes : (readBack ?? readAgain(scanned.path))
            let source = lex(scanned.path, bytes)
            lexed = source
            readBack = nil
            return source
        }
    }

    /// The bytes, without keeping those read again.
    func transientBytes(_ scanned: SourceFile) -> [UInt8] {
        if let existing = lock.withLock({ lexed?.bytes ?? readBack }) { return existing }
        return reread == nil ? scanned.bytes : readAgain(scanned.path)
    }

    /// The tokens without keeping them (nor bytes read again); nil, without lexing, when the
    /// bytes fail `wanted`.
    func transientSource(_ scanned: SourceFile, ifBytes wanted: ([UInt8]) -> Bool) -> SourceFile? {
        if let existing = lock.withLock({ lexed }) { return wanted(existing.bytes) ? existing : nil }
        let bytes = reread == nil ? scanned.bytes : (lock.withLock { readBack } ?? readAgain(scanned.path))
        return wanted(bytes) ? lex(scanned.path, bytes) : nil
    }

    /// The bytes from disk, when they are still those that were scanned; else the change is
    /// logged and spaces of the same length stand in, so nothing built from the first read
    /// points outside them.
    private func readAgain(_ shown: String) -> [UInt8] {
        guard let reread else { return [] }
        if let bytes = reread.digest.readUnchanged(reread.path) { return bytes }
        reread.log.record(shown)
        return [UInt8](repeating: 0x20, count: reread.digest.byteCount)
    }

    /// Unchanged bytes lex to the tokens the declarations were scanned from. Changed ones
    /// (logged) get as many placeholder tokens, so that no index goes out of range.
    private func lex(_ path: String, _ bytes: [UInt8]) -> SourceFile {
        let source = SourceFile(path: path, bytes: bytes)
        guard let reread, source.sigCount != reread.tokenCount else { return source }
        return source.withPlaceholderTokens(count: reread.tokenCount)
    }
}

/// The files found changed on disk when read again during a run: the run's results then mix
/// two versions, and commands report an error instead of trusting them.
public final class ChangedFiles: @unchecked Sendable {
    private let lock = Lock()
    private var paths: [String] = []

    public init() {}

    func record(_ path: String) { lock.withLock { if !paths.contains(path) { paths.append(path) } } }
    public var all: [String] { lock.withLock { paths.sorted() } }
}

/// What a file held, without holding it: its size and a fast 64-bit hash, to tell whether the
/// file read again is the same.
public struct ContentDigest: Sendable, Equatable {
    public let byteCount: Int
    let hash: UInt64

    public init(_ bytes: [UInt8]) {
        byteCount = bytes.count
        hash = Self.hash(bytes)
    }

    /// Four lanes of 8 bytes, 32 bytes a step: each step `(lane ^ word) * odd` is a bijection
    /// of the lane, so any one changed word changes the result; the lanes are mixed at the end.
    /// Every byte of a project is hashed once, so the step is kept short.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        return bytes.withUnsafeBytes { raw -> UInt64 in
            let n = raw.count
            var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n), b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
            var c: UInt64 = 0x1656_67B1_9E37_79F9, d: UInt64 = 0x85EB_CA77_C2B2_AE63
            var i = 0
            while i + 32 <= n {
                a = (a ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
                b = (b ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* prime
                c = (c ^ raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* prime
                d = (d ^ raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* prime
                i += 32
            }
            func mix(_ x: UInt64) -> UInt64 { var x = x; x ^= x >> 29; x = x &* 0xBF58_476D_1CE4_E5B9; return x ^ x >> 32 }
            func rotated(_ x: UInt64, _ k: UInt64) -> UInt64 { x << k | x >> (64 - k) }
            var h = mix(a) ^ rotated(mix(b), 16) ^ rotated(mix(c), 32) ^ rotated(mix(d), 48)
            while i < n {
                h = (h ^ UInt64(raw[i])) &* prime
                i += 1
            }
            return mix(h)
        }
    }

    /// The file at `path` read again, when it still holds the content this digest describes.
    package func readUnchanged(_ path: String) -> [UInt8]? {
        guard case .success(let bytes) = FileSystem.readRegularFile(path, maxBytes: byteCount),
              ContentDigest(bytes) == self else { return nil }
        return bytes
    }
}

/// A position in the project: file index and byte offset.
public struct Site: Sendable, Hashable, Comparable {
    public var file: Int
    public var offset: Int

    public static func < (a: Site, b: Site) -> Bool { (a.file, a.offset) < (b.file, b.offset) }
}
