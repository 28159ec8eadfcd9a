/// OBS210: `@AppStorage`/`@SceneStorage` in a migrating class: under `@ObservationIgnored`
/// changes to it no longer update views.
public struct IgnoredStorageLosesTracking: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS210",
        name: "ignored-storage-loses-tracking",
        severity: .warning,
        fix: .never,
        summary: "@AppStorage or @SceneStorage in a class that becomes @Observable is no longer tracked.",
        rationale: """
            The `@Observable` macro cannot track a property that has another wrapper, so the migration \
            marks it `@ObservationIgnored` (OBS103) and the code compiles. But a view that reads it \
            no longer updates when it changes (in an ObservableObject, such a property often worked \
            because a `@Published` one changed with it, or `objectWillChange.send()` was called). If \
            views must follow it, store it in a plain tracked property and write it to `UserDefaults` \
            in `didSet`, or read it with `@AppStorage` in the view itself.
            """,
        triggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @AppStorage(\"theme\") var theme = \"light\"\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var theme = \"light\"\n}\n",
        ],
        examples: [])

    static let storageWrappers: Set<String> = ["AppStorage", "SceneStorage"]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = context.decls.types
        for t in types.indices where types[t].kind == .class {
            let decl = types[t]
            let name = context.index.resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            guard context.index.models[name] != nil, context.migrates(name) else { continue }
            for property in decl.properties where !property.isStatic && !property.isComputed {
                guard let wrapper = property.attributes.first(where: { Self.storageWrappers.contains($0.name) }) else { continue }
                let label = property.name.map { "'\($0)'" } ?? "property"
                findings.append(finding(context, wrapper.range,
                    "@\(wrapper.name) \(label) becomes @ObservationIgnored in the @Observable \(decl.simpleName): views that read it no longer update when it changes",
                    fix: nil))
            }
        }
        return findings
    }
}
