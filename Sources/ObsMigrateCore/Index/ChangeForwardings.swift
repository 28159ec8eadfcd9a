/// A model that forwards a child model's changes as its own:
/// `child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)`
/// (also with `.receive(on:)` before the sink, or assigned to a stored `var` of the parent).
/// Once both are `@Observable`, a view that reads `parent.child.x` tracks `x` itself, so the
/// subscription goes. Parent and child then migrate together or not at all: a parent that stays
/// subscribes to the child's `objectWillChange`, and a child that stays has nothing to forward
/// under Observation.
public struct ChangeForwarding: Sendable {
    public var file: Int
    public var parent: String
    public var child: String
    /// The child in messages: its type, or `any P` for a value of a protocol family (then
    /// `child` is a conformer that stands for the family).
    public var childInMessages: String
    /// Significant tokens: the child's `objectWillChange`, the forwarding send's, and the whole
    /// statement.
    public var childToken: Int
    public var sendToken: Int
    public var statement: ClosedRange<Int>
}

extension ProjectIndex {
    /// Every forwarding statement in the models' own bodies, found before the sweep so that its
    /// two `objectWillChange` tokens hold no model by themselves.
    mutating func collectChangeForwardings() {
        var found: [ChangeForwarding] = []
        for name in models.keys.sorted() {
            for ref in models[name]!.declarations + models[name]!.extensions {
                guard !files[ref.file].tokensDropped else { continue }
                let decl = type(ref)
                let source = files[ref.file].source
                for s in (decl.bodyOpen + 1)..<max(decl.bodyOpen + 1, decl.bodyClose) where source.kind(s) == .identifier
                    && source.isText(s, "objectWillChange") && source.kind(s - 1) == .period && !source.isIdentifier(s - 2, "self") {
                    if let forwarding = changeForwarding(atChild: s, in: ref.file, parent: name) { found.append(forwarding) }
                }
            }
        }
        changeForwardings = found
        for forwarding in found {
            let source = files[forwarding.file].source
            forwardingTokenSites.insert(Site(file: forwarding.file, offset: source.start(forwarding.childToken)))
            forwardingTokenSites.insert(Site(file: forwarding.file, offset: source.start(forwarding.sendToken)))
        }
    }

    /// The forwarding statement whose child `objectWillChange` is token `s`, in `parent`'s body.
    func changeForwarding(atChild s: Int, in f: Int, parent: String) -> ChangeForwarding? {
        let source = files[f].source
        guard enclosingModel(of: s, in: f) == parent, let receiver = receiverRange(before: s - 1, in: source) else { return nil }
        // The receiver: `child` or `self.child`, a stored property whose type is a model.
        var r = receiver.lowerBound
        if source.isIdentifier(r, "self"), source.kind(r + 1) == .period { r += 2 }
        guard r == receiver.upperBound - 1, source.kind(r) == .identifier,
              let (child, childInMessages) = expressionType(receiver, in: f, path: scopePath(s, f)).flatMap({ models[$0] != nil ? ($0, TypeName.base($0)) : nil })
                ?? familyMember(named: source.name(r), at: r, in: f, other: parent),
              child != parent else { return nil }
        // The statement starts at the receiver, or at `[self.]bag = ` with `bag` a var that may stay unset.
        var first = receiver.lowerBound
        if !source.startsStatement(first) {
            guard source.kind(first - 1) == .operator, source.isText(first - 1, "=") else { return nil }
            var target = first - 2
            guard source.kind(target) == .identifier, optionalStoredVar(source.name(target), of: parent) else { return nil }
            if source.kind(target - 1) == .period, source.isIdentifier(target - 2, "self") { target -= 2 }
            guard source.startsStatement(target) else { return nil }
            first = target
        }
        // `.receive(on: ...)`, then `.sink { ... }` or `.sink(receiveValue: { ... })`.
        var k = s + 1
        if source.kind(k) == .period, source.isIdentifier(k + 1, "receive"), source.kind(k + 2) == .leftParen {
            let close = Int(source.match[k + 2])
            guard close > k + 2 else { return nil }
            k = close + 1
        }
        guard source.kind(k) == .period, source.isIdentifier(k + 1, "sink") else { return nil }
        var open = k + 2
        var closeParen: Int? = nil
        if source.kind(open) == .leftParen, source.isIdentifier(open + 1, "receiveValue"), source.kind(open + 2) == .colon {
            closeParen = Int(source.match[open])
            open += 3
        }
        guard source.kind(open) == .leftBrace else { return nil }
        let close = Int(source.match[open])
        guard close > open, let send = onlySend(inClosure: open, close: close, in: source) else { return nil }
        var last = close
        if let closeParen {
            guard closeParen == close + 1 else { return nil }
            last = closeParen
        }
        // `.store(in: &bag)`
        if source.kind(last + 1) == .period, source.isIdentifier(last + 2, "store"), source.kind(last + 3) == .leftParen {
            let storeClose = Int(source.match[last + 3])
            guard storeClose > last + 3 else { return nil }
            last = storeClose
        }
        // Nothing else in the statement.
        guard last + 1 >= source.sigCount || source.startsStatement(last + 1) || source.kind(last + 1) == .rightBrace else { return nil }
        return ChangeForwarding(file: f, parent: parent, child: child, childInMessages: childInMessages, childToken: s, sendToken: send, statement: first...last)
    }

