/// Why a model keeps ObservableObject: one case per kind of reason, each with its message (what
/// follows "M keeps ObservableObject: "), the rule whose finding shows the site a person acts
/// on, and whether it is a consequence of another decision rather than something in the code.
public enum BlockReason: Sendable, Hashable {
    // What the model's own declarations do.
    case codable
    case declaredInSeveralFiles(paths: [String])
    /// One of its class declarations is no ObservableObject where it is compiled: another `#if`
    /// branch's (`inIfConfiguration`), or a `private` twin's in another file.
    case declaredWithoutConformance(inIfConfiguration: Bool)
    case storageCollision(property: String)
    case storedVariablesDeclaredTogether(names: [String])
    case backquotedTrackedProperty(name: String)
    case actorIsolatedTrackedProperty(name: String, actor: String)
    /// `why`: why obs-migrate does not track it by hand, when it could have.
    case publishingStorage(property: String, wrapper: String, why: String = "")
    /// A property wrapper whose `_enclosingInstance` subscript requires ObservableObject.
    case publishesThroughEnclosingInstance(property: String, wrapper: String)
    case notAClass
    case repeatedConformance
    case swiftDataModel
    case declaresObjectWillChange
    case usesObjectWillChange
    case sendTiedToNoProperty(kind: String)
    /// A `@Published` property only ever bumped, to re-render the views (`PokedProperty`).
    case bumpedOnly(property: String, why: String)
    case usesObservableObjectPublisher
    case usesPublishedType
    case wrapperStorageUsed(storage: String)
    /// `projection` is the `$name` written.
    case publisherUsed(projection: String)
    /// A publisher of its own could serve it, but the property's type cannot be told to write one.
    case publisherTypeUnknown(projection: String)
    case objectWillChangeUsed
    // Protocols it conforms to.
    case protocolUsesObjectWillChange(protocol: String)
    case protocolUsesPublisher(protocol: String, projection: String)
    case protocolUsesPublished(protocol: String)
    case protocolAdoptedOutside(protocol: String, conformer: String)
    /// A class that does not conform through a typealias of the family is passed where the
    /// typealias is a generic constraint (any ObservableObject satisfies a composition).
    case typealiasSatisfiedOutside(typealias: String, type: String, declaration: String)
    case typealiasDeclaredAgain(typealias: String, count: Int)
    /// `associatedtype Model: ScreenModel` with a protocol or typealias of the family: code typed
    /// with `S.Model` (a view's `@ObservedObject var m: S.Model`) is not followed.
    case familyConstrainsAssociatedType(protocol: String, associatedType: String, member: String)
    case associatedTypeWitness(protocol: String, associatedType: String)
    // What SwiftUI does with it.
    case delegateOfAdaptor(adaptor: String)
    case focusedObject(api: String)
    case focusedValueRefused(api: String, why: String)
    /// Another library's wrapper that holds only an ObservableObject (`@InjectedObject`).
    case heldByLibraryWrapper(attribute: String, why: String)
    case heldByLibraryWrapperUntyped(attribute: String)
    // Sites whose type cannot be told, or that need ObservableObject.
    case environmentInjectionUntyped
    case ambiguousWrapperType(written: String, property: String?, wrapper: WrapperSite.Wrapper)
    case untypedWrapperProperty(property: String?, wrapper: WrapperSite.Wrapper)
    case wrapperUsedByName(WrapperSite.Wrapper)
    case wrapperUsedByNameUntyped(WrapperSite.Wrapper)
    case unfollowableWrapper(attribute: String)
    case localWrapper(attribute: String)
    case projectionOutsideBody(property: String, place: String)
    case publisherOnUntypedValue(projection: String)
    case objectWillChangeOnUntypedValue
    case publisherInInterpolation(projection: String)
    case objectWillChangeInInterpolation
    case sharedExtensionMember(member: String)
    case passedToConstrained(function: String)
    case passedToConstrainedUntyped(function: String)
    case heldAsExistential(written: String)
    // The project around it.
    case deploymentTarget(platform: String, version: String, minimum: Int)
    case fileUnusable(path: String, why: String)
    // Consequences of other decisions.
    case subclassKeeps(subclass: String)
    case superclassKeeps(superclass: String)
    case familyMemberKeeps(member: String, family: String)
    case changesForwardedBy(parent: String)
    case forwardsChangesOf(child: String)
    case editsFileOutsideRun(path: String)
    case editsUnwritableFile(path: String, why: String)
    case fixNotSelected(code: String)
    case fixSuppressedByComment(code: String)
    case fixIgnoredByConfiguration(code: String)

