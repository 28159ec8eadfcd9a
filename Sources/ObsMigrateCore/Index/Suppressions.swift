/// What keeps a file's findings from being reported: its `obs-migrate:` comments
/// (`SuppressionDirectives`) and the codes the configuration's `per-path-ignores` give it.
///
/// A suppressed finding is not reported, and a suppressed fix is not applied: when the fix is
/// part of a model's migration, the model keeps `ObservableObject` everywhere
/// (`Engine.settle`), so a suppression never leaves half a migration.
public struct Suppressions: Sendable {
    public let comments: SuppressionDirectives
    /// Codes ignored for this file by the configuration's `per-path-ignores`.
    public var configured: Set<String> = []
    /// The one-line forms by the line they cover, and the `disable`/`enable` comments in order:
    /// a finding looks at its line's and at the regions above it only.
    private var oneLineForms: [Int: [Int]] = [:]
    private var regionEnds: [Int] = []

    /// A key of a directive (`key` nil: a directive without keys, which covers every rule).
    public struct KeyRef: Sendable, Hashable {
        public var directive: Int
        public var key: Int?
    }

    public init(_ source: SourceFile) {
        // Almost no file has a directive: a fast search of its comments rules it out.
        let marker = SuppressionDirectives.marker
        guard source.comments.contains(where: {
            $0.length > marker.count && ByteSearch.firstOffset(of: marker, in: source.bytes, range: $0.range) != nil
        }) else {
            comments = SuppressionDirectives()
            return
        }
        comments = SuppressionDirectives.parse(source.comments, in: source.bytes)
        for (d, directive) in comments.directives.enumerated() {
            if let line = directive.coveredLine { oneLineForms[line, default: []].append(d) } else { regionEnds.append(d) }
        }
    }

    /// Nothing to suppress and no comment to check: the engine skips the file's lines.
    public var isEmpty: Bool { comments.isEmpty && configured.isEmpty }

    public func suppresses(code: String, name: String, line: Int) -> Bool {
        ignoredByConfiguration(code: code, name: name) || suppressedByComment(code: code, name: name, line: line)
    }

    public func ignoredByConfiguration(code: String, name: String) -> Bool {
        configured.contains(code) || configured.contains(name)
    }

    public func suppressedByComment(code: String, name: String, line: Int) -> Bool {
        !covering(code: code, name: name, line: line).isEmpty
    }

    /// For a finding about the comments themselves (OBS301, OBS302): only a comment that names
    /// its rule, or the configuration, keeps it quiet; a `disable` of every rule would hide its own.
    public func suppressesByName(code: String, name: String, line: Int) -> Bool {
        if ignoredByConfiguration(code: code, name: name) { return true }
        return covering(code: code, name: name, line: line).contains { ref in
            ref.key.map { !comments.directives[ref.directive].keys[$0].isAll } ?? false
        }
    }

    /// Every directive key that covers a finding of the rule on the (1-based) line: one-line
    /// forms naming that line, and the `disable` regions open there. A region runs from its
    /// comment's line to the line before an `enable` naming the rule (or all rules), or to the
    /// end of the file; `enable OBS102` inside `disable all` ends it for OBS102 only.
    public func covering(code: String, name: String, line: Int) -> [KeyRef] {
        guard !comments.directives.isEmpty else { return [] }
        var result: [KeyRef] = []
        for d in oneLineForms[line] ?? [] { result += matchingKeys(comments.directives[d], d, code: code, name: name) }
        var open: [KeyRef] = []
        for d in regionEnds {
            let directive = comments.directives[d]
            if directive.line > line { break }  // in source order
            let named = matchingKeys(directive, d, code: code, name: name)
            guard !named.isEmpty else { continue }
            if directive.kind == .disable { open += named } else { open.removeAll() }
        }
        return result + open
    }

    /// The directive's keys that name the rule: each key written, or the directive itself when
    /// it has none.
    func matchingKeys(_ directive: SuppressionDirective, _ d: Int, code: String, name: String) -> [KeyRef] {
        if directive.keys.isEmpty { return [KeyRef(directive: d, key: nil)] }
        return directive.keys.indices.filter { directive.keys[$0].matches(code: code, name: name) }
            .map { KeyRef(directive: d, key: $0) }
    }
}
