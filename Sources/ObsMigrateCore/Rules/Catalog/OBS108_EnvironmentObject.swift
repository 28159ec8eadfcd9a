/// OBS108: `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m`, with
/// `@Bindable var m = m` as the first line of `body` when `body` makes bindings from it.
public struct EnvironmentObjectProperty: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS108",
        name: "environment-object",
        severity: .warning,
        fix: .sometimes,
        summary: "@EnvironmentObject reads an ObservableObject from the environment; an @Observable one is read with @Environment(M.self).",
        rationale: """
            Observable objects travel in the environment by type: `@Environment(M.self) var m`. \
            `@Environment` has no `$m` bindings, so when `body` uses `$m`, a local \
            `@Bindable var m = m` is added as its first line, and so is one at the top of each computed \
            property or method of the view that uses `$m` (with `return` before a body that was one \
            implicitly returned expression, unless it is a `@ViewBuilder`). Where no local can serve it \
            (a static member, an initializer, a stored property's initial value, explicit `get`/`set`, \
            an extension in another file, or a member where a parameter, closure parameter or local is \
            also named `m`, which the local would bind or clash with) the site is reported and the model \
            keeps ObservableObject.
            """,
        triggering: [
            "import SwiftUI\nfinal class Session: ObservableObject {}\nstruct Profile: View {\n    @EnvironmentObject var session: Session\n    var body: some View { Text(\"\") }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n@Observable final class Session {}\nstruct Profile: View {\n    @Environment(Session.self) var session\n    var body: some View { Text(\"\") }\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Session: ObservableObject {\n    @Published var name = \"\"\n}\n\nstruct Profile: View {\n    @EnvironmentObject var session: Session\n\n    var body: some View {\n        TextField(\"Name\", text: $session.name)\n    }\n}\n",
             after: "import SwiftUI\n\n@Observable final class Session {\n    var name = \"\"\n}\n\nstruct Profile: View {\n    @Environment(Session.self) var session\n\n    var body: some View {\n        @Bindable var session = session\n        TextField(\"Name\", text: $session.name)\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        return context.sites(context.index.wrapperSites, context.index.wrapperSitesByFile).filter { $0.wrapper == .EnvironmentObject }.map { site in
            let label = site.property.name.map { "'\($0)'" } ?? "property"
            guard context.migrates(site.decisionModel), let written = site.property.typeText, let typeRange = site.property.typeRange,
                  let name = site.property.name, let nameToken = site.property.nameToken else {
                return finding(context, site.attribute.range,
                               "@EnvironmentObject \(label) stays: \(context.whyNotMigrating(site))",
                               fix: nil, model: site.decisionModel)
            }
            var edits = [
                Edit(site.attribute.range, "@\(context.index.frameworkName("Environment", at: site.attribute.token, in: context.fileIndex))(\(written).self)"),
                // `var m: M` → `var m`: the type now comes from the attribute.
                Edit.delete(source.end(nameToken)..<typeRange.upperBound),
            ]
            var message = "@EnvironmentObject \(label) becomes @Environment(\(written).self) (fixable)"
            var members: [String] = []
            if site.projectedUses.count > site.projectedUsesOutsideBody.count, let owner = site.owner,
               let body = context.index.type(owner).bodyBlock {
                edits += bindableLine(name: name, body: body, in: source, addingReturn: false,
                                       bindable: context.index.frameworkName("Bindable", at: site.attribute.token, in: context.fileIndex))
                members.append("body")
            }
            for local in site.bindableLocals {
                edits += bindableLine(name: name, body: (local.open, local.close), in: source, addingReturn: local.addsReturn,
                                       bindable: context.index.frameworkName("Bindable", at: site.attribute.token, in: context.fileIndex))
                members.append(local.member)
            }
            // `self.$m` → `$m`, which the local `@Bindable var m = m` serves.
            for use in site.selfQualifiedProjections where use.file == context.fileIndex {
                let s = source.sigIndex(atOrAfter: use.offset)
                if source.kind(s - 1) == .period, source.isIdentifier(s - 2, "self") { edits.append(.delete(source.start(s - 2)..<source.start(s))) }
            }
            if !members.isEmpty {
                message = "@EnvironmentObject \(label) becomes @Environment(\(written).self), with @Bindable in \(members.joined(separator: ", ")) for $\(name) (fixable)"
            }
            return finding(context, site.attribute.range, message, fix: edits, model: site.decisionModel)
        }
    }

    /// `bindableLine`, the closing brace of a one-line body moved to a line of its own, and
    /// for a member whose body is one implicitly returned expression, the `return ` that must
    /// now precede it.
    func bindableLine(name: String, body: (open: Int, close: Int), in source: SourceFile, addingReturn: Bool, bindable: String) -> [Edit] {
        var line = bindableLine(name: name, bodyOpen: body.open, in: source, bindable: bindable)
        let closing = closingBraceLine(body, in: source).map { [$0] } ?? []
        guard addingReturn else { return [line] + closing }
        let first = source.start(body.open + 1)
        // The one-line form replaces up to the code: the keyword joins that edit.
        if line.range.upperBound == first && !line.range.isEmpty { line.replacement += "return "; return [line] + closing }
        return [line, .insert("return ", at: first)] + closing
    }

    /// `@Bindable var m = m` on a new line right after body's `{`, indented like body's first
    /// line; a one-line body is split so its code moves to a line of its own.
    func bindableLine(name: String, bodyOpen: Int, in source: SourceFile, bindable: String) -> Edit {
        let eol = source.lineEnding
        let first = bodyOpen + 1
        let declaration = "@\(bindable) var \(name) = \(name)"
        if first < source.sigCount, source.startsLine[first] {
            let indent = source.indentation(ofLineAt: source.start(first))
            return .insert(eol + indent + declaration, at: source.end(bodyOpen))
        }
        let indent = source.indentation(ofLineAt: source.start(bodyOpen)) + Edits.indentUnit(source)
        // Replace the spaces between `{` and the code with the new line and the indentation.
        var end = source.end(bodyOpen)
        while end < source.bytes.count, source.bytes[end] == 0x20 || source.bytes[end] == 0x09 { end += 1 }
        return Edit(source.end(bodyOpen)..<end, eol + indent + declaration + eol + indent)
    }

    /// When `bindableLine` splits a one-line body (`{ code }`), its `}` goes to a line of its
    /// own, indented as the line of the `{`, instead of staying after the code.
    func closingBraceLine(_ body: (open: Int, close: Int), in source: SourceFile) -> Edit? {
        let first = body.open + 1
        guard first < body.close, !source.startsLine[first] else { return nil }
        let from = source.end(body.open), to = source.start(body.close)
        guard !source.bytes[from..<to].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        var start = to
        while start > from, source.bytes[start - 1] == 0x20 || source.bytes[start - 1] == 0x09 { start -= 1 }
        return Edit(start..<to, source.lineEnding + source.indentation(ofLineAt: source.start(body.open)))
    }
}
