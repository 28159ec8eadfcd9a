import ObsMigrateSupport

/// What `obs-migrate plan` shows: how far each module has come (models already `@Observable`,
/// models `fix` migrates now, models that stay), and the blockers ranked by what resolving each
/// would let migrate. A value computed from a settled `ProjectIndex`; the reporters render it.
public struct MigrationPlan: Sendable {
    public enum State: String, Sendable { case migrated, fixable, blocked }

    /// A place in the project: as the text output shows it (relative to the working directory)
    /// and relative to the project root (for the JSON and the HTML page).
    public struct Place: Sendable, Hashable {
        public var path: String
        public var projectPath: String
        public var line: Int
        public var column: Int

        public init(path: String, projectPath: String, line: Int, column: Int) {
            self.path = path
            self.projectPath = projectPath
            self.line = line
            self.column = column
        }
    }

    public struct Model: Sendable {
        public var name: String
        public var module: String
        public var state: State
        public var place: Place?
        /// The places `fix` rewrites with it (see `PlanSites`); 0 for a migrated one.
        public var sites: Int
        /// Indices into `blockers` of what keeps it, its hierarchy's, family's and forwarding
        /// partners' included (blocked models only).
        public var blockers: [Int]
    }

    public struct Module: Sendable, Equatable {
        public var name: String
        public var migrated: Int
        public var fixable: Int
        public var blocked: Int
        public var total: Int { migrated + fixable + blocked }
    }

    /// How a blocker's weight was found: the engine decided again with it resolved, or (past
    /// the limit of decisions taken again) it was read from the recorded links.
    public enum Counterfactual: String, Sendable { case redecided = "re-decided", linked }

    public struct Item: Sendable {
        public var key: Blocker.Key
        /// What follows "M keeps ObservableObject: ".
        public var reason: String
        /// The rule whose finding marks the place (nil: no site of its own).
        public var code: String?
        public var place: Place?
        /// What a person can do: the message `check` prints at the place, else the rule's summary.
        public var action: String
        /// Models this blocker is among the reasons of (directly or through a link), sorted.
        public var holds: [String]
        /// Models that would migrate if this blocker alone were resolved, sorted.
        public var unblocks: [String]
        /// The places `fix` would rewrite with them.
        public var unblockedSites: Int
        /// The modules of `holds`, sorted.
        public var modules: [String]
        public var counterfactual: Counterfactual
    }

    public var modules: [Module]
    public var models: [Model]
    /// Ranked: most models unblocked first, then most sites, then most models held, then by place.
    public var blockers: [Item]

    public var migrated: Int { modules.reduce(0) { $0 + $1.migrated } }
    public var fixable: Int { modules.reduce(0) { $0 + $1.fixable } }
    public var blocked: Int { modules.reduce(0) { $0 + $1.blocked } }
}

