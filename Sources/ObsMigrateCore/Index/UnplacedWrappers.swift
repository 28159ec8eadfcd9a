import ObsMigrateSupport

/// A wrapper the declaration scanner does not place: one on a property of a type declared
/// inside a function, a closure or a macro's body (`#Preview { struct Demo: View {
/// @ObservedObject var editor: ProfileEditor ... } }`), or on a local variable. The fix leaves it
/// as it is, so whatever model its value may be keeps ObservableObject. When the property's type
/// is written (or its initializer tells it) and names a type the project declares, that is the
/// one model held (or none, for a type that is no model); otherwise any model may be.
extension ProjectIndex {
    /// The models the unplaced wrapper attribute at `s` may hold, or nil when any may.
    func modelsHeldByUnplacedWrapper(_ s: Int, in f: Int) -> Set<String>? {
        let source = files[f].source
        // Only inside a body the scanner does not read (a function's, a closure's): a wrapper it
        // left for another reason (nesting deeper than it reads, an odd layout) holds every model.
        // Looked at first: it is bounded, and resolving a name in a deep scope is not.
        guard let shape = unplacedWrapperDeclaration(s, in: source), let region = localRegion(around: s, in: f) else { return nil }
        let path = scopePath(s, f)
        let written: String?
        switch shape {
        case .written(let range):
            let text = source.joinedText(range)
            written = Self.isPlainTypeName(text) ? text : nil
        case .initializer(let range):
            written = expressionType(range, in: f, path: path)
        }
        guard let written, let resolved = resolveTypeName(written, from: path, in: f) else { return nil }
        // A type declared beside the wrapper (in the same function or closure) is not the
        // project's type of that name; nor is a generic parameter of a local type.
        let parts = SymbolTable.stripType(written).split(separator: ".").map(String.init)
        if Set([parts.first, parts.last].compactMap { $0 }).contains(where: { namedLocally($0, in: region, of: f) }) { return nil }
        if models[resolved] != nil { return [resolved] }
        // A project type that is no model (a protocol may stand for any of its conformers).
        guard let refs = declared[resolved], refs.array.allSatisfy({ type($0).kind != .protocol }) else { return nil }
        return []
    }

    enum UnplacedWrapperType {
        case written(Range<Int>)
        case initializer(Range<Int>)
    }

    /// `@ObservedObject [attributes] [modifiers] var name: Type` or `... var name = expression`
    /// after the attribute at `s`: the tokens of the property's type or of its initializer.
    func unplacedWrapperDeclaration(_ s: Int, in source: SourceFile) -> UnplacedWrapperType? {
        var k = s + 1
        func skipArguments() {
            if source.kind(k) == .leftParen, source.match[k] > k { k = Int(source.match[k]) + 1 }
        }
        skipArguments()
        while k < source.sigCount {
            if source.kind(k) == .attribute { k += 1; skipArguments(); continue }
            if source.kind(k) == .identifier, Self.declarationModifiers.contains(source.text(k)) { k += 1; skipArguments(); continue }
            break
        }
        guard source.isIdentifier(k, "var") || source.isIdentifier(k, "let"), source.kind(k + 1) == .identifier else { return nil }
        let first = k + 3
        let typed = source.kind(k + 2) == .colon
        guard first < source.sigCount else { return nil }
        // The type or initializer ends where the statement does: at a new statement, `;`, `}`,
        // or (for a type) `=` or an accessor block.
        var end = first
        var angles = 0  // `Store<State, Action>`: its commas are the type's
        while end < source.sigCount, end == first || !source.startsStatement(end) {
            let kind = source.kind(end)
            if kind == .semicolon || kind == .rightBrace || kind == .rightParen || kind == .rightBracket { break }
            if kind == .comma, angles == 0 { break }
            if typed, kind == .leftBrace || (kind == .operator && source.isText(end, "=")) { break }
            if typed, kind == .operator, source.isText(end, "<") { angles += 1 }
            if typed, kind == .operator, source.isText(end, ">") { angles -= 1 }
            if typed, kind == .operator, source.isText(end, ">>") { angles -= 2 }
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                let m = Int(source.match[end])
                guard m > end else { return nil }
                end = m
            }
            end += 1
        }
        guard end > first, angles == 0 else { return nil }
        if typed { return .written(first..<end) }
        if source.kind(k + 2) == .operator, source.isText(k + 2, "=") { return .initializer(first..<end) }
        return nil
    }

    static let declarationModifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "nonisolated", "final", "lazy", "weak", "unowned",
        "static", "class", "override", "dynamic", "required", "convenience", "mutating", "nonmutating",
    ]

    /// `Name`, `Outer.Name` or `Name<Arguments>`: one type, not an optional, a collection, a
    /// function, a composition or an existential.
    static func isPlainTypeName(_ text: String) -> Bool {
        let head = text.split(separator: "<", maxSplits: 1).first.map(String.init) ?? text
        guard let first = head.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
              head.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil }),
              !["any", "some"].contains(head) else { return false }
        return head.count == text.count || (text.hasSuffix(">") && !text.contains("?") && !text.contains("&"))
    }

    /// The outermost brace around `s` inside the innermost type the scanner knows (or the
    /// file): the function, closure or macro body the wrapper's type is declared in. Nil when
    /// the innermost brace is a known type's body, or when that body is more than
    /// `maxLocalDepth` braces out (a doubt holds every model, and the work stays bounded).
    func localRegion(around s: Int, in f: Int) -> (open: Int, close: Int)? {
        let source = files[f].source, types = files[f].decls.types
        // Types are stored in the order of their `{`: a brace is one's body when found there.
        func isTypeBody(_ brace: Int) -> Bool {
            let k = partitionPoint(types.count) { types[$0].bodyOpen < brace }
            return k < types.count && types[k].bodyOpen == brace
        }
        var open: Int? = nil
        var inner = s
        var depth = 0
        while let brace = source.innermostBrace(around: inner), !isTypeBody(brace) {
            depth += 1
            guard depth <= Self.maxLocalDepth else { return nil }
            open = brace
            inner = brace
        }
        guard let open, source.match[open] > open, Int(source.match[open]) - open <= Self.maxLocalTokens else { return nil }
        return (open, Int(source.match[open]))
    }

    static let maxLocalDepth = 16
    static let maxLocalTokens = 100_000

    /// Whether `name` is declared in `region`: as a type, a typealias or a generic parameter.
    func namedLocally(_ name: String, in region: (open: Int, close: Int), of f: Int) -> Bool {
        let source = files[f].source
        for t in (region.open + 1)..<region.close where source.kind(t) == .identifier && source.text(t) == name {
            let before = source.kind(t - 1) == .identifier ? source.text(t - 1) : ""
            if ["class", "struct", "enum", "actor", "protocol", "typealias", "associatedtype"].contains(before) { return true }
            if source.kind(t - 1) == .comma || (source.kind(t - 1) == .operator && source.isText(t - 1, "<")) { return true }
        }
        return false
    }
}
