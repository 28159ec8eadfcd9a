/// Declarations of one class in `#if` branches (`#if os(iOS)` / `#else`): each branch is the
/// same type in another build configuration, so a conformance in one branch says nothing about
/// the class of another. A model migrates in every configuration or in none.
extension ProjectIndex {
    /// Whether class declaration `ref` of `model` is an ObservableObject wherever it is compiled:
    /// its own inheritance clause gives it the conformance (ObservableObject, a protocol refining
    /// it or a typealias composing it, or the model's superclass), or an extension does that is compiled wherever `ref` is
    /// (one outside every `#if`, or one in a branch of the same file that holds `ref`).
    func conformsWhereDeclared(_ ref: TypeRef, of model: ModelType) -> Bool {
        if givesConformance(ref, to: model) { return true }
        let conditions = type(ref).ifConfig
        return model.extensions.contains { ext in
            let extConditions = type(ext).ifConfig
            let compiledWithRef = extConditions.isEmpty || (ext.file == ref.file && conditions.starts(with: extConditions))
            return compiledWithRef && givesConformance(ext, to: model)
        }
    }

    /// Whether the inheritance clause of `ref` (a declaration or an extension) makes the model
    /// an ObservableObject.
    private func givesConformance(_ ref: TypeRef, to model: ModelType) -> Bool {
        let decl = type(ref)
        return decl.inheritance.contains { entry in
            if entry.baseName == "ObservableObject" { return true }
            // A protocol refining it, or a typealias composing it (as `collectModels` reads them).
            if refiningProtocolName(entry.name, from: decl.path) != nil { return true }
            return resolveTypeName(entry.name, from: decl.path) == model.superclass
        }
    }

    /// A class declaration of the model that is no ObservableObject in the configurations that
    /// compile it: `@Observable` there would change a class that did not conform, and leaving
    /// it would migrate the type in some configurations only, so the model stays.
    /// (A type declared in files of two targets is held for that already: see
    /// `declarationShapeBlockers`. A stale file that no target of its Xcode project compiles
    /// does not count.)
    func configurationBlockers(of model: ModelType) -> [Blocker] {
        var lacking = model.declarations.filter { type($0).kind == .class && !conformsWhereDeclared($0, of: model) }
        guard !lacking.isEmpty else { return [] }
        if !xcodeSourceNames.isEmpty {
            let folders = projectFolders()
            lacking.removeAll { isBuiltByNoTarget($0.file, folders: folders) }
            guard !lacking.isEmpty else { return [] }
        }
        // Without any `#if`, a declaration that does not conform is a `private` twin in another file.
        let inIfConfiguration = (model.declarations + model.extensions).contains { !type($0).ifConfig.isEmpty }
        return lacking.map { Blocker(.declaredWithoutConformance(inIfConfiguration: inIfConfiguration), site: Site(file: $0.file, offset: type($0).start)) }
    }
}
