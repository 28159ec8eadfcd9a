#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport

/// A declaration located in the project: file index and index into that file's `types`.
public struct TypeRef: Sendable, Hashable {
    public var file: Int
    public var type: Int
}

/// Why a legacy type keeps `ObservableObject`, and where.
public struct Blocker: Sendable {
    public var reason: BlockReason
    public var site: Site?
    /// Listed after the reasons a person acts on (see `BlockReason.isConsequence`).
    public var isConsequence: Bool { reason.isConsequence }
    public var message: String { reason.message }

    public init(_ reason: BlockReason, site: Site?) {
        self.reason = reason
        self.site = site
    }

    /// What tells one blocker from another: its reason and place (a model's list holds each once).
    public struct Key: Sendable, Hashable {
        public var reason: BlockReason
        public var site: Site?
        public init(reason: BlockReason, site: Site?) { self.reason = reason; self.site = site }
    }
    public var key: Key { Key(reason: reason, site: site) }
}

/// A `note:` under a finding, at its own place (a path, line and column) or at the finding's.
public struct FindingNote: Sendable, Equatable {
    public var message: String
    public var path: String?
    public var line: Int
    public var column: Int

    public init(message: String, path: String? = nil, line: Int = 0, column: Int = 0) {
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }
}

/// A class that conforms to `ObservableObject` (directly, through an extension, a protocol or
/// a superclass), with the project-wide decision about it.
public struct ModelType: Sendable {
    public var name: String
    public var simpleName: String
    public var declarations: [TypeRef]
    public var extensions: [TypeRef]
    /// Where `ObservableObject` is written in an inheritance clause: declaration or extension,
    /// and the entry's index there.
    public var conformances: [(ref: TypeRef, entry: Int)]
    /// The model this one inherits from, when that is a model too.
    public var superclass: String?
    /// A protocol that refines `ObservableObject` and gives this type its conformance.
    public var viaProtocol: String?
    public var published: Set<String>
    public var blockers: [Blocker]

    public var migrates: Bool { blockers.isEmpty }
}

/// A property declared with `@StateObject`, `@ObservedObject` or `@EnvironmentObject`.
public struct WrapperSite: Sendable {
    public enum Wrapper: String, Sendable, Hashable { case StateObject, ObservedObject, EnvironmentObject }
    public var wrapper: Wrapper
    public var file: Int
    /// The enclosing type (a view, usually); nil at top level.
    public var owner: TypeRef?
    public var property: PropertyDecl
    public var attribute: Attribute
    /// The type as written or inferred from the initializer, before resolution.
    public var writtenType: String?
    /// The resolved model or `@Observable` type's qualified name.
    public var type: String?
    /// `$name` is used in the owner (declaration or extensions).
    public var projectedUses: [Site]
    /// For `@EnvironmentObject`: the `$name` uses outside `body`, which no fix can serve.
    public var projectedUsesOutsideBody: [Site]
    /// `self.$name` uses (also counted in `projectedUses`): a local `@Bindable` cannot serve them.
    public var selfQualifiedProjections: [Site] = []
    /// For `@EnvironmentObject`: the view members outside `body` that use `$name`, each to get a
    /// local `@Bindable` (set by `decide`).
    public var bindableLocals: [BindableLocal] = []
    /// For a site typed with a generic parameter constrained by a protocol family: the family,
    /// and the conformer whose decision stands for it.
    public var protocolFamily: Int? = nil
    public var familyModel: String? = nil
    /// The model whose decision this site follows: its type's, or its protocol family's.
    public var decisionModel: String? { type ?? familyModel }
    /// The default value constructs the object (`= M()`, `= Feature.M()`, `= .init()`), as
    /// opposed to handing over one that lives elsewhere (`= M.shared`).
    public var createsOwnObject = false
    /// On a property of a type declared in a macro's body (MacroBodyTypes.swift): `{` and `}`
    /// of that type's body.
    var macroBodyType = CompactRange(nil as (open: Int, close: Int)?)
}

/// A wrapper site by what names it: its owner type's qualified name, property and wrapper.
struct WrapperSiteKey: Hashable {
    var owner: String
    var property: String
    var wrapper: WrapperSite.Wrapper
}

