/// `objectWillChange.send()` right before a model sets one of its own tracked properties: under
/// `@Observable` the property's setter tells observers itself, so the call is dead and goes.
public struct DeadSend: Sendable {
    /// `objectWillChange.send()` (with `self.` when written), as significant tokens, and the
    /// bytes to remove (with a `;` after it).
    public var tokens: ClosedRange<Int>
    public var range: Range<Int>
    /// The property the next statement sets.
    public var property: String
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
        var names = Set<String>()
        for name in lineage(of: model) {
            guard let m = models[name] else { continue }
            for ref in m.declarations + m.extensions {
                for p in type(ref).properties where p.keyword == "var" && !p.isComputed && !p.isStatic && !p.hasModifier("lazy")
                    && p.attributes.allSatisfy({ $0.name == "Published" }) {
                    if let n = p.name { names.insert(n) }
                }
            }
        }
        return names
    }

    /// The dead send at `s` (an `objectWillChange` token inside `model`), if it is one: a
    /// statement of its own, `[self.]objectWillChange.send()`, followed by a statement that
    /// sets a tracked property (`x = `, `x += `, `x[i] = `, `self.x = `, `x.append(...)`).
    func deadSend(at s: Int, in file: Int, model: String) -> DeadSend? {
        let source = files[file].source
        var first = s
        if source.kind(s - 1) == .period {
            guard source.isIdentifier(s - 2, "self") else { return nil }
            first = s - 2
        }
        guard source.startsLine[first] || source.kind(first - 1) == .semicolon || source.kind(first - 1) == .leftBrace,
              source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send"),
              source.kind(s + 3) == .leftParen, source.kind(s + 4) == .rightParen else { return nil }
        let last = s + 4
        var next = last + 1
        var removalEnd = source.end(last)
        if source.kind(next) == .semicolon { removalEnd = source.end(next); next += 1 }
        guard next < source.sigCount, source.startsLine[next] || source.kind(last + 1) == .semicolon else { return nil }
        if source.isIdentifier(next, "self"), source.kind(next + 1) == .period { next += 2 }
        guard source.kind(next) == .identifier else { return nil }
        let name = source.name(next)
        guard trackedProperties(of: model).contains(name) else { return nil }
        var after = next + 1
        if source.kind(after) == .leftBracket {
            let m = Int(source.match[after])
            guard m > after else { return nil }
            after = m + 1
        }
        let sets: Bool
        if source.kind(after) == .operator || source.isText(after, "=") {
            let op = source.text(after)
            sets = op == "=" || (op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op))
        } else if source.kind(after) == .period, source.kind(after + 1) == .identifier, source.kind(after + 2) == .leftParen {
            sets = Self.mutatingMethods.contains(source.name(after + 1))
        } else {
            sets = false
        }
        guard sets else { return nil }
        return DeadSend(tokens: first...last, range: source.start(first)..<removalEnd, property: name)
    }
}