    public var message: String {
        switch self {
        case .codable:
            "it is Codable, and @Observable stores its properties as _name, which synthesized coding would use (write CodingKeys, init(from:) and encode(to:) by hand first)"
        case .declaredInSeveralFiles(let paths):
            "it is declared in \(paths.count) files (\(paths.joined(separator: ", "))), which must belong to different targets that obs-migrate cannot tell apart"
        case .declaredWithoutConformance(let inIfConfiguration):
            inIfConfiguration ? "in some #if configurations it is declared without ObservableObject" : "it is also declared without ObservableObject"
        case .storageCollision(let n): "its stored properties \(n) and _\(n) would collide with the storage @Observable adds for \(n)"
        case .backquotedTrackedProperty(let name):
            "its stored property \(name) is named in backquotes, which the @Observable macro cannot expand (a compile error): rename it, or mark it @ObservationIgnored if no view needs to track it"
        case .actorIsolatedTrackedProperty(let name, let actor):
            "its stored property '\(name)' is isolated to @\(actor) while the class is not, and it is initialized by the default initializer or set by one not on that actor, which the @Observable macro's storage cannot mix in the Swift 6 language mode, which its project may build in (a compile error): mark the class or that initializer @\(actor), or the property @ObservationIgnored if no view needs to track it"
        case .storedVariablesDeclaredTogether(let names):
            "its stored properties \(names.dropLast().joined(separator: ", ")) and \(names.last!) are declared in one var, which @Observable cannot track (declare each in a var of its own)"
        case .publishingStorage(let property, let wrapper, let why):
            "its @\(wrapper) '\(property)' publishes each change through objectWillChange, which @Observable cannot track"
                + (why.isEmpty ? "" : "; not tracked by hand: \(why)")
        case .publishesThroughEnclosingInstance(let property, let wrapper):
            "its @\(wrapper) '\(property)' publishes through the object that holds it (\(wrapper)'s _enclosingInstance subscript requires ObservableObject), which @Observable cannot track"
        case .notAClass: "it is not a class"
        case .repeatedConformance: "its inheritance clause names ObservableObject more than once, which Swift rejects (remove one first)"
        case .swiftDataModel: "it is a SwiftData @Model, which is Observable already (@Observable added to it would not compile)"
        case .declaresObjectWillChange: "it declares its own objectWillChange"
        case .usesObjectWillChange: "it uses objectWillChange"
        case .sendTiedToNoProperty(let kind):
            "its objectWillChange.send() \(kind)"
        case .bumpedOnly(let property, let why):
            "its @Published '\(property)' is only ever bumped and read nowhere: each bump re-rendered the views that hold it, which under Observation it would not"
                + (why.isEmpty ? "" : "; the members views read cannot read it instead: \(why)")
        case .usesObservableObjectPublisher: "it uses ObservableObjectPublisher"
        case .usesPublishedType: "it uses the Published wrapper type directly"
        case .wrapperStorageUsed(let storage): "its \(storage) wrapper storage is used"
        case .publisherUsed(let projection): "its \(projection) publisher is used"
        case .publisherTypeUnknown(let projection):
            "its \(projection) publisher is used, and a publisher in its place must name \(projection.dropFirst())'s type, which obs-migrate cannot tell (annotate it)"
        case .objectWillChangeUsed: "its objectWillChange is used"
        case .protocolUsesObjectWillChange(let p): "its protocol \(p) uses objectWillChange"
        case .protocolUsesPublisher(let p, let projection): "its protocol \(p) uses the \(projection) publisher"
        case .protocolUsesPublished(let p): "its protocol \(p) uses @Published"
        case .protocolAdoptedOutside(let p, let conformer):
            "its protocol \(p) is adopted by \(conformer), which is not declared in the scanned sources (generated or another module's) and stays ObservableObject"
        case .typealiasDeclaredAgain(let alias, let count):
            "its typealias \(alias), which composes ObservableObject, is declared \(count) times, and obs-migrate rewrites one declaration (declare it once)"
        case .typealiasSatisfiedOutside(let alias, let type, let declaration):
            "\(type) is passed to \(declaration), which requires its typealias \(alias), without conforming through it, and stays ObservableObject"
        case .familyConstrainsAssociatedType(let p, let associated, let member):
            "\(p).\(associated) requires \(member), and obs-migrate does not follow code typed with it (a wrapper of it needs ObservableObject)"
        case .associatedTypeWitness(let p, let associated): "it satisfies \(p).\(associated), which requires ObservableObject"
        case .delegateOfAdaptor(let adaptor) where adaptor == "UIApplicationDelegateAdaptor":
            "it is the delegate of @UIApplicationDelegateAdaptor, which puts it in the environment as an ObservableObject (UIKit's adaptor documents no Observable variant)"
        case .delegateOfAdaptor(let adaptor):
            "it is the delegate of @\(adaptor), whose $ projection is used: an Observable delegate's projection differs (migrate it by hand)"
        case .focusedObject(let api):
            "it is used with \(api), which needs an ObservableObject (with Observation, a FocusedValues entry with .focusedSceneValue and @FocusedValue replaces it)"
        case .focusedValueRefused(let api, let why):
            "it is used with \(api), which needs an ObservableObject, and cannot take its FocusedValues form: \(why)"
        case .heldByLibraryWrapper(let attribute, let why):
            "it is held by \(attribute) (Factory's or Resolver's), which requires ObservableObject, and cannot become @Injected there: \(why)"
        case .heldByLibraryWrapperUntyped(let attribute):
            "\(attribute) (Factory's or Resolver's), which requires ObservableObject, holds a value whose type obs-migrate cannot tell (annotate the property's type)"
        case .environmentInjectionUntyped: "the type injected by .environmentObject at this site cannot be told (annotate the value's type where it is declared)"
        case .ambiguousWrapperType(let written, let property, _): "the type \(written) of \(property ?? "a property") is ambiguous"
        case .untypedWrapperProperty(let property, let wrapper):
            "the type of \(property ?? "a property") declared with @\(wrapper.rawValue) cannot be told (add a type annotation)"
        case .wrapperUsedByName(let wrapper): "\(wrapper.rawValue) is used by name"
        case .wrapperUsedByNameUntyped(let wrapper): "\(wrapper.rawValue) is used by name with a type obs-migrate cannot tell"
        case .unfollowableWrapper(let attribute): "\(attribute) is used where obs-migrate cannot follow it"
        case .localWrapper(let attribute): "it is held by \(attribute) on a property of a type declared inside a function, closure or macro body, which obs-migrate does not rewrite"
        case .projectionOutsideBody(let property, let place): "$\(property) is used in \(place), where no local @Bindable can serve it"
        case .publisherOnUntypedValue(let projection): "\(projection) is used on a value whose type obs-migrate cannot tell"
        case .objectWillChangeOnUntypedValue: "objectWillChange is used on a value whose type obs-migrate cannot tell"
        case .publisherInInterpolation(let projection): "\(projection) is used in a string interpolation"
        case .objectWillChangeInInterpolation: "objectWillChange is used in a string interpolation"
        case .sharedExtensionMember(let member): "an extension for ObservableObjects adds \(member), which models lose when they migrate"
        case .passedToConstrained(let function): "it is passed to \(function), which requires ObservableObject"
        case .heldAsExistential(let written):
            "a value typed `\(written)` may be it, and obs-migrate does not follow what is stored or returned there"
        case .passedToConstrainedUntyped(let function):
            "a value passed to \(function), which requires ObservableObject, has a type obs-migrate cannot tell"
        case .deploymentTarget(let platform, let version, let minimum): "the deployment target \(platform) \(version) is below \(platform) \(minimum)"
        case .fileUnusable(let path, let why): "\(path) could not be used (\(why))"
        case .subclassKeeps(let subclass): "its subclass \(subclass) keeps ObservableObject"
        case .superclassKeeps(let superclass): "its superclass \(superclass) keeps ObservableObject"
        case .changesForwardedBy(let parent):
            "\(parent), which keeps ObservableObject, forwards its objectWillChange (the subscription can go only when both migrate)"
        case .forwardsChangesOf(let child):
            "it forwards the objectWillChange of \(child), which keeps ObservableObject"
        case .familyMemberKeeps(let member, let family):
            "\(member) keeps ObservableObject, and it conforms to the same protocol family (\(family))"
        case .editsFileOutsideRun(let path):
            "its migration also edits \(path), which is not among the paths of this run (include it, or run on the whole project)"
        case .editsUnwritableFile(let path, let why): "its migration also edits \(path), which cannot be written (\(why))"
        case .fixNotSelected(let code): "\(code) is not selected"
        case .fixSuppressedByComment(let code): "a suppression comment keeps \(code) here"
        case .fixIgnoredByConfiguration(let code): "per-path-ignores in the configuration keep \(code) here"
        }
    }

