/// OBS103: `lazy`, property-wrapped and observer-only overriding stored properties of a class
/// that becomes `@Observable` need `@ObservationIgnored`, because the macro rejects them.
public struct ObservationIgnoredNeeded: Rule {
    public init() {}

    /// Attributes that are not property wrappers (or are handled by other rules).
    static let notWrappers: Set<String> = [
        "Published", "ObservationIgnored", "ObservationTracked", "MainActor", "objc", "nonobjc", "available",
        "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable", "usableFromInline", "inlinable", "inline",
        "preconcurrency", "Sendable", "unchecked", "discardableResult", "frozen", "dynamicMemberLookup",
        "backDeployed", "_spi", "exclusivity", "NSCopying", "globalActor", "warn_unqualified_access",
    ]

    public let metadata = RuleMetadata(
        code: "OBS103",
        name: "observation-ignored-needed",
        severity: .warning,
        fix: .sometimes,
        summary: "A lazy, property-wrapped or observer-only overriding property in a class that becomes @Observable needs @ObservationIgnored.",
        rationale: """
            The `@Observable` macro turns stored properties into computed ones backed by tracked storage; \
            it cannot do that to a `lazy` property or one with another property wrapper (`@Injected`, \
            `@Clamped`, ...), and the class stops compiling. `@ObservationIgnored` keeps such a property \
            as it is, untracked, as it was under ObservableObject (only `@Published` properties were \
            published there). `@AppStorage` is the exception: it publishes through `objectWillChange` \
            too: OBS210 tracks it by hand where that is safe, and otherwise the class stays \
            ObservableObject. A subclass's `override var x { didSet { ... } }` needs \
            `@ObservationIgnored` too: the superclass's `x` keeps tracking every read and \
            write, and the observers still run.
            """,
        triggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Injected var client: Client\n    lazy var formatter = DateFormatter()\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var name = \"\"\n    static let shared = Settings()\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Settings: ObservableObject {\n    @Clamped(0...1) var volume = 0.5\n    lazy var cache: [String] = []\n}\n",
             after: "import SwiftUI\n\n@Observable final class Settings {\n    @ObservationIgnored @Clamped(0...1) var volume = 0.5\n    @ObservationIgnored lazy var cache: [String] = []\n}\n"),
            (before: "import SwiftUI\n\nclass Document: ObservableObject {\n    @Published var text = \"\"\n}\n\nfinal class Note: Document {\n    override var text: String {\n        didSet { print(text) }\n    }\n}\n",
             after: "import SwiftUI\n\n@Observable class Document {\n    var text = \"\"\n}\n\n@Observable final class Note: Document {\n    @ObservationIgnored override var text: String {\n        didSet { print(text) }\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = context.decls.types
        for t in types.indices where types[t].kind == .class {
            let decl = types[t]
            let name = context.index.resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            guard context.migrates(name), !(context.index.models[name] != nil && decl.hasAttribute("Observable")) else { continue }
            for property in decl.properties where !property.isStatic && !property.isComputed && property.keyword == "var" {
                if property.attribute("ObservationIgnored") != nil { continue }
                // A model's `@AppStorage`: OBS210 tracks it by hand, or the model stays ObservableObject.
                if context.index.models[name] != nil, property.attributes.contains(where: { ProjectIndex.publishingStorageWrappers.contains($0.name) }) { continue }
                let wrapper = property.attributes.first {
                    !Self.notWrappers.contains($0.name) && ($0.name.first?.isUppercase ?? false)
                        && !context.index.globalActors.contains($0.name)
                }
                let isLazy = property.hasModifier("lazy")
                // `override var x { didSet }`: the superclass's property does the tracking.
                if wrapper == nil, !isLazy, property.hasModifier("override") {
                    let label = property.name.map { "'\($0)'" } ?? "property"
                    findings.append(finding(context, property.modifiers.first { $0.text == "override" }!.range,
                        "\(label) overrides a property to add observers: it needs @ObservationIgnored in the @Observable \(TypeName.base(name)), where the superclass's property stays tracked (fixable)",
                        fix: [.insert("@ObservationIgnored ", at: property.start)], model: name))
                    continue
                }
                guard wrapper != nil || isLazy else { continue }
                let what = wrapper.map { "@\($0.name)" } ?? "lazy"
                let label = property.name.map { "'\($0)'" } ?? "property"
                let range = wrapper?.range ?? property.modifiers.first { $0.text == "lazy" }!.range
                findings.append(finding(context, range,
                    "\(what) property \(label) needs @ObservationIgnored once \(decl.simpleName) is @Observable (fixable)",
                    fix: [.insert("@ObservationIgnored ", at: property.start)], model: name))
            }
        }
        return findings
    }
}
