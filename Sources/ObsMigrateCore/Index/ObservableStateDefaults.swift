/// `@State var m = M(...)` where `M` is an `@Observable` class of the project that is no legacy
/// model: what a migration left, or what a person wrote. The behaviour-change rules read these
/// after `fix --write` as they read `@StateObject` sites before it (OBS209 when `M`'s
/// initializer does work, OBS211 when `M` is `@MainActor`), so that a behaviour the migration
/// changed stays reported until a person suppresses it.
public struct ObservableStateDefault: Sendable {
    public var file: Int
    public var owner: TypeRef
    public var property: PropertyDecl
    public var attribute: Attribute
    /// The `@Observable` class the default value constructs (qualified).
    public var type: String
}

/// `_m = State(wrappedValue: ...)` in an initializer, for a `@State var m: M` of an
/// `@Observable` class of the project that is no legacy model: `State(wrappedValue:)` has no
/// autoclosure, so a construction or call in its argument runs every time the view is
/// initialised (OBS209 reads these after `fix --write` as it reads `StateObject(wrappedValue:)`).
public struct ObservableStateInit: Sendable {
    public var file: Int
    public var property: String
    public var type: String
    /// Significant tokens: `State` (or `init`), and the argument from after `wrappedValue:` to
    /// the closing parenthesis.
    public var nameToken: Int
    public var argument: Range<Int>
}

extension ProjectIndex {
    /// `@State` and its qualified spelling, as the fix writes them.
    static let stateAttributeNames: Set<String> = ["State", "SwiftUI.State"]

    /// Finds the `@State` default values that construct an `@Observable` class whose initializer
    /// does work or that is `@MainActor`. Only those classes are looked for, so a project with
    /// none reads no view's tokens.
    mutating func collectObservableStateDefaults() {
        var tables: [Int: LineTable] = [:]
        var candidates = Set<String>()
        let observable = observableTypes.filter { models[$0] == nil && frameworkObservableSuperclass[$0] == nil }
        guard !observable.isEmpty else { return }
        for name in observable.sorted() {
            let refs = (declared[name]?.array ?? []) + (extensionsOf[name] ?? [])
            if let work = initializerWork(in: refs, tables: &tables) {
                initializerWorkByModel[name] = work
                candidates.insert(name)
            }
            if refs.contains(where: { type($0).hasAttribute("MainActor") }) {
                mainActorObservableTypes.insert(name)
                candidates.insert(name)
            }
        }
        for f in files.indices {
            let types = files[f].decls.types
            for t in types.indices where types[t].kind != .protocol {
                for property in types[t].properties where !property.isStatic {
                    guard let attribute = property.attributes.first(where: { Self.stateAttributeNames.contains($0.name) }) else { continue }
                    let path = types[t].path + [types[t].name]
                    guard let initializer = property.initializer else {
                        // No default value: the view's initializers may set `_m = State(wrappedValue: ...)`.
                        guard let name = property.name, let typeText = property.typeText else { continue }
                        let owner = TypeRef(file: f, type: t)
                        if let resolved = resolveTypeName(typeText, from: path, in: f), observable.contains(resolved) {
                            observableStateInitsByFile[f, default: []] += stateInits(of: name, type: resolved, in: owner)
                        } else if let constraint = observableConstraint(of: SymbolTable.stripType(typeText), in: owner) {
                            // `struct Row<M: P>` with `@State var model: M`, `P` refining Observable.
                            observableStateInitsByFile[f, default: []] += stateInits(of: name, type: constraint, in: owner)
                        }
                        continue
                    }
                    guard !candidates.isEmpty else { continue }
                    let written = property.typeText ?? expressionType(initializer, in: f, path: path)
                    // As OBS209 and OBS211 read a `@StateObject`'s default value: whatever the
                    // expression, when its type is such a class.
                    guard let resolved = written.flatMap({ resolveTypeName($0, from: path, in: f) }), candidates.contains(resolved) else { continue }
                    observableStateDefaultsByFile[f, default: []].append(
                        ObservableStateDefault(file: f, owner: TypeRef(file: f, type: t), property: property, attribute: attribute, type: resolved))
                }
            }
        }
    }

    /// The project protocol constraining the owner's generic parameter that refines
    /// `Observable` (directly or through other project protocols), if any.
    func observableConstraint(of parameter: String, in owner: TypeRef) -> String? {
        let decl = type(owner)
        guard decl.genericParameters != nil || decl.whereClause != nil else { return nil }
        for c in genericConstraints(of: parameter, in: owner) {
            var pending = [resolveTypeName(c, from: decl.path + [decl.name])].compactMap { $0 }
            var seen = Set<String>()
            while let p = pending.popLast(), seen.insert(p).inserted, seen.count < 16 {
                guard let refs = declared[p], type(refs.first).kind == .protocol else { continue }
                let proto = type(refs.first)
                if proto.inheritance.contains(where: { $0.baseName == "Observable" }) { return resolveTypeName(c, from: decl.path + [decl.name]) }
                pending += proto.inheritance.compactMap { resolveTypeName($0.name, from: proto.path) }
            }
        }
        return nil
    }

    /// `_name = State(wrappedValue: x)` (also `SwiftUI.State(...)` and `.init(wrappedValue:)`)
    /// in the owner's initializers.
    func stateInits(of name: String, type: String, in owner: TypeRef) -> [ObservableStateInit] {
        let source = files[owner.file].source
        let storage = "_" + name
        var result: [ObservableStateInit] = []
        for fn in self.type(owner).functions where fn.kind == .`init` {
            guard let body = fn.body else { continue }
            for k in (body.open + 1)..<body.close where source.kind(k) == .identifier && source.name(k) == storage {
                // `_m =` or `self._m =`, then the wrapper's name and `(wrappedValue:`.
                guard source.kind(k + 1) == .operator, source.isText(k + 1, "=") else { continue }
                var callee = k + 2
                if source.isIdentifier(callee, "SwiftUI"), source.kind(callee + 1) == .period { callee += 2 }
                if source.kind(callee) == .period { callee += 1 }
                guard source.isIdentifier(callee, "State") || source.isIdentifier(callee, "init"),
                      source.kind(callee + 1) == .leftParen, source.isIdentifier(callee + 2, "wrappedValue"),
                      source.kind(callee + 3) == .colon else { continue }
                let close = Int(source.match[callee + 1])
                guard close > callee + 4 else { continue }
                result.append(ObservableStateInit(file: owner.file, property: name, type: type, nameToken: callee, argument: (callee + 4)..<close))
            }
        }
        return result
    }
}
