import ObsMigrateSupport

/// The reasons that only pass another model's decision on: a hierarchy, a protocol family and a
/// forwarding pair migrate as one. Models tied by them form groups (union-find over the index's
/// superclasses, families and forwardings), and a group stays while any member has a reason of its own.
struct PlanLinks {
    private var parent: [String: String] = [:]
    /// Each linked model's group, sorted, filled once the links are all in.
    private var members: [String: [String]] = [:]

    init(index: ProjectIndex) {
        for name in index.models.keys.sorted() {
            if let superclass = index.models[name]!.superclass, index.models[superclass] != nil { union(name, superclass) }
        }
        for family in index.protocolFamilies {
            for c in family.conformers.dropFirst() where index.models[c] != nil && index.models[family.conformers[0]] != nil { union(family.conformers[0], c) }
        }
        for forwarding in index.changeForwardings where index.models[forwarding.parent] != nil && index.models[forwarding.child] != nil {
            union(forwarding.parent, forwarding.child)
        }
        var byRoot: [String: [String]] = [:]
        for name in Set(parent.keys).union(parent.values) { byRoot[root(name), default: []].append(name) }
        for group in byRoot.values { let sorted = group.sorted(); for name in group { members[name] = sorted } }
    }

    static func isLink(_ reason: BlockReason) -> Bool {
        switch reason {
        case .subclassKeeps, .superclassKeeps, .familyMemberKeeps, .changesForwardedBy, .forwardsChangesOf: true
        default: false
        }
    }

    private func root(_ name: String) -> String {
        var current = name
        while let up = parent[current], up != current { current = up }
        return current
    }

    private mutating func union(_ a: String, _ b: String) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }

    /// The members of `name`'s group, sorted (itself alone when it has no link).
    func group(of name: String) -> [String] {
        members[name] ?? [name]
    }

    /// `names` grouped, each group sorted, groups in the order of their first member.
    func groups(of names: [String]) -> [[String]] {
        var byRoot: [String: [String]] = [:]
        var order: [String] = []
        for name in names {
            let r = root(name)
            if byRoot[r] == nil { order.append(r) }
            byRoot[r, default: []].append(name)
        }
        return order.map { byRoot[$0]!.sorted() }
    }
}

/// The places `fix` rewrites along with a model: its wrapper properties (`@StateObject`,
/// `@ObservedObject`, `@EnvironmentObject`), `.environmentObject` injections, wrapper
/// initialisers (`StateObject(wrappedValue:)`) and `$x` uses of its publishers.
struct PlanSites {
    private var byModel: [String: Int] = [:]

    init(index: ProjectIndex) {
        for i in index.wrapperSites.indices { if let t = index.wrapperSites[i].decisionModel { byModel[t, default: 0] += 1 } }
        for call in index.environmentObjectCalls { if let t = call.type { byModel[t, default: 0] += 1 } }
        for use in index.wrapperInits { if let t = use.decisionModel { byModel[t, default: 0] += 1 } }
        for use in index.memberUses where use.member != "objectWillChange" { if let t = use.model { byModel[t, default: 0] += 1 } }
    }

    func count<S: Sequence>(_ models: S) -> Int where S.Element == String {
        models.reduce(0) { $0 + (byModel[$1] ?? 0) }
    }
}

/// The module a file belongs to: for a SwiftPM package, the target folder under `Sources/` or
/// `Tests/`; else the package's, Xcode project's or folder's name (as `moduleName(ofFolder:)`
/// names them); for a file no package or project claims, its top folder under the project root.
struct PlanModules {
    private let names: [String?]
    static let topLevel = "(top level)"

    init(index: ProjectIndex, places: PlacePaths) {
        let folders = index.projectFolders()
        let manifests = ProjectIndex.ProjectManifests(index.files)
        var folderNames: [String: String] = [:]
        names = index.files.indices.map { f in
            let shown = places.shown[f]
            guard shown.hasSuffix(".swift") else { return nil }
            if let folder = ProjectIndex.owningFolder(of: shown, among: folders) {
                let inner = shown.dropFirst(folder.isEmpty ? 0 : folder.count + 1).split(separator: "/")
                if inner.count > 2, inner[0] == "Sources" || inner[0] == "Tests" { return String(inner[1]) }
                if folderNames[folder] == nil {
                    folderNames[folder] = index.moduleName(ofFolder: folder, manifests) ?? Self.topLevel
                }
                return folderNames[folder]
            }
            let relative = places.relativeToRoot[f]
            let parts = relative.split(separator: "/")
            return parts.count > 1 && !relative.hasPrefix("/") ? String(parts[0]) : Self.topLevel
        }
    }

    func module(of file: Int) -> String { names[file] ?? Self.topLevel }

    func module(ofModel name: String, _ index: ProjectIndex) -> String {
        let model = index.models[name]
        guard let ref = model?.declarations.first ?? model?.conformances.first?.ref else { return Self.topLevel }
        return module(of: ref.file)
    }
}

/// Places located (each file's line table built once), and what a person can do at a blocker's
/// place: the message of the finding `check` prints there.
struct PlanLocator {
    let index: ProjectIndex
    let places: PlacePaths
    private var tables: [Int: LineTable] = [:]
    private var findings: [Int: [String: [Finding]]] = [:]

    init(index: ProjectIndex, places: PlacePaths) {
        self.index = index
        self.places = places
    }

    func start(of ref: TypeRef) -> Int { index.files[ref.file].decls.types[ref.type].start }

    mutating func place(file: Int, offset: Int) -> MigrationPlan.Place {
        if tables[file] == nil { tables[file] = index.files[file].lineTable }
        let (line, column) = tables[file]!.location(of: offset)
        return MigrationPlan.Place(path: places.shown[file], projectPath: places.project[file], line: line, column: column)
    }

    mutating func describe(_ key: Blocker.Key) -> (MigrationPlan.Place?, String) {
        guard let site = key.site else { return (nil, key.reason.message) }
        let place = place(file: site.file, offset: site.offset)
        guard let code = key.reason.rule, let rule = RuleRegistry.all.first(where: { $0.metadata.code == code }) else {
            return (place, key.reason.message)
        }
        if findings[site.file]?[code] == nil {
            let found = index.mayReport(site.file) ? rule.check(RuleContext(index: index, fileIndex: site.file)) : []
            findings[site.file, default: [:]][code] = found
        }
        let found = findings[site.file]![code]!
        let table = tables[site.file]!
        let at = found.first { $0.range.contains(site.offset) || $0.range.lowerBound == site.offset }
            ?? found.first { table.location(of: $0.range.lowerBound).line == place.line }
        return (place, at?.message ?? "\(rule.metadata.summary) (see `obs-migrate explain \(code)`)")
    }
}
