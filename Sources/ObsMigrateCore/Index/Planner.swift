import ObsMigrateSupport

/// Deciding which models migrate: each phase below records what keeps a model an
/// ObservableObject in a `BlockerLedger`; `decide` runs them in order, settles the ledger into
/// each model's blockers and spreads them over hierarchies and protocol families.

/// The blockers found while deciding: per model (up to `ProjectIndex.maxBlockersPerModel`
/// each), and those that may apply to any model, kept once and handed out when settled.
struct BlockerLedger {
    private(set) var perModel: [String: [Blocker]] = [:]
    private(set) var global: [(blocker: Blocker, only: Set<String>?)] = []
    let models: Set<String>
    /// Decided as if resolved (`plan`'s counterfactuals): never recorded.
    let waived: Set<Blocker.Key>

    init(models: Set<String>, waived: Set<Blocker.Key> = []) {
        self.models = models
        self.waived = waived
    }

    mutating func block(_ name: String, _ reason: BlockReason, _ site: Site?) {
        guard models.contains(name) else { return }
        if !waived.isEmpty, waived.contains(Blocker.Key(reason: reason, site: site)) { return }
        // Enough to explain; a project with thousands of identical blockers stays cheap.
        if perModel[name, default: []].count < ProjectIndex.maxBlockersPerModel {
            perModel[name, default: []].append(Blocker(reason, site: site))
        }
    }

    mutating func blockAll(_ reason: BlockReason, _ site: Site?, only: Set<String>? = nil) {
        if !waived.isEmpty, waived.contains(Blocker.Key(reason: reason, site: site)) { return }
        global.append((Blocker(reason, site: site), only))
    }

    mutating func record(_ event: ProjectIndex.Sweep.Event) {
        switch event {
        case let .one(name, blocker): block(name, blocker.reason, blocker.site)
        case let .all(blocker, only): blockAll(blocker.reason, blocker.site, only: only)
        }
    }

    /// Each blocked model's list: its own blockers, then the global ones that reach it, in the
    /// order they were found, up to the cap. The globals for every model and, by model, those
    /// for some are listed once and merged per model: no model goes over every global.
    func settled() -> [String: [Blocker]] {
        var result = perModel
        guard !global.isEmpty else { return result }
        let cap = ProjectIndex.maxBlockersPerModel
        let forAll = global.indices.filter { global[$0].only == nil }
        var forSome: [String: [Int]] = [:]
        for k in global.indices {
            guard let only = global[k].only else { continue }
            for name in only where models.contains(name) { forSome[name, default: []].append(k) }
        }
        for name in models {
            var list = result[name] ?? []
            let some = forSome[name] ?? []
            var a = 0, b = 0
            while list.count < cap, a < forAll.count || b < some.count {
                if b == some.count || (a < forAll.count && forAll[a] < some[b]) {
                    list.append(global[forAll[a]].blocker)
                    a += 1
                } else {
                    list.append(global[some[b]].blocker)
                    b += 1
                }
            }
            if !list.isEmpty { result[name] = list }
        }
        return result
    }
}

extension ProjectIndex {
    static let maxBlockersPerModel = 64

    /// What the sweep of every file found: the sites rules need, kept in the index after deciding.
    struct SweptUses {
        var memberUses: [MemberUse] = []
        var envCalls: [EnvironmentObjectCall] = []
        var inits: [WrapperInit] = []
        var constraints: [ConstraintUse] = []
        var unread: [UnreadConformance] = []
        var focusedCalls: [FocusedObjectSite] = []
    }

