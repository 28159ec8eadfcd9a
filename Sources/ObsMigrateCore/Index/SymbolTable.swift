#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ObsMigrateSupport

/// Every name the project declares, and how a name written at a place resolves: the types by
/// qualified and simple name, their nesting, extensions and typealiases, top-level functions
/// and properties, and the modules told apart. Built once from the files' declarations (after
/// `ProjectIndex.separateModules` placed them in their modules) and never changed after, so the
/// facts and decisions built on it read one fixed table.
public struct SymbolTable: Sendable {
    /// The files the table was built from (their declarations; one shared copy of the array).
    public private(set) var files: [ProjectFile] = []
    /// Every declared type (not extension) by qualified name.
    public private(set) var declared: [String: OneOrMore<TypeRef>] = [:]
    public private(set) var bySimpleName: [String: OneOrMore<String>] = [:]
    /// Per file, each type's enclosing type (index into the file's types), or -1.
    public private(set) var typeParents: [[Int]] = []
    /// Extensions by the qualified name of the type they extend.
    public private(set) var extensionsOf: [String: [TypeRef]] = [:]
    /// Typealiases by qualified and by simple name, with the scope their target is written in.
    public private(set) var typeAliases: [String: TypeAliasTarget] = [:]
    /// Top-level declarations by name, for name lookups without scanning every file.
    public private(set) var topLevelPropertiesByName: [String: [(file: Int, property: PropertyDecl)]] = [:]
    public private(set) var topLevelFunctionsByName: [String: [FunctionDecl]] = [:]
    /// Every type, extension and protocol declaring a function or property of a name (see
    /// `typesWithMember`), built when first asked for: most runs never ask.
    private let memberIndex = MemberIndex()
    /// Names of `@globalActor` types: their attributes are not property wrappers.
    public private(set) var globalActors: Set<String> = []
    /// Classes already marked `@Observable`, by qualified name.
    public private(set) var observableTypes: Set<String> = []
    /// The declared protocols, and the qualified names of classes (sorted, each once): what
    /// `collectModels` looks at, gathered here so it need not go over every type again.
    public private(set) var protocols: [TypeRef] = []
    public private(set) var classNames: [String] = []
    /// The module each file's types are placed in, for files of modules that declare a
    /// top-level name another module declares too (see `ProjectIndex.separateModules`).
    public private(set) var moduleOfFile: [Int: String] = [:]
    /// Each separated module's name, by the names an `import` reaches it with: its folder's and
    /// its package targets' (`Sources/<Target>/`).
    public private(set) var moduleByImportName: [String: String] = [:]

    /// The generic parameters of generic types, by the type's qualified name (`Row<M: P>`: M),
    /// and all their names together: inside such a type, `M` names the parameter, not a type
    /// the project declares elsewhere.
    public private(set) var genericParameters: [String: Set<String>] = [:]
    public private(set) var genericParameterNames: Set<String> = []
    /// The first bytes and lengths of those names: resolution looks a name up only when both
    /// match, as it resolves names far more often than any is a generic parameter.
    private var genericNameFirstBytes = [Bool](repeating: false, count: 256)
    private var genericNameLengths = [Bool](repeating: false, count: 65)

    /// What `ProjectIndex.separateModules` found.
    public struct Modules: Sendable {
        public var moduleOfFile: [Int: String] = [:]
        public var moduleByImportName: [String: String] = [:]
    }

    /// The tables built from every file's declarations, half on each core.
    struct NameTables: Sendable {
        var declared: [String: OneOrMore<TypeRef>] = [:]
        var observableTypes: Set<String> = []
        var protocols: [TypeRef] = []
        var classNames: [String] = []
        var bySimpleName: [String: OneOrMore<String>] = [:]
        var globalActors: Set<String> = []
        var topLevelPropertiesByName: [String: [(file: Int, property: PropertyDecl)]] = [:]
        var topLevelFunctionsByName: [String: [FunctionDecl]] = [:]
        var typeAliases: [String: TypeAliasTarget] = [:]
    }

    /// The empty table, for an index not yet built.
    public init() {}

