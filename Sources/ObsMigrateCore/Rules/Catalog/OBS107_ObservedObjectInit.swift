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
        return context.sites(context.index.wrapperInits, context.index.wrapperInitsByFile).filter { $0.wrapper == .ObservedObject }.map { use in
            let range = source.start(use.nameToken)..<source.end(use.nameToken)
            guard let siteIndex = use.siteIndex, let target = use.target, let label = use.label, let close = use.close,
                  let property = use.property, context.migrates(use.type) else {
                let why = use.siteIndex == nil
                    ? "this use of ObservedObject by name cannot be rewritten"
                    : context.whyNotMigrating(type: use.type, written: nil)
                return finding(context, range, "ObservedObject stays: \(why)", fix: nil, model: use.type)
            }
            if !context.index.wrapperSites[siteIndex].projectedUses.isEmpty {
                return finding(context, range, "ObservedObject(wrappedValue:) becomes Bindable(wrappedValue:) (fixable)",
                               fix: [Edit(range, "Bindable")], model: use.type)
            }
            // Argument text as written, from after `wrappedValue:` to before `)`.
            let argument = source.text(source.start(label + 2)..<source.end(close - 1))
            let replaced = source.start(target)..<source.end(close)
            let name = property.first?.isLetter ?? false ? property : "`\(property)`"
            return finding(context, range, "ObservedObject(wrappedValue:) becomes a plain assignment (fixable)",
                           fix: [Edit(replaced, "self.\(name) = \(argument)")], model: use.type)
        }
    }
}
