/// OBS205: a class both `@Observable` (or a SwiftData `@Model`, Observable through its macro)
/// and ObservableObject: a half-done migration, finished like any model's when nothing keeps it.
public struct MixedObservation: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS205",
        name: "mixed-observation",
        severity: .error,
        fix: .sometimes,
        summary: "A class is marked @Observable (or is a SwiftData @Model) and also conforms to ObservableObject.",
        rationale: """
            A class marked `@Observable` that still conforms to ObservableObject is a half-done \
            migration: views observe it through both systems, and `@Published` must hide from the macro \
            behind `@ObservationIgnored`. The fix finishes it as it migrates any model: the conformance \
            goes (an extension left empty with it), `@Published` and the `@ObservationIgnored` beside it \
            go so that the property is tracked, and its views' wrappers and injections are converted, \
            under the same blocking rules (a `$property` publisher or `objectWillChange` in use keeps \
            it, with the reason). A SwiftData `@Model` class is Observable through its macro, so \
            `@Observable` cannot be added to it: when it also conforms to ObservableObject, a person \
            removes the conformance, with its views' wrappers.
            """,
        triggering: ["import SwiftUI\n@Observable final class Mixed: ObservableObject {\n    var x = 0\n}\n",
                     "import SwiftData\nimport Combine\n@Model final class Trip: ObservableObject {\n    var name = \"\"\n}\n"],
        nonTriggering: ["import SwiftUI\n@Observable final class Clean {\n    var x = 0\n}\n"],
        examples: [
            (before: "import SwiftUI\n\n@Observable\nfinal class Library: ObservableObject {\n    var books: [String] = []\n    @ObservationIgnored @Published var filter = \"\"\n}\n",
             after: "import SwiftUI\n\n@Observable\nfinal class Library {\n    var books: [String] = []\n    var filter = \"\"\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let source = context.source
        for name in context.index.modelsByFile[context.fileIndex] ?? [] {
            guard let model = context.index.models[name] else { continue }
            let declarations = model.declarations.map { context.index.type($0) }
            let simple = model.simpleName
            let observable = declarations.contains(where: { $0.hasAttribute("Observable") })
            guard observable || declarations.contains(where: { $0.kind == .class && $0.hasAttribute("Model") }) else { continue }
            for c in model.conformances where c.ref.file == context.fileIndex {
                let decl = context.index.type(c.ref)
                let entry = decl.inheritance[c.entry]
                if observable, model.migrates {
                    findings.append(finding(context, entry.range,
                        "\(simple) is @Observable already and still conforms to ObservableObject: drop the conformance, and its views' wrappers with it (fixable)",
                        fix: Edits.removeConformance(decl, entry: c.entry, in: source), model: name))
                    continue
                }
                let what = observable
                    ? "is both @Observable and ObservableObject, and keeps ObservableObject: \(context.whyBlocked(name))"
                    : "is a SwiftData @Model, which is Observable already, and also ObservableObject: a person decides which it keeps (usually by removing the conformance and its views' ObservableObject wrappers)"
                var found = finding(context, entry.range, "\(simple) \(what)", fix: nil, model: observable ? name : nil)
                if observable { found.notes = context.index.reasonNotes[name] ?? [] }
                findings.append(found)
            }
        }
        return findings
    }
}
