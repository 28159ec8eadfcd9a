/// `profile.objectWillChange.send()` written outside the model, as a statement of its own right
/// after (or before) a statement of the same block that sets one of that instance's tracked
/// properties (`profile.interests.append(x)`, `profile.name = n`): under `@Observable` that
/// property's setter tells its observers itself, as `DeadSends` finds for a model's own sends,
/// so the call is dead and goes with the model's migration.
public struct ExternalDeadSend: Sendable {
    /// The bytes to remove: the statement, with a `;` after it.
    public var range: Range<Int>
    /// The property the neighbouring statement sets, and the receiver as written.
    public var property: String
    public var receiver: String
}

extension ProjectIndex {
    /// The dead send whose `objectWillChange` is token `s`, called on `receiver` (a name, or
    /// `self.name`) whose type is `model`; nil for any other use.
    func externalDeadSend(at s: Int, receiver: Range<Int>, in file: Int, model: String) -> ExternalDeadSend? {
        let source = files[file].source
        guard let chain = Self.nameChain(receiver, in: source), chain.count <= 2,
              source.startsStatement(receiver.lowerBound), source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send"),
              source.kind(s + 3) == .leftParen, source.kind(s + 4) == .rightParen else { return nil }
        var next = s + 5
        var removalEnd = source.end(s + 4)
        if source.kind(next) == .semicolon { removalEnd = source.end(next); next += 1 }
        guard next >= source.sigCount || source.startsStatement(next) || source.kind(next) == .rightBrace else { return nil }
        // A model that may keep its objectWillChange for subscribers (ObjectWillChangeBridges.swift)
        // sends it from each `@Published` property's `willSet`: only such a set stands in for the send there.
        let tracked = objectWillChangeBridges.contains(model)
            ? storedVariables(of: model) { p, _ in p.attribute("Published") != nil }
            : trackedProperties(of: model)
        let valueTyped = valueTypedProperties(of: model)
        // The statement at `k` sets a tracked property of the same receiver: `r.p = `, `r.p += `,
        // `r.p[i] = `, `r.p.append(...)` on a value type.
        func setsTrackedProperty(at k: Int) -> String? {
            let count = receiver.count
            guard k + count + 1 < source.sigCount, source.kind(k + count) == .period,
                  (0..<count).allSatisfy({ source.kind(k + $0) == source.kind(receiver.lowerBound + $0) && source.text(k + $0) == source.text(receiver.lowerBound + $0) })
            else { return nil }
            return setProperty(at: k + count + 1, in: source, tracked: tracked, valueTyped: valueTyped, model: model)
        }
        var property: String? = nil
        if next < source.sigCount, source.kind(next) != .rightBrace { property = setsTrackedProperty(at: next) }
        if property == nil, let previous = previousStatement(before: receiver.lowerBound, in: source) { property = setsTrackedProperty(at: previous) }
        guard let property else { return nil }
        // `r.p = x; r.objectWillChange.send()` ending its line: the `;` before it goes with it.
        var start = source.start(receiver.lowerBound)
        if receiver.lowerBound >= 2, source.kind(receiver.lowerBound - 1) == .semicolon, !source.startsLine[receiver.lowerBound],
           next >= source.sigCount || source.startsLine[next] { start = source.end(receiver.lowerBound - 2) }
        return ExternalDeadSend(range: start..<removalEnd, property: property, receiver: chain.joined(separator: "."))
    }

    /// The names of `range` when it is `a` or `self.a` (identifiers joined by periods), else nil.
    static func nameChain(_ range: Range<Int>, in source: SourceFile) -> [String]? {
        var names: [String] = []
        var k = range.lowerBound
        while k < range.upperBound {
            guard source.kind(k) == .identifier else { return nil }
            names.append(source.text(k))
            k += 1
            if k < range.upperBound { guard source.kind(k) == .period else { return nil }; k += 1 }
        }
        guard !names.isEmpty, names.dropFirst().allSatisfy({ $0 != "self" }), names.count == 1 || names[0] == "self" else { return nil }
        return names
    }
}
