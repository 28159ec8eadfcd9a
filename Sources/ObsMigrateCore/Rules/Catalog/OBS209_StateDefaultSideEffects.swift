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
            makes such a site `@State`; move the work to `.task { }` or create the model in the parent.
            """,
        triggering: [
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n    init() { load() }\n    func load() {}\n}\nstruct FeedView: View {\n    @StateObject private var feed = Feed()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Feed: ObservableObject {\n    @Published var items: [String] = []\n    init() { items = [] }\n}\nstruct FeedView: View {\n    @StateObject private var feed = Feed()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
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
}
