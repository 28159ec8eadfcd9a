/// OBS109: `.environmentObject(x)` becomes `.environment(x)` when x's type migrates.
public struct EnvironmentObjectModifier: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS109",
        name: "environment-object-modifier",
        severity: .warning,
        fix: .sometimes,
        summary: ".environmentObject(x) injects an ObservableObject; an @Observable object is injected with .environment(x).",
        rationale: """
            `.environmentObject` requires ObservableObject; `@Observable` objects are injected with \
            `.environment(_:)` and read with `@Environment(M.self)`. The fix needs to know the injected \
            value's type (`M()`, a property, a local, `M.shared`); when it cannot tell, every model read \
            with `@EnvironmentObject` keeps ObservableObject, so that nothing stops compiling.
            """,
        triggering: [
            "import SwiftUI\nfinal class Session: ObservableObject {}\nstruct Root: View {\n    @StateObject private var session = Session()\n    var body: some View { Text(\"\").environmentObject(session) }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Session {}\nstruct Root: View {\n    @State private var session = Session()\n    var body: some View { Text(\"\").environment(session) }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Session: ObservableObject {}\n\nstruct Root: View {\n    @StateObject private var session = Session()\n    var body: some View {\n        Text(\"Hi\")\n            .environmentObject(session)\n    }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Session {}\n\nstruct Root: View {\n    @State private var session = Session()\n    var body: some View {\n        Text(\"Hi\")\n            .environment(session)\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        return context.sites(context.index.environmentObjectCalls, context.index.environmentCallsByFile).map { call in
            let range = source.span(call.nameToken, through: call.nameToken)
            if context.migrates(call.type) {
                return finding(context, range,
                               ".environmentObject becomes .environment: \(TypeName.base(call.type!)) is @Observable after migration (fixable)",
                               fix: [Edit(range, "environment")], model: call.type)
            }
            let why = call.type == nil
                ? "the injected value's type cannot be told"
                : context.whyNotMigrating(type: call.type, written: nil)
            return finding(context, range, ".environmentObject stays: \(why)", fix: nil, model: call.type)
        }
    }
}
