/// Property wrappers that publish through the object holding them: a `static subscript(
/// _enclosingInstance:wrapped:storage:)` whose instance must be an ObservableObject (a
/// hand-written `@Published`, a `@PublishedUserDefaultsBacked` that calls
/// `instance.objectWillChange.send()`). The compiler calls that subscript for each property the
/// wrapper wraps in a class; no code calls it by name. So the classes with such a property keep
/// ObservableObject (without it the wrapper would not compile, or would stop publishing), and
/// the subscript's own constraint and its uses of `instance` hold no other model.
public struct EnclosingInstanceWrapper: Sendable {
    /// The wrapper type's simple name, as its attribute is written (`@PublishedUserDefaultsBacked`).
    public var name: String
    public var file: Int
    /// The subscript: its first token, and the `{` and `}` of its body.
    public var start: Int
    public var body: (open: Int, close: Int)
    /// The name the body gives the enclosing instance (`instance` in `_enclosingInstance instance: T`).
    public var instance: String
}

extension ProjectIndex {
    /// Each property wrapper of the project (a type marked `@propertyWrapper`, or an extension
    /// of one) with an enclosing-instance subscript constrained to ObservableObject.
    static func enclosingInstanceWrappers(_ symbols: SymbolTable, files: [ProjectFile]) -> [EnclosingInstanceWrapper] {
        var result: [EnclosingInstanceWrapper] = []
        for f in files.indices where !files[f].tokensDropped {
            let types = files[f].decls.types
            for t in types.indices where types[t].functions.contains(where: { $0.kind == .subscript }) {
                let decl = types[t]
                let isWrapper = decl.hasAttribute("propertyWrapper") || (decl.kind == .extension && (symbols.declared[
                    symbols.resolveTypeName(decl.qualifiedName, from: [], in: f) ?? decl.qualifiedName]?.array ?? []).contains {
                        files[$0.file].decls.types[$0.type].hasAttribute("propertyWrapper") })
                guard isWrapper else { continue }
                let source = files[f].source
                for fn in decl.functions where fn.kind == .subscript && fn.modifiers.contains(where: { $0.text == "static" || $0.text == "class" }) {
                    guard let body = fn.body, let instance = enclosingInstanceParameter(fn, in: source),
                          (fn.startToken..<body.open).contains(where: { source.isIdentifier($0, "ObservableObject") }) else { continue }
                    result.append(EnclosingInstanceWrapper(name: decl.simpleName, file: f, start: fn.startToken, body: body, instance: instance))
                }
            }
        }
        return result
    }

    /// The internal name of a subscript's first parameter when its label is `_enclosingInstance`.
    static func enclosingInstanceParameter(_ fn: FunctionDecl, in source: SourceFile) -> String? {
        var open = fn.startToken
        while open < fn.endToken, source.kind(open) != .leftParen { open += 1 }
        guard source.kind(open) == .leftParen, source.isIdentifier(open + 1, "_enclosingInstance") else { return nil }
        if source.kind(open + 2) == .colon { return "_enclosingInstance" }
        guard source.kind(open + 2) == .identifier, source.kind(open + 3) == .colon else { return nil }
        return source.name(open + 2)
    }

    /// The enclosing-instance subscript whose signature (from its first token to its body)
    /// holds token `s` of file `f`.
    func enclosingInstanceSubscript(signatureHolding s: Int, in f: Int) -> EnclosingInstanceWrapper? {
        enclosingInstanceWrappers.first { $0.file == f && $0.start <= s && s < $0.body.open }
    }

    /// The enclosing-instance subscript whose body holds token `s` of file `f` and names the
    /// enclosing instance `name` there.
    func enclosingInstanceSubscript(bodyHolding s: Int, in f: Int, instance name: String) -> EnclosingInstanceWrapper? {
        enclosingInstanceWrappers.first { $0.file == f && $0.body.open < s && s < $0.body.close && $0.instance == name }
    }

    /// The properties of `model`'s declarations and extensions wrapped by one of them.
    func enclosingInstanceWrapperBlockers(of model: ModelType) -> [Blocker] {
        guard !enclosingInstanceWrappers.isEmpty else { return [] }
        let names = Set(enclosingInstanceWrappers.map(\.name))
        var result: [Blocker] = []
        for ref in model.declarations + model.extensions {
            for p in type(ref).properties where !p.isStatic {
                guard let wrapper = p.attributes.first(where: { names.contains(TypeName.base($0.name)) }) else { continue }
                result.append(Blocker(.publishesThroughEnclosingInstance(property: p.name ?? "", wrapper: TypeName.base(wrapper.name)),
                                      site: Site(file: ref.file, offset: p.start)))
            }
        }
        return result
    }
}