    public init(files: [ProjectFile], modules: Modules) {
        self.files = files
        moduleOfFile = modules.moduleOfFile
        moduleByImportName = modules.moduleByImportName
        typeParents = parallelMap(Array(files.indices)) { [files] f in
            let types = files[f].decls.types
            var parents: [Int] = []
            parents.reserveCapacity(types.count)
            var open: [Int] = []  // stack of types whose body contains the current one
            for t in types.indices {
                while let top = open.last, types[top].bodyClose < types[t].bodyOpen { open.removeLast() }
                parents.append(open.last ?? -1)
                open.append(t)
            }
            return parents
        }
        // Sized up front: growing maps of tens of thousands of names rehashes them all each time.
        // (Extensions are not counted: they would double the tables, which are sized in powers of two.)
        var typeCount = 0
        for f in files.indices {
            for t in files[f].decls.types.indices where files[f].decls.types[t].kind != .extension { typeCount += 1 }
        }
        // The name tables do not depend on each other: they are built in two halves at once.
        let halves = parallelMap([0, 1]) { [files, typeCount] half -> NameTables in
            var tables = NameTables()
            if half == 0 {
                tables.declared.reserveCapacity(typeCount)
            } else {
                tables.bySimpleName.reserveCapacity(typeCount)
            }
            // Half 1 tells a name's first declaration by itself (half 0's table is not there yet).
            var seen = Set<String>(minimumCapacity: half == 1 ? typeCount : 0)
            for f in files.indices {
                let decls = files[f].decls
                for t in decls.types.indices where decls.types[t].kind != .extension {
                    let ref = TypeRef(file: f, type: t)
                    let qualified = decls.types[t].qualifiedName
                    if half == 0 {
                        if tables.declared[qualified] == nil { tables.declared[qualified] = OneOrMore(ref) } else { tables.declared[qualified]!.append(ref) }
                        switch decls.types[t].kind {
                        case .protocol: tables.protocols.append(ref)
                        case .class:
                            tables.classNames.append(qualified)
                            if decls.types[t].hasAttribute("Observable") { tables.observableTypes.insert(qualified) }
                        default: break
                        }
                    } else {
                        let simple = decls.types[t].simpleName
                        if seen.insert(qualified).inserted {  // first declaration of this name
                            if tables.bySimpleName[simple] == nil { tables.bySimpleName[simple] = OneOrMore(qualified) } else { tables.bySimpleName[simple]!.append(qualified) }
                        }
                        if decls.types[t].hasAttribute("globalActor") { tables.globalActors.insert(simple) }
                    }
                }
                guard half == 1 else { continue }
                for p in decls.topLevelProperties { if let n = p.name { tables.topLevelPropertiesByName[n, default: []].append((f, p)) } }
                for fn in decls.topLevelFunctions { tables.topLevelFunctionsByName[fn.name, default: []].append(fn) }
                for alias in decls.typeAliases where !alias.target.isEmpty {
                    let target = TypeAliasTarget(target: alias.target, path: alias.path)
                    tables.typeAliases[TypeName.qualified(alias.name, in: alias.path)] = target
                    tables.typeAliases[alias.name] = target
                }
            }
            return tables
        }
        declared = halves[0].declared
        observableTypes = halves[0].observableTypes
        protocols = halves[0].protocols
        classNames = halves[0].classNames
        bySimpleName = halves[1].bySimpleName
        globalActors = halves[1].globalActors
        topLevelPropertiesByName = halves[1].topLevelPropertiesByName
        topLevelFunctionsByName = halves[1].topLevelFunctionsByName
        typeAliases = halves[1].typeAliases
        // Resolving an extension's name only reads the maps above: done in parallel.
        let extensions = parallelMap(Array(files.indices)) { [self] f -> [(String, TypeRef)] in
            let types = files[f].decls.types
            return types.indices.filter { types[$0].kind == .extension }.map { t in
                let ref = TypeRef(file: f, type: t)
                return (typeName(of: ref), ref)
            }
        }
        for list in extensions { for (name, ref) in list { extensionsOf[name, default: []].append(ref) } }
        classNames.sort()
        classNames.removeAdjacentDuplicates()
        // By index: copying each type whole would retain all its arrays, for every type.
        for f in files.indices {
            let types = files[f].decls.types
            for t in types.indices where types[t].genericParameters != nil && types[t].kind != .extension {
                let names = Self.genericParameterNames(types[t].genericParameters!)
                genericParameters[types[t].qualifiedName, default: []].formUnion(names)
                genericParameterNames.formUnion(names)
                for name in names where !name.utf8.isEmpty {
                    genericNameFirstBytes[Int(name.utf8.first!)] = true
                    genericNameLengths[min(name.utf8.count, 64)] = true
                }
            }
        }
    }

