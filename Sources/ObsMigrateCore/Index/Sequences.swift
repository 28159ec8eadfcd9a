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
            let texts = found.compactMap { property, ref in collectionTypeText(of: property, in: ref.file) }
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

    /// A property's written type, or for `var peers = [ID: Channel]()` (an empty collection
    /// made by its type written in brackets) that type.
    func collectionTypeText(of property: PropertyDecl, in file: Int) -> String? {
        if let written = property.typeText { return written }
        guard let i = property.initializer, i.count >= 4 else { return nil }
        let source = files[file].source
        guard source.kind(i.lowerBound) == .leftBracket else { return nil }
        let close = Int(source.match[i.lowerBound])
        guard close > i.lowerBound, close + 3 == i.upperBound, source.kind(close + 1) == .leftParen,
              source.kind(close + 2) == .rightParen else { return nil }
        return source.joinedText(i.lowerBound..<(close + 1))
    }

    /// The element type of a sequence written as one name (or `self.name`) whose type is an
    /// array or a set, or as `name.values` of a dictionary (`[Tab: Router]`: Router).
    func elementType(_ range: Range<Int>, in file: Int, path: [String]) -> ResolvedType? {
        let source = files[file].source
        var first = range.lowerBound, last = range.upperBound - 1
        if source.isIdentifier(first, "self"), source.kind(first + 1) == .period, last > first + 1 { first += 2 }
        var values = false
        if last > first, source.isIdentifier(last, "values"), source.kind(last - 1) == .period { values = true; last -= 2 }
        if last > first, !values { return memberElementType(first...last, in: file, path: path) }
        guard first == last, source.kind(first) == .identifier,
              let texts = writtenTypes(ofName: source.name(first), at: first, in: file) else { return nil }
        return single(texts.map { text in
            let element = values ? (Self.elementTypeText(of: text) == nil ? Self.subscriptResultText(of: text) : nil) : Self.elementTypeText(of: text)
            // As written, for the generic arguments an alias gives (`[Post]`, `Post = Entity<A, B>`).
            return element.flatMap { writtenType($0, from: path, in: file, foreign: false, at: first) }
        })
    }

    /// The element of `base.member` (`resultPosts.data`), a member whose written type is an
    /// array or a set: of the generic argument the base's written type gives it when it is the
    /// base type's parameter (`data: [T]` in `ObservableArray<Post>`: Post).
    func memberElementType(_ chain: ClosedRange<Int>, in file: Int, path: [String]) -> ResolvedType? {
        let source = files[file].source
        let last = chain.upperBound
        guard last - 2 >= chain.lowerBound, source.kind(last) == .identifier, source.kind(last - 1) == .period,
              let base = expressionResolvedType(chain.lowerBound..<(last - 1), in: file, path: path) else { return nil }
        let found = members(named: source.name(last), of: base.name).filter { !$0.0.isStatic }
        guard found.count == 1, let text = found[0].0.typeText, let element = Self.elementTypeText(of: text) else { return nil }
        let ref = found[0].1, decl = type(ref)
        let parameters = decl.genericParameters.map { Set(SymbolTable.genericParameterNames($0)) } ?? []
        if parameters.isDisjoint(with: Self.identifiers(in: element)) {
            return writtenType(element, from: decl.path + [decl.name], in: ref.file, foreign: false, at: decl.bodyOpen)
        }
        return typeName(of: ref) == base.name ? boundGenericMember(element, of: base.name, written: base.written) : nil
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
        // The first parameter only is the element; the second of `{ i, item in` (or `(i, item)`)
        // is, over `xs.enumerated()`.
        let opensList = { (t: Int) in source.kind(t) == .leftBrace || source.kind(t) == .rightBracket || source.kind(t) == .leftParen }
        let first = opensList(k - 1) && source.kind(k + 1) != .comma
        let secondOfTwo = source.kind(k - 1) == .comma && source.kind(k - 2) == .identifier && opensList(k - 3)
            && (source.isIdentifier(k + 1, "in") || source.kind(k + 1) == .rightParen)
        guard first || secondOfTwo else { return before..<before }
        let brace = before
        var sequence: Range<Int>? = nil
        if source.kind(brace - 1) == .rightParen, let open = Optional(Int(source.match[brace - 1])), open > 0, source.isIdentifier(open - 1, "ForEach") {
            var end = open + 1
            while end < brace - 1, source.kind(end) != .comma {
                if [.leftParen, .leftBracket, .leftBrace].contains(source.kind(end)) { end = max(end, Int(source.match[end])) }
                end += 1
            }
            sequence = (open + 1)..<end
        } else if source.isIdentifier(brace - 1, "forEach"), source.kind(brace - 2) == .period, let receiver = receiverRange(before: brace - 2, in: source) {
            sequence = receiver
        }
        guard let sequence else { return brace..<brace }
        if first { return sequence }
        return Self.enumeratedBase(sequence, in: source) ?? brace..<brace
    }

    /// `xs` of `xs.enumerated()` or `Array(xs.enumerated())`.
    static func enumeratedBase(_ range: Range<Int>, in source: SourceFile) -> Range<Int>? {
        var r = range
        if source.isIdentifier(r.lowerBound, "Array"), source.kind(r.lowerBound + 1) == .leftParen, Int(source.match[r.lowerBound + 1]) == r.upperBound - 1 {
            r = (r.lowerBound + 2)..<(r.upperBound - 1)
        }
        let close = r.upperBound - 1
        guard r.count >= 5, source.kind(close) == .rightParen, source.kind(close - 1) == .leftParen, source.isIdentifier(close - 2, "enumerated"),
              source.kind(close - 3) == .period else { return nil }
        return r.lowerBound..<(close - 3)
    }
}

