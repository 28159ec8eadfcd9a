import Foundation

/// A scanned file of the project: source, declarations and suppression comments.
public struct ProjectFile: Sendable {
    public var source: SourceFile
    public var decls: FileDeclarations
    public var suppressions: Suppressions

    public init(path: String, bytes: [UInt8]) {
        source = SourceFile(path: path, bytes: bytes)
        decls = DeclarationScanner.scan(source)
        suppressions = Suppressions(source)
    }

    public var path: String { source.path }
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
