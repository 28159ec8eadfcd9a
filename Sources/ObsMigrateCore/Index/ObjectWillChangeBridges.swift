/// A model whose `objectWillChange` is subscribed to from outside it (`store.objectWillChange
/// .sink { ... }`, `.onReceive(store.objectWillChange)`) or by itself (`objectWillChange.sink` in
/// its initializer, to save on every change), and that sends nothing itself: under
/// `@Observable` it keeps that publisher, `let objectWillChange = ObservableObjectPublisher()`,
/// sent from the `willSet` of each property that was `@Published` (where Published sent it: after
/// the property's own willSet, before its `$x` subscribers). The subscriptions stay as written,
/// and so do its sends (`keepableSend`): a counter's bump follows an untied one.
extension ProjectIndex {
    /// The models that can keep their `objectWillChange` that way: one class declaration, no
    /// model above or below it, no `objectWillChange` of its own in its bodies but subscriptions
    /// and sends that can stay (`keepableSend`: a send the migration would wrap would no longer
    /// reach the subscribers), no pipelines made observers, and every `@Published` property able
    /// to take the send.
    func collectObjectWillChangeBridges() -> (bridges: Set<String>, subscribedByItself: Set<String>) {
        var result = (bridges: Set<String>(), subscribedByItself: Set<String>())
        let parents = Set(models.values.compactMap(\.superclass))
        for (name, model) in models where model.declarations.count == 1 && model.superclass == nil && !parents.contains(name) {
            let ref = model.declarations[0]
            let decl = type(ref)
            guard decl.kind == .class, !files[ref.file].tokensDropped, observerMigrations[name] == nil else { continue }
            let source = files[ref.file].source
            // The publisher goes on a line of its own after the `{`: nothing may follow it there.
            guard decl.bodyOpen + 1 < source.sigCount, source.startsLine[decl.bodyOpen + 1] else { continue }
            let bodies = model.declarations + model.extensions
            // Its own uses may only subscribe: a send the migration would remove or wrap, or any other
            // use, would no longer reach the subscribers.
            var subscribesItself = false
            // Gathered at the first send: most models have none.
            var members: [(open: Int, close: Int)]? = nil
            let usesOtherwise = bodies.contains { r in
                guard !files[r.file].tokensDropped else { return false }
                let uses = ownObjectWillChangeUses(in: type(r), source: files[r.file].source) { t in
                    if members == nil { members = memberBodies(bodies) }
                    return keepableSend(t, in: r.file, model: name, memberBodies: members!)
                }
                subscribesItself = subscribesItself || uses.subscribes
                return uses.other
            }
            guard !usesOtherwise else { continue }
            let published = decl.properties.filter { $0.attribute("Published") != nil && !$0.isStatic }
            guard published.allSatisfy({ takesObserver($0, in: source) || existingWillSet($0, in: source) != nil }) else { continue }
            result.bridges.insert(name)
            if subscribesItself { result.subscribedByItself.insert(name) }
        }
        return result
    }

    /// Whether `name` is a project class, no model, marked `@Observable`, whose declaration has an
    /// `objectWillChange` property: a publisher of its own, such as the one a migration kept for
    /// its subscribers. Its sends and subscriptions are plain Combine.
    public func observableKeepingOwnPublisher(_ name: String) -> Bool {
        guard models[name] == nil, let refs = declared[name] else { return false }
        return refs.contains { r in
            let t = type(r)
            return t.kind == .class && t.attributes.contains { $0.name == "Observable" }
                && t.properties.contains { !$0.isStatic && $0.name == "objectWillChange" }
        }
    }

    /// What a body does with `objectWillChange`, found by one search of its bytes (code and
    /// interpolations, not comments): whether its own is only subscribed to (bare or `self.`),
    /// and whether it is used any other way (declared, another object's, in a string, or sent
    /// where `keepsSend` does not allow it).
    func ownObjectWillChangeUses(in decl: TypeDecl, source: SourceFile, keepsSend: (Int) -> Bool = { _ in false }) -> (subscribes: Bool, other: Bool) {
        var subscribes = false, other = false
        Self.forEachOccurrence(of: Self.objectWillChangeBytes, in: source, range: source.span(decl.bodyOpen, through: decl.bodyClose)) { t, startsToken in
            if startsToken, isOwnSubscription(t, in: source) { subscribes = true } else if !(startsToken && keepsSend(t)) { other = true }
            return !other
        }
        return (subscribes, other)
    }

    /// Whether the own send at `s` may stay, sending the kept publisher to its subscribers as
    /// before: a statement `[self.]objectWillChange.send()` or `self?.objectWillChange.send()`
    /// of the model's own body, run where a member runs it (its body, a statement block, a
    /// main-queue closure, not a `sink`: a forwarding), and not one that `withMutation` would
    /// replace. For the views, it is dead (removed where nothing subscribes) or bumps a counter,
    /// or it keeps the model.
    func keepableSend(_ s: Int, in file: Int, model: String, memberBodies: [(open: Int, close: Int)]) -> Bool {
        let source = files[file].source
        guard Self.sendStatementStart(at: s, in: source) != nil || Self.isOptionalSelfSend(s, in: source) else { return false }
        return enclosingModel(of: s, in: file) == model && mutationSend(at: s, in: file, model: model) == nil
            && runsOnTheMainActor(s, in: source, memberBodies: memberBodies)
    }

    /// Whether token `s` is the enclosing object's own `objectWillChange` (bare or `self.`),
    /// only subscribed to.
    func isOwnSubscription(_ s: Int, in source: SourceFile) -> Bool {
        guard source.isText(s, "objectWillChange"), !source.isIdentifier(s - 1, "var"), !source.isIdentifier(s - 1, "let") else { return false }
        let bySelf = source.kind(s - 1) == .period && source.isIdentifier(s - 2, "self") && source.kind(s - 3) != .period
        guard source.kind(s - 1) != .period || bySelf else { return false }
        return subscribesOnly(s, first: bySelf ? s - 2 : s, in: source)
    }

    /// Whether the `objectWillChange` at token `s` is `model`'s own, subscribed to inside it,
    /// where the model keeps that publisher.
    func ownBridgedObjectWillChange(_ s: Int, in file: Int, model: String) -> Bool {
        objectWillChangeBridges.contains(model) && isOwnSubscription(s, in: files[file].source) && enclosingModel(of: s, in: file) == model
    }

    static let objectWillChangeBytes = Array("objectWillChange".utf8)

    /// Whether `x.objectWillChange` at token `s` only subscribes (no `send`, no `&`).
    func subscribesOnly(_ s: Int, first: Int, in source: SourceFile) -> Bool {
        if first > 0, source.kind(first - 1) == .operator, source.text(first - 1).hasSuffix("&") { return false }
        if source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send") { return false }
        if source.kind(s + 1) == .operator, source.text(s + 1).hasSuffix("=") { return false }
        return true
    }

    /// The models whose `objectWillChange` is subscribed to through such a bridge somewhere.
    func collectBridgedObjectWillChange() -> Set<String> {
        Set(memberUses.filter { $0.bridged && $0.member == "objectWillChange" }.compactMap(\.model)).union(objectWillChangeSubscribedByItself)
    }
}
