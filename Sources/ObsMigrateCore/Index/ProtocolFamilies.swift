import ObsMigrateSupport

/// Protocols that refine `ObservableObject` (directly or through each other), the classes that
/// conform through them, and the generic views constrained by them: they migrate as one.
/// The protocols then refine `AnyObject` (and `Observable` where generic code needs it).
public struct ProtocolFamily: Sendable {
    /// The family's name in messages: its first protocol that names ObservableObject.
    public var name: String
    public var protocols: Set<String>
    /// Models that conform through one of the protocols, sorted.
    public var conformers: [String]
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
                    if let q = resolveTypeName(entry.name, from: decl.path), refiningProtocols[q] != nil { union(p, q) }
                }
            }
        }
        var conformersByRoot: [String: Set<String>] = [:]
        for (name, model) in models {
            var via: [String] = []
            for ref in model.declarations + model.extensions {
                let decl = type(ref)
                for entry in decl.inheritance {
                    if let q = resolveTypeName(entry.name, from: decl.path), refiningProtocols[q] != nil { via.append(q) }
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
                    guard let q = resolveTypeName(entry.name, from: decl.path), refiningProtocols[q] != nil else { continue }
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
                declared[p]?.array.contains { type($0).inheritance.contains { $0.baseName == "ObservableObject" } } ?? false
            }
            byRoot[root]!.name = direct ?? root
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
            if let p = resolveTypeName(c, from: decl.path + [decl.name]), let k = familyOfProtocol[p] { return k }
        }
        return nil
    }

    /// The constraints written on the owner's generic parameter `parameter`, in its generic
    /// clause (`<M: P & Q>`) and its where clause (`where M: P`).
    func genericConstraints(of parameter: String, in owner: TypeRef) -> [String] {
        let decl = type(owner)
        var constraints: [String] = []
        if let generics = decl.genericParameters {
            // `<M: P & Q, N>` → the constraints written after `M:`.
            for clause in generics.dropFirst().dropLast().split(separator: ",") {
                let parts = clause.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespaceAndNewlines() }
                if parts.count == 2, parts[0] == parameter { constraints += parts[1].split(separator: "&").map { String($0).trimmingWhitespaceAndNewlines() } }
            }
        }
        if let clause = decl.whereClause {
            // `where M: P, N == Int`
            let text = String(decoding: files[owner.file].bytes[clause], as: UTF8.self)
            for requirement in text.dropFirst("where".count).split(separator: ",") {
                let parts = requirement.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespaceAndNewlines() }
                if parts.count == 2, parts[0] == parameter { constraints += parts[1].split(separator: "&").map { String($0).trimmingWhitespaceAndNewlines() } }
            }
        }
        return constraints
    }

    /// What keeps the family on ObservableObject: a conformer the sources do not declare (views
    /// of the protocol must go on observing it), or what its protocols and their extensions do:
    /// `objectWillChange`, a `$name` publisher or `@Published` there.
    func familyBlockers(_ family: ProtocolFamily) -> [Blocker] {
        var result = family.outsideConformers.map {
            Blocker(.protocolAdoptedOutside(protocol: TypeName.base($0.protocol), conformer: $0.name), site: $0.site)
        }
        for p in family.protocols.sorted() {
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
