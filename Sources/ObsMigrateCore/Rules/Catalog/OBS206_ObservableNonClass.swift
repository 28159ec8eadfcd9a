/// OBS206: `@Observable` on a struct, enum or actor.
public struct ObservableNonClass: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS206",
        name: "observable-struct",
        severity: .error,
        fix: .never,
        summary: "@Observable is applied to a struct, enum or actor; the macro supports classes only.",
        rationale: """
            Observation tracks reference types: `@Observable` on a value type or an actor does not \
            compile. Make it a class, or keep the value in an `@Observable` class or in `@State`.
            """,
        triggering: ["import Observation\n@Observable struct Settings {\n    var on = false\n}\n"],
        nonTriggering: ["import Observation\n@Observable final class Settings {\n    var on = false\n}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        context.decls.types.compactMap { decl in
            guard [.struct, .enum, .actor].contains(decl.kind), let attr = decl.attributes.first(where: { $0.name == "Observable" })
            else { return nil }
            return finding(context, attr.range,
                           "@Observable on \(decl.kind.rawValue) \(decl.simpleName): the macro supports classes only", fix: nil)
        }
    }
}
