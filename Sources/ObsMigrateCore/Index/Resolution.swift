import ObsMigrateSupport

/// Best-effort static typing of simple expressions (`M()`, `model`, `self.model`,
/// `appState.settings`, `Store.shared`, `makeModel()`). Every answer is either a declared
/// type's qualified name or nil: ambiguity yields nil, and callers treat nil as "cannot tell".
extension ProjectIndex {
    static let maxResolutionDepth = 6

    /// The outermost brace block holding `s` that is not a type's body (a function, accessor,
    /// closure or `#Preview` body), and the function it belongs to, for its parameters.
    func enclosingCode(of s: Int, in file: Int) -> (open: Int, function: FunctionDecl?)? {
        let source = files[file].source
        // The walk back stops at the innermost type's body (found by search, not by a set of
        // every type's braces: a file of thousands of types would pay for all of them per call).
        let innermost = enclosingTypes(of: s, in: file).first
        let stop = innermost.map { files[file].decls.types[$0.type].bodyOpen } ?? -1
        var outermost: Int? = nil
        var i = s - 1
        while i > stop {
            let k = source.kind(i)
            if k == .rightBrace || k == .rightParen || k == .rightBracket {
                let m = Int(source.match[i])
                i = m >= 0 && m < i ? m - 1 : i - 1
                continue
            }
            if k == .leftBrace { outermost = i }
            i -= 1
        }
        guard let open = outermost else { return nil }
        let decls = files[file].decls
        if let innermost {
            return (open, decls.types[innermost.type].functions.first { $0.body?.open == open })
        }
        return (open, decls.topLevelFunctions.first { $0.body?.open == open })
    }

    /// All properties named `name` visible as members of `typeName`: its declarations,
    /// extensions and superclasses.
    func members(named name: String, of typeName: String, depth: Int = 0) -> [(PropertyDecl, TypeRef)] {
        guard depth < 8 else { return [] }
        var result: [(PropertyDecl, TypeRef)] = []
        let refs = (declared[typeName]?.array ?? []) + (extensionsOf[typeName] ?? [])
        for ref in refs {
            for p in type(ref).properties where p.name == name { result.append((p, ref)) }
        }
        if result.isEmpty, let decl = declared[typeName].map({ type($0.first) }), decl.kind == .class,
           let first = decl.inheritance.first, let s = resolveTypeName(first.name, from: decl.path), s != typeName {
            result = members(named: name, of: s, depth: depth + 1)
        }
        return result
    }

    func functions(named name: String, of typeName: String) -> [FunctionDecl] {
        let refs = (declared[typeName]?.array ?? []) + (extensionsOf[typeName] ?? [])
        return refs.flatMap { type($0).functions.filter { $0.name == name } }
    }

    /// The type of a stored or computed property, resolved in its declaring type's scope.
    func propertyType(_ p: PropertyDecl, declaredIn ref: TypeRef?, file: Int, depth: Int, foreign: Bool = false) -> String? {
        propertyResolvedType(p, declaredIn: ref, file: file, depth: depth, foreign: foreign)?.name
    }

    func propertyResolvedType(_ p: PropertyDecl, declaredIn ref: TypeRef?, file: Int, depth: Int, foreign: Bool = false) -> ResolvedType? {
        let path = ref.map { type($0).path + [type($0).name] } ?? moduleScope(file)
        if let t = p.typeText {
            return writtenType(t, from: path, in: file, foreign: foreign, at: p.keywordToken)
        }
        guard let initializer = p.initializer else { return keyPathInjectedType(p, file: file).map { ResolvedType($0) } }
        guard depth < Self.maxResolutionDepth else { return nil }
        return expressionResolvedType(initializer, in: file, path: path, depth: depth + 1, foreign: foreign)
    }

    /// A type written at token `at` of `file`, resolved in `path`, with its spelling kept.
    func writtenType(_ written: String, from path: [String], in file: Int, foreign: Bool, at: Int) -> ResolvedType? {
        guard let name = resolveTypeName(written, from: path, in: file) ?? (foreign ? foreignTypeName(written, at: at, in: file) : nil) else { return nil }
        return ResolvedType(name, written: WrittenType(text: written, scope: path, file: file))
    }

    /// Agreement of all candidates, or nil.
    func single(_ candidates: [String?]) -> String? {
        guard let first = candidates.first, let value = first else { return nil }
        return candidates.allSatisfy({ $0 == value }) ? value : nil
    }

    /// Agreement of all candidates on the type, or nil; the spelling only when they agree on it too.
    func single(_ candidates: [ResolvedType?]) -> ResolvedType? {
        guard let first = candidates.first, var value = first else { return nil }
        for candidate in candidates.dropFirst() {
            guard let candidate, candidate.name == value.name else { return nil }
            if candidate.written != value.written { value.written = nil }
        }
        return value
    }

    /// One link of a chain `a.b(...).c[i]`: its name token, the `(` of its call (or the `{` of
    /// a trailing closure), and whether it is subscripted.
    struct ChainLink {
        var name: Int
        var call: Int?
        var subscripted: Bool
        /// `<Int>` of `Box<Int>(...)`.
        var genericArguments: Range<Int>? = nil
    }

    /// `a.b(...).c[i]!` (generic arguments, unwraps and a final trailing closure allowed) split
    /// into its links; nil when `range` is anything else.
    func chainLinks(_ range: Range<Int>, in source: SourceFile) -> [ChainLink]? {
        var i = range.lowerBound
        let end = range.upperBound
        var links: [ChainLink] = []
        while i < end {
            guard source.kind(i) == .identifier else { return nil }
            let nameToken = i
            i += 1
            var call: Int? = nil
            var genericArguments: Range<Int>? = nil
            if i < end, source.isText(i, "<") || (source.kind(i) == .operator && source.text(i).hasPrefix("<")) {
                // `Box<Int>(...)`: generic arguments of a type
                var j = i
                var angles = 0
                repeat {
                    if source.kind(j) == .operator { for ch in source.text(j) { angles += ch == "<" ? 1 : ch == ">" ? -1 : 0 } }
                    j += 1
                } while j < end && angles > 0
                genericArguments = i..<j
                i = j
            }
            if i < end, source.kind(i) == .leftParen {
                call = i
                let m = Int(source.match[i])
                guard m > i, m < end else { return nil }
                i = m + 1
            }
            // A trailing closure ends the expression: `M(...) { ... }` is still an M, and
            // `M<T> { ... }` (no parentheses) calls M's initializer too. `!`/`?` unwrap.
            if i < end, source.kind(i) == .leftBrace, Int(source.match[i]) == end - 1 {
                if call == nil { call = i }
                i = end
            }
            // `items[i]`: an element of an array, set or dictionary whose type is written.
            var subscripted = false
            if i < end, source.kind(i) == .leftBracket, Self.isSubscript(i, in: source) {
                let m = Int(source.match[i])
                guard m > i, m < end else { return nil }
                subscripted = true
                i = m + 1
            }
            while i < end, source.kind(i) == .operator, source.isText(i, "!") || source.isText(i, "?") { i += 1 }
            if i < end, source.kind(i) == .leftBracket { return nil }  // `a[0][1]`, `f()?[0]`: not followed
            links.append(ChainLink(name: nameToken, call: call, subscripted: subscripted, genericArguments: genericArguments))
            if i < end {
                guard source.kind(i) == .period else { return nil }
                i += 1
            }
        }
        return links
    }

