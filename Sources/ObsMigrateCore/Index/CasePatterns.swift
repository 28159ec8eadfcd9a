/// The type of a name bound by an enum case pattern: `case .settings(let manager, let store):`
/// in a `switch`, `case let .settings(manager, store):`, and `if case .settings(let m) = x`.
/// A sheet or route enum carrying the models its destination views are injected with is a
/// common SwiftUI shape; the bound value's type is the case's associated value's.
extension ProjectIndex {
    /// The type of the associated value that `name` (a token inside a case pattern's
    /// parentheses) binds, resolved where the enum declares it; nil when `name` is not bound
    /// that way or any step cannot be told.
    func casePatternBindingType(_ name: Int, in file: Int, path: [String], depth: Int) -> ResolvedType? {
        let source = files[file].source
        // The parentheses of `.caseName(...)` around the name, and the name's place in them.
        var open = name - 1
        var position = 0
        while open >= 0, source.kind(open) != .leftParen {
            let kind = source.kind(open)
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                let m = Int(source.match[open])
                guard m >= 0, m < open else { return nil }
                open = m
            } else if kind == .leftBracket || kind == .leftBrace || kind == .semicolon {
                return nil
            } else if kind == .comma {
                position += 1
            }
            open -= 1
        }
        guard open >= 2, source.kind(open - 1) == .identifier, source.kind(open - 2) == .period else { return nil }
        let caseName = source.name(open - 1)
        // `label: let x` or, after `case let`, `label: x`.
        var label: String? = nil
        var before = name - 1
        if source.isIdentifier(before, "let") || source.isIdentifier(before, "var") { before -= 1 }
        if source.kind(before) == .colon, source.kind(before - 1) == .identifier { label = source.name(before - 1) }
        // What the pattern starts with: `case`, `case let`, or an explicit `Enum.caseName`.
        var k = open - 3
        var explicitEnum: String? = nil
        if source.kind(k) == .identifier, !source.isIdentifier(k, "let"), !source.isIdentifier(k, "var"), !source.isIdentifier(k, "case") {
            explicitEnum = source.name(k)
            k -= 1
        }
        if source.isIdentifier(k, "let") || source.isIdentifier(k, "var") { k -= 1 }
        guard source.isIdentifier(k, "case") else { return nil }
        let enumType: ResolvedType?
        if let explicitEnum {
            enumType = resolveTypeName(explicitEnum, from: path, in: file).map { ResolvedType($0) }
        } else if let subject = caseSubject(caseToken: k, patternClose: Int(source.match[open]), in: source) {
            enumType = expressionResolvedType(subject, in: file, path: path, depth: depth + 1)
        } else {
            enumType = nil
        }
        guard let enumType else { return nil }
        return associatedValueType(of: enumType.name, caseName: caseName, position: position, label: label, subject: enumType.written)
    }

    /// In `case let .name(a, label: b)` (`let` at `letToken`), the token binding `name`, when
    /// the pattern binds it before `limit`.
    func casePatternBinding(of name: String, afterLet letToken: Int, before limit: Int, in source: SourceFile) -> Int? {
        var open = letToken + 1
        if source.kind(open) == .identifier { open += 1 }  // `case let Route.settings(...)`
        guard source.kind(open) == .period, source.kind(open + 1) == .identifier, source.kind(open + 2) == .leftParen else { return nil }
        open += 2
        let close = Int(source.match[open])
        guard close > open, close < limit else { return nil }
        var k = open + 1
        while k < close {
            if source.kind(k) == .leftParen || source.kind(k) == .leftBracket {
                let m = Int(source.match[k])
                guard m > k else { return nil }
                k = m + 1
                continue
            }
            if source.kind(k) == .identifier, source.name(k) == name, source.kind(k + 1) == .comma || source.kind(k + 1) == .rightParen,
               source.kind(k - 1) == .leftParen || source.kind(k - 1) == .comma || source.kind(k - 1) == .colon {
                return k
            }
            k += 1
        }
        return nil
    }

    /// The tokens of the value a `case` pattern is matched against: the subject of the `switch`
    /// whose body holds it, or what follows `=` in `if case`, `guard case` and `while case`.
    func caseSubject(caseToken: Int, patternClose: Int, in source: SourceFile) -> Range<Int>? {
        let keyword = caseToken - 1
        if source.isIdentifier(keyword, "if") || source.isIdentifier(keyword, "guard") || source.isIdentifier(keyword, "while")
            || source.kind(keyword) == .comma {
            guard patternClose > caseToken, source.isText(patternClose + 1, "=") else { return nil }
            var end = patternClose + 2
            while end < source.sigCount, source.kind(end) != .leftBrace, source.kind(end) != .comma, !source.isIdentifier(end, "else") {
                if source.kind(end) == .leftParen || source.kind(end) == .leftBracket {
                    let m = Int(source.match[end])
                    guard m > end else { return nil }
                    end = m
                }
                end += 1
            }
            return (patternClose + 2)..<end
        }
        // A switch case label begins a statement (not `for case let .x(v) in list`, whose
        // subject is the sequence's element): the `{` of the switch's body, then `switch subject`.
        guard source.startsStatement(caseToken), !source.isIdentifier(keyword, "for") else { return nil }
        guard let brace = source.innermostBrace(around: caseToken), brace > 1 else { return nil }
        // `switch subject {`: back over the subject (bracketed runs whole) to the keyword.
        var start = brace - 1
        while start > 0, !source.isIdentifier(start, "switch"), brace - start < 64 {
            let kind = source.kind(start)
            if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return nil }
            if kind == .rightParen || kind == .rightBracket {
                let m = Int(source.match[start])
                guard m >= 0, m < start else { return nil }
                start = m
            }
            start -= 1
        }
        guard source.isIdentifier(start, "switch"), start + 1 < brace else { return nil }
        return (start + 1)..<brace
    }

    /// The type written for associated value `position` (or the one labelled `label`) of case
    /// `caseName` of enum `enumType`, resolved in the enum's scope.
    func associatedValueType(of enumType: String, caseName: String, position: Int, label: String?, subject: WrittenType? = nil) -> ResolvedType? {
        guard let refs = declared[enumType]?.array, refs.count == 1 else { return nil }
        let ref = refs[0]
        let decl = type(ref)
        guard decl.kind == .enum else { return nil }
        // A generic enum's associated value may be its parameter: the argument the subject's
        // written type gives it (`content: Either<Post, Comment>`, `.first(let post)`: Post).
        let parameters = decl.genericParameters.map { Set(SymbolTable.genericParameterNames($0)) } ?? []
        let source = files[ref.file].source
        var result: ResolvedType?
        _ = source.forEachTopLevelToken(in: (decl.bodyOpen + 1)..<decl.bodyClose) { k in
            // `case a(...), b(...)`: each element after `case` or a comma of that declaration.
            guard source.kind(k) == .identifier, source.name(k) == caseName, source.kind(k + 1) == .leftParen,
                  source.isIdentifier(k - 1, "case") || source.kind(k - 1) == .comma else { return true }
            let close = Int(source.match[k + 1])
            guard close > k + 1 else { return false }
            var elements: [Range<Int>] = []
            var start = k + 2
            guard source.forEachTopLevelToken(in: (k + 2)..<close, { e in
                if source.kind(e) == .comma { elements.append(start..<e); start = e + 1 }
                return true
            }) else { return false }
            elements.append(start..<close)
            var element: Range<Int>? = nil
            if let label {
                element = elements.first { source.kind($0.lowerBound) == .identifier && source.name($0.lowerBound) == label && source.kind($0.lowerBound + 1) == .colon }
            } else if position < elements.count {
                element = elements[position]
            }
            guard var written = element, !written.isEmpty else { return false }
            if source.kind(written.lowerBound + 1) == .colon { written = (written.lowerBound + 2)..<written.upperBound }
            guard !written.isEmpty else { return false }
            let text = source.joinedText(written)
            if parameters.isDisjoint(with: Self.identifiers(in: text)) {
                result = writtenType(text, from: decl.path + [decl.name], in: ref.file, foreign: false, at: written.lowerBound)
            } else {
                result = boundGenericMember(text, of: enumType, written: subject)
            }
            return false
        }
        return result
    }
}
