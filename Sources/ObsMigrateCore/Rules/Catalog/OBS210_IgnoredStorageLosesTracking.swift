/// OBS210: `@AppStorage`/`@SceneStorage` in an ObservableObject, which publishes its changes
/// and which the `@Observable` macro could only ignore: the class keeps ObservableObject. In an
/// `@Observable` class, `@ObservationIgnored` storage is reported as what views cannot follow.
public struct IgnoredStorageLosesTracking: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS210",
        name: "ignored-storage-loses-tracking",
        severity: .warning,
        fix: .never,
        summary: "@AppStorage or @SceneStorage keeps a class ObservableObject: as @Observable it would not be tracked.",
        rationale: """
            In an ObservableObject, `@AppStorage` tells the object's views of every change through \
            `objectWillChange` (since iOS 14.5 and macOS 11.3), like `@Published`. The `@Observable` \
            macro cannot track a property that has another wrapper: it would have to be \
            `@ObservationIgnored`, and the views that read it would stop updating. So such a class keeps \
            ObservableObject, and the rule marks each storage property for a person: keep the value in a \
            plain tracked property written to `UserDefaults` in `didSet` (or tracked by hand with \
            `access(keyPath:)` and `withMutation(keyPath:_:)`), or read it with `@AppStorage` in the views \
            themselves. In an `@Observable` class, `@ObservationIgnored @AppStorage` is reported as \
            storage no view follows, until a person suppresses it.
            """,
        triggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @AppStorage(\"theme\") var theme = \"light\"\n}\n",
            "import SwiftUI\n@Observable final class Settings {\n    @ObservationIgnored @AppStorage(\"theme\") var theme = \"light\"\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var theme = \"light\"\n}\n",
        ],
        examples: [],
        reportsBehaviourChange: true)

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = context.decls.types
        for t in types.indices where types[t].kind == .class {
            let decl = types[t]
            let name = context.index.resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            let model = context.index.models[name] != nil
            guard model || context.index.observableTypes.contains(name) else { continue }
            for property in decl.properties where !property.isStatic && !property.isComputed {
                guard let wrapper = property.attributes.first(where: { ProjectIndex.publishingStorageWrappers.contains($0.name) }),
                      model || property.attribute("ObservationIgnored") != nil else { continue }
                let label = property.name.map { "'\($0)'" } ?? "property"
                findings.append(finding(context, wrapper.range, model
                    ? "@\(wrapper.name) \(label) keeps \(decl.simpleName) an ObservableObject: it publishes each change through objectWillChange, which @Observable cannot track; keep the value in a tracked property written to UserDefaults in didSet, or read @\(wrapper.name) in the views"
                    : "@\(wrapper.name) \(label) is @ObservationIgnored in the @Observable \(decl.simpleName): views that read it do not update when it changes",
                    fix: nil))
            }
        }
        return findings
    }
}