/// The whole project's facts, computed before any file is reported or rewritten.
public struct ProjectIndex: Sendable {
    public var files: [ProjectFile]
    /// Generic parameters and associated types named in each file, made on first use.
    let placeholderNames = PlaceholderNames()
    /// Every declared name and how a written name resolves: built once, read through below.
    public private(set) var symbols = SymbolTable()
    /// Legacy (ObservableObject) classes by qualified name.
    public var models: [String: ModelType] = [:]
    /// The names of `writtenFrameworkNames` the project declares too (see `frameworkName`).
    public var shadowedFrameworkNames: Set<String> = []
    /// Where the migration writes `@Observable`: as configured, else as the project's own
    /// `@Observable` classes have it.
    public var observablePlacement = ObservablePlacement.inline
    /// The work each model created as a wrapper's default value does in its initializer (OBS209),
    /// and each `@Observable` class created as a `@State` default value.
    var initializerWorkByModel: [String: InitializerWork] = [:]
    /// `@State` default values that construct an `@Observable` class whose initializer does work
    /// or that is `@MainActor`, by file (see `ObservableStateDefault`); and those `@MainActor` classes.
    public var observableStateDefaultsByFile: [Int: [ObservableStateDefault]] = [:]
    /// `_m = State(wrappedValue: ...)` of a `@State var m: M` of an `@Observable` class, by file.
    public var observableStateInitsByFile: [Int: [ObservableStateInit]] = [:]
    public var mainActorObservableTypes: Set<String> = []
    /// Classes that may be ObservableObjects through a superclass the project does not declare
    /// (Core Data's `NSManagedObject`), with that superclass: their wrappers stay.
    public var frameworkObservableSuperclass: [String: String] = [:]
    /// Property wrappers whose enclosing-instance subscript requires ObservableObject (`EnclosingInstanceWrappers.swift`).
    public var enclosingInstanceWrappers: [EnclosingInstanceWrapper] = []
    /// Properties held by another library's ObservableObject wrapper (`LibraryWrappers.swift`),
    /// and their indices by file.
    public var libraryWrapperSites: [LibraryWrapperSite] = []
    public var libraryWrapperSitesByFile: [Int: [Int]] = [:]
    /// `.focusedObject(m)`, `.focusedSceneObject(m)`, `@FocusedObject` of models, and the
    /// FocusedValues entry of each model whose sites all take their Observation form.
    public var focusedObjectSites: [FocusedObjectSite] = []
    public var focusedObjectSitesByFile: [Int: [Int]] = [:]
    public var focusedValueEntries: [String: FocusedValueEntry] = [:]
    /// Models that forward a child model's `objectWillChange` (see `ChangeForwarding`), and the
    /// sites of both `objectWillChange` tokens of each, which hold no model by themselves.
    public var changeForwardings: [ChangeForwarding] = []
    var forwardingTokenSites: Set<Site> = []
    /// Protocols refining `ObservableObject` (directly or through another), with the refinement
    /// site; and typealiases composing it (see `ObservableTypealias`), which are family members too.
    public var refiningProtocols: [String: Site] = [:]
    public var observableTypealiases: [String: ObservableTypealias] = [:]
    var observableTypealiasesBySimpleName: [String: [String]] = [:]
    /// Typealiases composing ObservableObject declared more than once: where the others are.
    var duplicatedTypealiases: [String: Set<Site>] = [:]
    /// Where those typealiases write `ObservableObject` (OBS203 reports it, not OBS204).
    var observableTypealiasSites: Set<Site> = []
    /// Those protocols grouped into families (see `ProtocolFamily`), and each protocol's and
    /// conforming model's family.
    public var protocolFamilies: [ProtocolFamily] = []
    public var familyOfProtocol: [String: Int] = [:]
    public var familyOfModel: [String: Int] = [:]
    /// The files where those refinements are written.
    var filesRefiningObservableObject: Set<Int> = []
    public var wrapperSites: [WrapperSite] = []
    public var memberUses: [MemberUse] = []
    public var environmentObjectCalls: [EnvironmentObjectCall] = []
    public var wrapperInits: [WrapperInit] = []
    public var constraintUses: [ConstraintUse] = []
    /// Indices into the lists above, by file, so a rule reads only its file's sites.
    public var wrapperSitesByFile: [Int: [Int]] = [:]
    public var wrapperInitsByFile: [Int: [Int]] = [:]
    public var environmentCallsByFile: [Int: [Int]] = [:]
    public var constraintUsesByFile: [Int: [Int]] = [:]
    public var unreadConformancesByFile: [Int: [UnreadConformance]] = [:]
    public var memberUseAt: [Site: Int] = [:]
    /// Models declared in, or given ObservableObject in, each file.
    public var modelsByFile: [Int: [String]] = [:]
    /// Wrapper site by owner type, property name and wrapper.
    var wrapperSiteByKey: [WrapperSiteKey: Int] = [:]
    /// Every model's `@Published` names, its ancestors' included; and all of them together.
    var publishedWithAncestors: [String: Set<String>] = [:]
    public var publishedNames: Set<String> = []
    /// Each model's `$x` pipelines that become `willSet` observers (`ObserverPipelines.swift`).
    public var observerMigrations: [String: ObserverMigration] = [:]
    /// Properties whose `$x` can be served by a Combine publisher of their own (see
    /// `PublisherBridge`), by model and name; those whose type cannot be told for it; and those
    /// whose publisher is read through one somewhere, or assigned into with `assign(to:)`.
    public var publisherBridges: [String: [String: PublisherBridge]] = [:]
    /// Parameters typed `Published<T>.Publisher` that become `some Publisher<T, Never>` (see
    /// `PublishedParameter`), by file, and the `Published` tokens that start them.
    public var publishedParameters: [Int: [PublishedParameter]] = [:]
    var publishedParameterSites: Set<Site> = []
    var untypedBridgeProperties: Set<PropertyKey> = []
    public var bridgedProperties: Set<PropertyKey> = []
    public var assignedBridgeProperties: Set<PropertyKey> = []
    /// `@AppStorage` properties tracked by hand (see `StorageAccessor`), by model and name, and
    /// why each other one of a model's is not.
    public var storageAccessors: [String: [String: StorageAccessor]] = [:]
    var storageAccessorRefusals: [PropertyKey: String] = [:]
    /// `@AppStorage` properties that nothing observes through their model, which only become
    /// `@ObservationIgnored` (see `UnobservedStorage.swift`), by model.
    public var unobservedStorage: [String: Set<String>] = [:]
    /// Models that keep an `objectWillChange` of their own for the code that subscribes to it
    /// (see `ObjectWillChangeBridges.swift`), and those whose one is subscribed to somewhere.
    var objectWillChangeBridges: Set<String> = []
    var objectWillChangeSubscribedByItself: Set<String> = []
    public var bridgedObjectWillChange: Set<String> = []
    /// Models whose sends tied to no tracked change a counter replaces (`UntrackedChangeCounter`),
    /// and why it could not for the others that have such sends.
    public var untrackedChangeCounters: [String: UntrackedChangeCounter] = [:]
    /// The `@Published` property of each model that is only ever bumped, to re-render its views
    /// (`PokedProperty`): read in place of a counter, or the model stays.
    public var pokedProperties: [String: PokedProperty] = [:]
    /// `self.x = self.x` of each model's `@Published` properties (`SelfAssignment`), and by file.
    public var selfAssignments: [String: [SelfAssignment]] = [:]
    public var selfAssignmentModelsByFile: [Int: [String]] = [:]
    var untrackedChangeRefusals: [String: String] = [:]
    var untrackedChangeSendSites: Set<Site> = []
    let valueTypeMemo = ValueTypeMemo()
    /// The models whose counter members of an extension in each file read (not the class's own file).
    public var counterReadersByFile: [Int: [String]] = [:]
    /// Why each blocked model stays, with the place, rendered once for all its messages.
    public var explanations: [String: String] = [:]
    /// Every reason each blocked model stays, located: the notes under its declaration's finding.
    public var reasonNotes: [String: [FindingNote]] = [:]
    /// Every name in an inheritance clause or a type's generic parameters, anywhere in the
    /// project: a type from outside the project that is one of these may be a model's supertype
    /// (see `foreignTypeName`).
    public var namesInInheritanceOrGenerics: Set<String> = []
    /// The folders holding a Package.swift or an .xcodeproj (see `projectFolders()`): the files'
    /// paths never change, so they are found once.
    var projectFolderList = ProjectFolders([])
    /// The Swift file names each Xcode project's targets compile, by project folder (see `XcodeSources.swift`).
    public var xcodeSourceNames: [String: Set<String>] = [:]
    /// Deployment targets below what Observation needs (Package.swift, project.pbxproj, .xcconfig).
    public var lowDeploymentTargets: [LowDeploymentTarget] = []
    /// Which project folders may build in the Swift 6 language mode (LanguageModes.swift).
    var languageModes = LanguageModes()
    /// The OS versions migrated code needs: Observation's, or higher ones from the configuration.
    public var minimumTargets: [String: Int] = ProjectIndex.observationMinimums
    /// Whether `fix` raises the low deployment targets (`--bump-deployment-target`).
    public var bumpsLowTargets = false
    /// Blockers decided as if a person had resolved them (`MigrationPolicy.waivedBlockers`).
    var waivedBlockers: Set<Blocker.Key> = []
    /// Files of the project that could not be used, with their bytes when read: a type "not
    /// declared in the scanned sources" may be declared there (set by `Engine.settle`).
    public var unusableFiles: [(path: String, bytes: [UInt8]?, reason: String)] = []
    /// With `fix --write`: the files that cannot be written and that kept a model from
    /// migrating (its migration edits them), with the message that reports each.
    public var unwritableFiles: [(file: Int, message: String)] = []
    /// The first OS versions with Observation.
    public static let observationMinimums: [String: Int] = ["iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10, "macCatalyst": 17, "visionOS": 1]

    public init(files: [ProjectFile], policy: MigrationPolicy = MigrationPolicy()) {
        self.files = files
        if let minimums = policy.minimums { minimumTargets.merge(minimums) { $1 } }
        bumpsLowTargets = policy.bumpsLowTargets
        waivedBlockers = policy.waivedBlockers
        projectFolderList = ProjectFolders(files.map(\.path))
        let modules = Timings.measure("index: modules") { separateModules() }
        symbols = Timings.measure("index: declarations") { SymbolTable(files: self.files, modules: modules) }
        Timings.measure("index: placement and framework names") {
            observablePlacement = policy.observablePlacement ?? Self.observablePlacement(symbols, files: self.files)
            shadowedFrameworkNames = Self.shadowedFrameworkNames(symbols)
            frameworkObservableSuperclass = Self.frameworkObservableSuperclasses(symbols, files: files)
            enclosingInstanceWrappers = Self.enclosingInstanceWrappers(symbols, files: files)
        }
        namesInInheritanceOrGenerics = Timings.measure("index: inherited names") { Self.namesInInheritanceOrGenerics(files) }
        Timings.measure("index: models") { collectModels(symbols.protocols, symbols.classNames) }
        filesRefiningObservableObject = Set(refiningProtocols.values.map(\.file))
        Timings.measure("index: protocol families and published names") {
            collectProtocolFamilies()
            for (name, model) in models {
                let files = Set((model.declarations + model.conformances.map(\.ref)).map(\.file))
                for f in files { modelsByFile[f, default: []].append(name) }
            }
            for f in modelsByFile.keys { modelsByFile[f]!.sort() }
            cachePublishedNames()
        }
        observerMigrations = Timings.measure("index: observer pipelines") { collectObserverMigrations() }
        if policy.bridgesPublishers {
            publishedParameters = Timings.measure("index: published parameters") { collectPublishedParameters() }
            publishedParameterSites = Set(publishedParameters.values.flatMap { $0 }.filter { !$0.suppressed }
                .map { p in Site(file: p.file, offset: files[p.file].source.start(p.type.lowerBound)) })
            (publisherBridges, untypedBridgeProperties) = Timings.measure("index: publisher bridges") { collectPublisherBridges() }
            (objectWillChangeBridges, objectWillChangeSubscribedByItself) = Timings.measure("index: objectWillChange bridges") { collectObjectWillChangeBridges() }
        }
        (storageAccessors, storageAccessorRefusals) = Timings.measure("index: storage accessors") { collectStorageAccessors() }
        unobservedStorage = Timings.measure("index: unobserved storage") { collectUnobservedStorage(refusals: &storageAccessorRefusals) }
        Timings.measure("index: wrapper sites") { collectWrapperSites() }
        Timings.measure("index: deployment targets and Xcode sources") {
            collectDeploymentTargets()
            xcodeSourceNames = Self.xcodeSourceNames(files)
        }
        Timings.measure("index: decide") { decide() }
        (bridgedProperties, assignedBridgeProperties) = Timings.measure("index: bridged properties") { collectBridgedProperties() }
        Timings.measure("index: initializer work and state defaults") {
            bridgedObjectWillChange = collectBridgedObjectWillChange()
            collectInitializerWork()
            collectObservableStateDefaults()
        }
    }

    /// Whether a rule can report anything in file `f`. A file whose tokens were let go holds
    /// none of the words the rules look for (see `ProjectFile.wordsThatMatter`); what is left is what
    /// declarations alone decide: a model's or an `@Observable` class's declaration or
    /// conformance there (OBS101, OBS103, OBS205, OBS210), an extension reading a counter (OBS101), a protocol refining ObservableObject
    /// (OBS203), and a `@State` default value of an `@Observable` class found by reading the
    /// tokens back (OBS209, OBS211). A test runs every rule on every file to hold this true.
    public func mayReport(_ f: Int) -> Bool {
        guard files[f].tokensDropped else { return true }
        if modelsByFile[f] != nil || filesRefiningObservableObject.contains(f) || observableStateDefaultsByFile[f] != nil
            || observableStateInitsByFile[f] != nil || counterReadersByFile[f] != nil { return true }
        let types = files[f].decls.types
        for t in types.indices where types[t].kind != .extension && types[t].kind != .protocol {  // by index: no copies
            let name = resolveTypeName(types[t].qualifiedName, from: []) ?? types[t].qualifiedName
            if models[name] != nil || observableTypes.contains(name) { return true }
        }
        return false
    }

    @inline(__always) public func type(_ ref: TypeRef) -> TypeDecl { files[ref.file].decls.types[ref.type] }
    public func source(_ file: Int) -> SourceFile { files[file].source }

    // MARK: - Declarations

    /// A byte of a Swift identifier: an ASCII letter or digit, `_`, or any byte of a non-ASCII
    /// character (`naïve`, emoji names).
    @inline(__always) static func isIdentifierByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || b >= 0x80 || (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    static func namesInInheritanceOrGenerics(_ files: [ProjectFile]) -> Set<String> {
        @Sendable func addWords(_ text: String, to names: inout Set<String>) {
            if text.utf8.allSatisfy(isIdentifierByte) { names.insert(text); return }  // most are one plain name
            var utf8 = text.utf8[...]
            while !utf8.isEmpty {
                let word = utf8.prefix(while: isIdentifierByte)
                if word.isEmpty { utf8 = utf8.dropFirst() } else { names.insert(String(Substring(word))); utf8 = utf8.dropFirst(word.count) }
            }
        }
        // Two halves of the files at once: a large project has tens of thousands of types.
        let halves = parallelMap([0, 1]) { half -> Set<String> in
            var names = Set<String>()
            for f in stride(from: half, to: files.count, by: 2) {
                for t in files[f].decls.types {
                    for inherited in t.inheritance { addWords(inherited.name, to: &names) }
                    if let generics = t.genericParameters { addWords(generics, to: &names) }
                }
            }
            return names
        }
        return halves[0].union(halves[1])
    }

    // MARK: - Models

    mutating func collectModels(_ protocols: [TypeRef], _ classNames: [String]) {
        // Protocols refining ObservableObject and typealiases composing it, to a fixed point
        // (P2: P1: ObservableObject; protocol P: A with typealias A = ObservableObject & Identifiable).
        var changed = true
        while changed {
            changed = addObservableTypealiases()
            for ref in protocols where refiningProtocols[type(ref).qualifiedName] == nil {
                let decl = type(ref)
                if let entry = decl.inheritance.first(where: {
                    $0.baseName == "ObservableObject" || refiningProtocolName($0.name, from: decl.path) != nil
                }) {
                    refiningProtocols[decl.qualifiedName] = Site(file: ref.file, offset: entry.range.lowerBound)
                    changed = true
                }
            }
        }
        // What each class says about itself, found in parallel (it only reads the maps built so
        // far); then the models are picked from it, hierarchies to a fixed point.
        struct ClassFacts: Sendable {
            var name: String
            var refs: [TypeRef]
            var conformances: [(ref: TypeRef, entry: Int)] = []
            var viaProtocol: String? = nil
            var published: Set<String> = []
            /// The class declarations' own `@Published` names, and each one's resolved first
            /// inherited type (several under `#if` branches: any that is a model makes this a
            /// model, and a branch that does not inherit it then holds it).
            var classPublished: Set<String> = []
            var classSupers: [String] = []
            /// The resolved first inherited type of the first declaration.
            var firstDeclarationSuper: String? = nil
        }
        let names = classNames
        let facts = parallelMap(Array(names.indices)) { [self] k -> ClassFacts in
            let name = names[k]
            let refs = declared[name]!.array
            var facts = ClassFacts(name: name, refs: refs)
            for ref in refs + (extensionsOf[name] ?? []) {
                for (e, entry) in type(ref).inheritance.enumerated() {
                    if entry.baseName == "ObservableObject" {
                        facts.conformances.append((ref, e))
                    } else if let p = refiningProtocolName(entry.name, from: type(ref).path) {
                        facts.viaProtocol = p
                    }
                }
            }
            for ref in refs {
                for property in type(ref).properties where property.attribute("Published") != nil {
                    if let n = property.name { facts.published.insert(n) }
                }
            }
            for classRef in refs where files[classRef.file].decls.types[classRef.type].kind == .class {
                let decl = type(classRef)
                for property in decl.properties where property.attribute("Published") != nil {
                    if let n = property.name { facts.classPublished.insert(n) }
                }
                if let parent = decl.inheritance.first.flatMap({ resolveTypeName($0.name, from: decl.path) }) { facts.classSupers.append(parent) }
            }
            let first = type(refs[0])
            facts.firstDeclarationSuper = first.inheritance.first.flatMap { resolveTypeName($0.name, from: first.path) }
            return facts
        }
        // Classes conforming directly, by extension or through a refining protocol.
        for f in facts where !f.conformances.isEmpty || f.viaProtocol != nil {
            models[f.name] = ModelType(name: f.name, simpleName: TypeName.base(f.name), declarations: f.refs,
                                       extensions: extensionsOf[f.name] ?? [], conformances: f.conformances, superclass: nil,
                                       viaProtocol: f.viaProtocol, published: f.published, blockers: [])
        }
        // Subclasses of models are models (to a fixed point, for deep hierarchies).
        changed = true
        while changed {
            changed = false
            for f in facts where models[f.name] == nil {
                guard let superName = f.classSupers.first(where: { models[$0] != nil }) else { continue }
                models[f.name] = ModelType(name: f.name, simpleName: TypeName.base(f.name), declarations: f.refs,
                                           extensions: extensionsOf[f.name] ?? [], conformances: [], superclass: superName,
                                           viaProtocol: nil, published: f.classPublished, blockers: [])
                changed = true
            }
        }
        for f in facts where models[f.name]?.superclass == nil {
            if let s = f.firstDeclarationSuper, models[s] != nil { models[f.name]?.superclass = s }
        }
    }

    // MARK: - Wrapper sites

    mutating func collectWrapperSites() {
        // Each file's sites (and their keys) only read the declaration maps: found in parallel.
        var perFile = parallelMap(Array(files.indices)) { [self] f -> (sites: [WrapperSite], keys: [WrapperSiteKey?]) in
            let sites = wrapperSites(inFile: f)
            return (sites, sites.indices.map { s in
                guard let owner = sites[s].owner, let name = sites[s].property.name else { return nil }
                return WrapperSiteKey(owner: files[owner.file].decls.types[owner.type].qualifiedName, property: name, wrapper: sites[s].wrapper)
            })
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(perFile.count)
        var count = 0
        for k in perFile.indices {
            offsets.append(count)
            count += perFile[k].sites.count
        }
        wrapperSiteByKey.reserveCapacity(count)
        for k in perFile.indices {
            for (s, key) in perFile[k].keys.enumerated() { if let key { wrapperSiteByKey[key] = offsets[k] + s } }
        }
        // Gathered into one array, in file order, on all cores: copying a site retains each of its
        // strings and arrays, and each file's list is let go by the core that copied it.
        wrapperSites = [WrapperSite](unsafeUninitializedCapacity: count) { buffer, initialized in
            perFile.withUnsafeMutableBufferPointer { lists in
                guard let first = lists.baseAddress else { return }  // no files
                nonisolated(unsafe) let out = buffer.baseAddress, from = first
                let offsets = offsets
                DispatchQueue.concurrentPerform(iterations: lists.count) { k in
                    let sites = (from + k).move().sites
                    (from + k).initialize(to: ([], []))
                    sites.withUnsafeBufferPointer { list in
                        if let first = list.baseAddress, let out { (out + offsets[k]).initialize(from: first, count: list.count) }
                    }
                }
            }
            initialized = count
        }
    }

    func wrapperSites(inFile f: Int) -> [WrapperSite] {
        let file = files[f]
        // No wrapper attribute in a file whose tokens were let go (see `ProjectFile.wordsThatMatter`).
        if file.tokensDropped { return [] }
        let source = file.source
        var result: [WrapperSite] = []
        func visit(_ owner: TypeRef?, _ properties: [PropertyDecl], _ path: [String]) {
            // The owner's `$x` tokens, found once for all of its wrappers.
            var dollars: [ProjectedCandidates]? = nil
            for property in properties {
                guard let attr = property.attributes.first(where: { WrapperSite.Wrapper(rawValue: $0.name) != nil }),
                      let wrapper = WrapperSite.Wrapper(rawValue: attr.name) else { continue }
                let written = writtenType(of: property, in: source, ownerPath: path, file: f)
                let resolved = written.flatMap { resolveTypeName($0, from: path, in: f) }
                var site = WrapperSite(wrapper: wrapper, file: f, owner: owner, property: property, attribute: attr,
                                       writtenType: written, type: resolved, projectedUses: [],
                                       projectedUsesOutsideBody: [])
                if let initializer = property.initializer { site.createsOwnObject = isConstruction(initializer, in: f, path: path) }
                if let name = property.name, let owner {
                    if dollars == nil { dollars = projectedCandidates(in: owner) }
                    (site.projectedUses, site.projectedUsesOutsideBody, site.selfQualifiedProjections) = projectedUses(of: name, in: owner, dollars!)
                }
                result.append(site)
            }
        }
        visit(nil, file.decls.topLevelProperties + file.decls.macroBodyProperties, moduleScope(f))
        for t in file.decls.types.indices {
            let decl = file.decls.types[t]
            // Most types hold no wrapper: skip them before building their path.
            guard decl.properties.contains(where: { !$0.attributes.isEmpty }) else { continue }
            visit(TypeRef(file: f, type: t), decl.properties, decl.path + [decl.name])
        }
        return result + macroBodyWrapperSites(inFile: f)
    }

    /// The property's type as written, or as its initializer tells (`= M()`, `= M.shared`,
    /// `= makeModel()` with a declared return type).
    func writtenType(of property: PropertyDecl, in source: SourceFile, ownerPath: [String], file: Int) -> String? {
        if let t = property.typeText { return t }
        guard let initializer = property.initializer, !initializer.isEmpty else { return nil }
        return expressionType(initializer, in: file, path: ownerPath)
    }

    /// One declaration or extension of an owner type, with the `$x` tokens in its body.
    struct ProjectedCandidates {
        var ref: TypeRef
        var dollarTokens: [Int]
    }

    /// A type's declaration and the extensions of it the project holds.
    func declarationAndExtensions(of owner: TypeRef) -> [TypeRef] {
        // Read in place, field by field: `type(_:)` would copy the whole declaration.
        guard let q = resolveTypeName(files[owner.file].decls.types[owner.type].qualifiedName, from: []) else { return [owner] }
        return [owner] + (extensionsOf[q] ?? [])
    }

    /// The owner type's declaration and extensions, each with its `$x` tokens (not `.$x`).
    func projectedCandidates(in owner: TypeRef) -> [ProjectedCandidates] {
        let refs = declarationAndExtensions(of: owner)
        // A file whose tokens were let go holds no `$name` (see `ProjectFile.wordsThatMatter`).
        return refs.filter { !files[$0.file].tokensDropped }.map { ref in
            let types = files[ref.file].decls.types
            let bodyOpen = types[ref.type].bodyOpen, bodyClose = types[ref.type].bodyClose
            let source = files[ref.file].source
            // `self.$x` is the owner's own projection too; `model.$x` is another object's.
            let dollars = source.indices(of: .dollarIdentifier, in: (bodyOpen + 1)..<bodyClose)
                .filter { source.kind($0 - 1) != .period || source.isIdentifier($0 - 2, "self") && source.kind($0 - 3) != .period }
            return ProjectedCandidates(ref: ref, dollarTokens: dollars)
        }
    }

    /// `$name` uses in the owner type's declaration and extensions (`candidates`, from
    /// `projectedCandidates`), and those outside `body`.
    func projectedUses(of name: String, in owner: TypeRef, _ candidates: [ProjectedCandidates]) -> (all: [Site], outsideBody: [Site], selfQualified: [Site]) {
        var all: [Site] = []
        var outside: [Site] = []
        var selfQualified: [Site] = []
        let dollar = "$" + name
        let dollarLength = dollar.utf8.count
        for candidate in candidates {
            let ref = candidate.ref
            let types = files[ref.file].decls.types
            let bodyOpen = types[ref.type].bodyOpen, bodyClose = types[ref.type].bodyClose
            let source = files[ref.file].source
            let body = types[ref.type].bodyBlock
            // The length first: most `$x` in a body are other names, and a text is a String.
            for s in candidate.dollarTokens where source.token(s).length == dollarLength && source.text(s) == dollar
                && !isInsideNestedType(s, of: ref) {
                let site = Site(file: ref.file, offset: source.start(s))
                all.append(site)
                if source.kind(s - 1) == .period { selfQualified.append(site) }
                if ref != owner || body == nil || !(body!.open < s && s < body!.close) { outside.append(site) }
            }
            for range in interpolations(in: source, from: bodyOpen, to: bodyClose) {
                guard let inner = source.interpolatedCode(range) else { continue }
                for k in 0..<inner.sigCount where inner.kind(k) == .dollarIdentifier && inner.text(k) == dollar {
                    let site = Site(file: ref.file, offset: range.lowerBound + inner.start(k))
                    all.append(site)
                    let bodyRange = body.map { source.span($0.open, through: $0.close) }
                    if ref != owner || !(bodyRange?.contains(site.offset) ?? false) { outside.append(site) }
                }
            }
        }
        return (all, outside, selfQualified)
    }

    func isInsideNestedType(_ s: Int, of ref: TypeRef) -> Bool {
        // The innermost type holding `s`, found by search: a nested one when it is not `ref`.
        guard let innermost = enclosingTypes(of: s, in: ref.file).first else { return false }
        return innermost != ref
    }

    /// Byte ranges of string interpolations between two significant tokens.
    func interpolations(in source: SourceFile, from open: Int, to close: Int) -> [Range<Int>] {
        let all = source.interpolations
        guard !all.isEmpty else { return [] }
        let lo = source.start(open), hi = source.end(close)
        // They are in source order: find the first at or after `lo`, take those that end by `hi`.
        var l = partitionPoint(all.count) { all[$0].lowerBound < lo }
        var result: [Range<Int>] = []
        while l < all.count, all[l].lowerBound < hi {
            if all[l].upperBound <= hi { result.append(all[l]) }
            l += 1
        }
        return result
    }
}