    mutating func decide() {
        var ledger = BlockerLedger(models: Set(models.keys), waived: waivedBlockers)
        collectChangeForwardings()
        pokedProperties = Timings.measure("decide: poked properties") { collectPokedProperties() }
        Timings.measure("decide: self-assignments") {
            selfAssignments = collectSelfAssignments()
            for (name, list) in selfAssignments.sorted(by: { $0.key < $1.key }) {
                for f in Set(list.map(\.file)).sorted() { selfAssignmentModelsByFile[f, default: []].append(name) }
            }
        }
        (untrackedChangeCounters, untrackedChangeRefusals) = Timings.measure("decide: untracked change counters") { collectUntrackedChangeCounters() }
        for (name, counter) in untrackedChangeCounters.sorted(by: { $0.key < $1.key }) {
            for f in Set(counter.readers.map(\.body.file)) where f != counter.file { counterReadersByFile[f, default: []].append(name) }
        }
        untrackedChangeSendSites = Set(untrackedChangeCounters.values.flatMap { counter in
            counter.sends.flatMap { f, tokens in tokens.map { Site(file: f, offset: files[f].source.start($0)) } }
        })
        recordIntrinsicBlockers(&ledger)
        var uses = sweepEveryFile(&ledger)
        // Each phase timed (OBS_MIGRATE_TIMINGS): the benchmark reports them one by one.
        Timings.measure("decide: associated types") { associatedTypeWitnessEvents(uses.constraints).forEach { ledger.record($0) } }
        Timings.measure("decide: untyped injections") { recordUntypedInjections(uses.envCalls, &ledger) }
        Timings.measure("decide: protocol families") { recordProtocolFamilies(&ledger) }
        Timings.measure("decide: typealias constraints") { recordTypealiasConstraints(&ledger) }
        Timings.measure("decide: associated type constraints") { recordAssociatedTypeConstraints(&ledger) }
        Timings.measure("decide: wrapper sites") {
            recordWrapperSites(&ledger)
            recordMacroBodyWrapperSites(&ledger)
        }
        Timings.measure("decide: wrapper inits") { recordWrapperInits(&uses.inits, &ledger) }
        markObjectsCreatedInInitializers(uses.inits)
        recordSharedMembersAndConstrainedCalls(uses.constraints, &ledger)
        Timings.measure("decide: ObservableObject-only properties") { recordObservableObjectOnlyProperties(&ledger) }
        Timings.measure("decide: library wrappers") {
            libraryWrapperSites = collectLibraryWrapperSites()
            libraryWrapperSitesByFile = Dictionary(grouping: libraryWrapperSites.indices, by: { libraryWrapperSites[$0].file })
            recordLibraryWrapperSites(&ledger)
        }
        Timings.measure("decide: focused values") {
            focusedObjectSites = collectFocusedObjectProperties() + uses.focusedCalls
            focusedObjectSitesByFile = Dictionary(grouping: focusedObjectSites.indices, by: { focusedObjectSites[$0].file })
            focusedValueEntries = decideFocusedValueEntries(focusedObjectSites, &ledger)
        }
        // The deployment targets hold the models whose migration edits their files: the
        // injection and initialisation sites count.
        self.wrapperInits = uses.inits
        self.environmentObjectCalls = uses.envCalls
        self.memberUses = uses.memberUses
        Timings.measure("decide: deployment targets") { recordDeploymentTargets(&ledger) }
        Timings.measure("decide: settle, spread and explain") {
            for (name, list) in ledger.settled() { models[name]?.blockers = list }
            propagateAndSortBlockers()
            keep(uses)
        }
    }

    /// What each model's own declarations do (each model in parallel).
    func recordIntrinsicBlockers(_ ledger: inout BlockerLedger) {
        let names = models.keys.sorted()
        let intrinsic = Timings.measure("decide: intrinsic") { parallelMap(Array(names.indices)) { [self] k in intrinsicBlockers(of: names[k]) } }
        for (k, name) in names.enumerated() {
            for blocker in intrinsic[k] { ledger.block(name, blocker.reason, blocker.site) }
        }
    }

