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
                guard observableTypealiases[name] == nil, refiningProtocols[name] == nil, declared[name] == nil else { continue }
                let direct = alias.members.firstIndex { $0.baseName == "ObservableObject" && ($0.name == "ObservableObject" || $0.name == "Combine.ObservableObject") }
                let through = direct == nil ? alias.members.firstIndex { refiningProtocolName($0.name, from: alias.path) != nil } : nil
                guard let k = direct ?? through else { continue }
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
