/// OBS213: Factory's or Resolver's `@InjectedObject` of a model becomes `@Injected` when the
/// model becomes `@Observable` (`LibraryWrappers.swift`).
public struct LibraryInjectedObject: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS213",
        name: "library-injected-object",
        severity: .warning,
        fix: .sometimes,
        summary: "@InjectedObject (Factory, Resolver) holds only an ObservableObject; an @Observable one is held by the library's @Injected.",
        rationale: """
            Factory's and Resolver's `@InjectedObject` is an `@ObservedObject` around what the \
            container resolves, and requires an ObservableObject. Their `@Injected` resolves the \
            same way when the view is made and holds any object; with an `@Observable` model, the \
            view's body tracks what it reads of it, as it did through the wrapper. So the attribute \
            becomes `@Injected` with the model's migration. Where it cannot (`$name` bindings are \
            used, which `@Injected` does not give, or the project declares a type named \
            `Injected`), the model keeps ObservableObject, with the reason; where its type cannot be \
            told (a key path into a container the sources do not extend), every model does.
            """,
        triggering: [
            "import SwiftUI\nimport Factory\nfinal class Router: ObservableObject {\n    @Published var depth = 0\n}\nextension Container {\n    var router: Factory<Router> { self { Router() } }\n}\nstruct Root: View {\n    @InjectedObject(\\.router) private var router\n    var body: some View { Text(\"\\(router.depth)\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nimport Factory\n@Observable final class Router {\n    var depth = 0\n}\nextension Container {\n    var router: Factory<Router> { self { Router() } }\n}\nstruct Root: View {\n    @Injected(\\.router) private var router\n    var body: some View { Text(\"\\(router.depth)\") }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\nimport Factory\n\nfinal class Router: ObservableObject {\n    @Published var depth = 0\n}\n\nextension Container {\n    var router: Factory<Router> { self { Router() } }\n}\n\nstruct Root: View {\n    @InjectedObject(\\.router) private var router\n\n    var body: some View {\n        Text(\"\\(router.depth)\")\n    }\n}\n",
             after: "import SwiftUI\nimport Factory\n\n@Observable final class Router {\n    var depth = 0\n}\n\nextension Container {\n    var router: Factory<Router> { self { Router() } }\n}\n\nstruct Root: View {\n    @Injected(\\.router) private var router\n\n    var body: some View {\n        Text(\"\\(router.depth)\")\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        return context.sites(context.index.libraryWrapperSites, context.index.libraryWrapperSitesByFile).compactMap { site in
            let attribute = source.text(site.attribute)
            let label = site.property.map { "'\($0)'" } ?? "property"
            let range = source.span(site.attribute, through: site.attribute)
            guard let model = site.model else {
                return finding(context, range, "\(attribute) \(label) stays: its type cannot be told (annotate the property's type)", fix: nil)
            }
            // Another module's object, or a class the sources do not make an ObservableObject: not ours.
            guard context.index.models[model] != nil else { return nil }
            guard context.migrates(model), site.kept == nil else {
                return finding(context, range, "\(attribute) \(label) stays: \(site.kept ?? context.whyNotMigrating(type: model, written: nil))",
                               fix: nil, model: model)
            }
            return finding(context, range,
                           "\(attribute) \(label) becomes @\(site.replacement): \(TypeName.base(model)) is @Observable after migration, and the view's body tracks what it reads of it (fixable)",
                           fix: [Edit(range, "@" + site.replacement)], model: model)
        }
    }
}
