/// OBS105: `_m = StateObject(wrappedValue: M(...))` in an initializer becomes `State(wrappedValue:)`.
public struct StateObjectInit: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS105",
        name: "state-object-init",
        severity: .warning,
        fix: .sometimes,
        summary: "StateObject(wrappedValue:) initialises a @StateObject; with @State it is State(wrappedValue:).",
        rationale: """
            A view that builds its model from init arguments assigns the wrapper directly. When the \
            property becomes `@State`, the assignment becomes `_m = State(wrappedValue: ...)`. Other uses \
            of the `StateObject` type by name cannot be rewritten and keep the model as it is.
            """,
        triggering: [
            "import SwiftUI\nfinal class Detail: ObservableObject { init(id: Int) {} }\nstruct DetailView: View {\n    @StateObject private var model: Detail\n    init(id: Int) {\n        _model = StateObject(wrappedValue: Detail(id: id))\n    }\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Detail { init(id: Int) {} }\nstruct DetailView: View {\n    @State private var model: Detail\n    init(id: Int) {\n        _model = State(wrappedValue: Detail(id: id))\n    }\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Detail: ObservableObject {\n    init(id: Int) {}\n}\n\nstruct DetailView: View {\n    @StateObject private var model: Detail\n    init(id: Int) {\n        _model = StateObject(wrappedValue: Detail(id: id))\n    }\n    var body: some View { Text(\"\") }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Detail {\n    init(id: Int) {}\n}\n\nstruct DetailView: View {\n    @State private var model: Detail\n    init(id: Int) {\n        _model = State(wrappedValue: Detail(id: id))\n    }\n    var body: some View { Text(\"\") }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        // `_m = .init(wrappedValue:)` needs no change when the property becomes @State.
        return context.sites(context.index.wrapperInits, context.index.wrapperInitsByFile).filter { $0.wrapper == .StateObject && !$0.implicit }.map { use in
            let range = source.span(use.nameToken, through: use.nameToken)
            if use.siteIndex != nil, use.target != nil, context.migrates(use.decisionModel) {
                return finding(context, range, "StateObject(wrappedValue:) becomes State(wrappedValue:) (fixable)",
                               fix: [Edit(range, context.wrapperName("State", at: use.nameToken))], model: use.decisionModel)
            }
            let why = use.siteIndex == nil
                ? "this use of StateObject by name cannot be rewritten"
                : context.whyNotMigrating(use)
            return finding(context, range, "StateObject stays: \(why)", fix: nil, model: use.decisionModel)
        }
    }
}
