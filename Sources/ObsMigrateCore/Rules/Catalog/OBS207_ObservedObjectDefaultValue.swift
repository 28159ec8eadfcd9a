/// OBS207: `@ObservedObject var m = M()`: a view creating an object it does not own.
public struct ObservedObjectDefaultValue: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS207",
        name: "observed-object-default-value",
        severity: .warning,
        fix: .never,
        summary: "@ObservedObject with a default value: the view creates an object it does not own.",
        rationale: """
            An `@ObservedObject` is re-created whenever the parent re-creates the view, losing its \
            state; that is usually a bug. The migration keeps today's behaviour (a plain `var m = M()`, \
            re-created as before, through OBS106) and this warning says the view probably wants `@State`.
            """,
        triggering: ["import SwiftUI\nfinal class Timer: ObservableObject {}\nstruct V: View {\n    @ObservedObject var timer = Timer()\n    var body: some View { Text(\"\") }\n}\n"],
        nonTriggering: ["import SwiftUI\nfinal class Timer: ObservableObject {}\nstruct V: View {\n    @ObservedObject var timer: Timer\n    var body: some View { Text(\"\") }\n}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).filter {
            $0.wrapper == .ObservedObject && $0.property.initializer != nil
        }.map { site in
            finding(context, site.attribute.range,
                    "@ObservedObject '\(site.property.name ?? "")' creates its own object, which is re-created with the view: it probably wants @State",
                    fix: nil)
        }
    }
}