    /// `<M: P & Q, N>` → M, N; `<each T>` → T.
    static func genericParameterNames(_ clause: String) -> Set<String> {
        Set(TypeName.topLevelArguments(of: clause).compactMap(genericParameterName))
    }

    /// The name a generic parameter's clause declares (`M: P & Q` -> M, `each T` -> T), or nil.
    static func genericParameterName(_ clause: String) -> String? {
        let declared = clause.split(whereSeparator: { $0 == ":" || $0 == "=" }).first.map(String.init) ?? ""
        let name = declared.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
    }

    @inline(__always) public func type(_ ref: TypeRef) -> TypeDecl { files[ref.file].decls.types[ref.type] }

    /// The types, extensions and protocols declaring a function or property named `name`, in
    /// file and declaration order, each once: a member named at a place is looked up, not
    /// searched for in every type of the project.
    public func typesWithMember(_ name: String) -> [TypeRef] { memberIndex.types(named: name, in: files) }

    /// The member table, built once on first use (safe from several threads).
    final class MemberIndex: @unchecked Sendable {
        private let lock = Lock()
        private var table: [String: [TypeRef]]? = nil

        func types(named name: String, in files: [ProjectFile]) -> [TypeRef] {
            lock.withLock {
                if table == nil { table = Self.build(files) }
                return table![name] ?? []
            }
        }

        static func build(_ files: [ProjectFile]) -> [String: [TypeRef]] {
            var table: [String: [TypeRef]] = [:]
            for f in files.indices {
                let types = files[f].decls.types
                for t in types.indices {  // by index, members too: no copy of each declaration
                    let ref = TypeRef(file: f, type: t)
                    func add(_ name: String) {
                        // One lookup: the list is changed in place.
                        modifying(&table[name, default: []]) { refs in if refs.last != ref { refs.append(ref) } }
                    }
                    let functions = types[t].functions, properties = types[t].properties
                    for i in functions.indices { add(functions[i].name) }
                    for i in properties.indices { if let n = properties[i].name { add(n) } }
                }
            }
            return table
        }

        @inline(__always) private static func modifying<T>(_ value: inout T, _ change: (inout T) -> Void) { change(&value) }
    }

    /// The qualified name of the type a declaration declares or extends.
    public func typeName(of ref: TypeRef) -> String {
        let decl = type(ref)
        guard decl.kind == .extension else { return decl.qualifiedName }
        return resolveTypeName(decl.name, from: decl.path) ?? decl.name
    }

    /// The types whose bodies hold token `s` of `file`, innermost first.
    public func enclosingTypes(of s: Int, in file: Int) -> [TypeRef] {
        // Types are stored in order of their `{`, nested ones after their parent. The last type
        // opened before `s` is the innermost candidate; the enclosing ones are it or its ancestors.
        let types = files[file].decls.types
        var result: [TypeRef] = []
        var t = partitionPoint(types.count) { types[$0].bodyOpen < s } - 1
        let parents = typeParents[file]
        while t >= 0 {
            if s < types[t].bodyClose { result.append(TypeRef(file: file, type: t)) }
            t = parents[t]
        }
        return result
    }

