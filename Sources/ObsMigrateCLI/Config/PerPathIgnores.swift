import ObsMigrateCore

/// `per-path-ignores`: rules that do not report in files whose path (relative to the project
/// root) matches a glob.
///
/// They are applied as file-wide suppressions (as `// obs-migrate:disable CODE...` at the top of
/// each matching file), so they go through the one mechanism the engine has for findings that
/// must not be reported. That is what makes them safe: `Engine.analyze` treats a
/// suppressed *fixable* finding as a fix that may not be applied, which blocks its model
/// project-wide (the class stays `ObservableObject` and every view keeps its wrappers), and
/// drops the suppressed findings from the report. Ignoring `OBS104` under `Legacy/**` therefore
/// means "leave the models those views use alone", never "migrate the model but leave the view
/// broken".
public struct PerPathIgnores: Sendable {
    public var entries: [(glob: String, codes: Set<String>)] = []

    public init() {}

    /// From the configuration's `per-path-ignores` (rule keys expanded to codes).
    public init(_ pairs: [(glob: String, rules: [String])]) {
        entries = pairs.map { glob, rules in
            var glob = glob
            while glob.count > 1, glob.hasSuffix("/") { glob.removeLast() }
            if glob.hasPrefix("./") { glob.removeFirst(2) }
            return (glob, Set(rules.flatMap(RuleKeys.codes)))
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Codes ignored for a path relative to the project root. A glob matches the path, any
    /// folder above it (so `Legacy` and `Legacy/**` cover everything inside `Legacy/`), and,
    /// when it has no `/`, the name of the file or of such a folder, as `--exclude` does.
    public func codes(forRelativePath path: String) -> Set<String> {
        guard !entries.isEmpty else { return [] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var prefixes: [String] = []
        for part in parts { prefixes.append(prefixes.isEmpty ? part : prefixes.last! + "/" + part) }
        var result: Set<String> = []
        for entry in entries {
            let hasSlash = entry.glob.contains("/")
            let matched = prefixes.indices.contains { k in
                Glob.matches(entry.glob, prefixes[k]) || (!hasSlash && Glob.matches(entry.glob, parts[k]))
            }
            if matched { result.formUnion(entry.codes) }
        }
        return result
    }

    /// Adds the ignored codes to the file's file-wide suppressions.
    public func apply(to file: inout ProjectFile, relativePath: String) {
        let codes = codes(forRelativePath: relativePath)
        guard !codes.isEmpty else { return }
        file.suppressions.configured.formUnion(codes)
    }

    public func applied(to file: ProjectFile, absolutePath: String, root: String) -> ProjectFile {
        guard !entries.isEmpty else { return file }
        var file = file
        apply(to: &file, relativePath: Self.relativePath(absolutePath, root: root))
        return file
    }

    public func apply(to project: inout LoadedProject) {
        guard !entries.isEmpty else { return }
        for f in project.files.indices {
            apply(to: &project.files[f], relativePath: Self.relativePath(project.absolutePaths[f], root: project.root))
        }
    }

    /// Relative to the root; a file outside it is matched by its absolute path.
    static func relativePath(_ absolute: String, root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }
}
