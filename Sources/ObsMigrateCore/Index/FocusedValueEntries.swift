import ObsMigrateSupport

/// A model handed to the focused view or scene: `.focusedObject(m)`, `.focusedSceneObject(m)`
/// and `@FocusedObject var m: M?` take only an ObservableObject. With Observation a
/// `FocusedValues` entry carries it: `.focusedValue(\.m, m)`, `.focusedSceneValue(\.m, m)` and
/// `@FocusedValue(\.m) var m: M?`, published and read as before, and a view's body tracks what
/// it reads of the object as the wrapper made it do. The entry (a `FocusedValueKey` and a
/// `FocusedValues` property) is declared once, in a file of the module that uses it (OBS214).
public struct FocusedObjectSite: Sendable {
    public enum Kind: Sendable, Equatable { case modifier, sceneModifier, property }
    public var file: Int
    /// `focusedObject` or `focusedSceneObject`, or the `@FocusedObject` attribute.
    public var token: Int
    public var kind: Kind
    public var model: String
    public var property: String? = nil
    /// Why the site cannot take its Observation form: its model then stays.
    public var kept: String? = nil

    /// The API as written, for messages.
    public var api: String {
        switch kind {
        case .modifier: ".focusedObject"
        case .sceneModifier: ".focusedSceneObject"
        case .property: "@FocusedObject"
        }
    }
}

/// The `FocusedValues` entry that carries a model once it migrates.
public struct FocusedValueEntry: Sendable {
    public var model: String
    /// The `FocusedValues` property (`editor`) and its key type (`EditorFocusedValueKey`).
    public var key: String
    public var keyType: String
    /// The model's name as the entry's file writes it.
    public var valueType: String
    /// The file the entry is declared at the end of.
    public var file: Int
}

extension ProjectIndex {
    /// `@FocusedObject` properties whose written type is a model.
    func collectFocusedObjectProperties() -> [FocusedObjectSite] {
        let found = parallelMap(Array(files.indices)) { [self] f -> [FocusedObjectSite] in
            var result: [FocusedObjectSite] = []
            let types = files[f].decls.types
            for t in types.indices {
                for p in types[t].properties {
                    guard let a = p.attribute("FocusedObject"), let written = p.typeText,
                          let model = resolveTypeName(Self.stripType(written), from: types[t].path + [types[t].name], in: f),
                          models[model] != nil else { continue }
                    var site = FocusedObjectSite(file: f, token: a.token, kind: .property, model: model, property: p.name)
                    if let name = p.name, projectionUsed(name, in: TypeRef(file: f, type: t)) {
                        site.kept = "$\(name) (its bindings) is used, which @FocusedValue does not give"
                    } else if !written.trimmingWhitespaceAndNewlines().hasSuffix("?") || a.arguments != nil {
                        site.kept = "its declaration is not `@FocusedObject var \(p.name ?? "m"): \(TypeName.base(model))?`"
                    }
                    result.append(site)
                }
            }
            return result
        }
        return found.flatMap { $0 }
    }

    /// The entry of each model whose every focused site can take its Observation form, and a
    /// blocker at each site of the others.
    func decideFocusedValueEntries(_ sites: [FocusedObjectSite], _ ledger: inout BlockerLedger) -> [String: FocusedValueEntry] {
        var entries: [String: FocusedValueEntry] = [:]
        let byModel = Dictionary(grouping: sites.indices, by: { sites[$0].model })
        // Names an entry must not take: `FocusedValues` members the project declares, and keys
        // two focused models would share.
        let declaredMembers = Set(files.indices.flatMap { f in
            files[f].decls.types.filter { $0.kind == .extension && TypeName.base($0.name) == "FocusedValues" }.flatMap { $0.properties.compactMap(\.name) }
        })
        let keys = Dictionary(grouping: byModel.keys, by: { Self.focusedValueKey(of: $0) })
        for (model, indices) in byModel.sorted(by: { $0.key < $1.key }) {
            let ordered = indices.sorted { (sites[$0].file, sites[$0].token) < (sites[$1].file, sites[$1].token) }
            let key = Self.focusedValueKey(of: model), keyType = TypeName.base(model) + "FocusedValueKey"
            var why: String? = nil
            let modules = Set(ordered.map { moduleOfFile[sites[$0].file] ?? "" })
            // The entry's file: the first that publishes the model, importing SwiftUI itself.
            let entryFile = ordered.lazy.map { sites[$0] }.first { $0.kind != .property && files[$0.file].decls.imports.contains { $0.module == "SwiftUI" } }?.file
            let valueType = models[model].flatMap { $0.declarations.first.map { type($0).qualifiedName } } ?? model
            if let kept = ordered.lazy.compactMap({ sites[$0].kept }).first {
                why = kept
            } else if models[model]?.declarations.contains(where: { type($0).genericParameters != nil }) ?? true {
                why = "it is generic, and a FocusedValues entry names one type"
            } else if modules.count > 1 {
                why = "it is published and read in more than one module, which a FocusedValues entry of one would not reach"
            } else if entryFile == nil {
                why = "no file that publishes it imports SwiftUI, where its FocusedValues entry would go"
            } else if declaredMembers.contains(key) || bySimpleName[keyType] != nil || (keys[key]?.count ?? 0) > 1 {
                why = "the FocusedValues entry it would get, '\(key)' with \(keyType), is a name the project already uses"
            } else if resolveTypeName(valueType, from: [], in: entryFile!) != model {
                why = "\(valueType) names another type in \(files[entryFile!].path), where its FocusedValues entry would go"
            }
            guard let why else {
                entries[model] = FocusedValueEntry(model: model, key: key, keyType: keyType, valueType: valueType, file: entryFile!)
                continue
            }
            for k in ordered {
                ledger.block(model, .focusedValueRefused(api: sites[k].api, why: why), Site(file: sites[k].file, offset: files[sites[k].file].source.start(sites[k].token)))
            }
        }
        return entries
    }

    /// `Editor` → `editor`, `URLSession` → `urlSession`: the `FocusedValues` property of a model.
    static func focusedValueKey(of model: String) -> String {
        let name = Array(TypeName.base(model).filter { $0 != "`" })
        var upper = 0
        while upper < name.count, name[upper].isUppercase { upper += 1 }
        // A run of capitals before a lowercase letter keeps its last one: URLSession → urlSession.
        let lowered = upper > 1 && upper < name.count ? upper - 1 : max(upper, 1)
        return String(name[..<min(lowered, name.count)]).lowercased() + String(name[min(lowered, name.count)...])
    }
}