    /// Project-wide uses: receivers outside the model, environment injection, wrapper inits.
    /// Each file (a large one in pieces) is swept in parallel; the events are merged in file
    /// order, so results are the same on any number of cores.
    func sweepEveryFile(_ ledger: inout BlockerLedger) -> SweptUses {
        // `$x` of an `@AppStorage` tracked by hand is read like a published one's (its binding).
        let publishedOwners = Dictionary(grouping: models.values.flatMap { m in
            m.published.union(storageAccessors[m.name].map { Set($0.keys) } ?? []).map { ($0, m.name) }
        }, by: { $0.0 })
            .mapValues { Set($0.map { $0.1 }) }
        // Wrapper sites are read by index, field by field, here and below: iterating them would
        // copy each site whole (its property declaration's strings and arrays included).
        let placedAttributes = Set(wrapperSites.indices.map { Site(file: wrapperSites[$0].file, offset: wrapperSites[$0].attribute.range.lowerBound) })
        let snapshot = self, pieces = FilePiece.split(files)
        let sweeps = Timings.measure("decide: sweep") { parallelMap(Array(pieces.indices)) { k in
            snapshot.sweep(file: pieces[k].file, tokens: pieces[k].tokens, publishedOwners: publishedOwners, placedAttributes: placedAttributes)
        } }
        var uses = SweptUses()
        for sweep in sweeps {
            uses.unread += sweep.unreadConformances
            sweep.events.forEach { ledger.record($0) }
            uses.memberUses += sweep.memberUses
            uses.envCalls += sweep.envCalls
            uses.inits += sweep.inits
            uses.constraints += sweep.constraints
            uses.focusedCalls += sweep.focusedCalls
        }
        return uses
    }

    /// `.environmentObject(x)` whose x cannot be typed: any environment-injected model may be
    /// it, or only those the names in x can lead to, when they bound it.
    func recordUntypedInjections(_ envCalls: [EnvironmentObjectCall], _ ledger: inout BlockerLedger) {
        let environmentModels = Set(wrapperSites.indices.compactMap { wrapperSites[$0].wrapper == .EnvironmentObject ? wrapperSites[$0].type : nil })
        for call in envCalls where call.type == nil {
            let site = Site(file: call.file, offset: files[call.file].source.start(call.nameToken))
            let argument = call.close > call.open + 1 ? (call.open + 1)..<call.close : nil
            holdsOfUntypedValue(argument, in: call.file, .environmentInjectionUntyped, site, only: environmentModels).forEach { ledger.record($0) }
        }
    }

    /// Protocol families: what their protocols do, and the generic views they constrain.
    mutating func recordProtocolFamilies(_ ledger: inout BlockerLedger) {
        for family in protocolFamilies {
            guard let representative = family.representative else { continue }
            for blocker in familyBlockers(family) { ledger.block(representative, blocker.reason, blocker.site) }
        }
        for i in wrapperSites.indices where wrapperSites[i].type == nil {
            guard let k = protocolFamily(ofGenericSite: wrapperSites[i]) else { continue }
            wrapperSites[i].protocolFamily = k
            wrapperSites[i].familyModel = protocolFamilies[k].representative
            if wrapperSites[i].wrapper == .EnvironmentObject || (wrapperSites[i].wrapper == .ObservedObject && !wrapperSites[i].projectedUses.isEmpty) {
                protocolFamilies[k].needsObservable = true
            }
        }
    }

