/// Where an `@Environment` property's `$m` outside `body` is served: a local
/// `@Bindable var m = m` at the top of the view member (computed property or method) that
/// uses it, as `body` gets one.
public struct BindableLocal: Sendable, Hashable {
    public var file: Int
    /// Significant tokens of the member body's `{` and `}`.
    public var open: Int
    public var close: Int
    /// The member's body is one expression returned implicitly: `return ` goes before it.
    public var addsReturn: Bool
    /// The member's name, for messages.
    public var member: String
}

extension ProjectIndex {
    /// The member of the view `owner` that holds the `$name` use at `use`, and how a local
    /// `@Bindable` goes at its top; or why none can (a static member, an initializer, a stored
    /// property's initial value, an accessor with `get`/`set`, an extension in another file).
    func bindableLocal(for use: Site, named name: String, in owner: TypeRef, siteFile: Int) -> Result<BindableLocal, BlockedBindable> {
        bindablePlace(for: use, in: owner, siteFile: siteFile).flatMap { local in
            // `@Bindable var m = m` would bind a parameter or local of that name, or clash with one.
            guard let kind = shadowingBinding(of: name, use: use, local: local) else { return .success(local) }
            return .failure(BlockedBindable(place: "\(local.member) beside \(kind.described) also named \(name)"))
        }
    }

    /// What else `name` may be where `local` would go and at `use`: a parameter of the member, a
    /// local or closure parameter in scope at the use, or a local of the member's own block
    /// (which the added local would clash with); nil when nothing.
    func shadowingBinding(of name: String, use: Site, local: BindableLocal) -> LocalBindingKind? {
        let source = files[local.file].source
        let close = Int(source.match[local.open])
        guard close > local.open else { return .local }
        // The `$m` token, or the string whose interpolation holds it.
        var at = source.sigIndex(atOrAfter: use.offset)
        if at > 0, source.start(at - 1) < use.offset, use.offset < source.end(at - 1) { at -= 1 }
        return localBinding(ofName: name, at: at, in: local.file)
            ?? localBinding(ofName: name, at: close, in: local.file)
    }

    /// The member holding the use and how the local goes at its top (`bindableLocal`, before
    /// names are looked at).
    func bindablePlace(for use: Site, in owner: TypeRef, siteFile: Int) -> Result<BindableLocal, BlockedBindable> {
        let refs = declarationAndExtensions(of: owner)
        let source = files[use.file].source
        guard let ref = refs.first(where: { $0.file == use.file && source.start(type($0).bodyOpen) < use.offset && use.offset < source.end(type($0).bodyClose) }) else {
            return .failure(BlockedBindable(place: "code obs-migrate cannot place"))
        }
        let decl = type(ref)
        func contains(_ open: Int, _ close: Int) -> Bool { source.start(open) < use.offset && use.offset < source.end(close) }
        if let p = decl.properties.first(where: { $0.accessorBlock.map { contains($0.open, $0.close) } ?? false }) {
            let name = p.name ?? "a property"
            guard p.isComputed else { return .failure(BlockedBindable(place: "an observer of \(name)")) }
            guard !p.isStatic else { return .failure(BlockedBindable(place: "static \(name)")) }
            let block = p.accessorBlock!
            // `var x: T { get { ... } set { ... } }`: not worth the guess.
            if source.isIdentifier(block.open + 1, "get") || source.isIdentifier(block.open + 1, "set") || source.isIdentifier(block.open + 1, "_read") {
                return .failure(BlockedBindable(place: "the accessors of \(name)"))
            }
            guard ref.file == siteFile else { return .failure(BlockedBindable(place: "\(name), in an extension in another file")) }
            let builder = p.attributes.contains { $0.name.hasSuffix("Builder") }
            return .success(BindableLocal(file: ref.file, open: block.open, close: block.close,
                                          addsReturn: !builder && !hasTopLevelReturn(block.open, block.close, in: source), member: name))
        }
        if let fn = decl.functions.first(where: { $0.body.map { contains($0.open, $0.close) } ?? false }) {
            guard fn.kind == .func else { return .failure(BlockedBindable(place: fn.kind == .`init` ? "an initializer" : "a \(fn.kind.rawValue)")) }
            guard !fn.modifiers.contains(where: { $0.text == "static" || $0.text == "class" }) else {
                return .failure(BlockedBindable(place: "static func \(fn.name)"))
            }
            guard ref.file == siteFile else { return .failure(BlockedBindable(place: "\(fn.name)(), in an extension in another file")) }
            let body = fn.body!
            let returnsValue = fn.returnType.map { $0 != "Void" && $0 != "()" } ?? false
            let builder = fn.attributes.contains { $0.name.hasSuffix("Builder") }
            return .success(BindableLocal(file: ref.file, open: body.open, close: body.close,
                                          addsReturn: returnsValue && !builder && !hasTopLevelReturn(body.open, body.close, in: source),
                                          member: "\(fn.name)()"))
        }
        return .failure(BlockedBindable(place: "the initial value of a stored property"))
    }

    /// Whether the braces `open`...`close` hold a `return` of their own (not one of a closure
    /// or nested function inside them): then the body is not a single implicit-return expression.
    func hasTopLevelReturn(_ open: Int, _ close: Int, in source: SourceFile) -> Bool {
        var k = open + 1
        while k < close {
            if source.kind(k) == .leftBrace || source.kind(k) == .leftParen || source.kind(k) == .leftBracket {
                let m = Int(source.match[k])
                k = m > k ? m + 1 : k + 1
                continue
            }
            if source.isIdentifier(k, "return") { return true }
            k += 1
        }
        return false
    }
}

/// Why a `$m` use cannot get a local `@Bindable`: where it is.
public struct BlockedBindable: Error, Sendable {
    public var place: String
}
