/// OBS107: `_m = ObservedObject(wrappedValue: x)` becomes `self.m = x`, or
/// `_m = Bindable(wrappedValue: x)` when the property becomes `@Bindable`.
public struct ObservedObjectInit: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS107",
        name: "observed-object-init",
        severity: .warning,
        fix: .sometimes,
        summary: "ObservedObject(wrappedValue:) initialises an @ObservedObject; a plain property is assigned directly.",
        rationale: """
            When `@ObservedObject var m` becomes a plain property, there is no `_m` wrapper to assign: \
            the initializer assigns `self.m = x`. When it becomes `@Bindable`, the wrapper is \
            `Bindable(wrappedValue: x)`.
            """,
        triggering: [
            "import SwiftUI\nfinal class Item: ObservableObject {}\nstruct Row: View {\n    @ObservedObject var item: Item\n    init(item: Item) {\n        _item = ObservedObject(wrappedValue: item)\n    }\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Item {}\nstruct Row: View {\n    var item: Item\n    init(item: Item) {\n        self.item = item\n    }\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Item: ObservableObject {}\n\nstruct Row: View {\n    @ObservedObject var item: Item\n    init(item: Item) {\n        _item = ObservedObject(wrappedValue: item)\n    }\n    var body: some View { Text(\"\") }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Item {}\n\nstruct Row: View {\n    var item: Item\n    init(item: Item) {\n        self.item = item\n    }\n    var body: some View { Text(\"\") }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        let uses = context.sites(context.index.wrapperInits, context.index.wrapperInitsByFile).filter { use in
            // `.init(...)` stays right for a @Bindable property; it only changes for a plain one.
            guard use.wrapper == .ObservedObject else { return false }
            guard use.implicit, let i = use.siteIndex else { return true }
            let bindable = !context.index.wrapperSites[i].projectedUses.isEmpty
            return !bindable || use.label.map { source.isText($0, "initialValue") } ?? false
        }
        return uses.compactMap { use -> Finding? in
            let range = source.span(use.nameToken, through: use.nameToken)
            let spelled = use.implicit ? ".init(\(use.label.map { source.text($0) } ?? "wrappedValue"):)"
                : "ObservedObject(\(use.label.map { source.text($0) } ?? "wrappedValue"):)"
            guard let siteIndex = use.siteIndex, let target = use.target, let label = use.label, let close = use.close,
                  let property = use.property, context.migrates(use.decisionModel) else {
                let why = use.siteIndex == nil
                    ? "this use of ObservedObject by name cannot be rewritten"
                    : context.whyNotMigrating(use)
                if use.implicit { return nil }  // not a legacy spelling: nothing to report while it stays
                return finding(context, range, "ObservedObject stays: \(why)", fix: nil, model: use.decisionModel)
            }
            if context.index.wrapperSites[siteIndex].createsOwnObject {
                // The property becomes @State (OBS106): its wrapper is State.
                let edits = use.implicit ? [] : [Edit(range, context.wrapperName("State", at: use.nameToken))]
                if edits.isEmpty { return nil }
                return finding(context, range, "\(spelled) becomes State(wrappedValue:): the property becomes @State (fixable)",
                               fix: edits, model: use.decisionModel)
            }
            if !context.index.wrapperSites[siteIndex].projectedUses.isEmpty {
                // Bindable has no `init(initialValue:)`.
                var edits = use.implicit ? [] : [Edit(range, context.wrapperName("Bindable", at: use.nameToken))]
                if source.isText(label, "initialValue") { edits.append(Edit(source.span(label, through: label), "wrappedValue")) }
                return finding(context, range, "\(spelled) becomes \(use.implicit ? ".init" : "Bindable")(wrappedValue:) (fixable)",
                               fix: edits, model: use.decisionModel)
            }
            // Argument text as written, from after `wrappedValue:` to before `)`.
            let argument = source.text(source.span(label + 2, through: close - 1))
            let replaced = source.span(target, through: close)
            let name = property.first?.isLetter ?? false ? property : "`\(property)`"
            return finding(context, range, "\(spelled) becomes a plain assignment: the property has no wrapper any more (fixable)",
                           fix: [Edit(replaced, "self.\(name) = \(argument)")], model: use.decisionModel)
        }
    }
}