    /// The type of the expression made of significant tokens `range` in `file`. With `foreign`,
    /// a type declared outside the project that is never a model (`foreignTypeName`) is told
    /// too, where otherwise it is nil.
    public func expressionType(_ range: Range<Int>, in file: Int, path: [String], depth: Int = 0, foreign: Bool = false) -> String? {
        expressionResolvedType(range, in: file, path: path, depth: depth, foreign: foreign)?.name
    }

    func expressionResolvedType(_ range: Range<Int>, in file: Int, path: [String], depth: Int = 0, foreign: Bool = false) -> ResolvedType? {
        let source = files[file].source
        var i = range.lowerBound
        let end = range.upperBound
        while i < end, source.isIdentifier(i, "try") || source.isIdentifier(i, "await") { i += 1 }
        guard i < end, depth < Self.maxResolutionDepth else { return nil }
        if let returned = immediateClosureResult(i..<end, in: source) ?? closureCallResult(i..<end, in: source) {
            return expressionResolvedType(returned, in: file, path: path, depth: depth + 1, foreign: foreign)
        }
        if let cast = castType(i..<end, in: source) {
            return writtenType(source.joinedText(cast), from: path, in: file, foreign: foreign, at: cast.lowerBound)
        }
        // `a ?? b`: a's type unwrapped (b's when a's cannot be told, as for a literal's `x ?? 0`);
        // member lookup ignores optionality. a's is the more general when b's is a subclass.
        if let coalescing = Self.nilCoalescingOperator(i..<end, in: source) {
            return expressionResolvedType(i..<coalescing, in: file, path: path, depth: depth + 1, foreign: foreign)
                ?? expressionResolvedType((coalescing + 1)..<end, in: file, path: path, depth: depth + 1, foreign: foreign)
        }

        guard let components = chainLinks(i..<end, in: source) else { return nil }
        guard let head = components.first else { return nil }
        var current: String? = nil
        // How `current` was written, where known: what binds its generic parameters.
        var written: WrittenType? = nil
        var isStaticContext = false
        let headName = source.name(head.name)
        let anchor = head.name

        if head.subscripted {
            // Only a parameter's or a member's written collection type tells its element.
            guard head.call == nil, headName != "self", let texts = writtenTypes(ofName: headName, at: anchor, in: file) else { return nil }
            current = single(texts.map { Self.subscriptResultText(of: $0).flatMap { resolveTypeName($0, from: path, in: file) } })
        } else if headName == "self" {
            current = enclosingTypes(of: anchor, in: file).first.map { type($0).qualifiedName }
                .flatMap { resolveTypeName($0, from: []) }
        } else if let t = resolveTypeName(headName, from: path, in: file), TypeName.isCapitalized(headName) {
            current = t
            // `ObservableArray<Post>()`: as written with its arguments, which bind its parameters.
            written = WrittenType(text: headName + (head.genericArguments.map { source.joinedText($0) } ?? ""), scope: path, file: file)
            isStaticContext = head.call == nil
        } else if head.call != nil {
            current = functionReturnType(headName, at: anchor, in: file, path: path, depth: depth)
            // `External(...)`: a constructor call names its type even when the type comes from
            // another module (it is then simply not a model here).
            if current == nil, components.count == 1, headName.first(where: { $0 != "_" })?.isUppercase ?? false,
               bySimpleName[headName] == nil { return ResolvedType(headName) }
        } else {
            let resolved = variableResolvedType(headName, at: anchor, in: file, path: path, depth: depth, foreign: foreign)
            current = resolved?.name
            written = resolved?.written
        }
        for component in components.dropFirst() {
            guard let base = current else { return nil }
            let baseWritten = written
            written = nil
            let name = source.name(component.name)
            if isStaticContext, name == "init" {
                isStaticContext = false
                continue
            }
            // `Feature.ViewModel(...)`, `Outer.Inner.shared`: a type nested in the type so far.
            if isStaticContext, let nested = nestedTypeName(name, in: base) {
                current = nested
                written = WrittenType(text: nested, scope: [], file: nil)
                isStaticContext = component.call == nil
                continue
            }
            if component.subscripted {
                guard component.call == nil, !isStaticContext else { return nil }
                let found = members(named: name, of: base)
                current = found.isEmpty ? nil : single(found.map { property, ref in
                    collectionTypeText(of: property, in: ref.file).flatMap(Self.subscriptResultText(of:)).flatMap {
                        resolveTypeName($0, from: type(ref).path + [type(ref).name], in: ref.file)
                    }
                })
            } else if component.call != nil {
                current = single(functions(named: name, of: base).map { fn in
                    fn.returnType.flatMap { resolveTypeName($0 == "Self" ? base : $0, from: [base]) }
                })
            } else {
                let candidates = members(named: name, of: base).filter { isStaticContext == $0.0.isStatic }
                // `store.state` with `var state: State` in `Store<State, Action>`: the argument written
                // for State (declared in the type itself or its extension, not a superclass, whose
                // parameters are other ones).
                let resolved = candidates.count == 1 && !isStaticContext && typeName(of: candidates[0].1) == base
                    ? candidates[0].0.typeText.flatMap { boundGenericMember($0, of: base, written: baseWritten) } : nil
                let found = resolved ?? single(candidates.map { propertyResolvedType($0.0, declaredIn: $0.1, file: $0.1.file, depth: depth + 1, foreign: foreign) })
                current = found?.name
                written = found?.written
            }
            isStaticContext = false
        }
        return isStaticContext ? nil : current.map { ResolvedType($0, written: written) }
    }

