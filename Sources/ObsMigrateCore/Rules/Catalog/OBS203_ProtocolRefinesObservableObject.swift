/// OBS203: a protocol refining ObservableObject ties every conforming class to Combine.
public struct ProtocolRefinesObservableObject: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS203",
        name: "protocol-refines-observable-object",
        severity: .warning,
        fix: .never,
        summary: "A protocol refines ObservableObject; its conforming classes cannot migrate on their own.",
        rationale: """
            `protocol ViewModel: ObservableObject` is used for generic views and dependency injection. \
            Whether it should refine `Observable`, `AnyObject`, or nothing is a design decision: a person \
            changes it, and until then the classes that conform to it keep ObservableObject.
            """,
        triggering: ["import Combine\nprotocol ViewModel: ObservableObject {}\n"],
        nonTriggering: ["import Observation\nprotocol ViewModel: AnyObject, Observable {}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        context.decls.types.compactMap { decl in
            guard decl.kind == .protocol, let site = context.index.refiningProtocols[decl.qualifiedName],
                  site.file == context.fileIndex,
                  let entry = decl.inheritance.first(where: { context.source.start($0.firstToken) == site.offset }) else { return nil }
            let through = entry.baseName == "ObservableObject" ? "ObservableObject" : "ObservableObject through \(entry.name)"
            return finding(context, entry.range,
                           "protocol \(decl.simpleName) refines \(through): its conforming classes keep ObservableObject until a person migrates it",
                           fix: nil)
        }
    }
}
