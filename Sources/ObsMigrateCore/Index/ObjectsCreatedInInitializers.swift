/// `@ObservedObject var m: M` that the view's own initializers fill with a new object
/// (`_m = ObservedObject(wrappedValue: M(...))`): the view creates what it observes, as with a
/// default value `= M()`, so the migration makes it `@State` (`createsOwnObject`), which keeps the
/// object across re-renders instead of building a new one each time. A model handed in from
/// outside (`ObservedObject(wrappedValue: model)`) keeps the plain property.
extension ProjectIndex {
    mutating func markObjectsCreatedInInitializers(_ inits: [WrapperInit]) {
        var usesBySite: [Int: [WrapperInit]] = [:]
        for use in inits where use.wrapper == .ObservedObject {
            if let i = use.siteIndex { usesBySite[i, default: []].append(use) }
        }
        for (i, uses) in usesBySite {
            let site = wrapperSites[i]
            guard site.wrapper == .ObservedObject, site.property.initializer == nil, let owner = site.owner,
                  let name = site.property.name, initializersOnlyCreate(name, owner: owner, uses: uses) else { continue }
            wrapperSites[i].createsOwnObject = true
        }
    }

    /// Whether every initializer of the owner (its declaration has one, so there is no
    /// memberwise initializer to hand an object in) sets `_name` to a construction, and none
    /// assigns `name` itself.
    func initializersOnlyCreate(_ name: String, owner: TypeRef, uses: [WrapperInit]) -> Bool {
        let ownerName = resolveTypeName(type(owner).qualifiedName, from: []) ?? type(owner).qualifiedName
        guard type(owner).functions.contains(where: { $0.kind == .`init` }) else { return false }
        for ref in [owner] + (extensionsOf[ownerName] ?? []) {
            let source = files[ref.file].source
            for fn in type(ref).functions where fn.kind == .`init` {
                guard let body = fn.body else { return false }
                let inside = uses.filter { $0.file == ref.file && $0.nameToken > body.open && $0.nameToken < body.close }
                guard !inside.isEmpty else { return false }
                for use in inside {
                    guard let label = use.label, let close = use.close else { return false }
                    var start = label + 2  // after `wrappedValue:`
                    while start < close, source.isIdentifier(start, "try") || source.isIdentifier(start, "await") { start += 1 }
                    guard start < close, isConstruction(start..<close, in: ref.file, path: scopePath(start, ref.file)) else { return false }
                }
                // `self.m = x` or `m = x` hands an object in through the wrapper's initializer.
                for k in (body.open + 1)..<body.close where source.kind(k) == .identifier && source.name(k) == name {
                    if source.kind(k + 1) == .operator, source.isText(k + 1, "=") { return false }
                }
            }
        }
        return true
    }
}