    /// Whether the expression `range` constructs a new object: `M()`, `Feature.M(x)`, `M.init()`,
    /// `.init()`, `M { ... }` (with `try`/`await` allowed), as opposed to `M.shared` or `make()`.
    func isConstruction(_ range: Range<Int>, in file: Int, path: [String]) -> Bool {
        let source = files[file].source
        var i = range.lowerBound
        while i < range.upperBound, source.isIdentifier(i, "try") || source.isIdentifier(i, "await") { i += 1 }
        guard i < range.upperBound else { return false }
        var names: [String] = []
        if source.kind(i) == .period { i += 1; names.append("") }  // `.init(...)`
        while i < range.upperBound, source.kind(i) == .identifier {
            names.append(source.name(i))
            i += 1
            if i < range.upperBound, source.kind(i) == .operator, source.text(i).hasPrefix("<") {
                return false  // generic arguments: not worth the guess
            }
            guard i < range.upperBound, source.kind(i) == .period else { break }
            i += 1
        }
        guard let last = names.last, i < range.upperBound else { return false }
        // The call must be the whole expression: `(...)` and an optional trailing closure, or a closure alone.
        if source.kind(i) == .leftParen {
            i = Int(source.match[i]) + 1
            if i < range.upperBound, source.kind(i) == .leftBrace { i = Int(source.match[i]) + 1 }
        } else if source.kind(i) == .leftBrace {
            i = Int(source.match[i]) + 1
        } else {
            return false
        }
        guard i == range.upperBound else { return false }
        if last == "init" { return true }
        let typeName = names.joined(separator: ".")
        guard TypeName.isCapitalized(last) else { return false }
        return resolveTypeName(typeName, from: path, in: file) != nil || bySimpleName[last] == nil
    }

    /// End of a local's type or initializer: the end of its line (brackets skipped), a comma,
    /// or for a type an `=`.
    /// `stopAtBrace`: a condition's binding (`if let x = y {`), which no trailing closure can end.
    func declarationEnd(from start: Int, limit: Int, in source: SourceFile, stopAtEquals: Bool, stopAtBrace: Bool = false) -> Int {
        var e = start
        while e < limit {
            if e > start, source.startsLine[e] { break }
            let k = source.kind(e)
            if k == .comma || k == .semicolon || (stopAtEquals && (source.isText(e, "=") || k == .leftBrace)) { break }
            if e > start, k == .identifier, source.isIdentifier(e, "else") { break }  // `guard let x = y else {`
            if stopAtBrace, k == .leftBrace { break }
            if k == .leftParen || k == .leftBracket || k == .leftBrace {
                let m = Int(source.match[e])
                e = m > e ? m + 1 : e + 1
            } else if let after = Self.genericArgumentsEnd(at: e, limit: limit, in: source) {
                e = after  // `Entity<Int, Data>`: its commas are the type's
            } else {
                e += 1
            }
        }
        return min(e, limit)
    }

    /// When token `k` is the `<` of generic arguments written right after a type's name
    /// (`Store<State, Action>`, no space before it), the token after their `>`; nil otherwise.
    static func genericArgumentsEnd(at k: Int, limit: Int, in source: SourceFile) -> Int? {
        guard k > 0, source.kind(k) == .operator, source.isText(k, "<"), source.kind(k - 1) == .identifier,
              source.end(k - 1) == source.start(k) else { return nil }
        var depth = 0, e = k
        while e < limit {
            switch source.kind(e) {
            case .operator:
                for c in source.text(e) {
                    if c == "<" { depth += 1 } else if c == ">" { depth -= 1 } else if c != "?" && c != "!" && c != "&" && c != "." { return nil }
                }
                if depth == 0 { return e + 1 }
                if depth < 0 { return nil }
            case .identifier, .comma, .period, .colon: break
            case .leftParen, .leftBracket:
                let m = Int(source.match[e])
                guard m > e, m < limit else { return nil }
                e = m
            default: return nil
            }
            e += 1
        }
        return nil
    }

    func functionReturnType(_ name: String, at s: Int, in file: Int, path: [String], depth: Int) -> String? {
        for ref in enclosingTypes(of: s, in: file) {
            let fns = functions(named: name, of: type(ref).qualifiedName)
            if !fns.isEmpty { return single(fns.map { $0.returnType.flatMap { resolveTypeName($0, from: path) } }) }
        }
        guard let globals = topLevelFunctionsByName[name], !globals.isEmpty else { return closureResultType(name, at: s, in: file, path: path) }
        return single(globals.map { $0.returnType.flatMap { resolveTypeName($0, from: []) } })
    }

    /// The written type of parameter `name` of `fn` (`label name: Type` or `name: Type`), and
    /// its first token.
    func parameterType(_ name: String, of fn: FunctionDecl, in source: SourceFile) -> (String, Int)? {
        guard let (written, at) = writtenParameterType(name, of: fn, in: source) else { return nil }
        // `func wrap<Cart: ObservableObject>(_ c: Cart)`: the function's own `Cart`, not a type.
        let head = Self.stripType(written).split(separator: ".").first.map(String.init) ?? written
        if Self.functionGenericParameters(fn, in: source).contains(head) { return nil }
        return (written, at)
    }

    /// The generic parameters of a function (`func f<A, B: P>(...)`): the names at the first
    /// level of the angle brackets right after its name.
    static func functionGenericParameters(_ fn: FunctionDecl, in source: SourceFile) -> Set<String> {
        guard let clause = functionGenericClause(fn, in: source) else { return [] }
        let text = clause.tokens.map { source.text($0) + " " }.joined()
        return SymbolTable.genericParameterNames("<" + text.trimmingWhitespaceAndNewlines().dropFirst().dropLast() + ">")
    }

    /// The tokens of a function's generic clause, from its `<` to the `>` that closes it
    /// (`closed`), or to the end of the signature when none does; nil when it has none.
    static func functionGenericClause(_ fn: FunctionDecl, in source: SourceFile) -> (tokens: ClosedRange<Int>, closed: Bool)? {
        var k = fn.startToken
        let limit = fn.body?.open ?? fn.endToken
        while k < limit, source.kind(k) != .leftParen, !(source.kind(k) == .operator && source.text(k).hasPrefix("<")) && !source.isText(k, "<") { k += 1 }
        guard k < limit, source.kind(k) != .leftParen else { return nil }
        let open = k
        var depth = 0
        while k < limit {
            if source.kind(k) == .operator || source.isText(k, "<") || source.isText(k, ">") {
                for ch in source.text(k) { depth += ch == "<" ? 1 : ch == ">" ? -1 : 0 }
            }
            if depth <= 0 { return (open...k, true) }
            k += 1
        }
        return (open...(limit - 1), false)
    }

