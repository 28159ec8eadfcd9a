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
            state; that is usually a bug. When the model migrates, the fix (OBS106) makes it \
            `@State var m = M()`, which keeps the object for the view's lifetime; until then this warning \
            stays. A default value that hands over an object living elsewhere (`= Settings.shared`) is \
            not reported.
            """,
        triggering: ["import SwiftUI\nfinal class Timer: ObservableObject {}\nstruct V: View {\n    @ObservedObject var timer = Timer()\n    var body: some View { Text(\"\") }\n}\n"],
        nonTriggering: [
            "import SwiftUI\nfinal class Timer: ObservableObject {}\nstruct V: View {\n    @ObservedObject var timer: Timer\n    var body: some View { Text(\"\") }\n}\n",
            "import SwiftUI\nfinal class Settings: ObservableObject { static let shared = Settings() }\nstruct V: View {\n    @ObservedObject var settings = Settings.shared\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).filter {
            $0.wrapper == .ObservedObject && $0.createsOwnObject
        }.map { site in
            finding(context, site.attribute.range,
                    "@ObservedObject '\(site.property.name ?? "")' creates its own object, which is re-created with the view: "
                        + (context.migrates(site.decisionModel) ? "the fix makes it @State" : "it probably wants @StateObject"),
                    fix: nil)
        }
    }
}
