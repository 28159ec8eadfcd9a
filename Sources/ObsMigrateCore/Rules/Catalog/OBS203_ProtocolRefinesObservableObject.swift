/// OBS203: a protocol refining ObservableObject ties every conforming class to Combine; when
/// its whole family migrates, it refines AnyObject (and Observable where generic code needs it).
public struct ProtocolRefinesObservableObject: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS203",
        name: "protocol-refines-observable-object",
        severity: .warning,
        fix: .sometimes,
        summary: "A protocol refines ObservableObject; it migrates together with its conforming classes.",
        rationale: """
            `protocol ViewModel: ObservableObject` is used for generic views and dependency injection. \
            The protocols that refine it (directly or through each other), the classes that conform \
            through them and the generic views constrained by them (`struct Row<M: ViewModel>` with \
            `@ObservedObject var model: M`) migrate as one family: when every class of the family \
            migrates, the protocol refines `AnyObject` instead, or `AnyObject, Observable` when a generic \
            view needs it (`@Bindable var model: M`, `@Environment(M.self)`), and the generic views follow \
            the migration table. When one class stays, or the protocol itself uses `objectWillChange` or a \
            `$` publisher, the whole family stays. A typealias that composes ObservableObject \
            (`typealias ModelDefinition = ObservableObject & Identifiable`), named in a class's inheritance \
            clause, a protocol's or a generic constraint, is a member of the family like a protocol: when \
            the family migrates its `ObservableObject` becomes `AnyObject` (and `Observable` where a \
            generic view needs it) and its other members stay.
            """,
        triggering: ["import Combine\nprotocol ViewModel: ObservableObject {}\n"],
        nonTriggering: ["import Observation\nprotocol ViewModel: AnyObject, Observable {}\n"],
        examples: [
            (before: "import SwiftUI\n\nprotocol ListViewModel: ObservableObject {\n    var titles: [String] { get }\n}\n\nfinal class FeedModel: ListViewModel {\n    @Published var titles: [String] = []\n}\n\nstruct GenericList<Model: ListViewModel>: View {\n    @ObservedObject var model: Model\n    var body: some View { Text(model.titles.joined()) }\n}\n",
             after: "import SwiftUI\n\nprotocol ListViewModel: AnyObject {\n    var titles: [String] { get }\n}\n\n@Observable final class FeedModel: ListViewModel {\n    var titles: [String] = []\n}\n\nstruct GenericList<Model: ListViewModel>: View {\n    var model: Model\n    var body: some View { Text(model.titles.joined()) }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        typealiasFindings(context) + context.decls.types.compactMap { decl in
            guard decl.kind == .protocol, let site = context.index.refiningProtocols[decl.qualifiedName],
                  site.file == context.fileIndex,
                  let e = decl.inheritance.firstIndex(where: { context.source.start($0.firstToken) == site.offset }) else { return nil }
            let entry = decl.inheritance[e]
            let through = entry.baseName == "ObservableObject" ? "ObservableObject" : "ObservableObject through \(entry.name)"
            let k = context.index.familyOfProtocol[decl.qualifiedName]
            guard context.index.familyMigrates(k), let k else {
                let why = k.flatMap { context.index.familyCulprit($0) }
                    .map { ": its classes keep ObservableObject (\(context.whyNotMigrating(type: $0, written: nil)))" }
                    ?? ": no class in the scanned sources conforms to it, so it is left as it is"
                return finding(context, entry.range, "protocol \(decl.simpleName) refines \(through)\(why)", fix: nil)
            }
            let family = context.index.protocolFamilies[k]
            let model = family.representative
            guard entry.baseName == "ObservableObject" else {
                // Refines it through another protocol of the family, which is the one edited.
                return finding(context, entry.range, "protocol \(decl.simpleName) refines \(through), which migrates with its family (fixable)",
                               fix: [], model: model)
            }
            let hasAnyObject = decl.inheritance.contains { $0.baseName == "AnyObject" || $0.name == "class" }
            let hasObservable = decl.inheritance.contains { $0.baseName == "Observable" }
            var replacement = [hasAnyObject ? nil : "AnyObject", family.needsObservable && !hasObservable ? context.index.frameworkName("Observable", at: decl.keywordToken, in: context.fileIndex) : nil].compactMap { $0 }
            var edits: [Edit]
            if replacement.isEmpty {
                edits = Edits.removeInheritance(decl, entry: e, in: context.source)
            } else {
                edits = [Edit(entry.range, replacement.joined(separator: ", "))]
                if family.needsObservable && !hasObservable { edits += ImportObservation.edits(for: context) }
            }
            replacement = replacement.isEmpty ? ["nothing"] : replacement
            return finding(context, entry.range,
                           "protocol \(decl.simpleName) refines ObservableObject, and every class of its family migrates: it refines \(replacement.joined(separator: " and ")) instead (fixable)",
                           fix: edits, model: model)
        }
    }
}