    /// A value of one protocol family (`init<S: Store>(_ store: S)`): the conformer that stands
    /// for the family (they migrate as one), or another when that is the parent itself.
    func familyMember(named name: String, at k: Int, in f: Int, other parent: String) -> (String, String)? {
        guard let found = families(ofHead: name, at: k, in: f), found.count == 1 else { return nil }
        let family = protocolFamilies[found.first!]
        return family.conformers.first { $0 != parent }.map { ($0, "any " + TypeName.base(family.name)) }
    }

    /// The `objectWillChange` token of a closure `{ [weak self] _ in self?.objectWillChange.send() }`
    /// (capture list and `_ in` optional, `[unowned self] in`, `self.`, `self?.` or bare), when
    /// that send is all it does.
    func onlySend(inClosure open: Int, close: Int, in source: SourceFile) -> Int? {
        var k = open + 1
        if source.kind(k) == .leftBracket {
            // `[weak self]` or `[unowned self]`, nothing else: the statement goes whole.
            guard Int(source.match[k]) == k + 3, source.isIdentifier(k + 1, "weak") || source.isIdentifier(k + 1, "unowned"),
                  source.isIdentifier(k + 2, "self") else { return nil }
            k += 4
            // `[unowned self] in`: the ignored Void value needs no name.
            if source.isIdentifier(k, "in") { k += 1 }
        }
        if source.isIdentifier(k, "_"), source.isIdentifier(k + 1, "in") { k += 2 }
        if source.kind(k) == .leftParen, source.isIdentifier(k + 1, "_"), source.kind(k + 2) == .rightParen, source.isIdentifier(k + 3, "in") { k += 4 }
        if source.isIdentifier(k, "self") {
            k += 1
            if source.kind(k) == .operator, source.isText(k, "?") { k += 1 }
            guard source.kind(k) == .period else { return nil }
            k += 1
        }
        guard source.isIdentifier(k, "objectWillChange"), source.kind(k + 1) == .period, source.isIdentifier(k + 2, "send"),
              source.kind(k + 3) == .leftParen, source.kind(k + 4) == .rightParen, k + 5 == close else { return nil }
        return k
    }

    /// A stored `var` of the model (or a model above it) that needs no value: optional, or with
    /// a default value, so that an assignment to it may go.
    func optionalStoredVar(_ name: String, of model: String) -> Bool {
        for owner in lineage(of: model) {
            guard let m = models[owner] else { continue }
            for ref in m.declarations {
                for p in type(ref).properties where p.name == name && p.keyword == "var" && !p.isComputed && !p.isStatic {
                    return p.initializer != nil || (p.typeText?.hasSuffix("?") ?? false)
                }
            }
        }
        return false
    }

    /// Parent and child of a forwarding migrate together: one that stays holds the other.
    mutating func linkForwardings() -> Bool {
        var changed = false
        for forwarding in changeForwardings {
            guard let p = models.index(forKey: forwarding.parent), let c = models.index(forKey: forwarding.child) else { continue }
            let parentStays = !models.values[p].blockers.isEmpty, childStays = !models.values[c].blockers.isEmpty
            if parentStays, !childStays {
                models.values[c].blockers = [Blocker(.changesForwardedBy(parent: TypeName.base(forwarding.parent)),
                                                     site: Site(file: forwarding.file, offset: files[forwarding.file].source.start(forwarding.childToken)))]
                changed = true
            } else if childStays, !parentStays {
                models.values[p].blockers = [Blocker(.forwardsChangesOf(child: forwarding.childInMessages),
                                                     site: Site(file: forwarding.file, offset: files[forwarding.file].source.start(forwarding.childToken)))]
                changed = true
            }
        }
        return changed
    }

    /// The forwarding whose child or send token is at `s`, if any.
    public func changeForwarding(at s: Int, in file: Int) -> ChangeForwarding? {
        changeForwardings.first { $0.file == file && ($0.childToken == s || $0.sendToken == s) }
    }
}
