/// OBS214: `.focusedObject`, `.focusedSceneObject` and `@FocusedObject` of a model take their
/// FocusedValues form when the model becomes `@Observable` (`FocusedValueEntries.swift`).
public struct FocusedObject: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS214",
        name: "focused-object",
        severity: .warning,
        fix: .sometimes,
        summary: ".focusedObject, .focusedSceneObject and @FocusedObject take only an ObservableObject; an @Observable one goes through a FocusedValues entry.",
        rationale: """
            `.focusedObject(m)`, `.focusedSceneObject(m)` and `@FocusedObject var m: M?` hand the \
            focused view's or scene's model to the views that read it (menu commands, inspectors), \
            and require an ObservableObject. With Observation a `FocusedValues` entry carries it: \
            the fix declares `struct MFocusedValueKey: FocusedValueKey` and a `FocusedValues` \
            property `m` once, at the end of the first file that publishes the model, and writes \
            `.focusedValue(\\.m, m)`, `.focusedSceneValue(\\.m, m)` and `@FocusedValue(\\.m) var m: M?`; \
            the value is published and read as before, and a view's body tracks what it reads of the \
            object, as the wrapper made it do. The model keeps ObservableObject, with the reason, \
            where `$m` bindings of a `@FocusedObject` are used (`@FocusedValue` gives none), where it is \
            generic, where \
            its sites are in more than one module, where no file that publishes it imports SwiftUI, \
            or where the entry's names are taken in the project; a site whose value's type cannot be \
            told holds the models its names can lead to.
            """,
        triggering: [
            "import SwiftUI\nfinal class Editor: ObservableObject {\n    @Published var text = \"\"\n}\nstruct EditorView: View {\n    @StateObject private var editor = Editor()\n    var body: some View { Text(editor.text).focusedSceneObject(editor) }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Editor {\n    var text = \"\"\n}\nstruct EditorView: View {\n    @State private var editor = Editor()\n    var body: some View { Text(editor.text).focusedSceneValue(\\.editor, editor) }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Editor: ObservableObject {\n    @Published var text = \"\"\n}\n\nstruct EditorView: View {\n    @StateObject private var editor = Editor()\n\n    var body: some View {\n        Text(editor.text)\n            .focusedSceneObject(editor)\n    }\n}\n\nstruct EditorCommands: Commands {\n    @FocusedObject private var editor: Editor?\n\n    var body: some Commands {\n        CommandMenu(\"Text\") {\n            Button(\"Clear\") { editor?.text = \"\" }\n        }\n    }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Editor {\n    var text = \"\"\n}\n\nstruct EditorView: View {\n    @State private var editor = Editor()\n\n    var body: some View {\n        Text(editor.text)\n            .focusedSceneValue(\\.editor, editor)\n    }\n}\n\nstruct EditorCommands: Commands {\n    @FocusedValue(\\.editor) private var editor: Editor?\n\n    var body: some Commands {\n        CommandMenu(\"Text\") {\n            Button(\"Clear\") { editor?.text = \"\" }\n        }\n    }\n}\n\nstruct EditorFocusedValueKey: FocusedValueKey {\n    typealias Value = Editor\n}\n\nextension FocusedValues {\n    var editor: Editor? {\n        get { self[EditorFocusedValueKey.self] }\n        set { self[EditorFocusedValueKey.self] = newValue }\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        var findings: [Finding] = []
        for site in context.sites(context.index.focusedObjectSites, context.index.focusedObjectSitesByFile) {
            let range = source.span(site.token, through: site.token)
            let model = TypeName.base(site.model)
            guard context.migrates(site.model), let entry = context.index.focusedValueEntries[site.model] else {
                findings.append(finding(context, range, "\(site.api) stays: \(context.whyNotMigrating(type: site.model, written: nil))", fix: nil, model: site.model))
                continue
            }
            let keyPath = "\\.\(entry.key)"
            switch site.kind {
            case .modifier, .sceneModifier:
                let call = site.kind == .modifier ? "focusedValue" : "focusedSceneValue"
                findings.append(finding(context, range,
                                        "\(site.api)(\(model)) becomes .\(call)(\(keyPath), ...) once \(model) is @Observable: a FocusedValues entry carries it (fixable)",
                                        fix: [Edit(range, call), .insert(keyPath + ", ", at: source.end(site.token + 1))], model: site.model))
            case .property:
                findings.append(finding(context, range,
                                        "@FocusedObject becomes @FocusedValue(\(keyPath)) once \(model) is @Observable: the view's body tracks what it reads of it (fixable)",
                                        fix: [Edit(range, "@FocusedValue(\(keyPath))")], model: site.model))
            }
        }
        // The entries declared at the end of this file, in the order of their models' names.
        let entries = context.index.focusedValueEntries.values.filter { $0.file == context.fileIndex && context.migrates($0.model) }.sorted { $0.model < $1.model }
        for entry in entries {
            guard let first = context.sites(context.index.focusedObjectSites, context.index.focusedObjectSitesByFile).first(where: { $0.model == entry.model }) else { continue }
            let end = source.bytes.count
            let endsLine = end > 0 && (source.bytes[end - 1] == 0x0A || source.bytes[end - 1] == 0x0D)
            let text = (endsLine ? "" : source.lineEnding) + source.lineEnding + Self.focusedValueDeclaration(entry, in: source)
            findings.append(finding(context, source.span(first.token, through: first.token),
                                    "\(TypeName.base(entry.model)) gets a FocusedValues entry, '\(entry.key)' with \(entry.keyType), declared at the end of this file, for .focusedValue and @FocusedValue once it is @Observable (fixable)",
                                    fix: [.insert(text, at: end)], model: entry.model))
        }
        return findings
    }

    /// The declaration of `entry`, appended to its file: the key and the `FocusedValues` property.
    static func focusedValueDeclaration(_ entry: FocusedValueEntry, in source: SourceFile) -> String {
        let eol = source.lineEnding, unit = Edits.indentUnit(source)
        return [
            "struct \(entry.keyType): FocusedValueKey {",
            unit + "typealias Value = \(entry.valueType)",
            "}",
            "",
            "extension FocusedValues {",
            unit + "var \(entry.key): \(entry.valueType)? {",
            unit + unit + "get { self[\(entry.keyType).self] }",
            unit + unit + "set { self[\(entry.keyType).self] = newValue }",
            unit + "}",
            "}",
        ].map { $0.isEmpty ? eol : $0 + eol }.joined()
    }
}