    func writtenParameterType(_ name: String, of fn: FunctionDecl, in source: SourceFile) -> (String, Int)? {
        var k = fn.startToken
        while let body = fn.body, k < body.open {
            if source.kind(k) == .identifier, source.name(k) == name, source.kind(k + 1) == .colon,
               source.kind(k - 1) == .leftParen || source.kind(k - 1) == .comma || source.kind(k - 1) == .identifier {
                var e = k + 2
                var depthParens = 0
                while e < body.open {
                    let kind = source.kind(e)
                    if kind == .leftParen || kind == .leftBracket { depthParens += 1 }
                    if kind == .rightParen || kind == .rightBracket { if depthParens == 0 { break }; depthParens -= 1 }
                    if kind == .comma && depthParens == 0 { break }
                    if source.isText(e, "=") && depthParens == 0 { break }
                    // `Store<A, B>`: the commas of generic arguments end no parameter.
                    if kind == .operator, let after = Self.genericArgumentsEnd(at: e, limit: body.open, in: source) { e = after; continue }
                    e += 1
                }
                return (source.joinedText((k + 2)..<e), k + 2)
            }
            k += 1
        }
        return nil
    }

    /// `make()` where `make` is a closure, a parameter of the enclosing function or a property of
    /// the enclosing types written `() -> M` (attributes such as `@escaping` allowed): M. A
    /// local of the same name, which the parameters and members do not show, makes it nil.
    func closureResultType(_ name: String, at s: Int, in file: Int, path: [String]) -> String? {
        // A local closure (`let make = ...`) shadows them, and its type is not written there.
        guard let written = writtenTypes(ofName: name, at: s, in: file), !written.isEmpty else { return nil }
        return single(written.map { Self.closureResult(of: $0).flatMap { resolveTypeName($0, from: path, in: file) } })
    }

