/// A model whose `objectWillChange` is subscribed to from outside it (`store.objectWillChange
/// .sink { ... }`, `.onReceive(store.objectWillChange)`), and that sends nothing itself: under
/// `@Observable` it keeps that publisher, `let objectWillChange = ObservableObjectPublisher()`,
/// sent from the `willSet` of each property that was `@Published` (where Published sent it: after
/// the property's own willSet, before its `$x` subscribers). The subscriptions stay as written.
extension ProjectIndex {
    /// The models that can keep their `objectWillChange` that way: one class declaration, no
    /// model above or below it, no `objectWillChange` of its own in its bodies (a send that the
    /// migration would remove or wrap would no longer reach the subscribers), no pipelines made
    /// observers, and every `@Published` property able to take the send.
    func collectObjectWillChangeBridges() -> Set<String> {
        var result = Set<String>()
        let parents = Set(models.values.compactMap(\.superclass))
        for (name, model) in models where model.declarations.count == 1 && model.superclass == nil && !parents.contains(name) {
            let ref = model.declarations[0]
            let decl = type(ref)
            guard decl.kind == .class, !files[ref.file].tokensDropped, observerMigrations[name] == nil else { continue }
            let source = files[ref.file].source
            // The publisher goes on a line of its own after the `{`: nothing may follow it there.
            guard decl.bodyOpen + 1 < source.sigCount, source.startsLine[decl.bodyOpen + 1] else { continue }
            let bodies = model.declarations + model.extensions
            // A search of each body's bytes, for code and interpolations (not comments).
            let sendsItself = bodies.contains { r in
                guard !files[r.file].tokensDropped else { return false }
                let t = type(r)
                let source = files[r.file].source
                return Self.occursInCode(Self.objectWillChangeBytes, in: source, range: source.start(t.bodyOpen)..<source.end(t.bodyClose),
                                         wholeWord: false, insideTokens: true)
            }
            guard !sendsItself else { continue }
            let published = decl.properties.filter { $0.attribute("Published") != nil && !$0.isStatic }
            guard published.allSatisfy({ takesObserver($0, in: source) || existingWillSet($0, in: source) != nil }) else { continue }
            result.insert(name)
        }
        return result
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
        Set(memberUses.filter { $0.bridged && $0.member == "objectWillChange" }.compactMap(\.model))
    }
}
