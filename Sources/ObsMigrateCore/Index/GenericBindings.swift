import ObsMigrateSupport

/// A type as written at a declaration (`AppStore`, `Store<AppState, AppAction>`) and the scope
/// it was written in: what binds a generic type's parameters for the members read on a value.
struct WrittenType: Equatable {
    var text: String
    var scope: [String]
    var file: Int?
}

/// A resolved type's qualified name and, when known, how it was written.
struct ResolvedType: Equatable {
    var name: String
    var written: WrittenType?

    init(_ name: String, written: WrittenType? = nil) {
        self.name = name
        self.written = written
    }
}

extension SymbolTable {
    /// `<M: P & Q, N>` → [M, N], in order; nil when a parameter is not a plain name (a pack).
    static func genericParameterList(_ clause: String) -> [String]? {
        let names = TypeName.topLevelArguments(of: clause).map(genericParameterName)
        return names.contains(nil) || clause.contains("each ") ? nil : names.compactMap { $0 }
    }
}

extension TypeName {
    /// The comma-separated parts of `<...>` (the outer angle brackets given), at its top level.
    static func topLevelArguments(of clause: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for ch in clause.dropFirst().dropLast() {
            if ch == "<" || ch == "(" || ch == "[" { depth += 1 }
            if ch == ">" || ch == ")" || ch == "]" { depth -= 1 }
            if ch == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(ch)
        }
        parts.append(current)
        return parts
    }
}

extension ProjectIndex {
    /// The type of a member written as one of its type's generic parameters (`var state: State`
    /// in `Store<State, Action>`) read on a value of type `base` written `written`: the argument
    /// in that parameter's place (`store: AppStore`, `typealias AppStore = Store<AppState,
    /// AppAction>`: an AppState). nil when the member is typed otherwise or no argument is written
    /// (an inferred `Store(initialState: ...)` binds nothing here).
    func boundGenericMember(_ typeText: String, of base: String, written: WrittenType?) -> ResolvedType? {
        guard let written else { return nil }
        var parameter = Substring(typeText.filter { !$0.isWhitespace })
        while let last = parameter.last, last == "?" || last == "!" { parameter = parameter.dropLast() }
        guard !parameter.isEmpty, parameter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let parameters = genericParameterList(of: base),
              let k = parameters.firstIndex(of: String(parameter)),
              let arguments = writtenGenericArguments(written, of: base), arguments.list.count == parameters.count
        else { return nil }
        let argument = arguments.list[k]
        guard let name = resolveTypeName(argument, from: arguments.scope, in: arguments.file) else { return nil }
        return ResolvedType(name, written: WrittenType(text: argument, scope: arguments.scope, file: arguments.file))
    }

    /// The generic parameters of `base`, in order, when its declarations agree on them.
    func genericParameterList(of base: String) -> [String]? {
        guard let refs = declared[base] else { return nil }
        var result: [String]? = nil
        for ref in refs {
            guard let clause = type(ref).genericParameters, let list = SymbolTable.genericParameterList(clause) else { return nil }
            if let result, result != list { return nil }
            result = list
        }
        return result
    }

    /// The generic arguments written for `base` in `written` (`Store<AppState, AppAction>`), or
    /// in the target of the typealias it names, with the scope they were written in.
    func writtenGenericArguments(_ written: WrittenType, of base: String, hops: Int = 0) -> (list: [String], scope: [String], file: Int?)? {
        guard hops < 4 else { return nil }
        var text = Substring(written.text.filter { !$0.isWhitespace })
        while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
        if let lt = text.firstIndex(of: "<") {
            // `Store<AppState, AppAction>` itself, not a generic typealias of it (whose parameters
            // may stand in other places).
            let head = String(text[..<lt])
            guard text.last == ">", !isTypeAlias(head, from: written.scope),
                  resolveTypeName(head, from: written.scope, in: written.file) == base
            else { return nil }
            return (TypeName.topLevelArguments(of: String(text[lt...])), written.scope, written.file)
        }
        guard let alias = typeAlias(String(text), from: written.scope) else { return nil }
        return writtenGenericArguments(WrittenType(text: alias.target, scope: alias.path, file: nil), of: base, hops: hops + 1)
    }

    /// The typealias `name` written in `scope` refers to, nearest scope first; nil when a type
    /// of that name is declared nearer.
    func typeAlias(_ name: String, from scope: [String]) -> TypeAliasTarget? {
        guard !typeAliases.isEmpty else { return nil }
        for k in stride(from: scope.count, through: 0, by: -1) {
            let q = TypeName.qualified(name, in: scope[0..<k])
            if declared[q] != nil { return nil }
            if let alias = typeAliases[q] { return alias }
        }
        return nil
    }

    func isTypeAlias(_ name: String, from scope: [String]) -> Bool { typeAlias(name, from: scope) != nil }
}
