/// Names bound by loops and closures: `for item in items`, `ForEach(items) { item in`,
/// `items.forEach { item in`, typed as the element of a sequence whose type is written (`[M]`,
/// `Set<M>`); any other closure parameter is a name whose type is not told, which must not be
/// taken for a member of the same name.
extension ProjectIndex {
    /// The types written for `name` at `s`: a parameter of the enclosing function, else the
    /// members of that name of the enclosing types. nil when a local of that name may shadow
    /// them (its type is not written there), or a member's type is not written.
    func writtenTypes(ofName name: String, at s: Int, in file: Int) -> [String]? {
        let source = files[file].source
        if let code = enclosingCode(of: s, in: file) {
            for k in (code.open + 1)..<s where source.kind(k) == .identifier && source.name(k) == name {
                if Self.mayBind(k, in: source) || closureParameterSequence(k, use: s, in: source) != nil { return nil }
            }
            if let fn = code.function, let (text, _) = parameterType(name, of: fn, in: source) { return [text] }
        }
        for ref in enclosingTypes(of: s, in: file) {
            let found = members(named: name, of: resolveTypeName(type(ref).qualifiedName, from: []) ?? type(ref).qualifiedName)
            guard !found.isEmpty else { continue }
            let texts = found.compactMap { $0.0.typeText }
            return texts.count == found.count ? texts : nil
        }
        return nil
    }

    /// Whether the name at `k` may be bound there rather than used: after `let`, `var`, `for` or
    /// `case`, or before `in`, `,`, `)` or `:` (a closure's or a pattern's parameter; an argument
    /// label too, which is only taken for one, so a use is never typed from a member it is not).
    static func mayBind(_ k: Int, in source: SourceFile) -> Bool {
        if source.kind(k - 1) == .period { return false }
        if ["let", "var", "for", "case"].contains(where: { source.isIdentifier(k - 1, $0) }) { return true }
        if source.isIdentifier(k + 1, "in") { return true }
        switch source.kind(k + 1) {
        case .comma, .rightParen, .colon: return true
        default: return false
        }
    }

    /// The element type of a sequence written as one name whose type is an array or a set.
    func elementType(_ range: Range<Int>, in file: Int, path: [String]) -> String? {
        let source = files[file].source
        guard range.count == 1, source.kind(range.lowerBound) == .identifier,
              let texts = writtenTypes(ofName: source.name(range.lowerBound), at: range.lowerBound, in: file) else { return nil }
        return single(texts.map { Self.elementTypeText(of: $0).flatMap { resolveTypeName($0, from: path, in: file) } })
    }

    /// `[M]`, `[M]?`, `Array<M>`, `Set<M>`: M. nil for a dictionary or anything else.
    static func elementTypeText(of text: String) -> String? {
        var t = text.filter { !$0.isWhitespace }
        if t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("["), t.hasSuffix("]"), !t.contains(":") { return String(t.dropFirst().dropLast()) }
        for generic in ["Array<", "Set<", "ContiguousArray<"] where t.hasPrefix(generic) && t.hasSuffix(">") {
            return String(t.dropFirst(generic.count).dropLast())
        }
        return nil
    }

    /// What subscripting a value of written type `text` gives: the element of an array or a
    /// set (`[M]`, `Set<M>`), the value of a dictionary (`[K: M]`, `Dictionary<K, M>`). nil for
    /// anything else, whose `subscript` is not read.
    static func subscriptResultText(of text: String) -> String? {
        if let element = elementTypeText(of: text) { return element }
        var t = text.filter { !$0.isWhitespace }
        if t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        let inner: Substring
        let separator: Character
        if t.hasPrefix("["), t.hasSuffix("]") {
            (inner, separator) = (t.dropFirst().dropLast(), ":")
        } else if t.hasPrefix("Dictionary<"), t.hasSuffix(">") {
            (inner, separator) = (t.dropFirst("Dictionary<".count).dropLast(), ",")
        } else {
            return nil
        }
        // The separator outside any brackets: `[K: [A: B]]` has its value after the first colon.
        var depth = 0
        for index in inner.indices {
            switch inner[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case separator where depth == 0:
                let value = inner[inner.index(after: index)...]
                return value.isEmpty ? nil : String(value)
            default: break
            }
        }
        return nil
    }

    static let statementKeywords: Set<String> = ["for", "case", "let", "var", "if", "guard", "while", "return", "try", "await", "in"]

    /// When the name at `k` is a parameter of a closure whose body holds `use` (`{ item in`,
    /// `{ a, item in`, `{ (a, item) in`, after a capture list): the sequence it is an element
    /// of, for `ForEach(items) {` and `items.forEach {`, else an empty range (a parameter whose
    /// type is not told). nil when `k` is no such parameter: outside its closure, the name is
    /// another one.
    func closureParameterSequence(_ k: Int, use: Int, in source: SourceFile) -> Range<Int>? {
        var after = k + 1
        while after < source.sigCount, source.kind(after) == .comma || source.kind(after) == .identifier && !source.isText(after, "in")
                || source.kind(after) == .rightParen { after += 1 }
        guard source.isIdentifier(after, "in") else { return nil }
        var before = k - 1
        while before >= 0, source.kind(before) == .comma || source.kind(before) == .identifier || source.kind(before) == .leftParen {
            // A keyword is no parameter: `for item in items` binds no closure's parameter.
            if source.kind(before) == .identifier, Self.statementKeywords.contains(source.text(before)) { return nil }
            before -= 1
        }
        if source.kind(before) == .rightBracket, Int(source.match[before]) >= 0 { before = Int(source.match[before]) - 1 }
        guard source.kind(before) == .leftBrace, before < use, use < Int(source.match[before]) else { return nil }
        // The first parameter only is the element.
        guard source.kind(k - 1) == .leftBrace || source.kind(k - 1) == .rightBracket, source.kind(k + 1) != .comma else { return before..<before }
        let brace = before
        if source.kind(brace - 1) == .rightParen, let open = Optional(Int(source.match[brace - 1])), open > 0, source.isIdentifier(open - 1, "ForEach") {
            var end = open + 1
            while end < brace - 1, source.kind(end) != .comma {
                if [.leftParen, .leftBracket, .leftBrace].contains(source.kind(end)) { end = max(end, Int(source.match[end])) }
                end += 1
            }
            return (open + 1)..<end
        }
        if source.isIdentifier(brace - 1, "forEach"), source.kind(brace - 2) == .period, let receiver = receiverRange(before: brace - 2, in: source) {
            return receiver
        }
        return brace..<brace
    }
}