    /// The rule whose finding is at the site a person changes (nil: no site of its own).
    public var rule: String? {
        switch self {
        case .codable, .declaredInSeveralFiles, .declaredWithoutConformance, .storageCollision, .storedVariablesDeclaredTogether, .backquotedTrackedProperty, .actorIsolatedTrackedProperty, .delegateOfAdaptor, .focusedObject,
             .heldByLibraryWrapper, .heldByLibraryWrapperUntyped,
             .repeatedConformance, .publishesThroughEnclosingInstance: "OBS101"
        case .focusedValueRefused: "OBS214"
        case .publishingStorage: "OBS210"
        case .notAClass: "OBS206"
        case .swiftDataModel: "OBS205"
        case .declaresObjectWillChange, .usesObjectWillChange, .sendTiedToNoProperty, .usesObservableObjectPublisher, .objectWillChangeUsed,
             .objectWillChangeOnUntypedValue, .objectWillChangeInInterpolation: "OBS201"
        case .usesPublishedType, .publisherUsed, .publisherTypeUnknown, .publisherOnUntypedValue, .publisherInInterpolation: "OBS202"
        case .wrapperStorageUsed, .bumpedOnly: "OBS102"
        case .protocolUsesObjectWillChange, .protocolUsesPublisher, .protocolUsesPublished, .protocolAdoptedOutside,
             .typealiasSatisfiedOutside, .typealiasDeclaredAgain, .familyConstrainsAssociatedType: "OBS203"
        case .associatedTypeWitness, .sharedExtensionMember, .passedToConstrained, .passedToConstrainedUntyped, .heldAsExistential: "OBS204"
        case .environmentInjectionUntyped: "OBS109"
        case .ambiguousWrapperType(_, _, let wrapper), .untypedWrapperProperty(_, let wrapper): Self.declarationRule(wrapper)
        case .wrapperUsedByName(let wrapper), .wrapperUsedByNameUntyped(let wrapper):
            wrapper == .StateObject ? "OBS105" : wrapper == .ObservedObject ? "OBS107" : "OBS108"
        case .unfollowableWrapper(let attribute), .localWrapper(let attribute): WrapperSite.Wrapper(rawValue: String(attribute.dropFirst())).map(Self.declarationRule)
        case .projectionOutsideBody: "OBS108"
        case .deploymentTarget: "OBS208"
        case .fixNotSelected(let code), .fixSuppressedByComment(let code), .fixIgnoredByConfiguration(let code): code
        case .fileUnusable, .subclassKeeps, .superclassKeeps, .familyMemberKeeps, .editsFileOutsideRun, .editsUnwritableFile: nil
        case .changesForwardedBy, .forwardsChangesOf: "OBS201"
        }
    }

