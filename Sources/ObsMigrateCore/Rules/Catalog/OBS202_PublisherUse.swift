/// OBS202: a `$property` publisher of a `@Published` property has no Observation counterpart.
public struct PublishedPublisherUse: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS202",
        name: "published-publisher-use",
        severity: .warning,
        fix: .sometimes,
        summary: "A $property publisher of a @Published property is used; Observation has no publishers.",
        rationale: """
            `$query.debounce(...)`, `model.$x.sink { }` and `assign(to: &$x)` subscribe to the Combine \
            publisher that `@Published` provides. An `@Observable` class has none, so such a class keeps \
            ObservableObject until a person reworks the pipeline (for example with `didSet`, an \
            `AsyncStream`, or `withObservationTracking`). One shape is mechanical: consecutive \
            statements of the class's only designated initializer, each `$x` (one per property), \
            `removeDuplicates()` at most, `dropFirst()`, then `map`, `compactMap`, `filter` \
            (one-expression closures or key paths) and a `sink` stored with `.store(in: &set)`. \
            Published delivers each set from its setter before storing, so the fix writes the same \
            work as a `willSet` on `x` (the new value as `newValue`, `x` still the old one; \
            `[weak self]` and `self?.` become `self`, a leading `guard let self else { return }` \
            goes), removes the statement, the set when nothing \
            else uses it, and `import Combine` when nothing else needs it. Without `dropFirst()`, \
            the current value was delivered on subscribe: the work goes in a method \
            `xWillChange(to:)`, called by the observer and where the subscription was (its \
            parameter names `x`'s type, written or a literal's). Sets of `x` in the initializer \
            before the subscription, which no sink saw, set its storage `_x` instead, since the \
            observer runs for every set once the object is initialized, in the initializer too \
            (checked with the real macro). Anything else stays: time or scheduling (`debounce`, \
            `receive(on:)`), a type that cannot be told, a subscription from outside the class or \
            from a method, a strong `self` in the sink, the model's methods called before it in \
            the initializer, a `willSet` already there.
            """,
        triggering: [
            "import Combine\nfinal class Search: ObservableObject {\n    @Published var query = \"\"\n    var bag = Set<AnyCancellable>()\n    init() { $query.sink { _ in }.store(in: &bag) }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Search: ObservableObject { @Published var query = \"\" }\nstruct V: View {\n    @ObservedObject var search: Search\n    var body: some View { TextField(\"\", text: $search.query) }\n}\n",
        ],
        examples: [
            (before: "import Combine\nimport Foundation\n\nfinal class Prefs: ObservableObject {\n    @Published var scale: Double = 1\n    var saved = 1.0\n    private var bag = Set<AnyCancellable>()\n\n    init() {\n        $scale\n            .dropFirst()\n            .sink { [weak self] value in\n                self?.saved = value\n            }\n            .store(in: &bag)\n    }\n}\n",
             after: "import Foundation\nimport Observation\n\n@Observable final class Prefs {\n    var scale: Double = 1 {\n        willSet {\n            let value = newValue\n            self.saved = value\n        }\n    }\n    var saved = 1.0\n\n    init() {\n    }\n}\n"),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        let f = context.fileIndex
        var findings: [Finding] = []
        for s in source.indices(of: .dollarIdentifier) {
            // `$0`, `$1`: closure arguments, the commonest case, ruled out before making a String.
            // (A dollar identifier has at least one byte after the `$`.)
            let second = source.bytes[source.start(s) + 1]
            if second >= 0x30 && second <= 0x39 { continue }
            let member = String(source.text(s).dropFirst())
            // `$0` and projected values of other wrappers: no model publishes them.
            guard context.index.publishedNames.contains(member) else { continue }
            let qualified = source.kind(s - 1) == .period
            let bySelf = qualified && source.isIdentifier(s - 2, "self")
            var owner: String? = nil
            if qualified && !bySelf {
                guard let useIndex = context.index.memberUseAt[Site(file: f, offset: source.start(s))] else { continue }
                let use = context.index.memberUses[useIndex]
                owner = use.model
                // A projection of a project type that is not a model (a struct's or a class's own
                // wrapper, `test.$name`, `\StoredUser.$server`) is not a model's publisher.
                if let owner, context.index.models[owner] == nil, let refs = context.index.declared[owner],
                   refs.allSatisfy({ context.index.type($0).kind != .protocol }) { continue }
                if owner == nil {
                    findings.append(finding(context, source.start(s)..<source.end(s),
                        "$\(member) publisher has no Observation equivalent and needs a person (its owner's type cannot be told)", fix: nil))
                    continue
                }
            } else {
                // The model itself or an ancestor declares the published property.
                owner = context.index.enclosingModel(of: s, in: f).flatMap { innermost in
                    context.index.publishedIncludingAncestors(innermost).contains(member) ? innermost : nil
                }
            }
            guard let owner else { continue }
            if !qualified || bySelf, let migration = context.index.observerMigrations[owner], migration.file == f,
               let pipeline = migration.pipelines.first(where: { $0.dollarToken == s }) {
                findings.append(context.migrates(owner)
                    ? finding(context, source.start(s)..<source.end(s),
                              "$\(member) pipeline becomes a willSet on '\(pipeline.property)', which does the same work when it is set (fixable)",
                              fix: context.index.observerEdits(migration), model: owner)
                    : finding(context, source.start(s)..<source.end(s),
                              "$\(member) pipeline becomes a willSet on '\(pipeline.property)' once \(TypeName.base(owner)) migrates: \(TypeName.base(owner)) keeps ObservableObject: \(context.whyBlocked(owner))",
                              fix: nil, model: owner))
                continue
            }
            findings.append(finding(context, source.start(s)..<source.end(s),
                "$\(member) publisher has no Observation equivalent and needs a person: \(TypeName.base(owner)) keeps ObservableObject",
                fix: nil))
        }
        return findings
    }
}