    /// `outer.name` when it is a declared type or a typealias.
    func nestedTypeName(_ name: String, in outer: String) -> String? {
        let q = outer + "." + name
        if declared[q] != nil { return q }
        if typeAliases[q] != nil { return resolveTypeName(q, from: []) }
        return nil
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

    /// Resolves a type as written at a place nested in `path` to a declared type's qualified
    /// name: nearest enclosing scope first, then a unique simple name. Typealiases are followed,
    /// their targets resolved in the scope the alias is declared in.
    /// With `file`, a name two modules declare resolves to the one the file imports, as in Swift.
    public func resolveTypeName(_ written: String, from path: [String], in file: Int? = nil) -> String? {
        resolveTypeName(written, from: path, in: file, aliasHops: 0)
    }

    private func resolveTypeName(_ written: String, from path: [String], in file: Int?, aliasHops: Int) -> String? {
        let name = Self.stripType(written)
        guard !name.isEmpty else { return nil }
        func follow(_ alias: TypeAliasTarget) -> String? {
            aliasHops < 4 ? resolveTypeName(alias.target, from: alias.path, in: nil, aliasHops: aliasHops + 1) : nil
        }
        if !typeAliases.isEmpty, let alias = typeAliases[name], path.isEmpty || alias.path.isEmpty {
            return follow(alias)
        }
        if path.count > 0 {
            // Inside `Row<M>`, `M` is Row's generic parameter, whatever else the project declares.
            let mayBeGeneric = !genericParameterNames.isEmpty && genericNameLengths[min(name.utf8.count, 64)]
                && genericNameFirstBytes[Int(name.utf8.first ?? 0)] && genericParameterNames.contains(name)
            for k in stride(from: path.count, through: 1, by: -1) {
                if mayBeGeneric, genericParameters[path[0..<k].joined(separator: ".")]?.contains(name) ?? false { return nil }
                let q = TypeName.qualified(name, in: path[0..<k])
                if declared[q] != nil { return q }
                if !typeAliases.isEmpty, let alias = typeAliases[q] { return follow(alias) }
            }
        }
        if declared[name] != nil { return name }
        if !typeAliases.isEmpty, let alias = typeAliases[name] { return follow(alias) }
        // `Outer.Inner` where `Outer` is an alias or is itself nested: resolve the head, then the rest.
        if let dot = name.firstIndex(of: "."), aliasHops < 4 {
            let head = String(name[..<dot]), rest = String(name[name.index(after: dot)...])
            if head != name, let outer = resolveTypeName(head, from: path, in: file, aliasHops: aliasHops + 1) {
                let q = outer + "." + rest
                if outer != head, declared[q] != nil { return q }
                // `Screen.Context` where `Context` is declared in a superclass of `Screen`.
                if let inherited = inheritedNestedType(rest, in: outer, aliasHops: aliasHops) { return inherited }
            }
        }
        let simple = TypeName.base(name)
        guard let candidates = bySimpleName[simple] else { return nil }
        if candidates.count == 1, !name.contains(".") || candidates.first.hasSuffix("." + name) || candidates.first == name {
            return candidates.first
        }
        if let file, candidates.count > 1, !moduleOfFile.isEmpty, !name.contains(".") {
            return typeImported(name, candidates: candidates.array, into: file)
        }
        return nil
    }

    /// `nested` (a name, or a dotted path) declared in a superclass of class `outer`, the
    /// nearest first: Swift finds a superclass's nested types through its subclasses' names.
    /// Only classes declared once are followed, up to 8 superclasses.
    private func inheritedNestedType(_ nested: String, in outer: String, aliasHops: Int) -> String? {
        var current = outer
        for _ in 0..<8 {
            guard let refs = declared[current], refs.count == 1, type(refs.first).kind == .class,
                  let written = type(refs.first).inheritance.first?.name,
                  let superclass = resolveTypeName(written, from: type(refs.first).path, in: refs.first.file, aliasHops: aliasHops + 1),
                  superclass != current, let superRefs = declared[superclass], type(superRefs.first).kind == .class
            else { return nil }
            let q = superclass + "." + nested
            if declared[q] != nil { return q }
            current = superclass
        }
        return nil
    }

    /// The bytes that send `stripType` past its fast path.
    static let typeDecorations = TypeName.ByteSet(Array(" <?!(`\t\n".utf8))

    /// `Feature.VM<Int>?` → `Feature.VM`; `some P`/`any P` → `P`; `(M)` → `M`.
    static func stripType(_ written: String) -> String {
        // Fast path: a plain dotted name needs no work. (`some`/`any` are ruled out by the first
        // byte before `hasPrefix`, which costs more than the rest of the test.)
        let first = written.utf8.first
        if !Self.typeDecorations.isAnyIn(written),
           first != UInt8(ascii: "s") || !written.hasPrefix("some"), first != UInt8(ascii: "a") || !written.hasPrefix("any") {
            return written
        }
        var s = Substring(written.filter { !$0.isWhitespace })
        for prefix in ["some", "any"] where s.hasPrefix(prefix) && s.count > prefix.count {
            let after = s[s.index(s.startIndex, offsetBy: prefix.count)]
            if after.isUppercase || after == "(" { s = s.dropFirst(prefix.count) }
        }
        while s.hasPrefix("("), s.hasSuffix(")") { s = s.dropFirst().dropLast() }
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        while let last = s.last, last == "?" || last == "!" { s = s.dropLast() }
        return String(s).replacingAll("`", with: "")
    }
}

/// What a typealias stands for: its target as written and the scopes it is written in.
public struct TypeAliasTarget: Sendable {
    public var target: String
    public var path: [String]
}

/// One element or more, the first kept inline: nearly every type name is declared once, and
/// an array per name would cost a heap block each (tens of thousands in a large project).
public struct OneOrMore<Element: Sendable>: Sendable, Sequence {
    public private(set) var first: Element
    private var rest: [Element] = []

