import ObsMigrateSupport

/// Protocols that refine `ObservableObject` (directly or through each other) and typealiases
/// that compose it (see `ObservableTypealias`), the classes that conform through them, and the
/// generic views constrained by them: they migrate as one. The protocols then refine
/// `AnyObject` (and `Observable` where generic code needs it), and the typealiases compose it.
public struct ProtocolFamily: Sendable {
    /// The family's name in messages: its first protocol that names ObservableObject.
    public var name: String
    /// Its protocols and typealiases, by qualified name.
    public var protocols: Set<String>
    /// Models that conform through one of the protocols, sorted.
    public var conformers: [String]
    /// The models a value of the family may be: its conformers and their subclasses.
    public var values: Set<String> = []
    /// A generic view site of the family needs `Observable` (`@Bindable`, `@Environment(M.self)`).
    public var needsObservable = false
    /// Types that conform through one of the protocols by an extension but are not declared in
    /// the scanned sources (a Core Data class, another module's): they stay ObservableObject.
    public var outsideConformers: [OutsideConformer] = []

    public struct OutsideConformer: Sendable {
        public var name: String
        public var `protocol`: String
        /// The protocol's name in the extension's inheritance clause.
        public var site: Site
    }

    /// The conformer whose decision stands for the family's (they are kept equal).
    public var representative: String? { conformers.first }
}

extension ProjectIndex {
    /// Groups the protocols refining ObservableObject into families: a protocol with the ones it
    /// refines or that refine it, and those a single class conforms to together.
    mutating func collectProtocolFamilies() {
        guard !refiningProtocols.isEmpty else { return }
        var parent: [String: String] = [:]
        for p in refiningProtocols.keys { parent[p] = p }
        func find(_ x: String) -> String {
            var r = x
            while parent[r]! != r { r = parent[r]! }
            return r
        }
        func union(_ a: String, _ b: String) { let (ra, rb) = (find(a), find(b)); if ra != rb { parent[max(ra, rb)] = min(ra, rb) } }
        for p in refiningProtocols.keys.sorted() {
            for ref in declared[p]?.array ?? [] {
                let decl = type(ref)
                for entry in decl.inheritance {
                    if let q = refiningProtocolName(entry.name, from: decl.path) { union(p, q) }
                }
            }
            // A typealias's members of the family: `typealias A = ScreenModel & Identifiable`.
            if let alias = observableTypealiases[p] {
                for member in alias.members { if let q = refiningProtocolName(member.name, from: alias.path) { union(p, q) } }
            }
        }
        var conformersByRoot: [String: Set<String>] = [:]
        for (name, model) in models {
            var via: [String] = []
            for ref in model.declarations + model.extensions {
                let decl = type(ref)
                for entry in decl.inheritance {
                    if let q = refiningProtocolName(entry.name, from: decl.path) { via.append(q) }
                }
            }
            for q in via.dropFirst() { union(via[0], q) }
            if let first = via.first { conformersByRoot[find(first), default: []].insert(name) }
        }
        // `extension SavedLocation: ObservableLocation {}` of a type the sources do not declare.
        var outside: [ProtocolFamily.OutsideConformer] = []
        for (name, refs) in extensionsOf where models[name] == nil && declared[name] == nil {
            var via: [String] = []
            for ref in refs {
                let decl = type(ref)
                for entry in decl.inheritance {
                    guard let q = refiningProtocolName(entry.name, from: decl.path) else { continue }
                    via.append(q)
                    outside.append(.init(name: name, protocol: q, site: Site(file: ref.file, offset: entry.range.lowerBound)))
                }
            }
            for q in via.dropFirst() { union(via[0], q) }
        }
        var byRoot: [String: ProtocolFamily] = [:]
        for p in refiningProtocols.keys.sorted() {
            let root = find(p)
            byRoot[root, default: ProtocolFamily(name: root, protocols: [], conformers: [])].protocols.insert(p)
        }
        for (root, names) in conformersByRoot { byRoot[find(root)]?.conformers += names }
        for conformer in outside.sorted(by: { ($0.name, $0.site.file, $0.site.offset) < ($1.name, $1.site.file, $1.site.offset) }) {
            byRoot[find(conformer.protocol)]?.outsideConformers.append(conformer)
        }
        for root in byRoot.keys {
            byRoot[root]!.conformers = Array(Set(byRoot[root]!.conformers)).sorted()
            // Named after a protocol that says ObservableObject itself, for messages.
            let direct = byRoot[root]!.protocols.sorted().first { p in
                declared[p]?.array.contains { type($0).inheritance.contains { $0.baseName == "ObservableObject" } }
                    ?? (observableTypealiases[p]?.observableObjectMember != nil)
            }
            byRoot[root]!.name = direct ?? root
        }
        var subclasses: [String: [String]] = [:]
        for (name, model) in models { if let s = model.superclass { subclasses[s, default: []].append(name) } }
        for root in byRoot.keys {
            var queue = byRoot[root]!.conformers
            var values = Set(queue)
            while let next = queue.popLast() {
                for c in subclasses[next] ?? [] where values.insert(c).inserted { queue.append(c) }
            }
            byRoot[root]!.values = values
        }
        protocolFamilies = byRoot.values.sorted { $0.name < $1.name }
        for (k, family) in protocolFamilies.enumerated() {
            for p in family.protocols { familyOfProtocol[p] = k }
            for c in family.conformers { familyOfModel[c] = k }
        }
    }

