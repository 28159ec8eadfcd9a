/// OBS211: a `@MainActor` model created as a `@State` default value in a view that is not
/// itself isolated to the main actor.
public struct MainActorStateDefaultValue: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS211",
        name: "main-actor-state-default",
        severity: .warning,
        fix: .never,
        summary: "A @MainActor model becomes a @State default value in a view not marked @MainActor.",
        rationale: """
            `@StateObject var m = M()` creates the model in an autoclosure that SwiftUI calls on the \
            main actor. `@State var m = M()` creates it in the view's initializer, which is not isolated \
            to the main actor unless the view is (the `View` protocol is `@MainActor` only from the iOS 18 \
            / macOS 15 SDKs). With a `@MainActor` model, Swift 5 warns and Swift 6 rejects the call. \
            Mark the view `@MainActor`, or build with the newer SDK. After the migration the rule keeps \
            reporting `@State var m = M()` of a `@MainActor` `@Observable` class in such a view.
            """,
        triggering: [
            "import SwiftUI\n@MainActor final class Store: ObservableObject {\n    @Published var count = 0\n}\nstruct Counter: View {\n    @StateObject private var store = Store()\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\n@MainActor @Observable final class Store {\n    var count = 0\n}\nstruct Counter: View {\n    @State private var store = Store()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@MainActor final class Store: ObservableObject {\n    @Published var count = 0\n}\n@MainActor struct Counter: View {\n    @StateObject private var store = Store()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [],
        reportsBehaviourChange: true)

    public func check(_ context: RuleContext) -> [Finding] {
        let legacy = context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).compactMap { site -> Finding? in
            let becomesState = site.wrapper == .StateObject || (site.wrapper == .ObservedObject && site.createsOwnObject)
            guard becomesState, site.property.initializer != nil, let model = site.type, context.migrates(model),
                  let owner = site.owner, context.index.isMainActor(model), !isIsolated(owner, context) else { return nil }
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            return finding(context, site.attribute.range,
                           "\(label) becomes @State, whose default value \(TypeName.base(model))() is created in the view's initializer: \(TypeName.base(model)) is @MainActor and \(context.index.type(owner).simpleName) is not (Swift 6 rejects it before the iOS 18 SDK); mark the view @MainActor",
                           fix: nil, model: nil)
        }
        // After the migration: the same `@State` default value of a `@MainActor` `@Observable` class.
        let migrated = (context.index.observableStateDefaultsByFile[context.fileIndex] ?? []).compactMap { site -> Finding? in
            guard context.index.mainActorObservableTypes.contains(site.type), !isIsolated(site.owner, context) else { return nil }
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            let model = TypeName.base(site.type)
            return finding(context, site.attribute.range,
                           "@State \(label) creates \(model)() in the view's initializer: \(model) is @MainActor and \(context.index.type(site.owner).simpleName) is not (Swift 6 rejects it before the iOS 18 SDK); mark the view @MainActor",
                           fix: nil, model: nil)
        }
        return legacy + migrated
    }

    /// The view, or an enclosing type, isolated to the main actor, or an `App` (whose
    /// initializer is): nothing to say.
    func isIsolated(_ owner: TypeRef, _ context: RuleContext) -> Bool {
        context.index.type(owner).hasAttribute("MainActor") || context.index.type(owner).inherits("App") != nil
            || context.index.enclosingTypes(of: context.index.type(owner).bodyOpen, in: owner.file)
                .contains { context.index.type($0).hasAttribute("MainActor") }
    }
}
