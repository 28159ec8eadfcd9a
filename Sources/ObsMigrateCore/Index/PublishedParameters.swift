import ObsMigrateSupport

/// A function or initializer parameter typed `Published<T>.Publisher`, written to take a model's
/// `$x`: once the model is `@Observable`, `$x` is a publisher of its own (`PublisherBridge`), an
/// `AnyPublisher<T, Never>`, which that type does not accept. Such a parameter becomes
/// `some Publisher<T, Never>`, which takes either, where the body only subscribes to it: each use
/// of it reads a member (`p.sink`, `p.map`) or hands it to a Combine operator that takes any
/// publisher (`a.combineLatest(p)`, `Publishers.Merge(p, q)`, `.onReceive(p)`). A function that
/// overrides, is overridden or satisfies a protocol's requirement of its name keeps it.
public struct PublishedParameter: Sendable, Equatable {
    public var file: Int
    /// The type's tokens, `Published` through `Publisher`.
    public var type: ClosedRange<Int>
    /// `T` as written.
    public var valueType: String
    /// The function's name (nil for an initializer).
    public var function: String?
    /// Its fix is suppressed where it is written: it stays, and so does every bridge of the type
    /// it spells (reported, so that the suppression is seen to apply).
    public var suppressed = false
}

extension ProjectIndex {
    /// Operators and initializers that take any publisher as an argument.
    static let publisherTakingCalls: Set<String> = [
        "combineLatest", "merge", "zip", "onReceive", "CombineLatest", "CombineLatest3", "CombineLatest4",
        "Merge", "Merge3", "Merge4", "Merge5", "Merge6", "Merge7", "Merge8", "Zip", "Zip3", "Zip4",
    ]

    /// Every parameter that can become `some Publisher<T, Never>`, by file. None when any such
    /// parameter is of a function without a body (a protocol's requirement) or one that
    /// overrides: the signatures that must match another one's would no longer match.
    func collectPublishedParameters() -> [Int: [PublishedParameter]] {
        var result: [Int: [PublishedParameter]] = [:], functionNames = Set<String>()
        // Each file on its own, on every core; one whose bytes hold no `Published` followed by `<`
        // (spaces and line breaks between; a comment there is looked at) is not read token by token.
        let perFile = parallelMap(Array(files.indices)) { [self] f -> (found: [PublishedParameter], refused: Bool) in
            guard !files[f].tokensDropped else { return ([], false) }
            let source = files[f].source
            guard Self.mayHoldPublishedGeneric(source.bytes) else { return ([], false) }
            var found: [PublishedParameter] = []
            for s in source.indices(of: .identifier, length: 9) where source.isText(s, "Published") && source.isText(s + 1, "<") {
                switch publishedParameter(at: s, in: f) {
                case .none: continue
                case .some(.success(let parameter)): found.append(parameter)
                case .some(.failure): return ([], true)
                }
            }
            return (found, false)
        }
        if perFile.contains(where: \.refused) { return [:] }
        for (f, file) in perFile.enumerated() where !file.found.isEmpty {
            result[f] = file.found
            for parameter in file.found { if let name = parameter.function { functionNames.insert(name) } }
        }
        // A function taken as a value (`let f = show`, `map(show)`) could not infer the type an
        // opaque parameter stands for: its parameters stay.
        let referenced = functionsReferencedAsValues(functionNames)
        guard !referenced.isEmpty else { return result }
        for f in result.keys {
            result[f] = result[f]!.filter { p in p.function.map { !referenced.contains($0) } ?? true }
            if result[f]!.isEmpty { result[f] = nil }
        }
        return result
    }

    /// Whether `bytes` may hold the tokens `Published` `<`: the word, then `<` after blanks and
    /// line breaks, or a `/` (a comment may stand between them). No false negative.
    static func mayHoldPublishedGeneric(_ bytes: [UInt8]) -> Bool {
        let word = Array("Published".utf8)
        var offset = 0
        while let hit = ByteSearch.firstOffset(of: word, in: bytes, range: offset..<bytes.count) {
            var k = hit + word.count
            while k < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
            if k < bytes.count, bytes[k] == UInt8(ascii: "<") || bytes[k] == UInt8(ascii: "/") { return true }
            offset = hit + 1
        }
        return false
    }

    /// The names among `names` that some file uses other than by declaring or calling them.
    private func functionsReferencedAsValues(_ names: Set<String>) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let hashes = names.sorted().map { IdentifierFilter.hash(of: Array($0.utf8)) }
        let set = WordSet(names.sorted()), snapshot = self
        let found = parallelMap(Array(files.indices)) { f -> Set<String> in
            guard snapshot.files[f].mayHoldIdentifier(anyOfHashes: hashes) else { return [] }
            return snapshot.files[f].withTransientSource(ifBytes: { _ in true }) { source in
                var referenced = Set<String>()
                for k in source.indices(of: .identifier) where set.contains(source, k) {
                    if source.isIdentifier(k - 1, "func") { continue }
                    if source.kind(k + 1) == .leftParen, !Self.isCompoundName(after: k + 1, in: source) { continue }
                    referenced.insert(source.text(k))
                }
                return referenced
            } ?? []
        }
        return found.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Whether the `(` at `open` spells argument labels only (`show(_:)`, `f(a:b:)`): a reference
    /// to the function, not a call.
    static func isCompoundName(after open: Int, in source: SourceFile) -> Bool {
        var k = open + 1
        while source.kind(k) == .identifier, source.kind(k + 1) == .colon { k += 2 }
        return k > open + 1 && source.kind(k) == .rightParen
    }