    /// A consequence of another decision (a superclass that stays, a file outside the run, a
    /// suppressed fix) rather than something in the code a person must change: listed last.
    public var isConsequence: Bool {
        switch self {
        case .subclassKeeps, .superclassKeeps, .familyMemberKeeps, .changesForwardedBy, .forwardsChangesOf, .editsFileOutsideRun, .editsUnwritableFile,
             .fixNotSelected, .fixSuppressedByComment, .fixIgnoredByConfiguration: true
        default: false
        }
    }

    static func declarationRule(_ wrapper: WrapperSite.Wrapper) -> String {
        switch wrapper {
        case .StateObject: "OBS104"
        case .ObservedObject: "OBS106"
        case .EnvironmentObject: "OBS108"
        }
    }

    /// One value of every case, for the documentation and the tests (a test fails when a case
    /// is missing here).
    public static let examples: [BlockReason] = [
        .codable, .declaredInSeveralFiles(paths: ["App/Store.swift", "Watch/Store.swift"]),
        .declaredWithoutConformance(inIfConfiguration: true), .storageCollision(property: "name"),
        .storedVariablesDeclaredTogether(names: ["rows", "columns"]), .backquotedTrackedProperty(name: "`default`"), .actorIsolatedTrackedProperty(name: "count", actor: "MainActor"), .publishingStorage(property: "theme", wrapper: "AppStorage"),
        .publishesThroughEnclosingInstance(property: "sortOrder", wrapper: "PublishedUserDefaultsBacked"),
        .notAClass, .repeatedConformance, .swiftDataModel, .declaresObjectWillChange, .usesObjectWillChange, .sendTiedToNoProperty(kind: "follows a UserDefaults write"),
        .bumpedOnly(property: "revision", why: "its property 'cache' is of a type that may change unseen and is read outside the class (Views/Row.swift:12)"), .usesObservableObjectPublisher,
        .usesPublishedType, .wrapperStorageUsed(storage: "_query"), .publisherUsed(projection: "$query"), .publisherTypeUnknown(projection: "$query"), .objectWillChangeUsed,
        .protocolUsesObjectWillChange(protocol: "Store"), .protocolUsesPublisher(protocol: "Store", projection: "$items"),
        .protocolUsesPublished(protocol: "Store"), .protocolAdoptedOutside(protocol: "Store", conformer: "CachedStore"),
        .typealiasSatisfiedOutside(typealias: "ViewModel", type: "Counter", declaration: "Row"), .typealiasDeclaredAgain(typealias: "ViewModel", count: 2),
        .familyConstrainsAssociatedType(protocol: "Screen", associatedType: "Model", member: "ViewModel"),
        .associatedTypeWitness(protocol: "Screen", associatedType: "Model"),
        .delegateOfAdaptor(adaptor: "UIApplicationDelegateAdaptor"), .focusedObject(api: ".focusedSceneObject"),
        .focusedValueRefused(api: "@FocusedObject", why: "$document (its bindings) is used, which @FocusedValue does not give"),
        .heldByLibraryWrapper(attribute: "@InjectedObject", why: "$router (its bindings) is used, which @Injected does not give"), .heldByLibraryWrapperUntyped(attribute: "@InjectedObject"),
        .environmentInjectionUntyped, .ambiguousWrapperType(written: "ViewModel", property: "model", wrapper: .StateObject),
        .untypedWrapperProperty(property: "model", wrapper: .StateObject), .wrapperUsedByName(.ObservedObject),
        .wrapperUsedByNameUntyped(.StateObject), .unfollowableWrapper(attribute: "@ObservedObject"),
        .localWrapper(attribute: "@ObservedObject"),
        .projectionOutsideBody(property: "settings", place: "an observer of volume"), .publisherOnUntypedValue(projection: "$query"),
        .objectWillChangeOnUntypedValue, .publisherInInterpolation(projection: "$query"), .objectWillChangeInInterpolation,
        .sharedExtensionMember(member: "reload"), .passedToConstrained(function: "track"), .passedToConstrainedUntyped(function: "track"),
        .heldAsExistential(written: "any ObservableObject"),
        .deploymentTarget(platform: "iOS", version: "16.0", minimum: 17), .fileUnusable(path: "Legacy.swift", why: "not valid UTF-8"),
        .subclassKeeps(subclass: "Child"), .superclassKeeps(superclass: "Base"), .familyMemberKeeps(member: "Remote", family: "Store"),
        .changesForwardedBy(parent: "BrowserManager"), .forwardsChangesOf(child: "TabManager"),
        .editsFileOutsideRun(path: "Views/Root.swift"), .editsUnwritableFile(path: "Views/Root.swift", why: "permission denied"),
        .fixNotSelected(code: "OBS104"), .fixSuppressedByComment(code: "OBS104"), .fixIgnoredByConfiguration(code: "OBS104"),
    ]
}
