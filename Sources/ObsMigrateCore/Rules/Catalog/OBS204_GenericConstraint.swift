/// OBS204: ObservableObject used as a generic constraint or existential.
public struct ObservableObjectGenericConstraint: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS204",
        name: "observable-object-generic-constraint",
        severity: .warning,
        fix: .never,
        summary: "ObservableObject is used as a generic constraint or existential type.",
        rationale: """
            `func bind<M: ObservableObject>(_ m: M)`, `struct Row<M: ObservableObject>`, \
            `associatedtype Model: ObservableObject` or `any ObservableObject` accept only ObservableObject types; an `@Observable` class passed \
            there would stop compiling. The types passed to such a declaration (or that satisfy such an \
            associated type, through a `typealias` or the members that implement the protocol's \
            requirements) keep ObservableObject, and \
            a person decides how the declaration should change (often to `Observable & AnyObject`).
            """,
        triggering: ["import Combine\nfunc bind<M: ObservableObject>(_ model: M) {}\n"],
        nonTriggering: ["import Observation\nfunc bind<M: Observable & AnyObject>(_ model: M) {}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        context.sites(context.index.constraintUses, context.index.constraintUsesByFile).map { use in
            if use.isExtension {
                return finding(context, use.range,
                               "extension ObservableObject adds members to every ObservableObject: models that use them keep ObservableObject; a person decides",
                               fix: nil)
            }
            if let associated = use.associatedType, let proto = use.declarationName {
                return finding(context, use.range,
                               "associatedtype \(associated) of \(TypeName.base(proto)) requires ObservableObject: the types that satisfy it keep ObservableObject; a person decides",
                               fix: nil)
            }
            let target = use.declarationName.map { " in \($0)" } ?? ""
            return finding(context, use.range,
                           "ObservableObject used as a constraint or existential type\(target): the types passed here keep ObservableObject; a person decides",
                           fix: nil)
        }
    }
}
