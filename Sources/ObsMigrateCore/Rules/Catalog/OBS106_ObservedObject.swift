/// OBS106: `@ObservedObject var m: M` becomes a plain `var m: M`, or `@Bindable var m: M`
/// when `$m` is used for bindings; `@ObservedObject var m = M()` becomes `@State var m = M()`.
public struct ObservedObjectProperty: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS106",
        name: "observed-object",
        severity: .warning,
        fix: .sometimes,
        summary: "@ObservedObject watches an ObservableObject; a view reading an @Observable object needs no wrapper.",
        rationale: """
            Observation tracks what `body` reads, so a view that is handed a model keeps a plain \
            property. When the view makes bindings with `$model.property`, the property becomes \
            `@Bindable`. A view that creates its own object (`@ObservedObject var m = M()`) gets \
            `@State`, which keeps the object for the view's lifetime (see OBS207). Applied only when the \
            model migrates.
            """,
        triggering: [
            "import SwiftUI\nfinal class Item: ObservableObject { @Published var name = \"\" }\nstruct Row: View {\n    @ObservedObject var item: Item\n    var body: some View { Text(item.name) }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Item { var name = \"\" }\nstruct Row: View {\n    var item: Item\n    var body: some View { Text(item.name) }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Item: ObservableObject {\n    @Published var name = \"\"\n}\n\nstruct Row: View {\n    @ObservedObject var item: Item\n    var body: some View { Text(item.name) }\n}\n\nstruct Editor: View {\n    @ObservedObject var item: Item\n    var body: some View { TextField(\"Name\", text: $item.name) }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Item {\n    var name = \"\"\n}\n\nstruct Row: View {\n    var item: Item\n    var body: some View { Text(item.name) }\n}\n\nstruct Editor: View {\n    @Bindable var item: Item\n    var body: some View { TextField(\"Name\", text: $item.name) }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).filter { $0.wrapper == .ObservedObject }.map { site in
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            guard context.migrates(site.decisionModel) else {
                return finding(context, site.attribute.range,
                               "@ObservedObject \(label) stays: \(context.whyNotMigrating(site))",
                               fix: nil, model: site.decisionModel)
            }
            if site.createsOwnObject {
                // The view made its own object: @State keeps it across re-renders, as was meant.
                return finding(context, site.attribute.range,
                               "@ObservedObject \(label) creates its own object: it becomes @State, which keeps it for the view's lifetime (fixable)",
                               fix: [Edit(site.attribute.range, "@" + context.index.frameworkName("State", at: site.attribute.token, in: context.fileIndex))], model: site.decisionModel)
            }
            if !site.projectedUses.isEmpty {
                return finding(context, site.attribute.range,
                               "@ObservedObject \(label) becomes @Bindable: $\(site.property.name ?? "") makes bindings (fixable)",
                               fix: [Edit(site.attribute.range, "@" + context.index.frameworkName("Bindable", at: site.attribute.token, in: context.fileIndex))], model: site.decisionModel)
            }
            return finding(context, site.attribute.range,
                           "@ObservedObject \(label) becomes a plain property: Observation tracks what body reads (fixable)",
                           fix: [Edits.deleteToken(site.attribute.range, in: context.source)], model: site.decisionModel)
        }
    }
}