extension ProtocolRefinesObservableObject {
    /// `typealias ModelDefinition = ObservableObject & Identifiable`: a member of its family like
    /// a protocol; when the family migrates, `ObservableObject` gives way to `AnyObject` (and
    /// `Observable` where generic code needs it), and the other members stay.
    func typealiasFindings(_ context: RuleContext) -> [Finding] {
        guard !context.index.observableTypealiases.isEmpty else { return [] }
        return context.decls.typeAliases.compactMap { decl in
            guard let alias = context.index.observableTypealiases[TypeName.qualified(decl.name, in: decl.path)],
                  alias.file == context.fileIndex, let e = alias.observableObjectMember else { return nil }
            let member = alias.members[e]
            let k = context.index.familyOfProtocol[alias.name]
            guard context.index.familyMigrates(k), let k else {
                let why = k.flatMap { context.index.familyCulprit($0) }
                    .map { ": its classes keep ObservableObject (\(context.whyNotMigrating(type: $0, written: nil)))" }
                    ?? ": no class in the scanned sources conforms through it, so it is left as it is"
                return finding(context, member.range, "typealias \(alias.simpleName) composes ObservableObject\(why)", fix: nil)
            }
            let family = context.index.protocolFamilies[k]
            let hasAnyObject = alias.members.contains { $0.baseName == "AnyObject" }
            let hasObservable = alias.members.contains { $0.baseName == "Observable" }
            let addsObservable = family.needsObservable && !hasObservable
            let replacement = [hasAnyObject ? nil : "AnyObject",
                               addsObservable ? context.index.frameworkName("Observable", at: member.firstToken, in: context.fileIndex) : nil].compactMap { $0 }
            var edits = replacement.isEmpty ? Self.removeMember(e, of: alias.members, in: context.source) : [Edit(member.range, replacement.joined(separator: " & "))]
            if addsObservable { edits += ImportObservation.edits(for: context) }
            let now = alias.members.indices.flatMap { $0 == e ? replacement : [alias.members[$0].name] }
            return finding(context, member.range,
                           "typealias \(alias.simpleName) composes ObservableObject, and every class of its family migrates: it becomes \(now.joined(separator: " & ")) (fixable)",
                           fix: edits, model: family.representative)
        }
    }

    /// Deletes member `e` of a composition with the `&` that joins it to the next (or, last, to
    /// the previous); with a comment in between, the member and that `&`, each with the spaces
    /// that separate it from the comment, and the comment stays.
    static func removeMember(_ e: Int, of members: [InheritedType], in source: SourceFile) -> [Edit] {
        let member = members[e], bytes = source.bytes
        func isSpace(_ k: Int) -> Bool { k >= 0 && k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) }
        func spacesAfter(_ k: Int) -> Int { var k = k; while isSpace(k) { k += 1 }; return k }
        func spacesBefore(_ k: Int) -> Int { var k = k; while isSpace(k - 1) { k -= 1 }; return k }
        if e + 1 < members.count {
            let next = members[e + 1]
            if !source.hasComment(between: member.lastToken, and: next.firstToken) { return [.delete(member.range.lowerBound..<next.range.lowerBound)] }
            let ampersand = member.lastToken + 1
            return [.delete(member.range.lowerBound..<spacesAfter(member.range.upperBound)),
                    .delete(source.start(ampersand)..<spacesAfter(source.end(ampersand)))]
        }
        let previous = members[e - 1]
        if !source.hasComment(between: previous.lastToken, and: member.firstToken) { return [.delete(previous.range.upperBound..<member.range.upperBound)] }
        let ampersand = member.firstToken - 1
        return [.delete(spacesBefore(source.start(ampersand))..<source.end(ampersand)),
                .delete(spacesBefore(member.range.lowerBound)..<member.range.upperBound)]
    }
}