    /// The family whose protocol constrains the generic parameter a wrapper site is typed with
    /// (`struct Row<M: ListViewModel>` with `@ObservedObject var model: M`), if any.
    func protocolFamily(ofGenericSite site: WrapperSite) -> Int? {
        guard site.type == nil, let written = site.writtenType, let owner = site.owner else { return nil }
        let decl = type(owner)
        for c in genericConstraints(of: Self.stripType(written), in: owner) {
            if let p = refiningProtocolName(c, from: decl.path + [decl.name]), let k = familyOfProtocol[p] { return k }
        }
        return nil
    }

    /// The constraints written on the owner's generic parameter `parameter`, in its generic
    /// clause (`<M: P & Q>`) and its where clause (`where M: P`).
    func genericConstraints(of parameter: String, in owner: TypeRef) -> [String] {
        let decl = type(owner)
        let whereClause = decl.whereClause.map { String(decoding: files[owner.file].bytes[$0], as: UTF8.self).dropFirst("where".count) }
        return Self.constraints(of: parameter, genericClause: decl.genericParameters, whereClause: whereClause.map(String.init))
    }

    /// What keeps the family on ObservableObject: a conformer the sources do not declare (views
    /// of the protocol must go on observing it), or what its protocols and their extensions do:
    /// `objectWillChange`, a `$name` publisher or `@Published` there.
    func familyBlockers(_ family: ProtocolFamily) -> [Blocker] {
        var result = family.outsideConformers.map {
            Blocker(.protocolAdoptedOutside(protocol: TypeName.base($0.protocol), conformer: $0.name), site: $0.site)
        }
        for p in family.protocols.sorted() {
            if let others = duplicatedTypealiases[p], let first = others.min(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
                result.append(Blocker(.typealiasDeclaredAgain(typealias: TypeName.base(p), count: others.count + 1), site: first))
            }
            for ref in (declared[p]?.array ?? []) + (extensionsOf[p] ?? []) {
                let decl = type(ref)
                guard !files[ref.file].tokensDropped || files[ref.file].namesUnderscoredIdentifiers else { continue }
                let source = files[ref.file].source
                for s in (decl.bodyOpen + 1)..<max(decl.bodyOpen + 1, decl.bodyClose) {
                    let site = Site(file: ref.file, offset: source.start(s))
                    if source.isIdentifier(s, "objectWillChange") {
                        result.append(Blocker(.protocolUsesObjectWillChange(protocol: TypeName.base(p)), site: site))
                    } else if source.kind(s) == .dollarIdentifier, !(source.token(s).length > 1 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(source.bytes[source.start(s) + 1])) {
                        result.append(Blocker(.protocolUsesPublisher(protocol: TypeName.base(p), projection: source.text(s)), site: site))
                    } else if source.kind(s) == .attribute, source.text(s) == "@Published" {
                        result.append(Blocker(.protocolUsesPublished(protocol: TypeName.base(p)), site: site))
                    }
                }
            }
        }
        return result
    }

