/// Which Swift files an Xcode project's targets compile, read from its `project.pbxproj`: a
/// class declared twice, once in a stale file that no target builds, is one type after all.
extension ProjectIndex {
    /// By project folder: the file names of the project's `PBXBuildFile`s "in Sources". A project
    /// with synchronized folders (Xcode 16) does not list its files, so it has no entry: every
    /// file there may be built.
    static func xcodeSourceNames(_ files: [ProjectFile]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        var synchronized = Set<String>()
        for file in files where file.path.hasSuffix(".xcodeproj/project.pbxproj") {
            let folder = folder(of: folder(of: file.path))
            let bytes = file.bytes
            if ByteSearch.firstOffset(of: Array("PBXFileSystemSynchronizedRootGroup".utf8), in: bytes, range: 0..<bytes.count) != nil {
                synchronized.insert(folder)
            }
            var names = result[folder, default: []]
            // `A1 /* Store.swift in Sources */`: the name runs from the `/* ` before the marker to it.
            let marker = Array(" in Sources */".utf8)
            var from = 0
            while let hit = ByteSearch.firstOffset(of: marker, in: bytes, range: from..<bytes.count) {
                from = hit + marker.count
                var open = hit
                while open >= 3, bytes[open - 1] != 0x0A, !(bytes[open - 3] == UInt8(ascii: "/") && bytes[open - 2] == UInt8(ascii: "*") && bytes[open - 1] == 0x20) {
                    open -= 1
                }
                guard open >= 3, bytes[open - 1] == 0x20 else { continue }
                let name = String(decoding: bytes[open..<hit], as: UTF8.self)
                if name.hasSuffix(".swift") { names.insert(name) }
            }
            result[folder] = names
        }
        for folder in synchronized { result[folder] = nil }
        return result
    }

    /// Whether file `f` lies in an Xcode project's folder (not a deeper package's) and no target
    /// of that project compiles a file of its name. Same-named files elsewhere count as built.
    func isBuiltByNoTarget(_ f: Int, folders: ProjectFolders) -> Bool {
        let path = files[f].path
        guard let owner = Self.owningFolder(of: path, among: folders), let names = xcodeSourceNames[owner] else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !names.contains(name)
    }
}
