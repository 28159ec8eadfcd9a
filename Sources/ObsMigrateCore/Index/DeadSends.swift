/// `objectWillChange.send()` right before a model sets one of its own tracked properties: under
/// `@Observable` the property's setter tells observers itself, so the call is dead and goes.
public struct DeadSend: Sendable {
    /// `objectWillChange.send()` (with `self.` when written), as significant tokens, and the
    /// bytes to remove (with a `;` after it).
    public var tokens: ClosedRange<Int>
    public var range: Range<Int>
    /// The property the next statement sets.
    public var property: String
    /// In that property's own `willSet` or `didSet`: the hand-written `@Published`.
    public var inObserver = false
    /// In the observer of a property that may hold a class: the macro's setter tells no one of
    /// the same instance, which the send told every view of, so the send (`tokens`) becomes
    /// `withMutation(keyPath: \.p) {}` rather than going.
    public var announces = false
}

extension ProjectIndex {
    /// Methods that mutate the value they are called on (so call its setter), on the standard
    /// library's collections and Bool.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast",
        "sort", "reverse", "shuffle", "toggle", "merge", "formUnion", "formIntersection", "subtract",
        "updateValue", "replaceSubrange", "removeValue", "swapAt", "move",
    ]

    /// The stored properties an `@Observable` version of `model` tracks: plain stored `var`s
    /// (with `@Published` or no attribute), not `lazy`, `static` or computed, through its
    /// model superclasses.
    func trackedProperties(of model: String) -> Set<String> {
        storedVariables(of: model) { p, _ in !p.hasModifier("lazy") && p.attributes.allSatisfy({ $0.name == "Published" }) }
    }

    /// The names of the stored `var`s (not static or computed) of `model` and its model
    /// superclasses for which `include` holds (given the declaration or extension holding one).
    func storedVariables(of model: String, where include: (PropertyDecl, TypeRef) -> Bool) -> Set<String> {
        var names = Set<String>()
        for name in lineage(of: model) {
            guard let m = models[name] else { continue }
            for ref in m.declarations + m.extensions {
                for p in type(ref).properties where p.keyword == "var" && !p.isComputed && !p.isStatic && include(p, ref) {
                    if let n = p.name { names.insert(n) }
                }
            }
        }
        return names
    }

    /// Standard value types a property may be declared with: mutating one through a method or
    /// a subscript goes through the property's setter. (A class's methods and subscripts do not.)
    static let standardValueTypes: Set<String> = [
        "Array", "Dictionary", "Set", "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Bool", "Decimal", "Data", "Date",
        "UUID", "URL", "IndexSet", "CGPoint", "CGSize", "CGRect", "ContiguousArray", "ArraySlice", "Optional",
        "OrderedSet", "OrderedDictionary", "Deque", "IdentifiedArray", "IdentifiedArrayOf",
    ]

    /// Whether the stored property `name` of `model` (or a model superclass) holds values all the
    /// way down (`holdsOnlyValues`): a set of an equal value, which the macro's setter skips,
    /// changes nothing a view could show. Asked only of a plain set's property.
    func holdsOnlyValues(property name: String, of model: String) -> Bool {
        for ancestor in lineage(of: model) {
            guard let m = models[ancestor] else { continue }
            for ref in m.declarations + m.extensions {
                let decl = type(ref)
                if let p = decl.properties.first(where: { $0.name == name && !$0.isComputed && !$0.isStatic }) {
                    return holdsOnlyValues(written: p.typeText, initializer: p.initializer, in: ref.file, path: decl.path + [decl.name])
                }
            }
        }
        return false
    }

    /// The tracked properties of `model` whose type is known to be a value type: written with
    /// `[...]` sugar, a standard value type, or a struct or enum of the project, or (without a
    /// written type) initialized with a literal or such a type's initializer.
    func valueTypedProperties(of model: String) -> Set<String> {
        storedVariables(of: model) { p, ref in
            let decl = type(ref)
            return isValueType(written: p.typeText, initializer: p.initializer, in: ref.file, path: decl.path + [decl.name])
        }
    }

    func isValueType(written: String?, initializer: Range<Int>?, in file: Int, path: [String]) -> Bool {
        func named(_ text: String) -> Bool {
            let trimmed = text.trimmingWhitespaceAndNewlines()
            if trimmed.hasPrefix("[") { return true }
            let base = TypeName.base(SymbolTable.stripType(trimmed))
            if Self.standardValueTypes.contains(base) { return true }
            guard let resolved = resolveTypeName(trimmed, from: path, in: file), let refs = declared[resolved] else { return false }
            let kind = type(refs.first).kind
            return kind == .struct || kind == .enum
        }
        if let written { return named(written) }
        guard let initializer, !initializer.isEmpty else { return false }
        let source = files[file].source
        let first = initializer.lowerBound
        switch source.kind(first) {
        case .leftBracket, .string, .number: return true
        case .identifier:
            if source.isIdentifier(first, "true") || source.isIdentifier(first, "false") { return true }
            return source.kind(first + 1) == .leftParen && named(source.text(first))
        default: return false
        }
    }

    /// The first token of the statement `[self.]objectWillChange.send()` whose `objectWillChange`
    /// is `s` (its `)` is `s + 4`); nil for any other use of it.
    static func sendStatementStart(at s: Int, in source: SourceFile) -> Int? {
        guard let first = source.statementStart(ofOwnMember: s), source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send"),
              source.kind(s + 3) == .leftParen, source.kind(s + 4) == .rightParen else { return nil }
        return first
    }

    /// The dead send at `s` (an `objectWillChange` token inside `model`), if it is one: a
    /// statement of its own, `[self.]objectWillChange.send()` (or `if flag { ... }` holding only
    /// it), next to a statement of the same block that sets a tracked property (`x = `, `x += `,
    /// `x[i] = `, `self.x = `, `x.append(...)`), after it or before it; a bare `x` only where no
    /// local, parameter or pattern binds that name (`localBinding(ofName:at:in:)`).
    func deadSend(at s: Int, in file: Int, model: String) -> DeadSend? {
        let source = files[file].source
        guard var first = Self.sendStatementStart(at: s, in: source) else { return nil }
        if let observer = observerSend(at: s, first: first, in: file, model: model) { return observer }
        var last = s + 4
        // `if flag { objectWillChange.send() }` with nothing else in it goes whole.
        if source.kind(first - 1) == .leftBrace, source.kind(last + 1) == .rightBrace, Int(source.match[first - 1]) == last + 1,
           let ifToken = plainIf(openingBlock: first - 1, in: source), !source.isIdentifier(last + 2, "else") {
            first = ifToken
            last += 1
        }
        var next = last + 1
        var removalEnd = source.end(last)
        if source.kind(next) == .semicolon { removalEnd = source.end(next); next += 1 }
        let tracked = trackedProperties(of: model)
        let valueTyped = valueTypedProperties(of: model)
        // A bare name a local, parameter, closure parameter, loop or pattern binds there is not
        // the property (`var count = Feed.total` then `count += 1`); `self.count` always is.
        func propertySet(at statement: Int) -> String? {
            guard let name = self.setProperty(at: statement, in: source, tracked: tracked, valueTyped: valueTyped, model: model) else { return nil }
            if source.isIdentifier(statement, "self") { return name }
            return localBinding(ofName: name, at: statement, in: file) == nil ? name : nil
        }
        // The statement after it sets a tracked property (`objectWillChange.send(); x = 1`), or
        // the one before it in the same block does (`x += 1` then the send).
        var property: String? = nil
        if next < source.sigCount, source.startsLine[next] || source.kind(last + 1) == .semicolon {
            property = propertySet(at: next)
        }
        // Before it, local `let`/`var` declarations (without `await`) may come in between: the
        // view is already invalidated and re-renders after this code, reading everything. So may
        // an `if` whose every branch only sets tracked properties (or nothing): its own sets tell
        // observers, and the set before it runs whenever the send does.
        var before = first
        while property == nil, let previous = previousStatement(before: before, in: source) {
            property = propertySet(at: previous)
            guard property == nil else { break }
            let declaresLocal = (source.isIdentifier(previous, "let") || source.isIdentifier(previous, "var"))
                && !(previous..<before).contains(where: { source.isIdentifier($0, "await") })
            guard declaresLocal || ifOnlySetsTrackedProperties(at: previous, endingBefore: before, in: source, propertySet) else { break }
            before = previous
        }
        guard let name = property else { return nil }
        return DeadSend(tokens: first...last, range: source.start(first)..<removalEnd, property: name)
    }

    /// A send that is a statement of a tracked stored property's own `willSet` or `didSet`
    /// (`private var bundle: Bundle? { willSet { objectWillChange.send() } }`, a hand-written
    /// `@Published`): under `@Observable` the property's setter tells observers, so it goes, with
    /// the observer when it held nothing else, and with the accessor block when that held
    /// nothing else either (unless a comment is in what would go). Not for an `override` (its
    /// tracking is the superclass's), nor a property with a wrapper (`@ObservationIgnored` then).
    func observerSend(at s: Int, first: Int, in file: Int, model: String) -> DeadSend? {
        let source = files[file].source
        let last = s + 4
        guard let open = source.innermostBrace(around: s), source.kind(open) == .leftBrace, let m = models[model] else { return nil }
        // `willSet {`, `didSet {`, `willSet(newName) {`.
        var accessor = open - 1
        if source.kind(accessor) == .rightParen, source.match[accessor] >= 0 { accessor = Int(source.match[accessor]) - 1 }
        guard source.isIdentifier(accessor, "willSet") || source.isIdentifier(accessor, "didSet") else { return nil }
        guard let property = m.declarations.filter({ $0.file == file }).lazy.compactMap({ ref in
            self.type(ref).properties.first { p in p.accessorBlock.map { $0.open < accessor && accessor < $0.close } ?? false }
        }).first, let name = property.name, property.keyword == "var", !property.isComputed, !property.isStatic,
              !property.hasModifier("override"), !property.hasModifier("lazy"),
              property.attributes.allSatisfy({ $0.name == "Published" }), trackedProperties(of: model).contains(name),
              let block = property.accessorBlock, source.innermostBrace(around: accessor) == block.open else { return nil }
        let close = Int(source.match[open])
        var end = last
        if source.kind(end + 1) == .semicolon { end += 1 }
        // A set of the same instance (or an equal value holding one) tells no one: the send stays an announcement.
        if !holdsOnlyValues(property: name, of: model) {
            return DeadSend(tokens: first...last, range: source.start(first)..<source.end(last), property: name, inObserver: true,
                            announces: true)
        }
        // The send is all the observer holds: the observer goes; and all the block holds: the
        // block. A comment there stays, and only the send goes.
        if end + 1 == close, first == open + 1 {
            let before = block.open - 1
            if accessor == block.open + 1, close + 1 == block.close, !source.hasComment(between: before, and: block.close + 1) {
                return DeadSend(tokens: first...last, range: source.end(before)..<source.end(block.close), property: name, inObserver: true)
            }
            if !source.hasComment(between: accessor - 1, and: close + 1) {
                return DeadSend(tokens: first...last, range: source.start(accessor)..<source.end(close), property: name, inObserver: true)
            }
        }
        return DeadSend(tokens: first...last, range: source.start(first)..<source.end(end), property: name, inObserver: true)
    }

    /// Whether the statement at `k` is `if c {...} else if c {...} else {...}` ending right before
    /// token `end`, whose conditions call nothing (no parentheses, `try` or `await`) and whose
    /// branches hold only statements that set tracked properties (`setsTracked`), or none.
    func ifOnlySetsTrackedProperties(at k: Int, endingBefore end: Int, in source: SourceFile, _ setsTracked: (Int) -> String?) -> Bool {
        guard let chain = Self.ifChain(at: k, endingBefore: end, in: source), !chain.conditionsCall else { return false }
        return chain.branches.allSatisfy { topLevelStatements(in: $0, source: source).allSatisfy { setsTracked($0) != nil } }
    }

    /// The branches (`{` and `}`) of the statement `if c {...} else if c {...} else {...}` at `k`
    /// ending right before token `end`, whether a plain `else` ends it, and whether a condition
    /// calls anything (parentheses, `try`, `await`); nil for any other statement.
    static func ifChain(at k: Int, endingBefore end: Int, in source: SourceFile)
        -> (branches: [(open: Int, close: Int)], endsWithElse: Bool, conditionsCall: Bool)? {
        var k = k, branches: [(open: Int, close: Int)] = [], calls = false
        while source.isIdentifier(k, "if") {
            guard let open = source.firstBrace(atLevelFrom: k + 1, limit: end) else { return nil }
            calls = calls || ((k + 1)..<open).contains { source.kind($0) == .leftParen || source.isIdentifier($0, "try") || source.isIdentifier($0, "await") }
            let close = Int(source.match[open])
            guard close > open, close < end else { return nil }
            branches.append((open, close))
            if close + 1 == end { return (branches, false, calls) }
            guard source.isIdentifier(close + 1, "else") else { return nil }
            if source.kind(close + 2) == .leftBrace {
                let last = Int(source.match[close + 2])
                guard last > close + 2, last + 1 == end else { return nil }
                branches.append((close + 2, last))
                return (branches, true, calls)
            }
            k = close + 2
        }
        return nil
    }

    /// The `if` token of `if flag {`, `if !flag {` or `if self.flag {` whose `{` is `open`.
    func plainIf(openingBlock open: Int, in source: SourceFile) -> Int? {
        var k = open - 1
        guard source.kind(k) == .identifier else { return nil }
        k -= 1
        if source.kind(k) == .period, source.isIdentifier(k - 1, "self") { k -= 2 }
        if source.kind(k) == .operator, source.isText(k, "!") { k -= 1 }
        return source.isIdentifier(k, "if") ? k : nil
    }

    /// The tracked property that the statement starting at token `k` sets, if it sets one: by
    /// assignment, or through a subscript or mutating method of a value type (`valueTyped`),
    /// whose setter runs; a class's methods and subscripts change it without its setter. With
    /// `model`, a plain `p = v` counts only where `p` holds values all the way down: the macro's
    /// setter tells no one of an equal value or the same instance, which for a class (or values
    /// holding one) may have changed inside; `+=`, a subscript or a mutating method go through
    /// `_modify`, which always tells.
    func setProperty(at start: Int, in source: SourceFile, tracked: Set<String>, valueTyped: Set<String>, model: String? = nil) -> String? {
        var k = start
        if source.isIdentifier(k, "self"), source.kind(k + 1) == .period { k += 2 }
        guard source.kind(k) == .identifier else { return nil }
        let name = source.name(k)
        guard tracked.contains(name) else { return nil }
        if let model, source.kind(k + 1) == .operator, source.isText(k + 1, "="), !holdsOnlyValues(property: name, of: model) { return nil }
        var after = k + 1
        if source.kind(after) == .leftBracket {
            guard valueTyped.contains(name) else { return nil }
            let m = Int(source.match[after])
            guard m > after else { return nil }
            after = m + 1
        }
        if source.kind(after) == .operator {
            let op = source.text(after)
            return op == "=" || (op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op)) ? name : nil
        }
        // `x.append(y)`, or with a trailing closure alone: `x.removeAll { $0.isEmpty }`.
        if source.kind(after) == .period, source.kind(after + 1) == .identifier, source.kind(after + 2) == .leftParen || source.kind(after + 2) == .leftBrace {
            return Self.mutatingMethods.contains(source.name(after + 1)) && valueTyped.contains(name) ? name : nil
        }
        return nil
    }

    /// Whether the send at `s` (an `objectWillChange` token inside `model`) runs after a set of
    /// one of the instance's `@Published` properties: an earlier statement of its block sets
    /// one, or is an `if`/`else` each of whose branches does, with no `await` from there to the
    /// send. That set already sent objectWillChange, re-rendering every view holding the object,
    /// so the send re-rendered none that the set did not (a plain `var`'s set sends nothing).
    func sendFollowsPublishedSet(at s: Int, in file: Int, model: String) -> Bool {
        let source = files[file].source
        guard let first = Self.sendStatementStart(at: s, in: source) else { return false }
        let published = storedVariables(of: model) { p, _ in p.attribute("Published") != nil }
        guard !published.isEmpty else { return false }
        let valueTyped = valueTypedProperties(of: model)
        func setsTracked(_ statement: Int) -> Bool {
            guard let name = setProperty(at: statement, in: source, tracked: published, valueTyped: valueTyped, model: model) else { return false }
            return source.isIdentifier(statement, "self") || localBinding(ofName: name, at: statement, in: file) == nil
        }
        // A line that continues a statement (`let b = ...` after `if let a,`, a `{` or `.map` of
        // its own) starts none.
        func continues(_ k: Int) -> Bool {
            [.leftBrace, .period, .operator].contains(source.kind(k)) || source.isIdentifier(k, "else")
                || [.comma, .operator, .colon].contains(source.kind(k - 1))
        }
        var before = first
        while var previous = previousStatement(before: before, in: source) {
            while continues(previous), let earlier = previousStatement(before: previous, in: source) { previous = earlier }
            if (previous..<before).contains(where: { source.isIdentifier($0, "await") }) { return false }
            if setsTracked(previous) || everyBranchSets(ifAt: previous, endingBefore: before, in: source, setsTracked) { return true }
            before = previous
        }
        return false
    }

    /// Whether the statement at `k` is `if c {...} else if c {...} else {...}` ending right before
    /// token `end`, with an `else` last, each of whose branches has a statement of its own that
    /// `sets` (its conditions may call anything: a set in every branch runs whatever they do).
    func everyBranchSets(ifAt k: Int, endingBefore end: Int, in source: SourceFile, _ sets: (Int) -> Bool) -> Bool {
        guard let chain = Self.ifChain(at: k, endingBefore: end, in: source), chain.endsWithElse else { return false }
        return chain.branches.allSatisfy { topLevelStatements(in: $0, source: source).contains(where: sets) }
    }

    /// The first token of the statement before the one starting at `first`, in the same block
    /// (bracketed runs skipped whole); nil when `first` opens its block.
    func previousStatement(before first: Int, in source: SourceFile) -> Int? {
        var k = first - 1
        while k >= 0 {
            let kind = source.kind(k)
            if kind == .leftBrace || kind == .leftParen || kind == .leftBracket { return nil }
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket {
                let m = Int(source.match[k])
                guard m >= 0, m < k else { return nil }
                k = m
            }
            if source.startsStatement(k) { return k }
            k -= 1
        }
        return nil
    }
}
