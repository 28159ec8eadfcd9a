/// OBS202: a `$property` publisher of a `@Published` property has no Observation counterpart.
public struct PublishedPublisherUse: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS202",
        name: "published-publisher-use",
        severity: .warning,
        fix: .sometimes,
        summary: "A $property publisher of a @Published property is used; Observation has no publishers, so the fix gives the property one of its own.",
        rationale: """
            `$query.debounce(...)`, `model.$x.sink { }` and `assign(to: &$x)` subscribe to the Combine \
            publisher that `@Published` provides. An `@Observable` class has none. Where the property's \
            type can be written (annotated, a literal, or `Name(...)`/`[Name]()` of a type that is not \
            generic), the fix gives it a publisher of its own that behaves as Published's: a \
            `willSet` sends each new value to a `CurrentValueSubject` made on first use with the \
            current value (`@ObservationIgnored private lazy var xSubject`), and \
            `var xPublisher: AnyPublisher<T, Never>` hands it out, with the property's access. So a \
            subscriber gets the current value on subscription, then each new value before the \
            property changes (reading `x` in the sink still sees the old value), also for sets in \
            the initializer once the object is initialized; every `$x`, `self.$x` and `model.$x` \
            that reads the publisher, in the project, becomes `xPublisher` (checked against \
            OpenCombine by the runtime oracle). A property keeps its model instead when that cannot \
            be exact: its type cannot be told, `assign(to: &$x)` writes into it, \
            `Published<T>.Publisher` is written for its type somewhere (but as the type of a \
            function's or initializer's parameter that is only subscribed to, read through a member \
            or handed to `combineLatest`, `merge`, `zip` or `.onReceive`, in a function that neither \
            overrides nor is overridden nor answers a protocol's requirement: that type becomes \
            `some Publisher<T, Never>`, which takes `$x` and the publisher of its own alike), it has a `willSet` or another \
            attribute, `_x` is used (but `_x = .init(initialValue: v)` in an initializer, before any call there of the class's \
            own methods, `self.init` or `super.init`, with no `$x` in any initializer: it becomes `_x = v`, the subject's first value), or the names are taken. A name is taken when the class, its \
            ancestors or descendants declare it, or their files read it bare or after `self.` (a \
            global the new member would shadow; `Publishers.xPublisher` is another type's); when the \
            class already has an `xPublisher` of its own (often `$x.eraseToAnyPublisher()`), the \
            added names start with `xValue` instead. `"publishers": "keep"` in \
            `.obs-migrate.json` keeps every such model instead, as before. One shape needs no \
            publisher at all: consecutive \
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
            (checked with the real macro). Any other pipeline keeps its `$x`, served by the \
            publisher above: time or scheduling (`debounce`, `receive(on:)`), a subscription from \
            outside the class or from a method, a strong `self` in the sink, the model's methods \
            called before it in the initializer.
            """,
        triggering: [
            "import Combine\nfinal class Search: ObservableObject {\n    @Published var query = \"\"\n    var bag = Set<AnyCancellable>()\n    init() { $query.sink { _ in }.store(in: &bag) }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Search: ObservableObject { @Published var query = \"\" }\nstruct V: View {\n    @ObservedObject var search: Search\n    var body: some View { TextField(\"\", text: $search.query) }\n}\n",
        ],
        examples: [
            (before: "import Combine\nimport Foundation\n\nfinal class Search: ObservableObject {\n    @Published var query: String = \"\"\n    private var bag = Set<AnyCancellable>()\n\n    init() {\n        $query\n            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)\n            .sink { print($0) }\n            .store(in: &bag)\n    }\n}\n",
             after: "import Combine\nimport Foundation\nimport Observation\n\n@Observable final class Search {\n    var query: String = \"\" {\n        willSet {\n            querySubject.send(newValue)\n        }\n    }\n    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)\n    var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }\n    private var bag = Set<AnyCancellable>()\n\n    init() {\n        queryPublisher\n            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)\n            .sink { print($0) }\n            .store(in: &bag)\n    }\n}\n"),
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
                    findings.append(finding(context, source.span(s, through: s),
                        "$\(member) publisher has no Observation equivalent and needs a person (its owner's type cannot be told)", fix: nil))
                    continue
                }
            } else {
                // The model itself or an ancestor declares the published property.
                owner = context.index.enclosingModel(of: s, in: f).flatMap { innermost in
                    context.index.publishedIncludingAncestors(innermost).contains(member) ? innermost : nil
                }
            }
            // An `@AppStorage` binding tracked by hand: OBS210 rewrites it.
            guard let owner, context.index.storageAccessors[owner]?[member] == nil else { continue }
            // A read the model's own publisher serves once it migrates (PublisherBridges.swift).
            let bridge = qualified && !bySelf
                ? context.index.memberUseAt[Site(file: f, offset: source.start(s))].flatMap { i in
                    context.index.memberUses[i].bridged ? context.index.publisherBridge(member, seenFrom: owner) : nil }
                : context.index.ownBridgedProjection(s, in: f, model: owner)
            if !qualified || bySelf, let (bridge, call) = context.index.bridgedAssignment(s, in: f, model: owner) {
                findings.append(context.migrates(owner)
                    ? finding(context, source.span(s, through: s),
                              "assign(to: &$\(member)) becomes a subscription that sets '\(member)', kept as long as \(TypeName.base(owner)) (fixable)",
                              fix: [context.index.bridgedAssignmentEdit(bridge, call: call, in: source)], model: owner)
                    : finding(context, source.span(s, through: s),
                              "assign(to: &$\(member)) becomes a subscription once \(TypeName.base(owner)) migrates: \(TypeName.base(owner)) keeps ObservableObject: \(context.whyBlocked(owner))",
                              fix: nil, model: owner))
                continue
            }
            if let bridge {
                let range = source.span(s, through: s)
                findings.append(context.migrates(owner)
                    ? finding(context, range, "$\(member) publisher becomes \(bridge.publisherName), a Combine publisher that delivers as $\(member) did (fixable)",
                              fix: [Edit(range, bridge.publisherName)], model: owner)
                    : finding(context, range, "$\(member) publisher becomes \(bridge.publisherName) once \(TypeName.base(owner)) migrates: \(TypeName.base(owner)) keeps ObservableObject: \(context.whyBlocked(owner))",
                              fix: nil, model: owner))
                continue
            }
            if !qualified || bySelf, let migration = context.index.observerMigrations[owner], migration.file == f,
               let pipeline = migration.pipelines.first(where: { $0.dollarToken == s }) {
                findings.append(context.migrates(owner)
                    ? finding(context, source.span(s, through: s),
                              "$\(member) pipeline becomes a willSet on '\(pipeline.property)', which does the same work when it is set (fixable)",
                              fix: context.index.observerEdits(migration), model: owner)
                    : finding(context, source.span(s, through: s),
                              "$\(member) pipeline becomes a willSet on '\(pipeline.property)' once \(TypeName.base(owner)) migrates: \(TypeName.base(owner)) keeps ObservableObject: \(context.whyBlocked(owner))",
                              fix: nil, model: owner))
                continue
            }
            findings.append(finding(context, source.span(s, through: s),
                "$\(member) publisher has no Observation equivalent and needs a person: \(TypeName.base(owner)) keeps ObservableObject",
                fix: nil))
        }
        return findings + parameterFindings(context)
    }

    /// `Published<T>.Publisher` parameters (PublishedParameters.swift) as `some Publisher<T, Never>`,
    /// once a publisher of its own stands in for some `$x`, or the model declaring them migrates.
    func parameterFindings(_ context: RuleContext) -> [Finding] {
        guard let parameters = context.index.publishedParameters[context.fileIndex] else { return [] }
        let source = context.source
        let bridgesRead = !context.index.bridgedProperties.isEmpty
        return parameters.compactMap { p in
            let range = source.span(p.type.lowerBound, through: p.type.upperBound)
            if p.suppressed {
                return finding(context, range,
                    "Published<\(p.valueType)>.Publisher parameter stays, its fix suppressed here: no $x of type \(p.valueType) gets a publisher of its own", fix: nil)
            }
            let model = context.index.enclosingModel(of: p.type.lowerBound, in: context.fileIndex)
            guard bridgesRead || model.map(context.migrates) ?? false else { return nil }
            return finding(context, range,
                "Published<\(p.valueType)>.Publisher parameter becomes some Publisher<\(p.valueType), Never>, which takes $x as it is and the publisher of its own that stands in for it once its model is @Observable (fixable)",
                fix: [Edit(range, "some Publisher<\(p.valueType), Never>")], model: model.flatMap { context.migrates($0) ? $0 : nil })
        }
    }
}
