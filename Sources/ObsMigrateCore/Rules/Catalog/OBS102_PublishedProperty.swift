/// OBS102: `@Published` is dropped in a class that becomes (or already is) `@Observable`.
public struct PublishedProperty: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS102",
        name: "published-property",
        severity: .warning,
        fix: .sometimes,
        summary: "@Published marks a property of an ObservableObject; an @Observable class needs no wrapper.",
        rationale: """
            In an `@Observable` class every stored property is tracked, so `@Published` goes. The \
            declaration keeps its access modifiers, `private(set)`, observers and comments; an attribute \
            that stood on its own line takes its line with it. The fix is applied only when the class \
            migrates: while it keeps ObservableObject, `@Published` is what makes views update. An \
            initializer that sets a property through its wrapper (`_x = .init(initialValue: v)`, \
            `Published(wrappedValue:)`) sets `_x = v` instead: under `@Observable`, `_x` is the value's own \
            storage, set without observers as before. A property assigned to itself (`self.x = self.x`, \
            the idiom that re-publishes after a change inside `x`) published under ObservableObject, but the \
            macro's setter tells no one of a value equal to (or, for a class, identical with) the one it \
            holds: the fix wraps the statement in `withMutation(keyPath: \\.x) { ... }`, which sets and tells \
            the views that read `x`.
            """,
        triggering: [
            "import Combine\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n",
        ],
        nonTriggering: [
            "import Observation\n@Observable final class Counter {\n    var count = 0\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Counter: ObservableObject {\n    @Published private(set) var count = 0 {\n        didSet { print(count) }\n    }\n    @Published\n    var name = \"\"\n}\n",
             after: "import SwiftUI\n\n@Observable final class Counter {\n    private(set) var count = 0 {\n        didSet { print(count) }\n    }\n    var name = \"\"\n}\n"),
            (before: "import Combine\n\nclass ListModel: ObservableObject {\n    @Published var items: [String] = []\n\n    init(items: [String]) {\n        _items = .init(initialValue: items)\n    }\n}\n",
             after: "import Combine\nimport Observation\n\n@Observable class ListModel {\n    var items: [String] = []\n\n    init(items: [String]) {\n        _items = items\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = context.decls.types
        for t in types.indices where types[t].kind != .protocol && types[t].kind != .extension {
            let decl = types[t]
            let name = context.index.resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            for property in decl.properties {
                guard let attr = property.attribute("Published") else { continue }
                let model = context.index.models[name]
                let label = property.name.map { "'\($0)'" } ?? "property"
                if decl.kind == .class, model?.migrates ?? context.index.observableTypes.contains(name) {
                    // In a class already marked @Observable, `@ObservationIgnored @Published` kept the
                    // macro off a property that views followed through objectWillChange: it is tracked now.
                    let ignored = model != nil && decl.hasAttribute("Observable") ? property.attribute("ObservationIgnored") : nil
                    var fix = [Edits.deleteToken(attr.range, in: context.source)] + (ignored.map { [Edits.deleteToken($0.range, in: context.source)] } ?? [])
                    // Its `$x` is read where no observer can replace it: a publisher of its own.
                    let key = property.name.map { PropertyKey(model: name, property: $0) }
                    let read = key.map(context.index.bridgedProperties.contains) ?? false
                    let assigned = key.map(context.index.assignedBridgeProperties.contains) ?? false
                    let bridge = read || assigned ? key.flatMap { context.index.publisherBridges[name]?[$0.property] } : nil
                    let sendsObjectWillChange = !property.isStatic && context.index.bridgedObjectWillChange.contains(name)
                    if sendsObjectWillChange || bridge != nil, let pname = key?.property {
                        fix += context.index.bridgeEdits(bridge, read: read, assigned: assigned, sendsObjectWillChange: sendsObjectWillChange,
                                                         on: property, of: decl, in: context.source)
                        let what = sendsObjectWillChange
                            ? ", which sends the objectWillChange it keeps before the property changes" + (read ? ", with $\(pname)'s publisher" : "")
                            : read ? ", with \(bridge?.publisherName ?? pname + "Publisher"), a Combine publisher that delivers as $\(pname) did, for the code that subscribes to it"
                            : ", set by the subscriptions that assign(to: &$\(pname)) made"
                        findings.append(finding(context, attr.range,
                            "@Published \(label) becomes a plain property of the @Observable \(decl.simpleName)\(what) (fixable)", fix: fix, model: name))
                        continue
                    }
                    // Bumped only to re-render: the members views read read it (PokedProperties.swift).
                    let poked = property.name != nil && context.index.untrackedChangeCounters[name]?.poked == property.name
                        ? ", read first by every member that hands out a value, as its bumps re-rendered the views that read them" : ""
                    findings.append(finding(context, attr.range,
                        "@Published \(label) becomes a plain\(ignored == nil ? "" : ", tracked") property of the @Observable \(decl.simpleName)\(poked) (fixable)",
                        fix: fix, model: name))
                } else if model != nil {
                    findings.append(finding(context, attr.range,
                        "@Published \(label) stays while \(decl.simpleName) keeps ObservableObject: \(context.whyBlocked(name))",
                        fix: nil, model: name))
                } else if decl.kind == .actor {
                    // Only classes migrate: an actor keeps its publishers (@Observable takes no actor).
                    findings.append(finding(context, attr.range,
                        "@Published \(label) in the actor \(decl.simpleName), which @Observable cannot take: left as it is",
                        fix: nil, model: name))
                } else {
                    findings.append(finding(context, attr.range,
                        "@Published \(label) in \(decl.simpleName), which does not conform to ObservableObject in the scanned sources: left as it is",
                        fix: nil, model: name))
                }
            }
        }
        // `_x = .init(initialValue: v)` in a migrating model's initializer: `_x` is the value's own storage then.
        // Over the tokens themselves: a list of every identifier of a large file would be big.
        let source = context.source
        for s in 0..<source.sigCount where source.kind(s) == .identifier && source.bytes[source.start(s)] == UInt8(ascii: "_") {
            guard let model = context.index.enclosingModel(of: s, in: context.fileIndex), context.migrates(model),
                  let storage = context.index.storageInit(at: s, in: context.fileIndex, model: model) else { continue }
            findings.append(finding(context, source.span(s, through: s),
                "_\(storage.property) set through its @Published wrapper becomes _\(storage.property) = value: @Observable stores the value itself (fixable)",
                fix: [.delete(storage.opening), .delete(storage.closing)], model: model))
        }
        findings += selfAssignments(context)
        return findings
    }

    /// `self.x = self.x` in a migrating model: wrapped in `withMutation(keyPath: \.x)`, as the
    /// macro's setter tells no one of an equal value (SelfAssignments.swift).
    func selfAssignments(_ context: RuleContext) -> [Finding] {
        let source = context.source
        var findings: [Finding] = []
        for model in context.index.selfAssignmentModelsByFile[context.fileIndex] ?? [] where context.migrates(model) {
            for a in context.index.selfAssignments[model] ?? [] where a.file == context.fileIndex {
                let receiver = a.explicitSelf ? "self." : ""
                let open = "\(receiver)withMutation(keyPath: \\.\(a.property)) { "
                findings.append(finding(context, source.span(a.first, through: a.last),
                    "assigning '\(a.property)' to itself published it; once \(TypeName.base(model)) is @Observable, setting the value (or instance) it already holds tells no view, so the set goes inside \(receiver)withMutation(keyPath: \\.\(a.property)) (fixable)",
                    fix: [.insert(open, at: source.start(a.first)), .insert(" }", at: source.end(a.last))], model: model))
            }
        }
        return findings
    }
}