    /// Wrapper properties: a type that cannot be told, and `$m` outside `body` of an
    /// `@EnvironmentObject` (each member that uses it gets a local @Bindable where Swift allows one).
    mutating func recordWrapperSites(_ ledger: inout BlockerLedger) {
        var storageUses: [Int: [String: [Int]]] = [:]  // by file: `_name` read there, by name
        var underscored: [Int: Set<String>] = [:]  // by file: the words `_name` in its bytes
        for i in wrapperSites.indices {
            let where_ = Site(file: wrapperSites[i].file, offset: wrapperSites[i].property.start)
            // `_cart.wrappedValue`: the wrapper's own storage, which a property that loses its
            // wrapper loses too (a @StateObject's becomes a @State's, which has the same
            // `wrappedValue` and `update()`; `_cart = ...` assignments are initialisations).
            if let t = wrapperSites[i].decisionModel, wrapperSites[i].wrapper != .StateObject,
               let owner = wrapperSites[i].owner, let name = wrapperSites[i].property.name {
                let f = wrapperSites[i].file
                if underscored[f] == nil { underscored[f] = Self.underscoredWords(files[f].bytes) }
                if underscored[f]!.contains("_" + name) {
                    let decl = type(owner)
                    let body = files[f].source.span(decl.bodyOpen, through: decl.bodyClose)
                    if storageUses[f] == nil { storageUses[f] = storageReads(in: f) }
                    if let offset = storageUses[f]!["_" + name]?.first(where: body.contains) {
                        ledger.block(t, .wrapperStorageUsed(storage: "_" + name), Site(file: f, offset: offset))
                    }
                }
            }
            guard let t = wrapperSites[i].decisionModel else {
                let site = wrapperSites[i]  // rare: a site whose type is not a model's
                // `Host<Model: ObservableObject>`'s `@StateObject var model: Model`: whatever the
                // project's own `Model` is, the types bound to the parameter are held where they
                // are passed (OBS204).
                if let written = site.writtenType, let owner = site.owner,
                   symbols.genericParameters[type(owner).qualifiedName]?.contains(Self.stripType(written)) ?? false { continue }
                if let written = site.writtenType, let candidates = bySimpleName[TypeName.base(Self.stripType(written))] {
                    // Declared more than once (`A.VM`, `B.VM`): any of them may be the one meant.
                    for c in candidates { ledger.block(c, .ambiguousWrapperType(written: written, property: site.property.name, wrapper: site.wrapper), where_) }
                } else if site.writtenType == nil {
                    let reason = BlockReason.untypedWrapperProperty(property: site.property.name, wrapper: site.wrapper)
                    // Only the models the expression's names can lead to may be behind it.
                    holdsOfUntypedValue(site.property.initializer, in: site.file, reason, where_).forEach { ledger.record($0) }
                }
                continue
            }
            if wrapperSites[i].wrapper == .EnvironmentObject {
                // `self.$m` names the property, which becomes `@Environment` and has no projection:
                // OBS108 drops `self.` so that the local `@Bindable var m = m` serves it, in the
                // site's own file (elsewhere no local can be placed, as for a bare `$m`).
                let name = wrapperSites[i].property.name ?? ""
                for use in wrapperSites[i].selfQualifiedProjections where use.file != wrapperSites[i].file {
                    ledger.block(t, .projectionOutsideBody(property: name, place: "a self.$\(name) expression"), use)
                }
            }
            if wrapperSites[i].wrapper == .EnvironmentObject, let owner = wrapperSites[i].owner, !wrapperSites[i].projectedUsesOutsideBody.isEmpty {
                var locals: [BindableLocal] = []
                for use in wrapperSites[i].projectedUsesOutsideBody {
                    switch bindableLocal(for: use, named: wrapperSites[i].property.name ?? "", in: owner, siteFile: wrapperSites[i].file) {
                    case .success(let local): if !locals.contains(local) { locals.append(local) }
                    case .failure(let why): ledger.block(t, .projectionOutsideBody(property: wrapperSites[i].property.name ?? "", place: why.place), use)
                    }
                }
                wrapperSites[i].bindableLocals = locals
            }
        }
    }

    /// `StateObject(wrappedValue:)` and the like: one that no wrapper site of a known type
    /// receives holds its model, or the models its argument's names can lead to.
    func recordWrapperInits(_ inits: inout [WrapperInit], _ ledger: inout BlockerLedger) {
        for k in inits.indices { if let i = inits[k].siteIndex { inits[k].familyModel = wrapperSites[i].familyModel } }
        for use in inits where use.siteIndex == nil || use.target == nil {
            let site = Site(file: use.file, offset: files[use.file].source.start(use.nameToken))
            if let t = use.type {
                ledger.block(t, .wrapperUsedByName(use.wrapper), site)
                continue
            }
            let reason = BlockReason.wrapperUsedByNameUntyped(use.wrapper)
            let source = files[use.file].source
            var open = use.nameToken + 1
            while open < source.sigCount, open - use.nameToken < 64, source.kind(open) != .leftParen, !source.startsLine[open] { open += 1 }
            let close = source.kind(open) == .leftParen ? Int(source.match[open]) : -1
            // `StateObject(wrappedValue: M(...))`: the argument's type is the one behind it.
            if close > open + 3, source.isIdentifier(open + 1, "wrappedValue") || source.isIdentifier(open + 1, "initialValue"),
               source.kind(open + 2) == .colon,
               let t = expressionType((open + 3)..<close, in: use.file, path: scopePath(open + 3, use.file)) {
                ledger.block(t, .wrapperUsedByName(use.wrapper), site)
                continue
            }
            holdsOfUntypedValue(close > open ? (open + 1)..<close : nil, in: use.file, reason, site).forEach { ledger.record($0) }
        }
    }

