import ObsMigrateSupport

/// Typealiases whose target composes `ObservableObject` (`typealias ModelDefinition =
/// ObservableObject & Identifiable`), directly or through a protocol refining it. A class that
/// names one in its inheritance clause, or a protocol that refines one, is an ObservableObject
/// through it. Such a typealias is a member of a protocol family like a protocol refining
/// ObservableObject: its classes migrate together or not at all, and when they migrate its
/// `ObservableObject` member becomes `AnyObject` (and `Observable` where generic code needs it).
public struct ObservableTypealias: Sendable {
    /// Qualified as the symbol table keys typealiases.
    public var name: String
    public var file: Int
    public var path: [String]
    public var members: [InheritedType]
    /// The member that writes `ObservableObject` itself, edited when the family migrates; nil when
    /// the target composes it only through a protocol or typealias of the family.
    public var observableObjectMember: Int?

    public var simpleName: String { TypeName.base(name) }
}

extension ProjectIndex {
    /// Adds the typealiases that compose ObservableObject or a protocol or typealias already
    /// known to refine it (one pass of `collectModels`' fixed point); whether it added any.
    mutating func addObservableTypealiases() -> Bool {
        var added = false
        for f in files.indices where !files[f].decls.typeAliases.isEmpty {
            for alias in files[f].decls.typeAliases where !alias.members.isEmpty {
                let name = TypeName.qualified(alias.name, in: alias.path)
                // Declared again (in another file or `#if` branch): the fix edits one declaration a
                // round, so the family stays (`familyBlockers`), rather than a fix that never ends.
                if let first = observableTypealiases[name], first.file != f || first.members.first?.range != alias.members.first?.range {
                    duplicatedTypealiases[name, default: []].insert(Site(file: f, offset: alias.members[0].range.lowerBound))
                    continue
                }
                guard observableTypealiases[name] == nil, refiningProtocols[name] == nil, declared[name] == nil else { continue }
                let direct = alias.members.firstIndex { $0.baseName == "ObservableObject" && ($0.name == "ObservableObject" || $0.name == "Combine.ObservableObject") }
                let through = direct == nil ? alias.members.firstIndex { refiningProtocolName($0.name, from: alias.path) != nil } : nil
                guard let k = direct ?? through else { continue }
                // `BaseModel & ObservableObject` names a superclass, which hierarchies are not
                // followed through: its classes are left as they are.
                if alias.members.contains(where: { member in
                    resolveTypeName(member.name, from: alias.path).flatMap { declared[$0] }.map { type($0.first).kind != .protocol } ?? false
                }) { continue }
                observableTypealiases[name] = ObservableTypealias(name: name, file: f, path: alias.path, members: alias.members,
                                                                  observableObjectMember: direct)
                refiningProtocols[name] = Site(file: f, offset: alias.members[k].range.lowerBound)
                observableTypealiasesBySimpleName[alias.name, default: []].append(name)
                // At the word itself (`Combine.ObservableObject` ends with it), where the sweep meets it.
                if let direct { observableTypealiasSites.insert(Site(file: f, offset: alias.members[direct].range.upperBound - "ObservableObject".utf8.count)) }
                added = true
            }
        }
        return added
    }

    /// The protocol refining ObservableObject, or the typealias composing it, that a name
    /// written at a place (in an inheritance clause or a generic constraint) stands for.
    func refiningProtocolName(_ written: String, from path: [String]) -> String? {
        if let p = resolveTypeName(written, from: path), refiningProtocols[p] != nil { return p }
        return observableTypealias(named: written, from: path)
    }

    /// The typealias composing ObservableObject that a name written at a place stands for:
    /// the nearest scope's, unless a type declared nearer shadows it.
    func observableTypealias(named written: String, from path: [String]) -> String? {
        guard !observableTypealiases.isEmpty else { return nil }
        let name = Self.stripType(written)
        for k in stride(from: path.count, through: 0, by: -1) {
            let q = TypeName.qualified(name, in: path[0..<k])
            if observableTypealiases[q] != nil { return q }
            if declared[q] != nil || (k > 0 && typeAliases[q] != nil) { return nil }
        }
        // Declared in another module's scope or another type: the one of that simple name.
        guard !name.contains("."), bySimpleName[name] == nil else { return nil }
        guard let candidates = observableTypealiasesBySimpleName[name], candidates.count == 1 else { return nil }
        return candidates[0]
    }
}