    public init(_ first: Element) { self.first = first }

    public var count: Int { 1 + rest.count }
    public var array: [Element] { [first] + rest }
    public mutating func append(_ element: Element) { rest.append(element) }

    public struct Iterator: IteratorProtocol {
        let items: OneOrMore
        var position = 0
        public mutating func next() -> Element? {
            defer { position += 1 }
            if position == 0 { return items.first }
            return position - 1 < items.rest.count ? items.rest[position - 1] : nil
        }
    }
    public func makeIterator() -> Iterator { Iterator(items: self) }
}

/// The index reads its names through the table; these keep the index's many readers short.
extension ProjectIndex {
    public var declared: [String: OneOrMore<TypeRef>] { symbols.declared }
    public var bySimpleName: [String: OneOrMore<String>] { symbols.bySimpleName }
    public var typeParents: [[Int]] { symbols.typeParents }
    public var extensionsOf: [String: [TypeRef]] { symbols.extensionsOf }
    public var typeAliases: [String: TypeAliasTarget] { symbols.typeAliases }
    public var topLevelPropertiesByName: [String: [(file: Int, property: PropertyDecl)]] { symbols.topLevelPropertiesByName }
    public var topLevelFunctionsByName: [String: [FunctionDecl]] { symbols.topLevelFunctionsByName }
    public func typesWithMember(_ name: String) -> [TypeRef] { symbols.typesWithMember(name) }
    public var globalActors: Set<String> { symbols.globalActors }
    public var observableTypes: Set<String> { symbols.observableTypes }
    public var moduleOfFile: [Int: String] { symbols.moduleOfFile }
    public var moduleByImportName: [String: String] { symbols.moduleByImportName }

    public func resolveTypeName(_ written: String, from path: [String], in file: Int? = nil) -> String? {
        symbols.resolveTypeName(written, from: path, in: file)
    }
    public func typeName(of ref: TypeRef) -> String { symbols.typeName(of: ref) }
    public func enclosingTypes(of s: Int, in file: Int) -> [TypeRef] { symbols.enclosingTypes(of: s, in: file) }
    func nestedTypeName(_ name: String, in outer: String) -> String? { symbols.nestedTypeName(name, in: outer) }
    func typeImported(_ name: String, candidates: [String], into file: Int) -> String? {
        symbols.typeImported(name, candidates: candidates, into: file)
    }
    static func stripType(_ written: String) -> String { SymbolTable.stripType(written) }
}