    /// The result type written in a function type (`@escaping () -> M` gives `M`); nil for
    /// anything else, or when the result is itself a function type.
    static func closureResult(of text: String) -> String? {
        var t = Substring(text.trimmingWhitespaceAndNewlines())
        // Attributes, spaced or not (`@escaping @autoclosure () -> M`, `@Sendable()->M`).
        while t.hasPrefix("@") {
            t = t.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }.drop { $0 == " " }
        }
        guard t.first == "(" else { return nil }
        var depth = 0
        var i = t.startIndex
        repeat {
            if t[i] == "(" { depth += 1 } else if t[i] == ")" { depth -= 1 }
            i = t.index(after: i)
        } while depth > 0 && i < t.endIndex
        guard depth == 0 else { return nil }
        var rest = t[i...].drop { $0 == " " }
        for effect in ["async", "throws"] where rest.hasPrefix(effect) { rest = rest.dropFirst(effect.count).drop { $0 == " " } }
        guard rest.hasPrefix("->") else { return nil }
        let result = String(rest.dropFirst(2)).trimmingWhitespaceAndNewlines()
        return result.isEmpty || result.contains("->") ? nil : String(result)
    }

    /// The sequence of a `for ... in` loop whose `in` is `inToken`, when the loop's body holds
    /// `use` (`for item in items where item.isDue {`: the sequence ends at `where`). The body is
    /// the first `{` past the sequence's brackets (not `filter({ ... })`'s closure).
    static func loopSequence(afterIn inToken: Int, bodyHolding use: Int, in source: SourceFile) -> Range<Int>? {
        guard let e = source.firstBrace(atLevelFrom: inToken + 1, limit: use), use < Int(source.match[e]) else { return nil }
        var end = inToken + 1
        while end < e, !source.isIdentifier(end, "where") { end += 1 }
        return (inToken + 1)..<end
    }

    /// When the function declared at `funcToken` (a local one) has a parameter named `name` and
    /// its body holds `use`: that parameter's written type (`.some(nil)` when it cannot be read).
    static func localFunctionParameter(_ name: String, funcToken: Int, use: Int, in source: SourceFile) -> Range<Int>?? {
        var open = funcToken + 2
        if source.kind(open) == .operator, source.isText(open, "<"), let after = genericArgumentsEnd(at: open, limit: use, in: source) { open = after }
        guard source.kind(funcToken + 1) == .identifier, source.kind(open) == .leftParen else { return nil }
        let close = Int(source.match[open])
        guard close > open, close < use else { return nil }
        var body = close + 1
        while body < use, source.kind(body) != .leftBrace { body += 1 }
        guard body < use, use < Int(source.match[body]) else { return nil }
        // `(_ library: Player, label other: T)`: the name right before each top-level `:`.
        var k = open + 1
        while k < close {
            if [.leftParen, .leftBracket].contains(source.kind(k)), Int(source.match[k]) > k { k = Int(source.match[k]) + 1; continue }
            if source.kind(k) == .colon, source.kind(k - 1) == .identifier, source.name(k - 1) == name {
                let e = parameterTypeEnd(from: k + 1, close: close, in: source)
                return .some(e > k + 1 ? (k + 1)..<e : nil)
            }
            k += 1
        }
        return nil
    }

    /// When the name at `k` is a parameter with a written type of a closure whose body holds
    /// `use` (`{ (name: Type, other: T) -> R in`, after a capture list too): that type's tokens.
    static func typedClosureParameter(_ k: Int, use: Int, in source: SourceFile) -> Range<Int>? {
        guard source.kind(k + 1) == .colon, let open = source.innermostParen(around: k),
              source.kind(k - 1) == .leftParen || source.kind(k - 1) == .comma else { return nil }
        var brace = open - 1
        if source.kind(brace) == .rightBracket, Int(source.match[brace]) >= 0 { brace = Int(source.match[brace]) - 1 }
        let close = Int(source.match[open])
        guard brace >= 0, source.kind(brace) == .leftBrace, close > open, brace < use, use < Int(source.match[brace]) else { return nil }
        // `) -> R in`, `) async throws in`: `in` before the body's first statement.
        var t = close + 1
        while t < use, !source.isIdentifier(t, "in") {
            if source.kind(t) == .leftBrace || source.kind(t) == .rightBrace || source.kind(t) == .semicolon { return nil }
            t += 1
        }
        guard source.isIdentifier(t, "in") else { return nil }
        let e = parameterTypeEnd(from: k + 2, close: close, in: source)
        return e > k + 2 ? (k + 2)..<e : nil
    }

    /// The end of a parameter's type that starts at `start` in a parameter list closing at
    /// `close`: the next `,` or default value's `=` at the list's level, or `close`.
    static func parameterTypeEnd(from start: Int, close: Int, in source: SourceFile) -> Int {
        var e = start
        while e < close, source.kind(e) != .comma, !source.isText(e, "=") {
            if [.leftParen, .leftBracket].contains(source.kind(e)), Int(source.match[e]) > e { e = Int(source.match[e]) }
            else if let after = genericArgumentsEnd(at: e, limit: close, in: source) { e = after - 1 }
            e += 1
        }
        return e
    }

    /// Whether the local the name at `n` binds is in scope at `s` (a later token): its block has
    /// not closed before `s`; bound in an `if` or `while` condition, `s` is in its later
    /// conditions or its body; in a `switch`'s `case` pattern, `s` comes before the next `case` or `default`.
    /// When unsure, in scope (its type then stays a candidate).
    static func bindingInScope(_ n: Int, use s: Int, in source: SourceFile) -> Bool {
        if let brace = source.innermostBrace(around: n), Int(source.match[brace]) >= 0, Int(source.match[brace]) < s { return false }
        // Back over the statement, at its level, to the keyword that binds.
        var k = n - 1
        while k >= 0 {
            let kind = source.kind(k)
            // A `}` before it ends an earlier statement (a condition holds none but in brackets).
            if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return true }
            if kind == .rightParen || kind == .rightBracket {
                let m = Int(source.match[k])
                guard m >= 0, m < k else { return true }
                k = m - 1
                continue
            }
            if source.isIdentifier(k, "if") || source.isIdentifier(k, "while") {
                // Its body: the first `{` after the binding that no bracket holds.
                guard let e = source.firstBrace(atLevelFrom: n + 1, limit: source.sigCount), Int(source.match[e]) > e else { return true }
                return s < Int(source.match[e])  // (the later conditions are in its scope too)
            }
            if source.isIdentifier(k, "guard") || source.isIdentifier(k, "for") { return true }
            if source.isIdentifier(k, "case") {
                if ["if", "guard", "while", "for"].contains(where: { source.isIdentifier(k - 1, $0) }) || source.kind(k - 1) == .comma {
                    k -= 1
                    continue
                }
                // A switch's case: up to the next `case` or `default` of its block.
                var e = n + 1
                while e < s {
                    switch source.kind(e) {
                    case .leftParen, .leftBracket, .leftBrace:
                        let m = Int(source.match[e])
                        guard m > e else { return true }
                        e = m
                    case .rightBrace: return false
                    case .identifier where (source.isIdentifier(e, "case") || source.isIdentifier(e, "default")) && source.startsLine[e]:
                        return false
                    default: break
                    }
                    e += 1
                }
                return true
            }
            // A line that starts a statement (not `let b` after `if let a,`).
            if source.startsLine[k], kind == .identifier, source.kind(k - 1) != .comma, source.kind(k - 1) != .operator { return true }
            k -= 1
        }
        return true
    }

    /// A name in scope at `s`: a local or parameter of the enclosing code, then members of the
    /// enclosing types (innermost first), then top-level variables of the project.
    func variableType(_ name: String, at s: Int, in file: Int, path: [String], depth: Int, foreign: Bool = false) -> String? {
        variableResolvedType(name, at: s, in: file, path: path, depth: depth, foreign: foreign)?.name
    }

    func variableResolvedType(_ name: String, at s: Int, in file: Int, path: [String], depth: Int, foreign: Bool = false) -> ResolvedType? {
        let source = files[file].source
        if let code = enclosingCode(of: s, in: file) {
            var candidates: [ResolvedType?] = []
            var k = code.open + 1
            while k < s {
                // `for item in items {` and a closure's `{ item in`: the element, when told.
                if source.isIdentifier(k, "for"), source.kind(k + 1) == .identifier, source.name(k + 1) == name,
                   source.isIdentifier(k + 2, "in"), k + 1 != s {
                    // Only inside the loop's body is the name the element.
                    if let sequence = Self.loopSequence(afterIn: k + 2, bodyHolding: s, in: source) { candidates.append(elementType(sequence, in: file, path: path)) }
                } else if source.isIdentifier(k, "for"), source.kind(k + 1) == .leftParen, Int(source.match[k + 1]) > k + 1,
                          source.isIdentifier(Int(source.match[k + 1]) + 1, "in"),
                          let t = ((k + 2)..<Int(source.match[k + 1])).first(where: { source.kind($0) == .identifier && source.name($0) == name }) {
                    // `for (i, item) in xs.enumerated() {`: in the body, the second of two names is
                    // the element of xs; any other name of a tuple pattern is untold (not a member).
                    let close = Int(source.match[k + 1])
                    if let sequence = Self.loopSequence(afterIn: close + 1, bodyHolding: s, in: source) {
                        let secondOfTwo = t == close - 1 && t - 2 == k + 2 && source.kind(t - 1) == .comma
                        let base = secondOfTwo ? Self.enumeratedBase(sequence, in: source) : nil
                        candidates.append(base.flatMap { elementType($0, in: file, path: path) })
                    }
                } else if source.isIdentifier(k, "func"), let written = Self.localFunctionParameter(name, funcToken: k, use: s, in: source) {
                    // `func row(_ library: Player) -> some View { ... }` inside this code: its parameter.
                    candidates.append(written.flatMap { writtenType(source.joinedText($0), from: path, in: file, foreign: foreign, at: $0.lowerBound) })
                } else if source.kind(k) == .identifier, k != s, source.name(k) == name,
                          let written = Self.typedClosureParameter(k, use: s, in: source) {
                    // `{ (library: Player) -> AnyView in`: the type written for it (not a member's).
                    candidates.append(writtenType(source.joinedText(written), from: path, in: file, foreign: foreign, at: written.lowerBound))
                } else if source.kind(k) == .identifier, k != s, source.name(k) == name,
                          let sequence = closureParameterSequence(k, use: s, in: source) {
                    if sequence.isEmpty {
                        // `model.$editor.flatMap({ editor in ... })`: the published property's type.
                        candidates.append(publisherOutputType(ofClosureAt: sequence.lowerBound, parameter: k, in: file, path: path, depth: depth))
                    } else {
                        candidates.append(elementType(sequence, in: file, path: path))
                    }
                }
                // (A `let` right after `if`/`guard`/`while` is read with them, below.)
                let binds = (source.isIdentifier(k, "let") || source.isIdentifier(k, "var"))
                    && !(source.isIdentifier(k - 1, "guard") || source.isIdentifier(k - 1, "if") || source.isIdentifier(k - 1, "while"))
                // `if let x = ...`/`guard var x = ...` bind; `if model.isEmpty` does not.
                let conditional = (source.isIdentifier(k, "guard") || source.isIdentifier(k, "if") || source.isIdentifier(k, "while"))
                    && (source.isIdentifier(k + 1, "let") || source.isIdentifier(k + 1, "var"))
                if binds, source.isIdentifier(k - 1, "case"), let bound = casePatternBinding(of: name, afterLet: k, before: s, in: source) {
                    // `case let .settings(manager, store)`: every name in the pattern is bound.
                    if Self.bindingInScope(bound, use: s, in: source) { candidates.append(casePatternBindingType(bound, in: file, path: path, depth: depth)) }
                } else if binds || conditional {
                    var n = k + 1
                    if conditional { n += 1 }
                    // A binding whose scope `s` is not in (another `if`'s body, another `case`) is another name.
                    let inScope = Self.bindingInScope(n, use: s, in: source)
                    // `let (a, b) = pair`: a name of the tuple pattern is untold (not a member's).
                    if source.kind(n) == .leftParen, Int(source.match[n]) > n, Int(source.match[n]) < s, inScope,
                       ((n + 1)..<Int(source.match[n])).contains(where: { source.kind($0) == .identifier && source.name($0) == name }) {
                        candidates.append(nil)
                    }
                    if source.kind(n) == .identifier, source.name(n) == name, n != s {
                        if !inScope, !(source.isText(n + 1, "=") && s > n) {
                            // (Out of its scope, unless `s` is in its own initializer: read below.)
                        } else if source.kind(n + 1) == .comma || source.kind(n + 1) == .rightParen,
                           source.kind(k - 1) == .leftParen || source.kind(k - 1) == .comma || source.kind(k - 1) == .colon,
                           let bound = casePatternBindingType(n, in: file, path: path, depth: depth) {
                            // `case .settings(let manager, ...)`: the case's associated value.
                            candidates.append(bound)
                        } else if source.kind(n + 1) == .colon {
                            let e = declarationEnd(from: n + 2, limit: s, in: source, stopAtEquals: true)
                            candidates.append(writtenType(source.joinedText((n + 2)..<e), from: path, in: file, foreign: foreign, at: n + 2))
                        } else if source.isText(n + 1, "=") {
                            // `guard let x = x`: the `x` on the right is the one in scope before.
                            let inCondition = conditional || source.kind(k - 1) == .comma
                            let own = declarationEnd(from: n + 2, limit: source.sigCount, in: source, stopAtEquals: false, stopAtBrace: inCondition)
                            if ((n + 2)..<own).contains(s) {
                                if depth < Self.maxResolutionDepth { candidates.append(variableResolvedType(name, at: k, in: file, path: path, depth: depth + 1, foreign: foreign)) }
                                else { candidates.append(nil) }
                                k += 1
                                continue
                            }
                            let e = declarationEnd(from: n + 2, limit: s, in: source, stopAtEquals: false, stopAtBrace: inCondition)
                            if inScope { candidates.append(expressionResolvedType((n + 2)..<e, in: file, path: path, depth: depth + 1, foreign: foreign)) }
                        } else if conditional || source.kind(k - 1) == .comma,
                                  source.kind(n + 1) == .comma || source.kind(n + 1) == .leftBrace || source.isIdentifier(n + 1, "else"),
                                  depth < Self.maxResolutionDepth {
                            // `if let x {`, `guard let x, ... else`: the `x` in scope before it, unwrapped.
                            candidates.append(variableResolvedType(name, at: k, in: file, path: path, depth: depth + 1, foreign: foreign))
                        } else {
                            candidates.append(nil)
                        }
                    }
                }
                k += 1
            }
            if !candidates.isEmpty { return single(candidates) }
            // A parameter of that name shadows the type's members: its type, or untold when it is
            // one of the function's generic parameters (not the property of the same name).
            if let fn = code.function, writtenParameterType(name, of: fn, in: source) != nil {
                guard let (written, at) = parameterType(name, of: fn, in: source) else { return nil }
                return writtenType(written, from: path, in: file, foreign: foreign, at: at)
            }
        }
        for ref in enclosingTypes(of: s, in: file) {
            let decl = type(ref)
            let q = resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            let found = members(named: name, of: q)
            if !found.isEmpty {
                return single(found.map { propertyResolvedType($0.0, declaredIn: $0.1, file: $0.1.file, depth: depth + 1, foreign: foreign) })
            }
        }
        guard let globals = topLevelPropertiesByName[name] else { return nil }
        return single(globals.map { propertyResolvedType($0.property, declaredIn: nil, file: $0.file, depth: depth + 1, foreign: foreign) })
    }
}

