/// OBS101: a class that conforms to ObservableObject (directly, in an extension, or through
/// its superclass) becomes `@Observable`.
public struct ObservableObjectConformance: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS101",
        name: "observable-object-conformance",
        severity: .warning,
        fix: .sometimes,
        summary: "A class conforms to ObservableObject; with Observation it becomes @Observable.",
        rationale: """
            `@Observable` tracks each property a view reads, so views update only when what they show \
            changes, and models need no property wrappers. The conformance is removed (from the \
            declaration or the extension that adds it, deleting an extension left empty) and `@Observable` \
            is added after the class's attributes. Subclasses of a migrated class are migrated with it. \
            The fix is applied only when nothing in the project needs the class's Combine machinery \
            (`$property` publishers, `objectWillChange`, generic constraints) and every view that uses \
            the class can be rewritten too.
            """,
        triggering: [
            "import Combine\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
            "import Combine\nclass Store {}\nextension Store: ObservableObject {}\n",
        ],
        nonTriggering: [
            "import Observation\n@Observable final class Counter {\n    var count = 0\n}\n",
            "final class Plain: Identifiable {\n    let id = 1\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\n@MainActor\nfinal class Counter: ObservableObject, Identifiable {\n    let id = 1\n}\n",
             after: "import SwiftUI\n\n@MainActor\n@Observable final class Counter: Identifiable {\n    let id = 1\n}\n"),
            (before: "import Foundation\n\nclass Store: ObservableObject {\n    var items: [String] = []\n}\n",
             after: "import Foundation\nimport Observation\n\n@Observable class Store {\n    var items: [String] = []\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let source = context.source
        let f = context.fileIndex
        for name in context.index.modelsByFile[f] ?? [] {
            guard let model = context.index.models[name] else { continue }
            let decls = model.declarations.map { context.index.type($0) }
            if decls.contains(where: { $0.hasAttribute("Observable") }) { continue }  // OBS205's case
            let migrates = model.migrates
            let simple = model.simpleName
            let blockedText = "\(simple) keeps ObservableObject: \(context.whyBlocked(name))"

            for ref in model.declarations where ref.file == f {
                let decl = context.index.type(ref)
                // Another `#if` branch's class of that name that does not conform is left alone.
                guard decl.kind == .class, context.index.conformsWhereDeclared(ref, of: model) else { continue }
                let direct = model.conformances.filter { $0.ref == ref }
                let range = source.span(decl.nameTokens.lowerBound, through: decl.nameTokens.upperBound)
                let message: String
                if let parent = model.superclass, direct.isEmpty {
                    message = migrates ? "\(simple) inherits ObservableObject from \(TypeName.base(parent)): it becomes @Observable with it (fixable)" : blockedText
                } else if direct.isEmpty, let via = model.viaProtocol {
                    message = migrates ? "\(simple) conforms to ObservableObject through \(TypeName.base(via)): it becomes @Observable with its protocol family (fixable)" : blockedText
                } else if direct.isEmpty {
                    message = migrates ? "\(simple) conforms to ObservableObject in an extension: make it @Observable (fixable)" : blockedText
                } else {
                    message = migrates ? "\(simple) conforms to ObservableObject: make it @Observable (fixable)" : blockedText
                }
                var fix: [Edit]? = nil
                if migrates {
                    let anchor = decl.modifiers.first?.token ?? decl.keywordToken
                    var edits = ImportObservation.edits(for: context)
                    edits.append(.insert(observableAttribute(before: anchor, in: source, placement: context.index.observablePlacement),
                                         at: source.start(anchor)))
                    for c in direct { edits += Edits.removeInheritance(decl, entry: c.entry, in: source) }
                    // Subscribed to from outside: it keeps its objectWillChange (ObjectWillChangeBridges.swift).
                    if context.index.bridgedObjectWillChange.contains(name) { edits.append(context.index.objectWillChangeDeclaration(decl, in: source)) }
                    // Its sends tied to no tracked change become bumps of a tracked counter (UntrackedChanges.swift);
                    // a property bumped only to re-render is read in its place (PokedProperties.swift).
                    if let counter = context.index.untrackedChangeCounters[name], counter.file == f, counter.counts {
                        if counter.poked == nil { edits.append(context.index.counterDeclaration(counter, decl, in: source)) }
                        edits += context.index.counterReads(counter, in: f, source: source)
                    }
                    fix = edits
                }
                var found = finding(context, range, message, fix: fix, model: name)
                // Every reason, each at its place, under the model's own declaration.
                if !migrates { found.notes = context.index.reasonNotes[name] ?? [] }
                findings.append(found)
            }

            for c in model.conformances where c.ref.file == f && context.index.type(c.ref).kind == .extension {
                let ext = context.index.type(c.ref)
                let entry = ext.inheritance[c.entry]
                let fix = migrates ? Edits.removeConformance(ext, entry: c.entry, in: source) : nil
                let message = migrates
                    ? "extension adds ObservableObject to \(simple), which becomes @Observable: drop the conformance (fixable)"
                    : blockedText
                findings.append(finding(context, entry.range, message, fix: fix, model: name))
            }
        }
        for unread in context.index.unreadConformancesByFile[f] ?? [] {
            findings.append(finding(context, unread.range,
                                    "\(unread.typeName) conforms to ObservableObject, but \(unread.reason): left as it is; a person migrates it",
                                    fix: nil))
        }
        return findings
    }

    /// `@Observable ` before the declaration's first modifier or keyword; on a line of its own,
    /// indented as that line, when the project writes it so and that token begins its line.
    func observableAttribute(before anchor: Int, in source: SourceFile, placement: ObservablePlacement) -> String {
        let start = source.start(anchor)
        let lineStart = source.lineStart(of: start)
        let beginsLine = source.bytes[lineStart..<start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        guard placement == .ownLine, beginsLine else { return "@Observable " }
        return "@Observable" + source.lineEnding + source.text(lineStart..<start)
    }
}