    /// `associatedtype Model: ScreenModel` (a protocol or typealias of a family): a view typed
    /// with `S.Model` keeps its wrapper, which needs ObservableObject, so the family stays.
    func recordAssociatedTypeConstraints(_ ledger: inout BlockerLedger) {
        guard !familyOfProtocol.isEmpty else { return }
        let memberNames = Array(Set(familyOfProtocol.keys.map { TypeName.base($0) })).sorted()
        let search = NameSearch(memberNames)
        let associatedTypeBytes = Array("associatedtype".utf8)
        let snapshot = self, pieces = FilePiece.split(files)
        let found = parallelMap(Array(pieces.indices)) { k -> [(member: String, blocker: Blocker)] in
            let piece = pieces[k]
            func look(_ source: SourceFile) -> [(member: String, blocker: Blocker)] {
                var result: [(member: String, blocker: Blocker)] = []
                for s in source.indices(of: .identifier, in: piece.tokens) where search.names.contains(source, s, from: 0) {
                    guard s > 0, source.kind(s - 1) == .colon || source.isText(s - 1, "&"),
                          let associated = snapshot.associatedTypeDeclared(before: s, in: source),
                          let proto = snapshot.enclosingTypes(of: s, in: piece.file).first, snapshot.type(proto).kind == .protocol,
                          let member = snapshot.refiningProtocolName(source.name(s), from: snapshot.scopePath(s, piece.file)),
                          snapshot.familyOfProtocol[member] != nil else { continue }
                    let reason = BlockReason.familyConstrainsAssociatedType(protocol: snapshot.type(proto).simpleName, associatedType: associated,
                                                                            member: TypeName.base(member))
                    result.append((member, Blocker(reason, site: Site(file: piece.file, offset: source.start(s)))))
                }
                return result
            }
            // An associated type is declared in a protocol: a file with none is skipped unread.
            guard snapshot.files[piece.file].decls.types.contains(where: { $0.kind == .protocol }) else { return [] }
            // Only a file that declares an associated type, and holds a member's name, can hold one
            // (not every file that names the family): a byte search, before a walk of its tokens
            // or, where they were let go, lexing it again.
            func mayHoldOne(_ bytes: [UInt8]) -> Bool {
                ByteSearch.firstOffset(of: associatedTypeBytes, in: bytes, range: bytes.indices) != nil
                    && (search.words.isEmpty || search.words.contains { ByteSearch.firstOffset(of: $0, in: bytes, range: bytes.indices) != nil })
            }
            if piece.tokens != nil {
                let source = snapshot.files[piece.file].source
                return mayHoldOne(source.bytes) ? look(source) : []
            }
            return snapshot.files[piece.file].withTransientSource(ifBytes: mayHoldOne, look) ?? []
        }
        let all = Array(found.joined())
        let constructedOnly = associatedTypesOnlyConstructed(Set(all.compactMap { entry -> String? in
            if case .familyConstrainsAssociatedType(_, let associated, _) = entry.blocker.reason { return associated }
            return nil
        }))
        for (member, blocker) in all {
            if case .familyConstrainsAssociatedType(_, let associated, _) = blocker.reason, constructedOnly.contains(associated) { continue }
            guard let k = familyOfProtocol[member], let representative = protocolFamilies[k].representative else { continue }
            ledger.block(representative, blocker.reason, blocker.site)
        }
    }

