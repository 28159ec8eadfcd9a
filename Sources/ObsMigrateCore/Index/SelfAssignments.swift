/// `self.x = self.x` (or `x = x`) of a `@Published` property: under ObservableObject the set
/// publishes whatever the value, so the idiom re-renders the views after a change inside `x`
/// no setter saw (a class's state, a field of the same instance). The `@Observable` macro's
/// setter tells no one of a value equal to (or, for a class, identical with) the one it holds,
/// so the statement would do nothing; wrapped in `withMutation(keyPath: \.x) { ... }` it still
/// sets (observers run) and tells the views that read `x`.
public struct SelfAssignment: Sendable, Hashable {
    public var file: Int
    /// Its first and last significant tokens.
    public var first: Int
    public var last: Int
    public var property: String
    /// Written `self.x = ...`: the wrapper is called on `self` too.
    public var explicitSelf: Bool
}

extension ProjectIndex {
    /// The self-assignments of each model's `@Published` properties in its own bodies (its
    /// declaration and extensions), outside initializers and nested types.
    func collectSelfAssignments() -> [String: [SelfAssignment]] {
        var result: [String: [SelfAssignment]] = [:]
        for name in models.keys.sorted() {
            let model = models[name]!
            // Spelled `x = x` or `self.x = self.x` (as formatters write it): the bytes rule most bodies out.
            let bodies = (model.declarations + model.extensions).filter { r in
                guard !files[r.file].tokensDropped else { return false }
                let t = type(r), source = files[r.file].source
                return Self.spellsSelfAssignment(source.bytes, in: source.start(t.bodyOpen)..<source.end(t.bodyClose))
            }
            guard !bodies.isEmpty else { continue }
            let published = storedVariables(of: name) { p, _ in p.attribute("Published") != nil }
            guard !published.isEmpty else { continue }
            for r in bodies {
                let t = type(r), source = files[r.file].source
                let nested = files[r.file].decls.types.filter { $0.bodyOpen > t.bodyOpen && $0.bodyClose < t.bodyClose }
                let initializers = t.functions.filter { $0.kind == .`init` || $0.kind == .deinit }.compactMap(\.body)
                for k in (t.bodyOpen + 1)..<t.bodyClose where source.kind(k) == .identifier {
                    guard let found = selfAssignment(at: k, in: r.file, published: published) else { continue }
                    if nested.contains(where: { $0.bodyOpen < k && k < $0.bodyClose }) || initializers.contains(where: { $0.open < k && k < $0.close }) { continue }
                    result[name, default: []].append(found)
                }
            }
        }
        return result
    }

    /// Whether `range` of `bytes` holds ` = ` between two equal words (`x = x`, `.x = self.x`),
    /// in one pass: each `=` is looked at, with the word on either side.
    static func spellsSelfAssignment(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = range.lowerBound + 1
            while i < range.upperBound - 1 {
                defer { i += 1 }
                guard b[i] == UInt8(ascii: "="), b[i - 1] == UInt8(ascii: " "), b[i + 1] == UInt8(ascii: " ") else { continue }
                var leftStart = i - 1
                while leftStart > range.lowerBound, isIdentifierByte(b[leftStart - 1]) { leftStart -= 1 }
                let left = leftStart..<(i - 1)
                func spellsSelf(at k: Int) -> Bool {
                    k >= range.lowerBound && k + 5 <= range.upperBound && b[k] == UInt8(ascii: "s") && b[k + 1] == UInt8(ascii: "e")
                        && b[k + 2] == UInt8(ascii: "l") && b[k + 3] == UInt8(ascii: "f") && b[k + 4] == UInt8(ascii: ".")
                }
                // Both sides alike (`self.x = x`, an initializer's usual line, is not one).
                var rightStart = i + 2
                let rightSelf = spellsSelf(at: rightStart)
                if rightSelf { rightStart += 5 }
                guard spellsSelf(at: leftStart - 5) == rightSelf, !left.isEmpty, rightStart + left.count <= range.upperBound,
                      b[rightStart..<(rightStart + left.count)].elementsEqual(b[left]),
                      rightStart + left.count == range.upperBound || !isIdentifierByte(b[rightStart + left.count]) else { continue }
                return true
            }
            return false
        }
    }

    /// The statement `self.x = self.x` or `x = x` whose left side names `x` at `k`, a property
    /// in `published`.
    func selfAssignment(at k: Int, in file: Int, published: Set<String>) -> SelfAssignment? {
        let source = files[file].source
        let name = source.name(k)
        guard published.contains(name), let first = source.statementStart(ofOwnMember: k),
              source.kind(k + 1) == .operator, source.isText(k + 1, "=") else { return nil }
        var right = k + 2
        let rightSelf = source.isIdentifier(right, "self") && source.kind(right + 1) == .period
        if rightSelf { right += 2 }
        guard source.kind(right) == .identifier, source.name(right) == name else { return nil }
        // The statement ends there: a line that goes on with `.y` or an operator continues it.
        let end = right + 1
        guard end >= source.sigCount || source.kind(end) == .rightBrace || source.kind(end) == .semicolon
                || (source.startsLine[end] && source.kind(end) != .period && source.kind(end) != .operator) else { return nil }
        // Both sides alike: `self.x = x` may read a parameter, a local or a `catch`'s `error`.
        // (`x = x` on a local does not compile: assigning a variable to itself.)
        let leftSelf = first != k
        guard leftSelf == rightSelf else { return nil }
        return SelfAssignment(file: file, first: first, last: right, property: source.text(k), explicitSelf: leftSelf)
    }
}
