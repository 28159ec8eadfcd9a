/// Modules told apart: each folder holding a Package.swift or an .xcodeproj builds the
/// sources under it that no deeper such folder claims (see `projectFolders`). Two modules may
/// each declare a `Store`; Swift keeps them apart by module (`PackageB.Store`), and so does
/// the index, by placing the types of such modules in a scope named after their folder.
extension ProjectIndex {
    /// The module a file's top-level code is in, as the first element of a scope path: empty
    /// for the sources no named module claims, or when no top-level name is declared twice.
    func moduleScope(_ file: Int) -> [String] {
        moduleOfFile[file].map { [$0] } ?? []
    }

    /// The one top-level type `name` among `candidates` (declared in several modules) that
    /// `file` imports; nil when it imports none or several of them.
    func typeImported(_ name: String, candidates: [String], into file: Int) -> String? {
        var visible: String? = nil
        for i in files[file].decls.imports {
            guard let module = moduleByImportName[i.module], candidates.contains(module + "." + name) else { continue }
            if let v = visible, v != module + "." + name { return nil }
            visible = module + "." + name
        }
        return visible
    }

    /// The name a module's types are qualified with: its folder's last component.
    static func moduleName(ofFolder folder: String) -> String {
        String(folder.split(separator: "/").last ?? Substring(folder))
    }

    /// Places every type of each module that declares a top-level name another module declares
    /// too in that module's scope. Modules with no such name keep plain names (and messages).
    mutating func separateModules() {
        let folders = projectFolders().filter { !$0.isEmpty }
        guard !folders.isEmpty else { return }
        // Each file's module: an index into `folders`, or -1 for the sources no named module claims.
        let moduleIndex = files.indices.map { f in
            Self.owningFolder(of: files[f].path, among: folders).flatMap { folders.firstIndex(of: $0) } ?? -1
        }
        var modulesOfName: [String: Set<Int>] = [:]
        for f in files.indices {
            for t in files[f].decls.types where t.kind != .extension && t.path.isEmpty {
                modulesOfName[t.name, default: []].insert(moduleIndex[f])
            }
        }
        var separated = Set<Int>()
        for modules in modulesOfName.values where modules.count > 1 { separated.formUnion(modules) }
        separated.remove(-1)
        guard !separated.isEmpty else { return }
        for f in files.indices where separated.contains(moduleIndex[f]) {
            let folder = folders[moduleIndex[f]]
            let module = Self.moduleName(ofFolder: folder)
            moduleOfFile[f] = module
            moduleByImportName[module] = module
            let inner = files[f].path.dropFirst(folder.count + 1).split(separator: "/")
            if inner.count > 2, inner[0] == "Sources" || inner[0] == "Tests" { moduleByImportName[String(inner[1])] = module }
            for t in files[f].decls.types.indices { files[f].decls.types[t].placeInModule(module) }
            for a in files[f].decls.typeAliases.indices { files[f].decls.typeAliases[a].path.insert(module, at: 0) }
        }
    }
}