    private struct SignatureMustMatch: Error {}

    /// The parameter whose type starts at the `Published` token `s`, when it can change; a
    /// failure when it is a parameter of a function whose signature must match another's; nil
    /// when it is no parameter, or one that stays.
    private func publishedParameter(at s: Int, in f: Int) -> Result<PublishedParameter, SignatureMustMatch>? {
        let source = files[f].source
        // `Published<T>.Publisher`, then `,` or `)`: the whole type, with no default value.
        guard let argument = Self.publishedTypeArgument(at: s, in: source) else { return nil }
        let k = argument.close
        guard source.kind(k + 1) == .period, source.isIdentifier(k + 2, "Publisher"),
              source.kind(k + 3) == .comma || source.kind(k + 3) == .rightParen else { return nil }
        // `name: Published<...>` or `label name: Published<...>`, right after `(` or `,`.
        guard source.kind(s - 1) == .colon, source.kind(s - 2) == .identifier else { return nil }
        let name = source.text(s - 2)
        let opener = source.kind(s - 3) == .identifier ? s - 4 : s - 3
        guard source.kind(opener) == .leftParen || source.kind(opener) == .comma else { return nil }
        // The function whose parameter list holds it (before its body, or its end without one).
        let decls = files[f].decls
        let functions = decls.topLevelFunctions + decls.types.flatMap(\.functions)
        guard let fn = functions.first(where: { fn in fn.startToken < s && s < (fn.body?.open ?? fn.endToken + 1) }) else { return nil }
        guard let body = fn.body, !fn.modifiers.contains(where: { $0.text == "override" }) else { return .failure(SignatureMustMatch()) }
        guard fn.kind == .func || fn.kind == .`init`,
              !fn.modifiers.contains(where: { $0.text == "dynamic" }),
              !fn.attributes.contains(where: { $0.name == "objc" || $0.name == "IBAction" }),
              fn.kind == .`init` ? !initializerMayBeInherited(fn, at: s, in: f) : !nameIsOverriddenOrRequired(fn.name),
              onlySubscribes(name, in: (body.open + 1)..<body.close, of: source) else { return nil }
        // Its fix suppressed there (a comment, or the configuration), the type stays, and with it
        // every bridge of the type it spells (the bridges' `$x` could no longer be handed to it).
        let parameter = PublishedParameter(file: f, type: s...(k + 2), valueType: source.text(argument.bytes),
                                           function: fn.kind == .func ? fn.name : nil)
        if !files[f].suppressions.isEmpty,
           files[f].suppressions.suppresses(code: "OBS202", name: "published-publisher-use", line: files[f].lineTable.location(of: source.start(s)).line) {
            var kept = parameter
            kept.suppressed = true
            return .success(kept)
        }
        return .success(parameter)
    }

    /// Whether the type declaring initializer `fn` may be inherited from (a subclass may
    /// override it) or is a protocol's extension.
    private func initializerMayBeInherited(_ fn: FunctionDecl, at s: Int, in f: Int) -> Bool {
        guard let owner = enclosingTypes(of: s, in: f).first else { return true }
        let t = files[f].decls.types[owner.type]
        if t.kind == .protocol || t.kind == .extension { return true }
        return t.kind == .class && namesInInheritanceOrGenerics.contains(t.simpleName)
    }

    /// Whether some declaration of a function of `name` overrides, or is a protocol's requirement.
    private func nameIsOverriddenOrRequired(_ name: String) -> Bool {
        typesWithMember(name).contains { ref in
            let t = files[ref.file].decls.types[ref.type]
            return t.kind == .protocol || t.functions.contains { $0.name == name && $0.modifiers.contains { $0.text == "override" } }
        }
    }

    /// Whether every use of `name` in `range` reads a member of it or is an argument of a call
    /// in `publisherTakingCalls`.
    private func onlySubscribes(_ name: String, in range: Range<Int>, of source: SourceFile) -> Bool {
        for k in range where source.kind(k) == .identifier && source.text(k) == name && source.kind(k - 1) != .period {
            if source.kind(k + 1) == .period { continue }
            guard source.kind(k + 1) == .comma || source.kind(k + 1) == .rightParen,
                  let open = Self.enclosingParen(of: k, in: source), source.kind(open - 1) == .identifier,
                  Self.publisherTakingCalls.contains(source.text(open - 1)) else { return false }
        }
        return true
    }

    /// The `(` of the innermost parentheses around token `k` on its own level of nesting.
    static func enclosingParen(of k: Int, in source: SourceFile) -> Int? {
        var t = k - 1, depth = 0
        while t >= 0, k - t < 512 {
            switch source.kind(t) {
            case .rightParen, .rightBracket, .rightBrace: depth += 1
            case .leftParen where depth == 0: return t
            case .leftParen, .leftBracket, .leftBrace:
                if depth == 0 { return nil }
                depth -= 1
            default: break
            }
            t -= 1
        }
        return nil
    }
}
