/// OBS104: `@StateObject var m = M()` becomes `@State var m = M()` when M migrates.
public struct StateObjectProperty: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS104",
        name: "state-object",
        severity: .warning,
        fix: .sometimes,
        summary: "@StateObject owns an ObservableObject; a view owns an @Observable object with @State.",
        rationale: """
            `@StateObject` requires ObservableObject. Once the model is `@Observable`, the view keeps \
            ownership with `@State`, and `$model.property` bindings keep working. The fix is applied \
            only when the model type is declared in the scanned sources and migrates.
            """,
        triggering: [
            "import SwiftUI\nfinal class Counter: ObservableObject {}\nstruct CounterView: View {\n    @StateObject private var counter = Counter()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Counter {}\nstruct CounterView: View {\n    @State private var counter = Counter()\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n\nstruct CounterView: View {\n    @StateObject private var counter = Counter()\n    var body: some View { Text(\"\\(counter.count)\") }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Counter {\n    var count = 0\n}\n\nstruct CounterView: View {\n    @State private var counter = Counter()\n    var body: some View { Text(\"\\(counter.count)\") }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).filter { $0.wrapper == .StateObject }.map { site in
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            if context.migrates(site.decisionModel) {
                return finding(context, site.attribute.range,
                               "@StateObject \(label) becomes @State: \(context.shownType(site)) is @Observable after migration (fixable)",
                               fix: [Edit(site.attribute.range, "@" + context.index.frameworkName("State", at: site.attribute.token, in: context.fileIndex))], model: site.decisionModel)
            }
            return finding(context, site.attribute.range,
                           "@StateObject \(label) stays: \(context.whyNotMigrating(site))",
                           fix: nil, model: site.decisionModel)
        }
    }
}
