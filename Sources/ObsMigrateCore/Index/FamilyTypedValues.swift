import ObsMigrateSupport

/// A value typed by a protocol of a family (`some P`, `any P`, `P?`) or by a generic parameter
/// constrained to one (`<S: P>`, `where S: P`) can only be one of the family's models or their
/// subclasses: a site on it that cannot be typed further holds those models, not every model.
/// (A type-erasing `init<S: SecretStore>(_ s: S)` subscribing to `s.objectWillChange` held every
/// model of the project.)
extension ProjectIndex {
    /// The models a value named `name` at token `k` may be, when its written type is a family's
    /// protocol or a generic parameter constrained to one; nil when it is written otherwise, not
    /// written where it is declared, or a local of the same name may shadow it.
    func familyModels(ofHead name: String, at k: Int, in file: Int) -> Set<String>? {
        families(ofHead: name, at: k, in: file).map { $0.reduce(into: Set<String>()) { $0.formUnion(protocolFamilies[$1].values) } }
    }

    /// The families (indices in `protocolFamilies`) whose protocol types the value named `name`
    /// at token `k` (see `familyModels`): one per declaration of it.
    func families(ofHead name: String, at k: Int, in file: Int) -> Set<Int>? {
        guard !familyOfProtocol.isEmpty else { return nil }
        let source = files[file].source
        let path = scopePath(k, file)
        var written: [String] = []
        var function: FunctionDecl? = nil
        if let code = enclosingCode(of: k, in: file) {
            // In a closure (or an accessor), the name may be a parameter or local of the code
            // around it, which this does not read: untold, rather than a property of that name.
            guard let fn = code.function else { return nil }
            for t in (code.open + 1)..<k where source.kind(t) == .identifier && source.name(t) == name {
                if Self.mayBind(t, in: source) || closureParameterSequence(t, use: k, in: source) != nil { return nil }
            }
            if let (text, _) = writtenParameterType(name, of: fn, in: source) {
                written = [text]
                function = fn
            }
        }
        var owner: TypeRef? = nil
        if written.isEmpty {
            // A property of the innermost type that declares the name, written on each declaration.
            for ref in enclosingTypes(of: k, in: file) {
                let found = members(named: name, of: resolveTypeName(type(ref).qualifiedName, from: []) ?? type(ref).qualifiedName)
                guard !found.isEmpty else { continue }
                let texts = found.compactMap { $0.0.typeText }
                guard texts.count == found.count else { return nil }
                written = texts
                owner = ref
                break
            }
        }
        guard !written.isEmpty else { return nil }
        var result = Set<Int>()
        for text in written {
            guard let family = family(ofWrittenType: text, function: function, in: source, owner: owner ?? enclosingTypes(of: k, in: file).first,
                                      path: path) else { return nil }
            result.insert(family)
        }
        return result
    }

    /// The models a receiver of one name (`feed`, `self.feed`) may be when it is typed by a
    /// protocol family: `typed` (what `expressionType` told) is the family's protocol, or the
    /// name's written type is a generic parameter constrained to one.
    func familyValues(of receiver: Range<Int>, typed: String?, in file: Int) -> Set<String>? {
        guard !familyOfProtocol.isEmpty else { return nil }
        if let typed, let family = familyOfProtocol[typed] { return protocolFamilies[family].values }
        let source = files[file].source
        var r = receiver.lowerBound
        if source.isIdentifier(r, "self"), source.kind(r + 1) == .period { r += 2 }
        guard typed == nil, r == receiver.upperBound - 1, source.kind(r) == .identifier else { return nil }
        return familyModels(ofHead: source.name(r), at: r, in: file)
    }