extension ProjectIndex {
    /// Combine operators whose closure takes the upstream's output as its one parameter.
    static let outputClosureOperators: Set<String> = ["sink", "map", "flatMap", "compactMap", "filter", "tryMap", "tryCompactMap", "tryFilter"]
    /// Operators that hand on their upstream's output unchanged.
    static let outputKeepingOperators: Set<String> = [
        "removeDuplicates", "receive", "subscribe", "dropFirst", "debounce", "throttle", "delay", "share", "eraseToAnyPublisher", "print", "prefix",
    ]

    /// The type of the one parameter `k` of the closure opening at `brace`, when that closure is
    /// the argument of an operator in `outputClosureOperators` on a `@Published` property's
    /// projection (`model.$editor.flatMap({ editor in ... })`, `$query.debounce(...).sink { q in }`,
    /// through operators that keep the output): the property's type. nil otherwise.
    func publisherOutputType(ofClosureAt brace: Int, parameter k: Int, in file: Int, path: [String], depth: Int) -> ResolvedType? {
        let source = files[file].source
        guard depth < Self.maxResolutionDepth, source.kind(brace) == .leftBrace, source.isIdentifier(k + 1, "in"),
              k - 1 == brace || (source.kind(k - 1) == .rightBracket && Int(source.match[k - 1]) == brace + 1) else { return nil }
        let close = Int(source.match[brace])
        guard close > brace else { return nil }
        // The operator: `op {` (no labeled closure after it), `op({ ... })`, `sink(receiveValue: {`.
        var op = -1
        if source.kind(brace - 1) == .identifier {
            guard !(source.kind(close + 1) == .identifier && source.kind(close + 2) == .colon) else { return nil }
            op = brace - 1
        } else if source.kind(brace - 1) == .leftParen, source.kind(close + 1) == .rightParen, Int(source.match[brace - 1]) == close + 1 {
            op = brace - 2
        } else if source.kind(brace - 1) == .colon, source.isIdentifier(brace - 2, "receiveValue"), source.kind(brace - 3) == .leftParen,
                  source.isIdentifier(brace - 4, "sink") {
            op = brace - 4
        }
        guard op > 1, source.kind(op) == .identifier, Self.outputClosureOperators.contains(source.name(op)), source.kind(op - 1) == .period else { return nil }
        // Back over the operators that keep the output, to the projection.
        var period = op - 1
        while source.kind(period - 1) == .rightParen {
            let open = Int(source.match[period - 1])
            guard open > 1, source.kind(open - 1) == .identifier, Self.outputKeepingOperators.contains(source.name(open - 1)),
                  source.kind(open - 2) == .period else { return nil }
            period = open - 2
        }
        let projection = period - 1
        guard projection >= 0, source.kind(projection) == .dollarIdentifier else { return nil }
        let member = String(source.text(projection).dropFirst())
        let owner: String?
        if source.kind(projection - 1) == .period {
            guard !source.isIdentifier(projection - 2, "self") else { return ownPublishedType(member, at: projection, in: file, depth: depth) }
            owner = receiverRange(before: projection - 1, in: source).flatMap { expressionType($0, in: file, path: path) }
        } else {
            return ownPublishedType(member, at: projection, in: file, depth: depth)
        }
        guard let owner else { return nil }
        return publishedPropertyType(member, of: owner, depth: depth)
    }

