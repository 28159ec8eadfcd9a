import ObsMigrateSupport

/// A property held by another library's wrapper that takes only an ObservableObject: Factory's
/// and Resolver's `@InjectedObject` (`InjectedObject<T: ObservableObject>`, an
/// `@ObservedObject` inside). With Observation the same library's `@Injected` holds the object,
/// resolved the same way when the view is made, and the view's body tracks what it reads of
/// it; so when the model migrates the attribute becomes `@Injected` (OBS213). `$name`, the
/// wrapper's `ObservedObject.Wrapper` for bindings, has no such counterpart there.
public struct LibraryWrapperSite: Sendable {
    public var file: Int
    /// The attribute's token (`@InjectedObject`).
    public var attribute: Int
    /// The model it holds, from the property's annotation or its key path into `Container`
    /// (`KeyPathInjections.swift`); nil when that cannot be told.
    public var model: String?
    public var property: String?
    /// The attribute it becomes (`@Injected`).
    public var replacement: String
    /// Why it cannot become `replacement`, when it cannot: the model then stays.
    public var kept: String?
}

extension ProjectIndex {
    /// Other libraries' wrappers of an ObservableObject, with the wrapper of the same library
    /// that holds any object.
    static let libraryObjectWrappers: [String: String] = ["InjectedObject": "Injected"]

    /// Every property of a type held by one of `libraryObjectWrappers`.
    func collectLibraryWrapperSites() -> [LibraryWrapperSite] {
        // A type of the project's own by the replacement's name would be the one it names (unless
        // the project declares the library's wrappers too: a copy of the library).
        let shadowed = Set(Self.libraryObjectWrappers.filter { bySimpleName[$0.value] != nil && bySimpleName[$0.key] == nil }.values)
        let found = parallelMap(Array(files.indices)) { [self] f -> [LibraryWrapperSite] in
            var result: [LibraryWrapperSite] = []
            let types = files[f].decls.types
            for t in types.indices {
                for p in types[t].properties {
                    for a in p.attributes {
                        guard let replacement = Self.libraryObjectWrappers[a.name] else { continue }
                        let written = p.typeText.flatMap { resolveTypeName(Self.stripType($0), from: types[t].path + [types[t].name], in: f) }
                        var site = LibraryWrapperSite(file: f, attribute: a.token, model: written ?? keyPathInjectedType(p, file: f),
                                                      property: p.name, replacement: replacement)
                        if shadowed.contains(replacement) {
                            site.kept = "the project declares a type named \(replacement), which @\(replacement) would name"
                        } else if let name = p.name, projectionUsed(name, in: TypeRef(file: f, type: t)) {
                            site.kept = "$\(name) (its bindings) is used, which @\(replacement) does not give"
                        }
                        result.append(site)
                    }
                }
            }
            return result
        }
        return found.flatMap { $0 }
    }

    /// Whether `$name` is used in the body of the type or of one of its extensions.
    func projectionUsed(_ name: String, in owner: TypeRef) -> Bool {
        let projection = "$" + name
        return declarationAndExtensions(of: owner).contains { ref in
            // A file that let its tokens go holds no `$name` (ProjectFile.underscoredNamesIfTokensUnneeded).
            guard !files[ref.file].tokensDropped else { return false }
            let decl = type(ref), source = files[ref.file].source
            return source.indices(of: .dollarIdentifier, in: (decl.bodyOpen + 1)..<max(decl.bodyOpen + 1, decl.bodyClose)).contains { source.text($0) == projection }
        }
    }

    /// The sites that keep their model: one whose type cannot be told holds every model.
    func recordLibraryWrapperSites(_ ledger: inout BlockerLedger) {
        for site in libraryWrapperSites {
            let at = Site(file: site.file, offset: files[site.file].source.start(site.attribute))
            let attribute = String(files[site.file].source.text(site.attribute))
            guard let model = site.model else {
                ledger.blockAll(.heldByLibraryWrapperUntyped(attribute: attribute), at)
                continue
            }
            if let kept = site.kept { ledger.block(model, .heldByLibraryWrapper(attribute: attribute, why: kept), at) }
        }
    }
}