    /// The associated types among `names` that code only constructs (`SAM.GVM()` handed to a
    /// view generic over the family): every other token of the name is its own declaration
    /// (`associatedtype GVM`), a witness (`typealias GVM = ...`), or a generic parameter of
    /// that name where it is declared or in scope (`struct View<GVM: P>` and its `GVM`). A
    /// value so made is a family member that every site it reaches types or holds like any
    /// other; a type written with the name (`@StateObject var m: S.GVM`) is not followed.
    func associatedTypesOnlyConstructed(_ names: Set<String>) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let search = NameSearch(names.sorted()), snapshot = self
        let refused = parallelMap(Array(files.indices)) { f -> Set<String> in
            guard snapshot.files[f].mayHoldIdentifier(anyOf: search.identifiers) else { return [] }
            return snapshot.files[f].withTransientSource(ifBytes: search.mayBeUsed) { source in
                var refused = Set<String>()
                for k in source.indices(of: .identifier) where search.names.contains(source, k) {
                    let name = source.name(k)
                    if source.isIdentifier(k - 1, "associatedtype") || source.isIdentifier(k - 1, "typealias") { continue }
                    if source.kind(k - 1) == .period, source.kind(k + 1) == .leftParen, Self.isArgumentToAConstructor(k, in: source) { continue }
                    if snapshot.isGenericParameter(name, at: k, in: f, source) { continue }
                    refused.insert(name)
                }
                return refused
            } ?? []
        }
        return names.subtracting(refused.reduce(into: Set<String>()) { $0.formUnion($1) })
    }

    /// Whether the construction `S.GVM(...)` whose name is token `k` is a labeled argument of a
    /// type's initializer (`GeneralSettingsView(viewModel: S.GVM())`), not of a wrapper's
    /// (`StateObject(wrappedValue:)`, which needs ObservableObject) nor anything else.
    static func isArgumentToAConstructor(_ k: Int, in source: SourceFile) -> Bool {
        var head = k - 1
        while source.kind(head) == .period, source.kind(head - 1) == .identifier { head -= 2 }
        head += 1
        guard source.kind(head - 1) == .colon, source.kind(head - 2) == .identifier,
              source.kind(head - 3) == .leftParen || source.kind(head - 3) == .comma,
              let open = enclosingParen(of: head - 2, in: source),  // the call around the argument
              source.kind(open - 1) == .identifier, source.kind(open - 2) != .period else { return false }
        let callee = source.name(open - 1)
        return callee.first?.isUppercase == true && !["StateObject", "ObservedObject", "EnvironmentObject"].contains(callee)
    }

    /// Whether `name` at token `k` is a generic parameter: declared there (`<GVM: P>`), or of a
    /// type or function around it.
    func isGenericParameter(_ name: String, at k: Int, in f: Int, _ source: SourceFile) -> Bool {
        for ref in enclosingTypes(of: k, in: f) {
            if let generics = type(ref).genericParameters, SymbolTable.genericParameterNames(generics).contains(name) { return true }
        }
        let decls = files[f].decls
        // In a type's header: `struct GeneralSettingsView<GVM: GeneralSettingsViewModel>`.
        for t in decls.types.indices where decls.types[t].keywordToken < k && k < decls.types[t].bodyOpen {
            if let generics = decls.types[t].genericParameters, SymbolTable.genericParameterNames(generics).contains(name) { return true }
        }
        let functions = decls.topLevelFunctions + decls.types.flatMap(\.functions)
        return functions.contains { fn in
            fn.startToken < k && k <= (fn.body?.close ?? fn.endToken) && Self.functionGenericParameters(fn, in: source).contains(name)
        }
    }

    /// The class that holds a family back for a reason of its own (not only because another
    /// class of the family stays), for messages.
    public func familyCulprit(_ k: Int) -> String? {
        let conformers = protocolFamilies[k].conformers
        return conformers.first { models[$0]?.blockers.first.map { !$0.isConsequence } ?? false } ?? conformers.first
    }

    /// Whether a family migrates: it has conformers and they all do.
    public func familyMigrates(_ k: Int?) -> Bool {
        guard let k, let first = protocolFamilies[k].representative else { return false }
        return models[first]?.migrates ?? false
    }
}