    /// `extension ObservableObject { func f() }` gives every model members a migration removes;
    /// a type passed to a declaration constrained to ObservableObject stays. Their uses and
    /// calls are looked for in every file (a large one in pieces), in one pass.
    func recordSharedMembersAndConstrainedCalls(_ constraints: [ConstraintUse], _ ledger: inout BlockerLedger) {
        var sharedMembers: [String: Site] = [:]
        // By index: copying every declaration of the project would retain all its fields.
        for f in files.indices {
            for t in files[f].decls.types.indices where files[f].decls.types[t].kind == .extension {
                let decl = files[f].decls.types[t]
                // `extension ObservableObject`, and `extension Reloadable where Self: ObservableObject`
                // or `extension Array where Element: ObservableObject`: members only ObservableObjects have.
                let constrained = decl.whereClause.map { Self.mentions(String(decoding: files[f].bytes[$0], as: UTF8.self), "ObservableObject") } ?? false
                guard decl.simpleName == "ObservableObject" || constrained else { continue }
                for p in decl.properties { if let n = p.name { sharedMembers[n] = Site(file: f, offset: decl.start) } }
                for fn in decl.functions { sharedMembers[fn.name] = Site(file: f, offset: decl.start) }
            }
        }
        // `var objects: [any ObservableObject]`, `-> some ObservableObject`: values flow in by
        // assignment or return, which are not followed; a parameter's are, at its calls.
        for use in constraints where !use.isExtension && use.associatedType == nil {
            let source = files[use.site.file].source
            let s = source.sigIndex(atOrAfter: use.site.offset)
            guard s > 0, source.isIdentifier(s - 1, "any") || source.isIdentifier(s - 1, "some"),
                  !Self.isInParameterClause(s, in: source) else { continue }
            ledger.blockAll(.heldAsExistential(written: source.text(s - 1) + " ObservableObject"), use.site)
        }
        let constrainedNames = Set(constraints.compactMap(\.declarationName))
        guard !sharedMembers.isEmpty || !constrainedNames.isEmpty else { return }
        let snapshot = self, members = sharedMembers
        let search = NameSearch(Array(members.keys) + Array(constrainedNames))
        let pieces = FilePiece.split(files)
        let found = Timings.measure("decide: shared members and constrained calls") { parallelMap(Array(pieces.indices)) { k in
            let piece = pieces[k], file = snapshot.files[piece.file]
            func look(_ source: SourceFile) -> ((name: String, site: Site)?, [Sweep.Event]) {
                (snapshot.sharedMemberUse(in: source, tokens: piece.tokens, members, search.names),
                 snapshot.constrainedCalls(in: source, tokens: piece.tokens, file: piece.file, constrainedNames, search.names))
            }
            if piece.tokens != nil { return look(file.source) }
            guard file.mayHoldIdentifier(anyOf: search.identifiers) else { return (nil, []) }
            return file.withTransientSource(ifBytes: search.mayBeUsed, look) ?? (nil, [])
        } }
        if let use = found.lazy.compactMap(\.0).first {
            ledger.blockAll(.sharedExtensionMember(member: use.name), use.site)
        }
        found.lazy.flatMap(\.1).forEach { ledger.record($0) }
    }

    /// A deployment target below Observation's holds the models its project's sources would
    /// need migrated (unless `fix` raises it).
    mutating func recordDeploymentTargets(_ ledger: inout BlockerLedger) {
        guard !lowDeploymentTargets.isEmpty else { return }
        let held = modelsHeldByFolder(touched: filesTouchedByMigration(), folders: projectFolders())
        for i in lowDeploymentTargets.indices {
            let target = lowDeploymentTargets[i]
            lowDeploymentTargets[i].heldModels = modelsHeldBy(target, in: held)
            guard !bumpsLowTargets else { continue }
            let reason = BlockReason.deploymentTarget(platform: target.platform, version: target.version, minimum: minimumTargets[target.platform]!)
            for name in lowDeploymentTargets[i].heldModels { ledger.block(name, reason, target.site) }
        }
    }