extension ProjectIndex {
    /// `initializerWork(of:)` for the models created as a wrapper's default value (the only
    /// ones OBS209 asks about), each file's line table built once.
    mutating func collectInitializerWork() {
        var tables: [Int: LineTable] = [:]
        var seen = Set<String>()
        for i in wrapperSites.indices where wrapperSites[i].property.initializer != nil {
            guard let model = wrapperSites[i].type, models[model] != nil, seen.insert(model).inserted,
                  let work = initializerWork(of: model, tables: &tables) else { continue }
            initializerWorkByModel[model] = work
        }
        for use in wrapperInits where use.wrapper == .StateObject {
            guard let model = use.decisionModel, models[model] != nil, seen.insert(model).inserted,
                  let work = initializerWork(of: model, tables: &tables) else { continue }
            initializerWorkByModel[model] = work
        }
    }

    /// A call that does work found in a model's initializers (a method or function call, a
    /// `Task`, a `Timer`, a notification subscription), and where; nil when they only assign.
    func initializerWork(of model: String, tables: inout [Int: LineTable]) -> InitializerWork? {
        guard let m = models[model] else { return nil }
        return initializerWork(in: m.declarations + m.extensions, tables: &tables)
    }

    /// `initializerWork(of:tables:)` over a type's declarations and extensions.
    func initializerWork(in refs: [TypeRef], tables: inout [Int: LineTable]) -> InitializerWork? {
        for ref in refs {
            let decl = type(ref)
            for fn in decl.functions where fn.kind == .`init` {
                guard let body = fn.body else { continue }
                let source = files[ref.file].source
                // `init(from decoder:)` decodes; no wrapper's default value calls it.
                var open = fn.startToken
                while open < body.open, source.kind(open) != .leftParen { open += 1 }
                if source.isIdentifier(open + 1, "from") { continue }
                let pipelines = observerMigrations.values.filter { $0.file == ref.file }.flatMap { $0.pipelines.map(\.statement) }
                var k = body.open + 1
                while k < body.close {
                    defer { k += 1 }
                    guard source.kind(k) == .identifier else { continue }
                    // A pipeline the fix turns into an observer is not left in the initializer.
                    if pipelines.contains(where: { $0.contains(k) }) { continue }
                    let name = source.name(k)
                    let calls = source.kind(k + 1) == .leftParen || (source.kind(k + 1) == .leftBrace && name == "Task")
                    guard calls else { continue }
                    // `super.init(...)`, `self.init(...)`, a constructor (`Date()`): no work of their own.
                    if name == "init" { continue }
                    // `state = .loaded(x)`: an enum case (an implicit member after `=`, `(`, `,`, `:`).
                    if source.kind(k - 1) == .period, k >= 2, [.operator, .leftParen, .comma, .colon, .leftBracket].contains(source.kind(k - 2)) { continue }
                    let isWork = name == "Task" || name == "Timer" || (name.first.map { $0.isLowercase || $0 == "_" } ?? false)
                        && !["print", "precondition", "assert", "max", "min", "abs"].contains(name)
                    guard isWork else { continue }
                    if tables[ref.file] == nil { tables[ref.file] = files[ref.file].lineTable }
                    let (line, column) = tables[ref.file]!.location(of: source.start(k))
                    return InitializerWork(call: "\(name)\(source.kind(k + 1) == .leftBrace ? " { }" : "()")", location: "\(files[ref.file].path):\(line):\(column)")
                }
            }
        }
        return nil
    }