    /// `$member` written bare (or `self.$member`) in a type's body: that type's `@Published` property.
    private func ownPublishedType(_ member: String, at s: Int, in file: Int, depth: Int) -> ResolvedType? {
        guard let ref = enclosingTypes(of: s, in: file).first else { return nil }
        let decl = type(ref)
        return publishedPropertyType(member, of: resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName, depth: depth)
    }

    /// The type of `owner`'s `@Published` property `member`, when every declaration of it is one.
    private func publishedPropertyType(_ member: String, of owner: String, depth: Int) -> ResolvedType? {
        let found = members(named: member, of: owner)
        guard !found.isEmpty, found.allSatisfy({ $0.0.attribute("Published") != nil }) else { return nil }
        return single(found.map { propertyResolvedType($0.0, declaredIn: $0.1, file: $0.1.file, depth: depth + 1) })
    }
}

/// What other than a member may a bare name be at a place: a parameter, a closure's parameter,
/// or a local (a `let`/`var`, a loop's variable, a name a pattern binds).
public enum LocalBindingKind: Sendable, Hashable {
    case parameter, closureParameter, local

    /// "a parameter", for messages.
    public var described: String {
        switch self {
        case .parameter: "a parameter"
        case .closureParameter: "a closure parameter"
        case .local: "a local"
        }
    }
}

extension ProjectIndex {
    /// What may bind `name` at token `s` other than a member of the enclosing types: a parameter
    /// of the enclosing function, or, before `s` in the enclosing code, a local, loop variable,
    /// pattern binding, closure parameter or nested function's parameter whose block is still
    /// open at `s`. nil when none is found; where unsure, a binding is reported (a call's
    /// argument label or argument is none).
    func localBinding(ofName name: String, at s: Int, in file: Int) -> LocalBindingKind? {
        let source = files[file].source
        guard let code = enclosingCode(of: s, in: file) else { return nil }
        if let fn = code.function, parameterType(name, of: fn, in: source) != nil { return .parameter }
        for k in (code.open + 1)..<s where source.kind(k) == .identifier && source.name(k) == name && source.kind(k - 1) != .period {
            guard let kind = Self.bindingKind(k, use: s, in: source, index: self) else { continue }
            // A binding whose block closed before `s` is out of scope there.
            if let brace = source.innermostBrace(around: k), Int(source.match[brace]) >= 0, Int(source.match[brace]) < s { continue }
            return kind
        }
        return nil
    }