extension ProjectIndex {
    /// A composition that names ObservableObject is satisfied by every ObservableObject with its
    /// other members, not only by the classes that name it: `Row<M: ViewModel>` may be handed a
    /// class that conforms to ObservableObject directly. Such a class and the family both stay
    /// (the family's views would stop observing it; it alone would no longer satisfy the
    /// constraint). A value whose type cannot be told there holds every model, as for
    /// declarations constrained to ObservableObject itself.
    func recordTypealiasConstraints(_ ledger: inout BlockerLedger) {
        let structural = observableTypealiases.values.filter { $0.observableObjectMember != nil && familyOfProtocol[$0.name] != nil }
        guard !structural.isEmpty else { return }
        let aliasNames = Array(Set(structural.map(\.simpleName))).sorted()
        let aliasSearch = NameSearch(aliasNames)
        let snapshot = self, pieces = FilePiece.split(files)
        // The generic declarations (types and functions) constrained by one of them, by name.
        let constrained = parallelMap(Array(pieces.indices)) { k -> [String: String] in
            let piece = pieces[k]
            func look(_ source: SourceFile) -> [String: String] {
                snapshot.declarationsConstrained(byTypealiasesIn: source, tokens: piece.tokens, file: piece.file, aliasSearch.names)
            }
            if piece.tokens != nil { return look(snapshot.files[piece.file].source) }
            guard snapshot.files[piece.file].mayHoldIdentifier(anyOf: aliasSearch.identifiers) else { return [:] }
            return snapshot.files[piece.file].withTransientSource(ifBytesHoldAnyOf: aliasSearch.words, look) ?? [:]
        }.reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        guard !constrained.isEmpty else { return }
        let search = NameSearch(Array(constrained.keys))
        let names = Set(constrained.keys)
        let events = parallelMap(Array(pieces.indices)) { k -> [Sweep.Event] in
            let piece = pieces[k]
            func look(_ source: SourceFile) -> [Sweep.Event] {
                snapshot.constrainedCalls(in: source, tokens: piece.tokens, file: piece.file, names, search.names)
            }
            if piece.tokens != nil { return look(snapshot.files[piece.file].source) }
            guard snapshot.files[piece.file].mayHoldIdentifier(anyOf: search.identifiers) else { return [] }
            return snapshot.files[piece.file].withTransientSource(ifBytesHoldAnyOf: search.words, look) ?? []
        }.flatMap { $0 }
        for event in events {
            guard case let .one(type, blocker) = event, case let .passedToConstrained(declaration) = blocker.reason,
                  let aliasName = constrained[declaration], let k = familyOfProtocol[aliasName] else {
                ledger.record(event)  // a value whose type cannot be told
                continue
            }
            guard !modelConformsThroughFamily(type, k) else { continue }
            ledger.record(event)  // also when no class conforms through it: it stays ObservableObject then
            guard let representative = protocolFamilies[k].representative else { continue }
            ledger.block(representative, .typealiasSatisfiedOutside(typealias: TypeName.base(aliasName), type: TypeName.base(type), declaration: declaration), blocker.site)
        }
    }

    /// Whether a model is in family `k`: it conforms through one of its protocols or
    /// typealiases, or inherits from a class that does.
    func modelConformsThroughFamily(_ name: String, _ k: Int) -> Bool {
        var current: String? = name
        for _ in 0..<32 {
            guard let c = current else { return false }
            if familyOfModel[c] == k { return true }
            current = models[c]?.superclass
        }
        return false
    }

    /// The declarations whose generic clause, where clause or `some` parameter names one of the
    /// typealiases (`struct Row<M: ViewModel>`, `func show(_ m: some ViewModel)`), with the
    /// typealias each names, by the declaration's name; an inheritance clause is no constraint.
    func declarationsConstrained(byTypealiasesIn source: SourceFile, tokens: Range<Int>?, file f: Int, _ names: WordSet) -> [String: String] {
        var result: [String: String] = [:]
        let types = files[f].decls.types
        for s in source.indices(of: .identifier, in: tokens) where names.contains(source, s, from: 0) {
            guard s > 0, source.kind(s - 1) == .colon || source.isText(s - 1, "&") || source.isIdentifier(s - 1, "some") else { continue }
            let path = scopePath(s, f)
            guard let alias = observableTypealias(named: source.name(s), from: path), observableTypealiases[alias]?.observableObjectMember != nil else { continue }
            // In the inheritance clause of the type whose header holds `s`: a conformance.
            let header = partitionPoint(types.count) { types[$0].bodyOpen <= s }
            if header < types.count, types[header].inheritance.contains(where: { $0.firstToken <= s && s <= $0.lastToken }) { continue }
            if let declaration = constrainedDeclaration(s, f) { result[declaration] = alias }
        }
        return result
    }
}
