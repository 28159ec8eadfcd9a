import ObsMigrateSupport

/// Wrappers on properties of types declared in a macro's body, as previews declare their hosts:
/// `#Preview { struct Demo: View { @EnvironmentObject var drawer: DrawerPresenter ... } }`.
/// They are rewritten like any other (a wrapper of a local type needs no declaration of the
/// project); only their `$name` uses are told from the whole local body, counted as outside
/// `body` (no `@Bindable` local is added there), so an `@EnvironmentObject` with one stays.
extension ProjectIndex {
    func macroBodyWrapperSites(inFile f: Int) -> [WrapperSite] {
        let file = files[f]
        guard !file.decls.macroBodyTypes.isEmpty else { return [] }
        let source = file.source
        let path = moduleScope(f)
        var result: [WrapperSite] = []
        for decl in file.decls.macroBodyTypes {
            for property in decl.properties {
                guard let attr = property.attributes.first(where: { WrapperSite.Wrapper(rawValue: $0.name) != nil }),
                      let wrapper = WrapperSite.Wrapper(rawValue: attr.name), let name = property.name else { continue }
                let written = writtenType(of: property, in: source, ownerPath: path, file: f)
                let resolved = written.flatMap { resolveTypeName($0, from: path, in: f) }
                // A type declared in the same body (the preview's own mock) is not the project's
                // type of that name: such a wrapper stays unplaced (UnplacedWrappers.swift).
                guard let written, let region = localRegion(around: attr.token, in: f) else { continue }
                let parts = SymbolTable.stripType(written).split(separator: ".").map(String.init)
                if Set([parts.first, parts.last].compactMap { $0 }).contains(where: { namedLocally($0, in: region, of: f) }) { continue }
                var site = WrapperSite(wrapper: wrapper, file: f, owner: nil, property: property, attribute: attr,
                                       writtenType: written, type: resolved, projectedUses: [], projectedUsesOutsideBody: [])
                if let initializer = property.initializer { site.createsOwnObject = isConstruction(initializer, in: f, path: path) }
                let uses = Self.projectedUses(of: name, from: decl.bodyOpen, to: decl.bodyClose, in: source)
                site.projectedUses = uses.map { Site(file: f, offset: $0.offset) }
                site.projectedUsesOutsideBody = site.projectedUses
                site.selfQualifiedProjections = uses.filter(\.selfQualified).map { Site(file: f, offset: $0.offset) }
                site.macroBodyType = CompactRange((decl.bodyOpen, decl.bodyClose))
                result.append(site)
            }
        }
        return result
    }

    /// `$name` between two tokens, bare, after `self.`, or inside an interpolation: its offset.
    static func projectedUses(of name: String, from open: Int, to close: Int, in source: SourceFile) -> [(offset: Int, selfQualified: Bool)] {
        let dollar = "$" + name
        var result: [(offset: Int, selfQualified: Bool)] = []
        guard open < close else { return [] }
        for s in (open + 1)..<close {
            switch source.kind(s) {
            case .dollarIdentifier where source.text(s) == dollar:
                result.append((source.start(s), source.kind(s - 1) == .period))
            case .string:
                // A `$name` in an interpolation is a use too; the string's bytes tell whether one may be there.
                let text = source.text(s)
                if text.contains(dollar) { result.append((source.start(s), false)) }
            default:
                break
            }
        }
        return result
    }

    /// What the owner-based checks of `recordWrapperSites` cannot see for these sites: an
    /// `@EnvironmentObject`'s `$name` (no local @Bindable is added in such a type), and the
    /// wrapper's storage `_name` used in the local type (a wrapper that goes takes it along).
    func recordMacroBodyWrapperSites(_ ledger: inout BlockerLedger) {
        for site in wrapperSites {
            guard let body = site.macroBodyType.pair, let t = site.decisionModel, let name = site.property.name else { continue }
            if site.wrapper == .EnvironmentObject {
                for use in site.projectedUses { ledger.block(t, .projectionOutsideBody(property: name, place: "a type declared in a macro's body"), use) }
            }
            let source = files[site.file].source
            if let k = ((body.open + 1)..<max(body.open + 1, body.close)).first(where: { source.kind($0) == .identifier && source.text($0) == "_" + name }) {
                ledger.block(t, .wrapperStorageUsed(storage: "_" + name), Site(file: site.file, offset: source.start(k)))
            }
        }
    }
}