/// `import Observation` for a file that gains `@Observable` and imports neither SwiftUI nor
/// Observation; placed after the last unconditional import, in the file's line ending.
enum ImportObservation {
    static func edits(for context: RuleContext) -> [Edit] {
        let imports = context.decls.imports
        if imports.contains(where: { $0.module == "SwiftUI" || $0.module == "Observation" }) { return [] }
        let source = context.source
        let eol = source.lineEnding
        if let last = imports.last(where: { $0.ifConfig.isEmpty }) {
            // After the import's line when the rest of it is blank or a `//` comment; otherwise
            // (`import A; let s = """`, `import A /* ...`) right after the import itself, so the
            // new line never lands inside a literal or comment that starts there.
            let afterImport = source.end(last.endToken)
            var end = afterImport
            let b = source.bytes
            while end < b.count, b[end] == 0x20 || b[end] == 0x09 { end += 1 }
            let lineComment = end + 1 < b.count && b[end] == 0x2F && b[end + 1] == 0x2F
            let blank = end >= b.count || b[end] == 0x0A || b[end] == 0x0D
            guard blank || lineComment else { return [.insert(eol + "import Observation", at: afterImport)] }
            while end < b.count, b[end] != 0x0A, b[end] != 0x0D { end += 1 }
            return [.insert(eol + "import Observation", at: end)]
        }
        // No import: put it above the first declaration, after any header comment. Before a
        // file that opens with a `/.../` regex literal, a `;` ends the import, so that the `/`
        // still starts a literal rather than dividing `Observation`.
        let first = source.sigCount > 0 ? source.lineStart(of: source.start(0)) : source.bytes.count
        let terminator = source.sigCount > 0 && source.kind(0) == .regex ? ";" : ""
        return [.insert("import Observation" + terminator + eol + eol, at: first)]
    }
}