    /// The sites the rules read, with their per-file lists.
    mutating func keep(_ uses: SweptUses) {
        memberUses = uses.memberUses
        environmentObjectCalls = uses.envCalls
        wrapperInits = uses.inits
        constraintUses = uses.constraints
        for use in uses.unread { unreadConformancesByFile[use.site.file, default: []].append(use) }
        for i in wrapperSites.indices { wrapperSitesByFile[wrapperSites[i].file, default: []].append(i) }
        for (i, use) in uses.inits.enumerated() { wrapperInitsByFile[use.file, default: []].append(i) }
        for (i, call) in uses.envCalls.enumerated() { environmentCallsByFile[call.file, default: []].append(i) }
        for (i, use) in uses.constraints.enumerated() { constraintUsesByFile[use.site.file, default: []].append(i) }
        for (i, use) in uses.memberUses.enumerated() { memberUseAt[use.site] = i }
    }

    /// Whether token `s` is in the parameter list of a function, initializer, subscript or
    /// closure type (`func f(_ x: any P)`, `(any P) -> Void`): the innermost `(` around it.
    static func isInParameterClause(_ s: Int, in source: SourceFile) -> Bool {
        var k = s - 1
        var depth = 0
        while k >= 0 {
            switch source.kind(k) {
            case .rightParen, .rightBracket: depth += 1
            case .leftBracket: if depth > 0 { depth -= 1 }  // `[any P]`: the clause is further out
            case .leftParen:
                if depth == 0 {
                    let before = k - 1
                    if before >= 0, source.kind(before) == .identifier,
                       source.isIdentifier(before - 1, "func") || ["init", "subscript"].contains(source.text(before)) { return true }
                    if before >= 0, source.kind(before) == .operator, source.text(before).hasSuffix(">") { return true }  // f<T>(
                    // A closure type: `(any P) -> Void`.
                    let close = Int(source.match[k])
                    return close > k && close + 1 < source.sigCount && source.isText(close + 1, "->")
                }
                depth -= 1
            case .leftBrace, .rightBrace, .semicolon: return false
            default: break
            }
            k -= 1
        }
        return false
    }

    /// Every word `_name` in `bytes` (comments and strings too): a cheap first look, one pass.
    static func underscoredWords(_ bytes: [UInt8]) -> Set<String> {
        var words = Set<String>()
        var from = 0
        while let at = ByteSearch.firstOffset(of: [UInt8(ascii: "_")], in: bytes, range: from..<bytes.count) {
            var end = at + 1
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            let startsWord = at == 0 || !isIdentifierByte(bytes[at - 1])
            if startsWord, end > at + 1 { words.insert(String(decoding: bytes[at..<end], as: UTF8.self)) }
            from = end
        }
        return words
    }

    /// The identifiers `_name` of file `f` that read a storage rather than assign it (not
    /// followed by `=`, and not a member of something but `self`), as byte offsets by name;
    /// string interpolations included.
    func storageReads(in f: Int) -> [String: [Int]] {
        guard files[f].namesUnderscoredIdentifiers else { return [:] }
        let source = files[f].source
        var result: [String: [Int]] = [:]
        func collect(_ code: SourceFile, at base: Int) {
            for s in code.indices(of: .identifier) where code.bytes[code.start(s)] == UInt8(ascii: "_") && code.end(s) - code.start(s) > 1 {
                if code.kind(s - 1) == .period, !code.isIdentifier(s - 2, "self") { continue }
                if code.isText(s + 1, "=") { continue }
                result[code.text(s), default: []].append(base + code.start(s))
            }
        }
        collect(source, at: 0)
        for range in source.interpolations where source.bytes[range].contains(UInt8(ascii: "_")) {
            collect(SourceFile(path: source.path, bytes: Array(source.bytes[range])), at: range.lowerBound)
        }
        return result
    }
}
