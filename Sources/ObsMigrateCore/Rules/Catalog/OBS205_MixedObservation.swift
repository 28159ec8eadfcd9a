/// OBS205: a class both `@Observable` and ObservableObject.
public struct MixedObservation: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS205",
        name: "mixed-observation",
        severity: .error,
        fix: .never,
        summary: "A class is marked @Observable and also conforms to ObservableObject.",
        rationale: """
            Mixing both systems on one class is a half-done migration: `@Published` fights the macro, \
            and views cannot tell which wrapper to use. A person decides which one the class keeps.
            """,
        triggering: ["import SwiftUI\n@Observable final class Mixed: ObservableObject {\n    var x = 0\n}\n"],
        nonTriggering: ["import SwiftUI\n@Observable final class Clean {\n    var x = 0\n}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for name in context.index.modelsByFile[context.fileIndex] ?? [] {
            guard let model = context.index.models[name] else { continue }
            guard model.declarations.contains(where: { context.index.type($0).hasAttribute("Observable") }) else { continue }
            for c in model.conformances where c.ref.file == context.fileIndex {
                let entry = context.index.type(c.ref).inheritance[c.entry]
                findings.append(finding(context, entry.range,
                    "\(model.simpleName) is both @Observable and ObservableObject: a person decides which it keeps", fix: nil))
            }
        }
        return findings
    }
}
