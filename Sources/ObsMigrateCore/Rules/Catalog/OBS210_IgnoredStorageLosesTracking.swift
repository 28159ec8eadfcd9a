/// OBS210: `@AppStorage`/`@SceneStorage` in an ObservableObject, which publishes its changes
/// and which the `@Observable` macro could only ignore. Where no write from elsewhere can reach
/// it (`StorageAccessor`), an `@AppStorage` is tracked by hand behind a computed property;
/// otherwise the class keeps ObservableObject. In an `@Observable` class, `@ObservationIgnored`
/// storage is reported as what views cannot follow, unless a computed property tracks it.
public struct IgnoredStorageLosesTracking: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS210",
        name: "ignored-storage-loses-tracking",
        severity: .warning,
        fix: .sometimes,
        summary: "@AppStorage or @SceneStorage in an ObservableObject: tracked by hand where that is safe, else the class stays.",
        rationale: """
            In an ObservableObject, `@AppStorage` tells the object's views of every change through \
            `objectWillChange` (since iOS 14.5 and macOS 11.3), like `@Published`. The `@Observable` \
            macro cannot track a property that has another wrapper: it would have to be \
            `@ObservationIgnored`, and the views that read it would stop updating. The fix keeps the \
            wrapper, ignored and renamed `_x`, behind a computed `x` that calls `access(keyPath: \\.x)` \
            when read and sets `_x` inside `withMutation(keyPath: \\.x)`, so views update on each set \
            (`didSet` and `willSet` stay on `_x`, unless they set the value themselves). \
            That misses what `@AppStorage` also followed: writes to the same key made elsewhere. So the \
            fix is made only when the key is a string literal written nowhere else in the project, the \
            store is the standard one, no `$x` binding is read in the class's own body (`receiver.$x` \
            becomes `Bindable(receiver).x`), the class has no subclass and \
            is made once (only private initializers, called at one place; or, with no superclass and no \
            protocol but ObservableObject, made only as the value of a static let of its own, \
            `static let shared = Settings()`, with no other `Settings(`, `Settings.init`, `.self`, \
            metatype `.init` or implicit `.init(...)` its initializers could answer anywhere in the \
            project: then its initializers become private, or `private init() {}` is added, so that no \
            second one can be made later), and no Xcode project of the run has a Settings.bundle or \
            Objective-C sources; otherwise the class keeps ObservableObject and the \
            note says which condition failed (keys built at run time and other processes cannot be \
            seen). An `@AppStorage` that nothing observes through the class (no code reads it from \
            outside the class, `m.x`, `m.$x` or a key path; the class reads it only in initializers, \
            methods that return nothing and property observers, none of them called from a computed \
            property, a method that returns a value or `updateUIView`/`updateNSView`; no subclass; the key's other uses are \
            `@AppStorage` of their own) only becomes `@ObservationIgnored`: its changes re-rendered \
            views that read nothing depending on it. `@SceneStorage` always keeps it. In an `@Observable` class, an `@ObservationIgnored \
            @AppStorage` that no computed property tracks is reported as storage no view follows, unless \
            nothing observes it through the class (by the conditions above).
            """,
        triggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @AppStorage(\"theme\") var theme = \"light\"\n}\n",
            "import SwiftUI\n@Observable final class Settings {\n    @ObservationIgnored @AppStorage(\"theme\") var theme = \"light\"\n    var label: String { theme }\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var theme = \"light\"\n}\n",
        ],
        examples: [
            (before: "import SwiftUI\n\nfinal class Settings: ObservableObject {\n    static let shared = Settings()\n    @AppStorage(\"theme\") var theme = \"light\"\n\n    private init() {}\n}\n",
             after: "import SwiftUI\n\n@Observable final class Settings {\n    static let shared = Settings()\n    @ObservationIgnored @AppStorage(\"theme\") private var _theme = \"light\"\n    var theme: String {\n        get { access(keyPath: \\.theme); return _theme }\n        set { withMutation(keyPath: \\.theme) { _theme = newValue } }\n    }\n\n    private init() {}\n}\n"),
        ],
        reportsBehaviourChange: true)

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let types = context.decls.types
        for t in types.indices where types[t].kind == .class {
            let decl = types[t]
            let name = context.index.resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            let model = context.index.models[name] != nil
            guard model || context.index.observableTypes.contains(name) else { continue }
            var privateInitializersWritten = false
            for property in decl.properties where !property.isStatic && !property.isComputed {
                guard let wrapper = property.attributes.first(where: { ProjectIndex.publishingStorageWrappers.contains($0.name) }),
                      model || property.attribute("ObservationIgnored") != nil else { continue }
                let label = property.name.map { "'\($0)'" } ?? "property"
                if model, let accessor = property.name.flatMap({ context.index.storageAccessors[name]?[$0] }) {
                    guard context.migrates(name) else { continue }  // the model's own finding says why it stays
                    var fix = Self.edits(accessor, property, decl, context)
                    var made = ""
                    if let privateInitializers = accessor.privateInitializers, !privateInitializersWritten {
                        // Made once: private initializers keep a second one, which would miss its writes, from being made later.
                        fix += Self.edits(privateInitializers, decl, context)
                        privateInitializersWritten = true
                        made = "; made once, its initializers become private"
                    }
                    findings.append(finding(context, wrapper.range,
                        "@\(wrapper.name) \(label) becomes @ObservationIgnored storage behind a computed property that tracks it by hand once \(decl.simpleName) is @Observable\(made) (fixable)",
                        fix: fix, model: name))
                    continue
                }
                if model, let n = property.name, context.index.unobservedStorage[name]?.contains(n) ?? false {
                    guard context.migrates(name) else { continue }  // the model's own finding says why it stays
                    findings.append(finding(context, wrapper.range,
                        "@\(wrapper.name) \(label) becomes @ObservationIgnored once \(decl.simpleName) is @Observable: nothing reads it through \(decl.simpleName) where a view could see it, and the key's other uses are @AppStorage of their own (fixable)",
                        fix: [.insert("@ObservationIgnored ", at: property.start)], model: name))
                    continue
                }
                // Ignored where nothing observes it through the class (UnobservedStorage.swift).
                if !model, let n = property.name, context.index.unobservedStorage[name]?.contains(n) ?? false { continue }
                // Our own fix's storage: `_x` behind a computed `x` that tracks it.
                if !model, let n = property.name, n.hasPrefix("_"), decl.properties.contains(where: { $0.isComputed && $0.name == String(n.dropFirst()) }) { continue }
                findings.append(finding(context, wrapper.range, model
                    ? "@\(wrapper.name) \(label) keeps \(decl.simpleName) an ObservableObject: it publishes each change through objectWillChange, which @Observable cannot track; keep the value in a tracked property written to UserDefaults in didSet, or read @\(wrapper.name) in the views"
                    : "@\(wrapper.name) \(label) is @ObservationIgnored in the @Observable \(decl.simpleName): views that read it do not update when it changes",
                    fix: nil))
            }
        }
        return findings + bindingFindings(context)
    }

    /// `receiver.$x`, the binding of an `@AppStorage` tracked by hand, as `Bindable(receiver).x`:
    /// the same `Binding`, reading and setting `x` through its tracking accessors.
    func bindingFindings(_ context: RuleContext) -> [Finding] {
        let accessors = context.index.storageAccessors
        guard !accessors.isEmpty else { return [] }
        let names = Set(accessors.values.flatMap(\.keys))
        let source = context.source
        var findings: [Finding] = []
        for s in source.indices(of: .dollarIdentifier) where source.kind(s - 1) == .period && !source.isIdentifier(s - 2, "self") {
            let member = String(source.text(s).dropFirst())
            guard names.contains(member), let use = context.index.memberUseAt[Site(file: context.fileIndex, offset: source.start(s))],
                  let model = context.index.memberUses[use].model, accessors[model]?[member] != nil,
                  let receiver = context.index.receiverRange(before: s - 1, in: source) else { continue }
            let range = source.span(receiver.lowerBound, through: s)
            guard context.migrates(model) else { continue }  // the model's own finding says why it stays
            let text = source.text(source.span(receiver.lowerBound, through: receiver.upperBound - 1))
            findings.append(finding(context, source.span(s, through: s),
                "$\(member), the binding of an @AppStorage tracked by hand, becomes Bindable(\(text)).\(member) once \(TypeName.base(model)) is @Observable (fixable)",
                fix: [Edit(range, "Bindable(\(text)).\(member)")], model: model))
        }
        return findings
    }

    /// `@AppStorage("k") var x = v` as `@ObservationIgnored @AppStorage("k") private var _x = v`
    /// and, on the lines after it, `var x: T { get { access...; return _x } set { withMutation... } }`.
    /// `private ` before each `init` the class declares, or `private init() {}` at the end of the
    /// line of the static property that makes its one instance.
    static func edits(_ initializers: PrivateInitializers, _ decl: TypeDecl, _ context: RuleContext) -> [Edit] {
        let source = context.source
        var edits = initializers.initKeywords.map { Edit.insert("private ", at: source.start($0)) }
        if let start = initializers.afterProperty, let property = decl.properties.first(where: { $0.startToken == start }) {
            var at = source.end(property.endToken)  // the end of the line's text (a comment may follow)
            while at < source.bytes.count, source.bytes[at] != 0x0A, source.bytes[at] != 0x0D { at += 1 }
            edits.append(.insert(source.lineEnding + source.indentation(ofLineAt: property.start) + "private init() {}", at: at))
        }
        return edits
    }

    static func edits(_ accessor: StorageAccessor, _ property: PropertyDecl, _ decl: TypeDecl, _ context: RuleContext) -> [Edit] {
        let source = context.source
        let x = accessor.property
        let eol = source.lineEnding, indent = source.indentation(ofLineAt: property.start)
        let unit = context.index.indentStep(of: decl, in: source)
        let renamedFrom = property.modifiers.first.map { $0.range.lowerBound } ?? source.start(property.keywordToken)
        let computed = indent + accessor.modifiers + "var \(x): \(accessor.valueType) {" + eol
            + indent + unit + "get { access(keyPath: \\.\(x)); return _\(x) }" + eol
            + indent + unit + "set { withMutation(keyPath: \\.\(x)) { _\(x) = newValue } }" + eol
            + indent + "}" + eol
        return [
            .insert("@ObservationIgnored ", at: property.start),
            Edit(renamedFrom..<source.end(property.nameToken!), "private var _" + x),
            .insert(computed, at: source.nextLineStart(after: source.end(property.endToken))),
        ]
    }
}