extension MigrationPlan {
    /// Computes the plan for the models declared in `reported` files (all when nil).
    /// `redecide`: the models that migrate when the engine decides again with one blocker
    /// resolved (`Engine.settle` with `MigrationPolicy.waivedBlockers`); called for the blockers
    /// whose links say they could free a model, best first, at most `redecideLimit` times.
    /// Without it, or past the limit, the weight is the links' (an upper bound: deciding again
    /// may find a reason the resolved one hid, such as a suppressed fix of the freed model).
    public static func compute(index: ProjectIndex, places: PlacePaths, reported: Set<Int>? = nil,
                               redecideLimit: Int = 25, redecide: ((Blocker.Key) -> Set<String>)? = nil) -> MigrationPlan {
        let modules = PlanModules(index: index, places: places)
        var locator = PlanLocator(index: index, places: places)
        func considered(_ ref: TypeRef?) -> Bool { ref.map { reported?.contains($0.file) ?? true } ?? false }

        // The models, and the @Observable classes already migrated.
        let legacy = index.models.keys.sorted().filter { considered(index.models[$0]!.declarations.first ?? index.models[$0]!.conformances.first?.ref) }
        let observable = index.observableTypes.subtracting(index.models.keys).sorted().filter { considered(index.declared[$0]?.first) }
        let sites = PlanSites(index: index)
        let links = PlanLinks(index: index)

        // Each blocker a person acts on, with the models it holds and those it frees alone.
        var keys: [Blocker.Key] = []
        var holds: [Blocker.Key: Set<String>] = [:]
        var frees: [Blocker.Key: Set<String>] = [:]
        let legacySet = Set(legacy)
        for group in links.groups(of: legacy.filter { !index.models[$0]!.migrates }) {
            var own: [Blocker.Key] = []
            var complete = true  // no member's list was cut at the cap
            for name in group {
                let blockers = index.models[name]!.blockers
                if blockers.count >= ProjectIndex.maxBlockersPerModel { complete = false }
                for b in blockers where !PlanLinks.isLink(b.reason) && !own.contains(b.key) { own.append(b.key) }
            }
            let members = Set(group).intersection(legacySet)
            for key in own {
                if holds[key] == nil { keys.append(key) }
                holds[key, default: []].formUnion(members)
            }
            if complete, own.count == 1 { frees[own[0], default: []].formUnion(members) }
        }

        // Decided again, best estimates first; the rest keep the links' weight.
        var method: [Blocker.Key: Counterfactual] = [:]
        if let redecide {
            let migratingNow = Set(legacy.filter { index.models[$0]!.migrates })
            let candidates = keys.filter { !(frees[$0]?.isEmpty ?? true) }
                .sorted { (frees[$0]!.count, sites.count(frees[$0]!)) > (frees[$1]!.count, sites.count(frees[$1]!)) }
            for key in candidates.prefix(max(0, redecideLimit)) {
                frees[key] = redecide(key).intersection(legacySet).subtracting(migratingNow)
                method[key] = .redecided
            }
        }

        var items: [Item] = keys.map { key in
            let held = holds[key] ?? [], freed = frees[key] ?? []
            let (place, action) = locator.describe(key)
            return Item(key: key, reason: key.reason.message, code: key.reason.rule, place: place, action: action,
                        holds: held.sorted(), unblocks: freed.sorted(), unblockedSites: sites.count(freed),
                        modules: Set(held.map { modules.module(ofModel: $0, index) }).sorted(),
                        counterfactual: method[key] ?? .linked)
        }
        items.sort { a, b in
            if a.unblocks.count != b.unblocks.count { return a.unblocks.count > b.unblocks.count }
            if a.unblockedSites != b.unblockedSites { return a.unblockedSites > b.unblockedSites }
            if a.holds.count != b.holds.count { return a.holds.count > b.holds.count }
            let pa = a.place.map { ($0.projectPath, $0.line, $0.column) } ?? ("\u{10FFFF}", 0, 0)
            let pb = b.place.map { ($0.projectPath, $0.line, $0.column) } ?? ("\u{10FFFF}", 0, 0)
            if pa != pb { return pa < pb }
            return a.reason < b.reason
        }
        let rank = Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].key, $0) })

        var models: [Model] = []
        for name in legacy {
            let model = index.models[name]!
            let ref = model.declarations.first ?? model.conformances.first?.ref
            let blockers = model.migrates ? [] : links.group(of: name).flatMap { index.models[$0]?.blockers ?? [] }
                .compactMap { rank[$0.key] }
            models.append(Model(name: name, module: modules.module(ofModel: name, index), state: model.migrates ? .fixable : .blocked,
                                place: ref.map { locator.place(file: $0.file, offset: locator.start(of: $0)) },
                                sites: sites.count([name]), blockers: Array(Set(blockers)).sorted()))
        }
        for name in observable {
            let ref = index.declared[name]!.first
            models.append(Model(name: name, module: modules.module(of: ref.file), state: .migrated,
                                place: locator.place(file: ref.file, offset: locator.start(of: ref)), sites: 0, blockers: []))
        }
        var byModule: [String: Module] = [:]
        for m in models {
            var module = byModule[m.module] ?? Module(name: m.module, migrated: 0, fixable: 0, blocked: 0)
            switch m.state {
            case .migrated: module.migrated += 1
            case .fixable: module.fixable += 1
            case .blocked: module.blocked += 1
            }
            byModule[m.module] = module
        }
        return MigrationPlan(modules: byModule.values.sorted { $0.name < $1.name },
                             models: models.sorted { ($0.module, $0.name) < ($1.module, $1.name) }, blockers: items)
    }
}

/// Each file's path as shown and relative to the project root, parallel to the index's files.
public struct PlacePaths: Sendable {
    public var shown: [String]
    public var project: [String]
    public init(shown: [String], project: [String]) {
        self.shown = shown
        self.project = project
    }
}