    /// How the name at `k` (not after a `.`) is bound there, if it may be: after `let`, `var` or
    /// `for`; a closure's parameter or capture; a parameter of a nested function, initializer,
    /// subscript or accessor; a name in a tuple or enum case pattern after `let`/`var`/`for`;
    /// a later name of `var a = 0, b = 1`.
    static func bindingKind(_ k: Int, use: Int, in source: SourceFile, index: ProjectIndex) -> LocalBindingKind? {
        if source.isIdentifier(k - 1, "let") || source.isIdentifier(k - 1, "var") || source.isIdentifier(k - 1, "for") { return .local }
        if index.closureParameterSequence(k, use: use, in: source) != nil { return .closureParameter }
        let next = source.kind(k + 1)
        let arrow = next == .operator && source.isText(k + 1, "->")
        let equals = next == .operator && source.isText(k + 1, "=")
        guard next == .colon || next == .comma || next == .rightParen || next == .rightBracket || arrow || equals else { return nil }
        // The bracket the name is directly in.
        var o = k - 1
        while o >= 0 {
            let kind = source.kind(o)
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace || kind == .semicolon { break }
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                let m = Int(source.match[o])
                guard m >= 0, m < o else { return .local }  // unsure
                o = m
            }
            o -= 1
        }
        guard o >= 0 else { return nil }
        switch source.kind(o) {
        case .leftBracket:
            // `{ [count] in`, `{ [weak count, other = x] in`: a closure's capture.
            return source.kind(o - 1) == .leftBrace ? .closureParameter : nil
        case .leftParen:
            return parenthesizedBinding(k, open: o, in: source)
        default:
            // `{ count -> Int in`: a closure's parameter.
            if arrow, o == k - 1, source.kind(o) == .leftBrace { return .closureParameter }
            // `var a = 0, count = 1` (and `count: Int`): a later name of one declaration.
            return source.kind(k - 1) == .comma && (equals || next == .colon) ? .local : nil
        }
    }

    /// The name at `k` inside parentheses opening at `open`: a parameter when they are a
    /// function's, an initializer's, a subscript's, an accessor's or a closure's; a pattern's
    /// name when they follow `let`, `var` or `for` (through `.caseName` and nested tuples).
    static func parenthesizedBinding(_ k: Int, open: Int, in source: SourceFile) -> LocalBindingKind? {
        var p = open
        // The name's position: first in its element (`count`, `label count: T`, `_ count: T`).
        let parameterPosition = source.kind(k + 1) == .colon
            && (source.kind(k - 1) == .leftParen || source.kind(k - 1) == .comma || source.kind(k - 2) == .leftParen || source.kind(k - 2) == .comma)
        for _ in 0..<8 {
            let b = p - 1
            let before = source.kind(b)
            if before == .leftBrace || (before == .rightBracket && Int(source.match[b]) > 0 && source.kind(Int(source.match[b]) - 1) == .leftBrace) {
                // `{ (a, count) in`, `{ (count: Int) -> T in`: a closure's parameters; else a tuple.
                let close = Int(source.match[p])
                guard close > p else { return .closureParameter }
                let after = close + 1
                return source.isIdentifier(after, "in") || source.isIdentifier(after, "throws") || source.isIdentifier(after, "async")
                    || (source.kind(after) == .operator && source.isText(after, "->")) ? .closureParameter : nil
            }
            if before == .identifier {
                if source.isIdentifier(b, "let") || source.isIdentifier(b, "var") || source.isIdentifier(b, "for") { return .local }
                let word = source.text(b)
                if ["init", "subscript", "set", "willSet", "didSet"].contains(word), source.kind(b - 1) != .period {
                    return parameterPosition || word != "init" && word != "subscript" ? .parameter : nil
                }
                if source.isIdentifier(b - 1, "func") { return parameterPosition ? .parameter : nil }
                // `.caseName(` or `Enum.caseName(`: a pattern when `let`/`var` comes before it.
                var c = b
                while source.kind(c - 1) == .period {
                    if source.isIdentifier(c - 2, "let") || source.isIdentifier(c - 2, "var") { return .local }
                    guard source.kind(c - 2) == .identifier else { return nil }
                    c -= 2
                }
                // A call's arguments, or an expression pattern (`case .a(count)`).
                return c != b && (source.isIdentifier(c - 1, "let") || source.isIdentifier(c - 1, "var")) ? .local : nil
            }
            if before == .operator, source.isText(b, "?") || source.isText(b, "!"), source.isIdentifier(b - 1, "init") {
                return parameterPosition ? .parameter : nil  // `init?(count: Int)`
            }
            if before == .operator, source.isText(b, ">") { return parameterPosition ? .parameter : nil }  // `func f<T>(`
            if before == .leftParen || before == .comma {
                // A tuple inside another: the outer parentheses tell.
                var o = b
                if before == .comma {
                    while o >= 0, source.kind(o) != .leftParen {
                        let kind = source.kind(o)
                        if kind == .leftBracket || kind == .leftBrace || kind == .semicolon { return nil }
                        if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                            let m = Int(source.match[o])
                            guard m >= 0, m < o else { return .local }
                            o = m
                        }
                        o -= 1
                    }
                    guard o >= 0 else { return nil }
                }
                p = o
                continue
            }
            return nil
        }
        return .local
    }
}
