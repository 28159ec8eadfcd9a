import ObsMigrateSupport

/// Modules told apart: each folder holding a Package.swift or an .xcodeproj builds the
/// sources under it that no deeper such folder claims (see `projectFolders`). Two modules may
/// each declare a `Store`; Swift keeps them apart by module (`PackageB.Store`), and so does
/// the index, by placing the types of such modules in a scope named after the module
/// (`moduleName(ofFolder:)`).
extension ProjectIndex {
    /// The module a file's top-level code is in, as the first element of a scope path: empty
    /// for the sources no named module claims, or when no top-level name is declared twice.
    func moduleScope(_ file: Int) -> [String] {
        moduleOfFile[file].map { [$0] } ?? []
    }

    /// The name a module's types are qualified with: its package's name (`Package(name: "B"`),
    /// else its Xcode project's, else its folder's last component. (Paths are as shown, relative
    /// to the current directory, so the folder may be "" and its name unknown.)
    func moduleName(ofFolder folder: String, _ manifests: ProjectManifests) -> String? {
        if let f = manifests.package[folder], let name = Self.packageName(in: files[f].source) { return name }
        if let xcodeProject = manifests.xcodeProject[folder] { return xcodeProject }
        return folder.split(separator: "/").last.map(String.init)
    }

    /// Each folder's Package.swift (a file index) and the Xcode project right in it (its name;
    /// the last in file order when there are several), found in one pass over the paths: a
    /// module's name is then looked up, not searched for in every file once per module.
    struct ProjectManifests {
        var package: [String: Int] = [:]
        var xcodeProject: [String: String] = [:]

        init(_ files: [ProjectFile]) {
            for f in files.indices {
                let path = files[f].path
                if path == "Package.swift" || path.hasSuffix("/Package.swift") {
                    let folder = ProjectIndex.folder(of: path)
                    if package[folder] == nil { package[folder] = f }
                } else if path.hasSuffix(".xcodeproj/project.pbxproj") {
                    let project = ProjectIndex.folder(of: path)  // `Folder/App.xcodeproj`
                    let name = project.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? project
                    xcodeProject[ProjectIndex.folder(of: project)] = String(name.dropLast(".xcodeproj".count))
                }
            }
        }
    }

    /// The string after the first `name:` in a manifest: the package's name.
    static func packageName(in source: SourceFile) -> String? {
        for s in 0..<max(0, source.sigCount - 2) where source.isIdentifier(s, "name") && source.kind(s + 1) == .colon && source.kind(s + 2) == .string {
            let name = source.text(s + 2).trimming { $0 == "\"" }
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// Places every type of each module that declares a top-level name another module declares
    /// too in that module's scope. Modules with no such name keep plain names (and messages).
    mutating func separateModules() -> SymbolTable.Modules {
        var modules = SymbolTable.Modules()
        let folders = projectFolders()
        guard !folders.isEmpty else { return modules }
        // Each file's module: an index into `folders`, or -1 for the sources no named module claims.
        let moduleIndex = files.indices.map { f in
            Self.owningFolder(of: files[f].path, among: folders).flatMap { folders.firstIndex(of: $0) } ?? -1
        }
        var modulesOfName: [String: Set<Int>] = [:]
        for f in files.indices {
            // By index: enumerating the declarations would copy each one whole.
            let types = files[f].decls.types
            for t in types.indices where types[t].kind != .extension && types[t].path.isEmpty {
                modulesOfName[types[t].name, default: []].insert(moduleIndex[f])
            }
        }
        var separated = Set<Int>()
        for modules in modulesOfName.values where modules.count > 1 { separated.formUnion(modules) }
        separated.remove(-1)
        guard !separated.isEmpty else { return modules }
        var names: [Int: String?] = [:]
        let manifests = ProjectManifests(files)
        for f in files.indices where separated.contains(moduleIndex[f]) {
            let folder = folders[moduleIndex[f]]
            if names[moduleIndex[f]] == nil { names[moduleIndex[f]] = .some(moduleName(ofFolder: folder, manifests)) }
            guard let module = names[moduleIndex[f]]! else { continue }
            modules.moduleOfFile[f] = module
            modules.moduleByImportName[module] = module
            let inner = files[f].path.dropFirst(folder.isEmpty ? 0 : folder.count + 1).split(separator: "/")
            if inner.count > 2, inner[0] == "Sources" || inner[0] == "Tests" { modules.moduleByImportName[String(inner[1])] = module }
            for t in files[f].decls.types.indices { files[f].decls.types[t].placeInModule(module) }
            for a in files[f].decls.typeAliases.indices { files[f].decls.typeAliases[a].path.insert(module, at: 0) }
        }
        return modules
    }
}
