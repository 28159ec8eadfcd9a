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
        /// The blockers resolved together: one, or every low deployment target.
        public var keys: [Blocker.Key]
        /// What follows "M keeps ObservableObject: ".
        public var reason: String
        /// The rule whose finding marks the place (nil: no site of its own).
        public var code: String?
        public var place: Place?
        /// The places of the other keys.
        public var morePlaces: [Place]
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
        /// How `unblocks` was found.
        public var counterfactual: Counterfactual
        /// The models this step frees once the items ranked above it are resolved too, sorted,
        /// with the sites `fix` then rewrites; how many models `fix` migrates after this step.
        public var freesWithAbove: [String]
        public var sitesWithAbove: Int
        public var fixableAfter: Int
        public var stepCounterfactual: Counterfactual
    }

    public var modules: [Module]
    public var models: [Model]
    /// In the order to resolve them (see `PlanOrder`).
    public var blockers: [Item]

    public var migrated: Int { modules.reduce(0) { $0 + $1.migrated } }
    public var fixable: Int { modules.reduce(0) { $0 + $1.fixable } }
    public var blocked: Int { modules.reduce(0) { $0 + $1.blocked } }
}

extension MigrationPlan {
    /// Computes the plan for the models declared in `reported` files (all when nil).
    /// `redecide`: the models that migrate when the engine decides again with some blockers
    /// resolved (`Engine.settle` with `MigrationPolicy.waivedBlockers`); called, at most
    /// `redecideLimit` times each, for the blockers whose links say they free a model alone
    /// (best first) and for the steps that free models with the ones before them. Without it,
    /// or past the limit, the weight is the links' (an upper bound: deciding again may find a
    /// reason the resolved one hid, such as a suppressed fix of the freed model).
    public static func compute(index: ProjectIndex, places: PlacePaths, reported: Set<Int>? = nil,
                               redecideLimit: Int = 25, redecide: ((Set<Blocker.Key>) -> Set<String>)? = nil) -> MigrationPlan {
        let modules = PlanModules(index: index, places: places)
        var locator = PlanLocator(index: index, places: places)
        func considered(_ ref: TypeRef?) -> Bool { ref.map { reported?.contains($0.file) ?? true } ?? false }

        // The models, and the @Observable classes already migrated.
        let legacy = index.models.keys.sorted().filter { considered(index.models[$0]!.declarations.first ?? index.models[$0]!.conformances.first?.ref) }
        let observable = index.observableTypes.subtracting(index.models.keys).sorted().filter { considered(index.declared[$0]?.first) }
        let sites = PlanSites(index: index)
        let links = PlanLinks(index: index)

        // The groups of blocked models that migrate as one, each with the blockers that hold it.
        // A blocker is an item; the low deployment targets are one item (`fix
        // --bump-deployment-target` raises them all).
        let legacySet = Set(legacy)
        var itemKeys: [[Blocker.Key]] = []
        var itemOf: [Blocker.Key: Int] = [:]
        var deploymentItem: Int? = nil
        func item(_ key: Blocker.Key) -> Int {
            if let i = itemOf[key] { return i }
            let isDeployment: Bool = if case .deploymentTarget = key.reason { true } else { false }
            let i: Int
            if isDeployment, let d = deploymentItem {
                i = d
                itemKeys[d].append(key)
            } else {
                i = itemKeys.count
                itemKeys.append([key])
                if isDeployment { deploymentItem = i }
            }
            itemOf[key] = i
            return i
        }
        var groups: [PlanOrder.Group] = []
        var groupMembers: [[String]] = []
        for group in links.groups(of: legacy.filter { !index.models[$0]!.migrates }) {
            let members = group.filter(legacySet.contains)
            guard !members.isEmpty else { continue }  // none among the PATHs
            var items = Set<Int>()
            var complete = true  // no member's list was cut at the cap
            // Every linked model's reasons count, those outside the PATHs too (a base class's).
            for name in links.group(of: group[0]) {
                let blockers = index.models[name]!.blockers
                if blockers.count >= ProjectIndex.maxBlockersPerModel { complete = false }
                for b in blockers where !PlanLinks.isLink(b.reason) { items.insert(item(b.key)) }
            }
            groups.append(PlanOrder.Group(models: members.count, sites: sites.count(members), items: items, complete: complete && !items.isEmpty))
            groupMembers.append(members)
        }
        // Items numbered by place, so that ties go to the first place in the project.
        var placed = itemKeys.indices.map { i in (i, locator.describe(itemKeys[i][0])) }
        placed.sort { a, b in
            let pa = a.1.0.map { ($0.projectPath, $0.line, $0.column) } ?? ("\u{10FFFF}", 0, 0)
            let pb = b.1.0.map { ($0.projectPath, $0.line, $0.column) } ?? ("\u{10FFFF}", 0, 0)
            return pa != pb ? pa < pb : a.0 < b.0
        }
        let renumber = Dictionary(uniqueKeysWithValues: placed.enumerated().map { ($1.0, $0) })
        itemKeys = placed.map { itemKeys[$0.0] }
        for g in groups.indices { groups[g].items = Set(groups[g].items.map { renumber[$0]! }) }

        var holds = Array(repeating: Set<String>(), count: itemKeys.count)
        var alone = Array(repeating: Set<String>(), count: itemKeys.count)
        for (g, group) in groups.enumerated() {
            for i in group.items { holds[i].formUnion(groupMembers[g]) }
            if group.complete, group.items.count == 1 { alone[group.items.first!].formUnion(groupMembers[g]) }
        }
        let steps = PlanOrder.steps(groups, itemCount: itemKeys.count)

        // Decided again: each of the best candidates alone, and the steps that free models with
        // the ones before them. The rest keep the links' weight.
        let migratingNow = Set(legacy.filter { index.models[$0]!.migrates })
        var aloneMethod = Array(repeating: Counterfactual.linked, count: itemKeys.count)
        var afterStep: [Set<String>] = []
        var freedSoFar = Set<String>()
        for step in steps {
            for g in step.freed { freedSoFar.formUnion(groupMembers[g]) }
            afterStep.append(freedSoFar)
        }
        var stepMethod = Array(repeating: Counterfactual.linked, count: steps.count)
        if let redecide {
            func freedWithout(_ keys: [Blocker.Key]) -> Set<String> {
                redecide(Set(keys)).intersection(legacySet).subtracting(migratingNow)
            }
            let candidates = alone.indices.filter { !alone[$0].isEmpty }
                .sorted { (alone[$0].count, sites.count(alone[$0]), $1) > (alone[$1].count, sites.count(alone[$1]), $0) }
            for i in candidates.prefix(max(0, redecideLimit)) {
                alone[i] = freedWithout(itemKeys[i])
                aloneMethod[i] = .redecided
            }
            var resolved: [Blocker.Key] = []
            var budget = max(0, redecideLimit)
            for (k, step) in steps.enumerated() {
                resolved += itemKeys[step.item]
                guard budget > 0, !step.freed.isEmpty else { continue }
                budget -= 1
                afterStep[k] = freedWithout(resolved)
                stepMethod[k] = .redecided
            }
        }

        var items: [Item] = []
        for (k, step) in steps.enumerated() {
            let i = step.item, keys = itemKeys[i]
            let (place, action) = placed[i].1
            let more = keys.count - 1
            let freed = afterStep[k].subtracting(k > 0 ? afterStep[k - 1] : [])
            var places: [Place] = []
            for key in keys.dropFirst() { if let site = key.site { places.append(locator.place(file: site.file, offset: site.offset)) } }
            items.append(Item(keys: keys, reason: keys[0].reason.message + (more > 0 ? " (and \(more) more such setting\(more == 1 ? "" : "s"))" : ""),
                              code: keys[0].reason.rule, place: place, morePlaces: places, action: action,
                              holds: holds[i].sorted(), unblocks: alone[i].sorted(), unblockedSites: sites.count(alone[i]),
                              modules: Set(holds[i].map { modules.module(ofModel: $0, index) }).sorted(), counterfactual: aloneMethod[i],
                              freesWithAbove: freed.sorted(), sitesWithAbove: sites.count(freed),
                              fixableAfter: migratingNow.count + afterStep[k].count, stepCounterfactual: stepMethod[k]))
        }
        var rank: [Blocker.Key: Int] = [:]
        for (k, item) in items.enumerated() { for key in item.keys { rank[key] = k } }

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

/// Each file's path as shown (text) and as the JSON and HTML name it (relative to the project
/// root, or absolute), parallel to the index's files; and relative to the root, for modules.
public struct PlacePaths: Sendable {
    public var shown: [String]
    public var project: [String]
    public var relativeToRoot: [String]
    public init(shown: [String], project: [String], relativeToRoot: [String]? = nil) {
        self.shown = shown
        self.project = project
        self.relativeToRoot = relativeToRoot ?? project
    }
}
