/// OBS209: a `@StateObject` (or self-created `@ObservedObject`) default value whose initializer
/// does work: as `@State` it runs again each time the parent re-creates the view.
public struct StateDefaultValueSideEffects: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS209",
        name: "state-default-side-effects",
        severity: .warning,
        fix: .never,
        summary: "A model whose initializer does work is created as a @State default value: it runs on every re-render of the parent.",
        rationale: """
            `@StateObject var m = M()` takes an autoclosure: `M()` runs once, when the view first \
            appears. `@State var m = M()` evaluates `M()` every time the parent re-creates the view \
            (SwiftUI then throws the new object away and keeps the first). It compiles and behaves the \
            same for a plain model, but an initializer that loads data, starts a `Task` or a timer, or \
            subscribes to notifications now does that on every re-render. Reported where the migration \
            makes such a site `@State`; move the work to `.task { }` or create the model in the parent. \
            The same holds for `_m = StateObject(wrappedValue: makeModel())` in an initializer: \
            `State(wrappedValue:)` has no autoclosure, so a call in its argument (a factory, a closure \
            parameter) now runs every time the view is initialised. After the migration the rule \
            keeps reporting `@State var m = M()` of an `@Observable` class whose initializer does work, \
            until a person moves the work or suppresses the finding.
            """,
        triggering: [
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n    init() { load() }\n    func load() {}\n}\nstruct FeedView: View {\n    @StateObject private var feed = Feed()\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n}\nstruct FeedView: View {\n    @StateObject private var feed: Feed\n    init(makeFeed: @escaping () -> Feed) {\n        _feed = StateObject(wrappedValue: makeFeed())\n    }\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\n@Observable final class Feed {\n    var items: [String] = []\n    init() { load() }\n    func load() {}\n}\nstruct FeedView: View {\n    @State private var feed = Feed()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nenum Load { case idle, loaded([String]) }\nfinal class Feed: ObservableObject {\n    @Published var state = Load.idle\n    init(items: [String]) { state = .loaded(items) }\n}\nstruct FeedView: View {\n    @StateObject private var feed = Feed(items: [])\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n    init() { items = [] }\n}\nstruct FeedView: View {\n    @StateObject private var feed = Feed()\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n}\nstruct FeedView: View {\n    @StateObject private var feed: Feed\n    init(feed: Feed) {\n        _feed = StateObject(wrappedValue: feed)\n    }\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [],
        reportsBehaviourChange: true)

    public func check(_ context: RuleContext) -> [Finding] {
        defaultValues(context) + wrapperInits(context) + observableStateDefaults(context) + observableStateInits(context)
    }

    /// After the migration: `@State var m = M()` of an `@Observable` class whose initializer does work.
    func observableStateDefaults(_ context: RuleContext) -> [Finding] {
        (context.index.observableStateDefaultsByFile[context.fileIndex] ?? []).compactMap { site in
            guard let work = context.index.initializerWork(of: site.type) else { return nil }
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            let model = TypeName.base(site.type)
            return finding(context, site.attribute.range,
                           "@State \(label) creates \(model) in its default value, which runs again on every re-render of the parent: \(model)'s initializer calls \(work.call) at \(work.location); move that work to .task { } or create \(model) in the parent",
                           fix: nil, model: nil)
        }
    }

    func defaultValues(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).compactMap { site in
            let becomesState = site.wrapper == .StateObject || (site.wrapper == .ObservedObject && site.createsOwnObject)
            guard becomesState, site.property.initializer != nil, let model = site.type, context.migrates(model),
                  let work = context.index.initializerWork(of: model) else { return nil }
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            return finding(context, site.attribute.range,
                           "\(label) becomes @State, whose default value runs again on every re-render of the parent: \(TypeName.base(model))'s initializer calls \(work.call) at \(work.location); move that work to .task { } or create \(TypeName.base(model)) in the parent",
                           fix: nil, model: nil)
        }
    }

    /// `_m = StateObject(wrappedValue: expression)` in an initializer: as `State(wrappedValue:)`,
    /// the expression is evaluated each time the view is initialised, not once.
    func wrapperInits(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperInits, context.index.wrapperInitsByFile).compactMap { use in
            guard use.wrapper == .StateObject, let i = use.siteIndex, use.target != nil, let labelToken = use.label,
                  let close = use.close, context.migrates(use.decisionModel) else { return nil }
            let name = context.index.wrapperSites[i].property.name.map { "'\($0)'" } ?? "property"
            return argumentFinding(context, nameToken: use.nameToken, argument: (labelToken + 2)..<close,  // after `wrappedValue:`
                                   model: use.decisionModel, becomes: "\(name) becomes @State, whose State(wrappedValue:)", legacy: true)
        }
    }

    /// After the migration: `_m = State(wrappedValue: expression)` of an `@Observable` class.
    func observableStateInits(_ context: RuleContext) -> [Finding] {
        (context.index.observableStateInitsByFile[context.fileIndex] ?? []).compactMap { use in
            argumentFinding(context, nameToken: use.nameToken, argument: use.argument, model: use.type,
                            becomes: "@State '\(use.property)' is set with State(wrappedValue:), which", legacy: false)
        }
    }

    /// The finding for a wrapper initialised with `argument`: a construction of a model whose
    /// initializer does work, or a call (`makeModel()`, a closure parameter), both evaluated each
    /// time the view is initialised. `legacy`: a `StateObject` the migration turns into `State`
    /// (else a `State` it left).
    func argumentFinding(_ context: RuleContext, nameToken: Int, argument: Range<Int>, model: String?,
                         becomes: String, legacy: Bool) -> Finding? {
        let source = context.source
        var start = argument.lowerBound
        let close = argument.upperBound
        while start < close, source.isIdentifier(start, "try") || source.isIdentifier(start, "await") { start += 1 }
        guard start < close else { return nil }
        let range = source.span(nameToken, through: nameToken)
        let index = context.index
        if index.isConstruction(start..<close, in: context.fileIndex, path: index.scopePath(start, context.fileIndex)) {
            // A construction: it matters when the initializer does work, as for a default value.
            guard let model, let work = context.index.initializerWork(of: model) else { return nil }
            return finding(context, range,
                           "\(becomes) creates \(TypeName.base(model)) each time the view is initialised (every re-render of the parent), \(legacy ? "where StateObject(wrappedValue:) did it once" : "where StateObject(wrappedValue:) would do it once"): its initializer calls \(work.call) at \(work.location); create it once, in the parent or in .task { }",
                           fix: nil, model: nil)
        }
        // A call in the argument (`makeModel()`, a closure parameter `viewModel()`): it ran once
        // inside StateObject's autoclosure, and runs on every initialisation now.
        guard let call = (start..<close).first(where: { source.kind($0) == .identifier && source.kind($0 + 1) == .leftParen
                && !source.isText($0, "init") && (source.text($0).first.map { $0.isLowercase || $0 == "_" } ?? false) }) else { return nil }
        return finding(context, range,
                       "\(becomes) calls \(source.text(call))() each time the view is initialised (every re-render of the parent), \(legacy ? "where StateObject(wrappedValue:) took an autoclosure and called it once" : "where StateObject(wrappedValue:) would take an autoclosure and call it once"); create the model once, in the parent or in .task { }",
                       fix: nil, model: nil)
    }
}