    /// The family whose protocol a written type names (`any P`, `some P & Q`, `P?`), directly or
    /// as a generic parameter of `function` or of `owner` constrained to it.
    func family(ofWrittenType text: String, function: FunctionDecl?, in source: SourceFile, owner: TypeRef?, path: [String]) -> Int? {
        var stripped = Self.stripType(text)
        while let last = stripped.last, last == "?" || last == "!" { stripped.removeLast() }
        if stripped.hasPrefix("("), stripped.hasSuffix(")") { stripped = String(stripped.dropFirst().dropLast()) }
        let names = stripped.split(separator: "&").map { Self.stripType(String($0).trimmingWhitespaceAndNewlines()) }
        guard names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } }) else { return nil }
        for name in names {
            if let p = refiningProtocolName(name, from: path), let k = familyOfProtocol[p] { return k }
            for c in genericParameterConstraints(name, function: function, owners: owner.map { [$0] } ?? [], in: source) ?? [] {
                if let p = refiningProtocolName(c, from: path), let k = familyOfProtocol[p] { return k }
            }
        }
        return nil
    }

    /// The constraints written on `name` when it is a generic parameter of `function`, else of
    /// the first of `owners` that declares one of that name; nil when it is neither's.
    func genericParameterConstraints(_ name: String, function: FunctionDecl?, owners: [TypeRef], in source: SourceFile) -> [String]? {
        if let function, Self.functionGenericParameters(function, in: source).contains(name) {
            return Self.functionGenericConstraints(of: name, function, in: source)
        }
        guard let owner = owners.first(where: { type($0).genericParameters.map { SymbolTable.genericParameterNames($0).contains(name) } ?? false })
        else { return nil }
        return genericConstraints(of: name, in: owner)
    }

    /// The constraints written on a function's generic parameter, in its generic clause
    /// (`func f<S: P & Q>`) and its where clause (`where S: P`).
    static func functionGenericConstraints(of parameter: String, _ fn: FunctionDecl, in source: SourceFile) -> [String] {
        let limit = fn.body?.open ?? fn.endToken
        var k = fn.startToken
        var generics: String? = nil
        if let clause = functionGenericClause(fn, in: source) {
            guard clause.closed else { return [] }
            generics = source.joinedText(clause.tokens.lowerBound..<(clause.tokens.upperBound + 1))
            k = clause.tokens.upperBound
        }
        while k < limit, source.kind(k) != .leftParen { k += 1 }
        var whereClause: String? = nil
        if k < limit {
            let close = Int(source.match[k])
            if close > k, close < limit, let w = ((close + 1)..<limit).first(where: { source.isIdentifier($0, "where") }) {
                whereClause = source.joinedText((w + 1)..<limit)
            }
        }
        return constraints(of: parameter, genericClause: generics, whereClause: whereClause)
    }

    /// `<M: P & Q, N>` and `M: P, N == Int` → the constraints written after `M:`.
    static func constraints(of parameter: String, genericClause: String?, whereClause: String?) -> [String] {
        var result: [String] = []
        func add(_ requirement: Substring) {
            let parts = requirement.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespaceAndNewlines() }
            if parts.count == 2, parts[0] == parameter { result += parts[1].split(separator: "&").map { String($0).trimmingWhitespaceAndNewlines() } }
        }
        if let genericClause { for clause in TypeName.topLevelArguments(of: genericClause) { add(Substring(clause)) } }
        if let whereClause { for requirement in TypeName.topLevelArguments(of: "<" + whereClause + ">") { add(Substring(requirement)) } }
        return result
    }
}

extension ProjectIndex {
    /// Whether the value before `objectWillChange` at `s` (`t.`, `self.t.`, `$0.`, or a closure's
    /// parameter `item.` in `items.forEach { item in`) is typed by a generic parameter of the
    /// enclosing function or type constrained to ObservableObject itself (`<T: ObservableObject>`,
    /// `[T]` for an element): whatever binds it keeps ObservableObject for that constraint
    /// (`passedToConstrained`), so its `objectWillChange` holds no other model.
    func isObservableObjectGenericValue(before s: Int, in file: Int) -> Bool {
        let source = files[file].source
        guard source.kind(s - 1) == .period else { return false }
        var texts: [String]? = nil
        var element = false
        let head = s - 2
        // (`head` and `s` are in the same code: `head.objectWillChange`.)
        let code = enclosingCode(of: head, in: file)
        if source.kind(head) == .dollarIdentifier, source.isText(head, "$0") {
            // `xs.forEach { $0.objectWillChange ... }`, `xs.forEach({ ... })`: the element of xs.
            guard let brace = source.innermostBrace(around: head), let sequence = forEachSequence(ofClosureAt: brace, in: source),
                  sequence.count == 1, source.kind(sequence.lowerBound) == .identifier else { return false }
            texts = writtenTypes(ofName: source.name(sequence.lowerBound), at: sequence.lowerBound, in: file)
            element = true
        } else if source.kind(head) == .identifier, !(source.kind(head - 1) == .period && !source.isIdentifier(head - 2, "self")) {
            let name = source.name(head)
            if let code,
               let binding = ((code.open + 1)..<head).last(where: { source.kind($0) == .identifier && source.name($0) == name && closureParameterSequence($0, use: head, in: source) != nil }) {
                // A closure's parameter: the element of the sequence `forEach` or `ForEach` walks.
                guard let sequence = closureParameterSequence(binding, use: head, in: source), sequence.count == 1,
                      source.kind(sequence.lowerBound) == .identifier else { return false }
                texts = writtenTypes(ofName: source.name(sequence.lowerBound), at: sequence.lowerBound, in: file)
                element = true
            } else if let fn = code?.function, let (text, _) = writtenParameterType(name, of: fn, in: source) {
                texts = [text]  // (`parameterType` tells no generic parameter's)
            } else {
                texts = writtenTypes(ofName: name, at: head, in: file)
            }
        }
        guard let texts, !texts.isEmpty else { return false }
        let owners = enclosingTypes(of: s, in: file)
        return texts.allSatisfy { text in
            var name = element ? (Self.elementTypeText(of: text) ?? "") : Self.stripType(text)
            while let last = name.last, last == "?" || last == "!" { name.removeLast() }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
            let constraints = genericParameterConstraints(name, function: code?.function, owners: owners, in: source)
            return constraints?.contains { TypeName.base(Self.stripType($0)) == "ObservableObject" } ?? false
        }
    }

    /// The sequence `xs` of `xs.forEach {` or `xs.forEach({` whose closure opens at `brace`.
    func forEachSequence(ofClosureAt brace: Int, in source: SourceFile) -> Range<Int>? {
        var call = brace - 1
        // `forEach({ ... })`: the closure is the call's one argument.
        if source.kind(call) == .leftParen, Int(source.match[call]) == Int(source.match[brace]) + 1 { call -= 1 }
        guard source.isIdentifier(call, "forEach"), source.kind(call - 1) == .period else { return nil }
        return receiverRange(before: call - 1, in: source)
    }
}