    /// A call in a model's initializer that does work, for OBS209 (set by `decide`).
    public func initializerWork(of model: String) -> InitializerWork? { initializerWorkByModel[model] }

    /// Whether a model (or a model above it) is marked `@MainActor`.
    public func isMainActor(_ model: String) -> Bool {
        lineage(of: model).contains { name in
            (models[name]?.declarations ?? []).contains { type($0).hasAttribute("MainActor") }
        }
    }
}

extension ProjectIndex {
    /// The models an expression whose type cannot be told may still produce, bounded by the
    /// names it mentions: a model named in it, or the declared type or return type of a
    /// property or function of the project with one of its names. nil when a name leads to a
    /// type that cannot be read (an opaque or inferred one): then any model may be behind it.
    /// A name the project does not declare comes from another module, which cannot return a
    /// type of this one without a generic context that an annotation would have to give.
    /// What a site whose value's type cannot be told holds: the models the names in `range` can
    /// lead to (those in `only`, when given), or, when they do not bound it (or there is no
    /// range), every model (of `only`). As events, for the sweep and the planner alike.
    func holdsOfUntypedValue(_ range: Range<Int>?, in file: Int, _ reason: BlockReason, _ site: Site,
                             only: Set<String>? = nil) -> [Sweep.Event] {
        guard let range, let candidates = modelsReachable(from: range, in: file) else {
            return [.all(Blocker(reason, site: site), only)]
        }
        return candidates.intersection(only ?? candidates).sorted().map { .one($0, Blocker(reason, site: site)) }
    }

    /// Whether the `[` at `k` subscripts the value before it (`items[0]`, `f()[0]`, `a?[0]`)
    /// rather than opening an array or dictionary literal.
    static func isSubscript(_ k: Int, in source: SourceFile) -> Bool {
        guard k > 0, source.end(k - 1) == source.start(k) else { return false }
        switch source.kind(k - 1) {
        case .identifier: return !statementKeywords.contains(source.text(k - 1))
        case .rightParen, .rightBracket: return true
        case .operator: return source.isText(k - 1, "?") || source.isText(k - 1, "!")
        default: return false
        }
    }

    func modelsReachable(from range: Range<Int>, in file: Int) -> Set<String>? {
        let source = files[file].source
        var result = Set<String>()
        func fromTypeText(_ text: String?) -> Bool {
            guard let text else { return true }  // no return type: Void
            let words = Self.identifiers(in: text)
            if words.contains(where: { $0 == "some" || $0 == "any" || $0 == "Self" }) { return false }
            result.formUnion(modelsNamed(in: text, from: []))
            return true
        }
        // What a subscript returns is not told by the names around it (`list[0]` of a type
        // whose `subscript` returns a model): a range with one may lead to any model.
        for k in range where source.kind(k) == .leftBracket && k > range.lowerBound && Self.isSubscript(k, in: source) { return nil }
        for k in range where source.kind(k) == .identifier {
            let name = source.name(k)
            // An argument label names no value.
            if source.kind(k + 1) == .colon { continue }
            if let t = resolveTypeName(name, from: scopePath(k, file), in: file) {
                if models[t] != nil { result.insert(t) }
                continue
            }
            // The head of a chain that names a value (a local, a parameter, a member, a global)
            // must be typed: a parameter of a generic type may be any model.
            let isHead = source.kind(k - 1) != .period && (name.first.map { $0.isLowercase || $0 == "_" } ?? false)
                && name != "self" && name != "super"
            if isHead {
                let path = scopePath(k, file)
                let typedByCall = source.kind(k + 1) == .leftParen
                let typed = typedByCall
                    ? functionReturnType(name, at: k, in: file, path: path, depth: 0)
                    : variableType(name, at: k, in: file, path: path, depth: 0, foreign: true)
                guard let typed else {
                    // Typed by a family's protocol, or a generic parameter constrained to one.
                    guard !typedByCall, let family = familyModels(ofHead: name, at: k, in: file) else { return nil }
                    result.formUnion(family)
                    continue
                }
                if models[typed] != nil { result.insert(typed) }
                // `some P`, `any P` of a protocol family: any of its models.
                if let family = familyOfProtocol[typed] { result.formUnion(protocolFamilies[family].values) }
                // Its members may return its generic arguments (`source: CurrentValueSubject<Feed, Never>`,
                // then `source.value`): the models its written type names, when a member follows.
                if source.kind(k + 1) == .period || source.kind(k + 1) == .leftParen {
                    if let texts = writtenTypes(ofName: name, at: k, in: file) {
                        for text in texts where !fromTypeText(text) { return nil }
                    } else if declared[typed] == nil || declared[typed]!.contains(where: { type($0).genericParameters != nil }) {
                        // Inferred, and of another module's type or a generic one: its arguments are untold.
                        return nil
                    }
                }
                continue
            }
            for fn in topLevelFunctionsByName[name] ?? [] where !fromTypeText(fn.returnType) { return nil }
            for (_, property) in topLevelPropertiesByName[name] ?? [] {
                guard property.typeText != nil || property.initializer != nil else { return nil }
                if let text = property.typeText { if !fromTypeText(text) { return nil } } else { return nil }
            }
            // Every member of the name, in any type (by the table, not a walk over every type).
            for ref in typesWithMember(name) {
                let f = ref.file, decl = files[f].decls.types[ref.type]
                for fn in decl.functions where fn.name == name { if !fromTypeText(fn.returnType) { return nil } }
                // A member typed by the type's generic parameter (`var state: State` in `Store<State>`)
                // is whatever the parameter is bound to: untold.
                let parameters = decl.genericParameters.map { Set(Self.identifiers(in: $0)) } ?? []
                for p in decl.properties where p.name == name {
                    if let text = p.typeText {
                        if !parameters.isDisjoint(with: Self.identifiers(in: text)) || !fromTypeText(text) { return nil }
                    } else if let initializer = p.initializer {
                        // `static let shared = Store()`: the constructed type.
                        // An enum's case (`= LockScreenState.normal`) is no model.
                        if enumCaseType(initializer, in: files[f].source, at: decl.path + [decl.name], file: f) != nil { continue }
                        guard let inferred = expressionType(initializer, in: f, path: decl.path + [decl.name]) else { return nil }
                        if models[inferred] != nil { result.insert(inferred) }
                    }
                }
            }
        }
        return result
    }
}

