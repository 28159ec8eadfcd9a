/// OBS205: a class both `@Observable` (or a SwiftData `@Model`, Observable through its macro)
/// and ObservableObject.
public struct MixedObservation: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS205",
        name: "mixed-observation",
        severity: .error,
        fix: .never,
        summary: "A class is marked @Observable (or is a SwiftData @Model) and also conforms to ObservableObject.",
        rationale: """
            Mixing both systems on one class is a half-done migration: `@Published` fights the macro, \
            and views cannot tell which wrapper to use. A person decides which one the class keeps. \
            A SwiftData `@Model` class is Observable through its macro, so `@Observable` cannot be \
            added to it: when it also conforms to ObservableObject, the conformance is usually the part \
            to remove, by hand, with its views' wrappers.
            """,
        triggering: ["import SwiftUI\n@Observable final class Mixed: ObservableObject {\n    var x = 0\n}\n",
                     "import SwiftData\nimport Combine\n@Model final class Trip: ObservableObject {\n    var name = \"\"\n}\n"],
        nonTriggering: ["import SwiftUI\n@Observable final class Clean {\n    var x = 0\n}\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for name in context.index.modelsByFile[context.fileIndex] ?? [] {
            guard let model = context.index.models[name] else { continue }
            let declarations = model.declarations.map { context.index.type($0) }
            let what: String
            if declarations.contains(where: { $0.hasAttribute("Observable") }) {
                what = "is both @Observable and ObservableObject: a person decides which it keeps"
            } else if declarations.contains(where: { $0.kind == .class && $0.hasAttribute("Model") }) {
                what = "is a SwiftData @Model, which is Observable already, and also ObservableObject: a person decides which it keeps (usually by removing the conformance and its views' ObservableObject wrappers)"
            } else {
                continue
            }
            for c in model.conformances where c.ref.file == context.fileIndex {
                let entry = context.index.type(c.ref).inheritance[c.entry]
                findings.append(finding(context, entry.range, "\(model.simpleName) \(what)", fix: nil))
            }
        }
        return findings
    }
}