/// A call in a model's initializer that does work (`load()`, `Task { }`) and where it is.
public struct InitializerWork: Sendable {
    public var call: String
    public var location: String
}

extension ProjectIndex {
    /// `{ ...; return x }()`, a closure called where it is written (`static let m = { ... }()`):
    /// the expression it returns, when its body holds one `return` (at its top level) and no
    /// other closure or function whose returns could be mistaken for it.
    func immediateClosureResult(_ range: Range<Int>, in source: SourceFile) -> Range<Int>? {
        let open = range.lowerBound
        guard source.kind(open) == .leftBrace else { return nil }
        let close = Int(source.match[open])
        guard close > open, close + 3 == range.upperBound, source.kind(close + 1) == .leftParen,
              Int(source.match[close + 1]) == close + 2
        else { return nil }
        return closureReturn(open: open, close: close, in: source)
    }

    /// Calls that return what their trailing closure returns.
    static let closureResultCalls: Set<String> = ["MainActor.assumeIsolated", "MainActor.run", "DispatchQueue.main.sync", "autoreleasepool"]

    /// `MainActor.assumeIsolated { SettingsManager() }` (also `await MainActor.run { ... }`,
    /// `DispatchQueue.main.sync { ... }`, `autoreleasepool { ... }`): the closure's result, its
    /// one `return`'s expression or its body when that is one expression.
    func closureCallResult(_ range: Range<Int>, in source: SourceFile) -> Range<Int>? {
        let close = range.upperBound - 1
        guard close > range.lowerBound, source.kind(close) == .rightBrace else { return nil }
        let open = Int(source.match[close])
        guard open > range.lowerBound, open < close, Self.closureResultCalls.contains(source.joinedText(range.lowerBound..<open)) else { return nil }
        if let returned = closureReturn(open: open, close: close, in: source) { return returned }
        // One expression (no statement keyword, parameters, `;` or second line of its own).
        let statements = topLevelStatements(in: (open, close), source: source)
        guard statements == [open + 1], !Self.statementKeywords.contains(source.text(open + 1)),
              !((open + 1)..<close).contains(where: { source.kind($0) == .semicolon || source.isIdentifier($0, "in") }) else { return nil }
        return (open + 1)..<close
    }

    /// The expression of the one `return` of the closure body `open`...`close` (nil when it has
    /// none, several, or a nested function or closure).
    func closureReturn(open: Int, close: Int, in source: SourceFile) -> Range<Int>? {
        var returned: Int? = nil
        var depth = 0
        for t in (open + 1)..<close {
            switch source.kind(t) {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            case .identifier:
                if source.isIdentifier(t, "return") {
                    guard depth == 0, returned == nil else { return nil }
                    returned = t
                } else if source.isIdentifier(t, "func") || source.isIdentifier(t, "in") {
                    return nil  // a nested function or closure: its returns are its own
                }
            default: break
            }
        }
        guard let r = returned else { return nil }
        let end = declarationEnd(from: r + 1, limit: close, in: source, stopAtEquals: false)
        return end > r + 1 ? (r + 1)..<end : nil
    }

    /// The first `??` of an expression that is only `a ?? b` (any other operator outside brackets,
    /// but a postfix `?` or `!`, makes it nil: `a ?? b == c` is a Bool).
    static func nilCoalescingOperator(_ range: Range<Int>, in source: SourceFile) -> Int? {
        var found: Int? = nil, other = false
        guard source.forEachTopLevelToken(in: range, { i in
            guard source.kind(i) == .operator else { return true }
            if source.isText(i, "??") {
                if found == nil { found = i }
            } else if !(source.isText(i, "?") || source.isText(i, "!")) {
                other = true
            }
            return !other
        }), !other, let found, found > range.lowerBound, found + 1 < range.upperBound else { return nil }
        return found
    }

    /// The type written after a cast that ends `range` at its top level (`x as? T`, `x as! T`,
    /// `x as T`): the type of the whole expression (a conditional cast's optional is unwrapped
    /// by the `if let` that binds it).
    func castType(_ range: Range<Int>, in source: SourceFile) -> Range<Int>? {
        var cast: Int? = nil
        guard source.forEachTopLevelToken(in: range, { i in
            if i > range.lowerBound, source.isIdentifier(i, "as") { cast = i }
            return cast == nil
        }), let i = cast else { return nil }
        var t = i + 1
        if source.isText(t, "?") || source.isText(t, "!") { t += 1 }
        return t < range.upperBound ? t..<range.upperBound : nil
    }

    /// `written` when it names a type from outside the project that no model can be a value of,
    /// as written at token `s` of `file`: a plain name that the project declares nowhere (no type,
    /// typealias, function, generic parameter or associated type of that name) and that no type
    /// or extension of the project inherits from or conforms to, written in a concrete type
    /// (not a protocol or its extension, where associated types are in scope). Otherwise nil:
    /// the value may be a model.
    func foreignTypeName(_ written: String, at s: Int, in file: Int) -> String? {
        let name = Self.stripType(written)
        // ASCII only, upper case first: `Module.Type`, not `[T]`, `(T) -> U`, `A & B` or `T.Type`.
        guard let first = name.utf8.first(where: { $0 != UInt8(ascii: "_") }), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first), !name.hasSuffix(".Type"),
              name.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                  || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
        else { return nil }
        let base = TypeName.base(name)
        guard bySimpleName[base] == nil, typeAliases[base] == nil, typeAliases[name] == nil, topLevelFunctionsByName[base] == nil,
              !namesInInheritanceOrGenerics.contains(base), !["Self", "Any", "AnyObject", "ObservableObject"].contains(base)
        else { return nil }
        for ref in enclosingTypes(of: s, in: file) {
            let decl = type(ref)
            let concrete = decl.kind == .extension
                ? resolveTypeName(decl.name, from: decl.path).flatMap { declared[$0] }.map { type($0.first).kind != .protocol } ?? false
                : decl.kind != .protocol
            guard concrete else { return nil }
        }
        // A function's generic parameter (`<VM: ObservableObject>`), or an associated type.
        if placeholderNames.names(in: file, of: files[file].source).contains(base) { return nil }
        return name
    }
}
