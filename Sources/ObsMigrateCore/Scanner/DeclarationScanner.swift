import ObsMigrateSupport

/// A small declaration scanner over significant tokens: no expression parsing, just enough
/// structure (types, extensions, properties, functions, imports, `#if` branches) for the rules.
public enum DeclarationScanner {
    /// Type nesting deeper than this is left unscanned rather than risking the stack.
    static let maxTypeDepth = 128

    public static func scan(_ file: SourceFile) -> FileDeclarations {
        if file.bytes.count >= Lexer.piecewiseBytes, let scanned = scanInPieces(file) { return scanned }
        return scanInOnePass(file)
    }

    static func scanInOnePass(_ file: SourceFile) -> FileDeclarations {
        var walker = Walker(file: file)
        var out = FileDeclarations(types: [], imports: [], typeAliases: [], topLevelFunctions: [], topLevelProperties: [])
        let members = walker.scanMembers(from: 0, to: file.sigCount, path: [], depth: 0, out: &out)
        return finished(out, members: [members], walkers: [walker])
    }

    private static func finished(_ out: FileDeclarations, members: [Members], walkers: [Walker]) -> FileDeclarations {
        var out = out
        out.topLevelFunctions = members.flatMap(\.functions).trimmed()
        out.topLevelProperties = members.flatMap(\.properties).trimmed()
        out.macroBodyProperties = walkers.flatMap(\.macroBodyProperties).trimmed()
        out.macroBodyTypes = walkers.flatMap(\.macroBodyTypes).trimmed()
        out.types = out.types.trimmed()
        return out
    }

    /// A big file's declarations, scanned in pieces of about `tokensPerPiece` in parallel, or
    /// nil when the scan of a piece does not stop where the next one starts, between two
    /// top-level declarations and outside any `#if`: the caller then scans in one pass. A
    /// piece starts at a line that starts with a word after a `}` in the first column, which
    /// most often closes a top-level declaration. Each piece's scan sees the whole file, so
    /// a declaration running past the piece's end is scanned as in one pass.
    static func scanInPieces(_ file: SourceFile, tokensPerPiece: Int = 1 << 19) -> FileDeclarations? {
        let starts = pieceStarts(file, tokensPerPiece: tokensPerPiece)
        guard starts.count > 1 else { return nil }
        struct Piece: Sendable {
            var walker: Walker
            var out: FileDeclarations
            var members: Members
        }
        let pieces = parallelMap(Array(starts.indices)) { k -> Piece in
            var walker = Walker(file: file)
            var out = FileDeclarations(types: [], imports: [], typeAliases: [], topLevelFunctions: [], topLevelProperties: [])
            let stop = k + 1 < starts.count ? starts[k + 1] : file.sigCount
            let members = walker.scanMembers(from: starts[k], to: file.sigCount, stop: stop, path: [], depth: 0, out: &out)
            return Piece(walker: walker, out: out, members: members)
        }
        for k in 1..<pieces.count {
            let before = pieces[k - 1]
            guard before.members.stoppedAt == starts[k], !before.members.stoppedInDeclaration, before.walker.ifStack.isEmpty else { return nil }
        }
        var out = pieces[0].out
        for piece in pieces.dropFirst() {
            out.types += piece.out.types
            out.imports += piece.out.imports
            out.typeAliases += piece.out.typeAliases
        }
        return finished(out, members: pieces.map(\.members), walkers: pieces.map(\.walker))
    }

    /// Token 0, then, `tokensPerPiece` or more after the previous start, the first word that
    /// starts a line after a `}` alone in the first column, outside every brace: a file whose
    /// code is all inside one type (unindented) has no such word, and is scanned in one pass
    /// rather than in pieces that could not be kept.
    static func pieceStarts(_ file: SourceFile, tokensPerPiece: Int) -> [Int] {
        var starts = [0]
        var next = tokensPerPiece
        var depth = 0
        file.sigTokens.withUnsafeBufferPointer { tokens in
            for t in tokens.indices {
                switch tokens[t].kind {
                case .leftBrace: depth += 1
                case .rightBrace: depth = max(0, depth - 1)
                case .identifier, .attribute:
                    guard t >= next, depth == 0, tokens[t].startsLine, tokens[t - 1].kind == .rightBrace, tokens[t - 1].startsLine else { continue }
                    let brace = Int(tokens[t - 1].start)
                    guard brace == 0 || file.bytes[brace - 1] == UInt8(ascii: "\n") else { continue }
                    starts.append(t)
                    next = t + tokensPerPiece
                default: continue
                }
            }
        }
        return starts
    }
}

let modifierList = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "lazy",
    "override", "required", "convenience", "weak", "unowned", "mutating", "nonmutating", "dynamic",
    "optional", "indirect", "nonisolated", "isolated", "consuming", "borrowing", "distributed",
    "prefix", "postfix", "infix", "__consuming", "unsafe",
]
let declarationKeywordList = [
    "class", "struct", "enum", "actor", "protocol", "extension", "var", "let", "func", "init",
    "deinit", "subscript", "typealias", "associatedtype", "case", "import", "operator",
    "precedencegroup", "macro",
]
let modifierWords = WordSet(modifierList)
/// Modifiers and declaration keywords: what can start a declaration.
let declarationStartWords = WordSet(modifierList + declarationKeywordList)
/// What may follow `class` when it is a modifier (`class func`, `class var`).
let classModifierFollowers = WordSet(["func", "var", "let", "subscript", "init"] + modifierList)
/// The kind a scoped import names: `import struct Foo.Bar`.
let importKindWords = WordSet(["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"])

/// The keywords that start a member the scanner records (see `Walker.memberKeyword`).
private enum MemberKeyword: Equatable {
    case type(TypeKind), property(isLet: Bool), function(FunctionKind), `import`, `typealias`
}

private struct Members: Sendable {
    var properties: [PropertyDecl] = []
    var functions: [FunctionDecl] = []
    /// Where the scan stopped, and whether attributes or modifiers were pending there.
    var stoppedAt = 0
    var stoppedInDeclaration = false
}

private struct Walker: Sendable {
    let file: SourceFile
    var ifStack: [IfConfigBranch] = []
    /// Properties declared with attributes inside macro bodies such as `#Preview { }`.
    var macroBodyProperties: [PropertyDecl] = []
    /// Types declared inside such bodies that hold attributed properties.
    var macroBodyTypes: [TypeDecl] = []

    init(file: SourceFile) { self.file = file }

    /// The keyword at `s`, told from the token's bytes: the scanner meets an identifier at
    /// member level in every statement, and a String for each cost more than the rest of its
    /// work there. (A method, not an initialiser taking the file: from a mutating method, that
    /// argument would be a copy of the file.)
    func memberKeyword(_ s: Int) -> MemberKeyword? {
        switch file.token(s).length {
        case 3:
            if file.isText(s, "var") { return .property(isLet: false) }
            if file.isText(s, "let") { return .property(isLet: true) }
        case 4:
            if file.isText(s, "func") { return .function(.func) }
            if file.isText(s, "init") { return .function(.`init`) }
            if file.isText(s, "enum") { return .type(.enum) }
        case 5:
            if file.isText(s, "class") { return .type(.class) }
            if file.isText(s, "actor") { return .type(.actor) }
        case 6:
            if file.isText(s, "struct") { return .type(.struct) }
            if file.isText(s, "deinit") { return .function(.deinit) }
            if file.isText(s, "import") { return .import }
        case 8:
            if file.isText(s, "protocol") { return .type(.protocol) }
        case 9:
            if file.isText(s, "extension") { return .type(.extension) }
            if file.isText(s, "subscript") { return .function(.subscript) }
            if file.isText(s, "typealias") { return .typealias }
        default:
            break
        }
        return nil
    }

    /// Whether token `s` can start a declaration (used to end an expression that has no
    /// terminator: a new line beginning with one of these starts the next member).
    func startsDeclaration(_ s: Int) -> Bool {
        switch file.kind(s) {
        case .attribute, .poundKeyword, .rightBrace: return true
        case .identifier:
            return declarationStartWords.contains(file, s)
        default: return false
        }
    }

    /// Whether a new line at `s` continues the expression before it.
    func continuesExpression(_ s: Int) -> Bool {
        switch file.kind(s) {
        case .period, .operator: return true
        case .identifier where file.isText(s, "else"): return true
        default: break
        }
        let prev = s - 1
        if prev >= 0 {
            switch file.kind(prev) {
            case .operator:
                // Attached to what is before it and followed by a line break, it is postfix
                // (`first!`, `value?`): the expression ends with it.
                return !(prev > 0 && file.end(prev - 1) == file.start(prev))
            case .comma, .leftParen, .leftBracket, .period, .colon: return true
            default: break
            }
        }
        return false
    }

    /// The first significant token after the expression starting at `s`.
    func expressionEnd(from s: Int, limit: Int) -> Int {
        var i = s
        while i < limit {
            let k = file.kind(i)
            if i > s, file.startsLine[i], !continuesExpression(i) { return i }
            switch k {
            case .semicolon, .rightBrace, .rightParen, .rightBracket: return i
            case .leftBrace:
                // `= 0 { didSet ... }` starts an observer block, not a trailing closure.
                if isObserverBlock(i) { return i }
                i = skipGroup(i, limit: limit)
            case .leftParen, .leftBracket:
                i = skipGroup(i, limit: limit)
            case .comma:
                // `var a = 1, b = 2`: a new binding starts after the comma.
                if file.kind(i + 1) == .identifier,
                   file.kind(i + 2) == .colon || file.isText(i + 2, "=") { return i }
                i += 1
            default:
                i += 1
            }
        }
        return min(i, limit)
    }

    func isObserverBlock(_ open: Int) -> Bool {
        var s = open + 1
        while file.kind(s) == .attribute { s += 1 }
        return file.isIdentifier(s, "willSet") || file.isIdentifier(s, "didSet")
    }

    /// Past a bracketed group; an unmatched opener skips just itself.
    /// A type's tokens split at the `&` outside angles, parentheses and brackets: the members
    /// of a composition (`ObservableObject & Identifiable`).
    func compositionMembers(_ range: Range<Int>) -> [InheritedType] {
        // `(ObservableObject & Identifiable)`: the members inside the parentheses.
        if range.count > 2, file.kind(range.lowerBound) == .leftParen, Int(file.match[range.lowerBound]) == range.upperBound - 1 {
            return compositionMembers((range.lowerBound + 1)..<(range.upperBound - 1))
        }
        var members: [InheritedType] = []
        var start = range.lowerBound, i = range.lowerBound, angles = 0
        func close(_ end: Int) {
            if end > start {
                members.append(InheritedType(name: file.joinedText(start..<end), firstToken: start, lastToken: end - 1,
                                             range: file.span(start, through: end - 1)))
            }
        }
        while i < range.upperBound {
            if file.kind(i) == .operator, angles == 0, file.isText(i, "&") {
                close(i)
                i += 1
                start = i
                continue
            }
            if file.kind(i) == .operator, let delta = angleDelta(i) { angles += delta }
            i = file.kind(i) == .leftParen || file.kind(i) == .leftBracket ? skipGroup(i, limit: range.upperBound) : i + 1
        }
        close(range.upperBound)
        return members
    }

    func skipGroup(_ s: Int, limit: Int) -> Int {
        let m = Int(file.match[s])
        return m > s ? min(m + 1, limit) : s + 1
    }

    /// Skips to the next token that starts a declaration on a new line (or the limit).
    func skipStatement(from s: Int, limit: Int) -> Int {
        var i = s
        while i < limit {
            if i > s, file.startsLine[i], startsDeclaration(i) { return i }
            switch file.kind(i) {
            case .leftBrace, .leftParen, .leftBracket: i = skipGroup(i, limit: limit)
            case .rightBrace: return i
            case .semicolon: return i + 1
            default: i += 1
            }
        }
        return limit
    }

    /// Past a `<...>` group starting at `s` (operator tokens such as `>>` count each `>`).
    func skipAngles(_ s: Int, limit: Int) -> Int {
        var depth = 0
        var i = s
        while i < limit {
            switch file.kind(i) {
            case .operator:
                if let delta = angleDelta(i) {
                    depth += delta
                    if depth <= 0 { return i + 1 }
                } else if isTypeOperator(i) {
                    // part of a type
                } else {
                    return i  // not a generic clause after all
                }
                i += 1
            case .leftParen, .leftBracket: i = skipGroup(i, limit: limit)
            case .leftBrace, .rightBrace, .semicolon: return i
            default: i += 1
            }
        }
        return limit
    }

    func isOpenAngle(_ s: Int) -> Bool {
        file.kind(s) == .operator && file.bytes[file.start(s)] == UInt8(ascii: "<")
    }

    /// For an operator of `<` and `>` only (`>>` closes two): its change of angle depth; else nil.
    func angleDelta(_ s: Int) -> Int? {
        var delta = 0
        for b in file.bytes[file.token(s).range] {
            if b == UInt8(ascii: "<") { delta += 1 } else if b == UInt8(ascii: ">") { delta -= 1 } else { return nil }
        }
        return delta
    }

    /// `->`, `?`, `!`, `&`, `...`, `~`: operators that can be part of a type.
    func isTypeOperator(_ s: Int) -> Bool {
        file.isText(s, "->") || file.isText(s, "?") || file.isText(s, "!") || file.isText(s, "&")
            || file.isText(s, "...") || file.isText(s, "~")
    }

    mutating func parseAttribute(_ s: Int, limit: Int) -> (Attribute, Int) {
        var name = String(file.text(s).dropFirst())
        var end = s + 1
        // `@Combine.Published`, `@SwiftUI.StateObject`: the last component names the attribute.
        while file.kind(end) == .period, file.kind(end + 1) == .identifier,
              file.start(end) == file.end(end - 1), file.start(end + 1) == file.end(end) {
            name = file.text(end + 1)
            end += 2
        }
        var args: Range<Int>? = nil
        // Arguments belong to the attribute when `(` follows with no space (`@Environment(\.x)`).
        if file.kind(end) == .leftParen, file.start(end) == file.end(end - 1) {
            let m = Int(file.match[end])
            if m > end, m < limit {
                args = file.span(end, through: m)
                end = m + 1
            }
        }
        let range = file.span(s, through: end - 1)
        return (Attribute(name: name, token: s, range: range, arguments: args), end)
    }

    /// The members in `begin..<limit`; with `stop`, only those that start before it.
    mutating func scanMembers(from begin: Int, to limit: Int, stop: Int? = nil, path: [String], depth: Int,
                              out: inout FileDeclarations) -> Members {
        var members = Members()
        var attrs: [Attribute] = []
        var mods: [Modifier] = []
        var declStart: Int? = nil
        var i = begin
        let stop = stop ?? limit

        func reset() { attrs = []; mods = []; declStart = nil }

        while i < stop {
            let kind = file.kind(i)
            switch kind {
            case .attribute:
                if declStart == nil { declStart = i }
                let (attr, next) = parseAttribute(i, limit: limit)
                attrs.append(attr)
                i = next
                continue
            case .poundKeyword:
                i = handleDirective(i, limit: limit, path: path, depth: depth)
                reset()
                continue
            case .identifier:
                break
            case .leftBrace, .leftParen, .leftBracket:
                i = skipGroup(i, limit: limit)
                reset()
                continue
            default:
                i += 1
                reset()
                continue
            }

            let keyword = memberKeyword(i)
            if keyword == .type(.class), isClassModifier(i + 1) {
                // `class func`, `class var`: a modifier, not a type.
                if declStart == nil { declStart = i }
                mods.append(Modifier(text: "class", token: i, range: file.span(i, through: i)))
                i += 1
                continue
            }
            if modifierWords.contains(file, i), isModifierPosition(i) {
                if declStart == nil { declStart = i }
                var end = i + 1
                // `private(set)`, `unowned(unsafe)`, `nonisolated(unsafe)`
                if file.kind(i + 1) == .leftParen, file.start(i + 1) == file.end(i) {
                    let m = Int(file.match[i + 1])
                    if m > i + 1, m <= i + 4 { end = m + 1 }
                }
                let range = file.span(i, through: end - 1)
                mods.append(Modifier(text: file.joinedText(i..<end), token: i, range: range))
                i = end
                continue
            }
            let startToken = declStart ?? i
            switch keyword {
            case .type(let kind)?:
                if let next = parseType(i, kind: kind, limit: limit, attrs: attrs, mods: mods, startToken: startToken,
                                        path: path, depth: depth, out: &out) {
                    i = next
                } else {
                    i = skipStatement(from: i, limit: limit)
                }
            case .property(let isLet)?:
                let next = parseProperties(i, isLet: isLet, limit: limit, attrs: attrs, mods: mods, startToken: startToken,
                                           into: &members.properties)
                i = max(next, i + 1)
            case .function(let kind)?:
                let (fn, next) = parseFunction(i, kind: kind, limit: limit, attrs: attrs, mods: mods, startToken: startToken)
                members.functions.append(fn)
                i = max(next, i + 1)
            case .import?:
                var j = i + 1
                // `import struct Foo.Bar`, `import Foo.Bar`
                if importKindWords.contains(file, j) { j += 1 }
                let moduleStart = j
                while file.kind(j) == .identifier || file.kind(j) == .period, !(j > moduleStart && file.startsLine[j]) { j += 1 }
                let module = file.joinedText(moduleStart..<j).split(separator: ".").first.map(String.init) ?? ""
                out.imports.append(ImportDecl(module: module, token: i, startToken: startToken, endToken: max(j - 1, i),
                                              ifConfig: ifStack))
                i = max(j, i + 1)
            case .typealias?:
                var j = i + 1
                let name = file.kind(j) == .identifier ? file.name(j) : ""
                j += 1
                if isOpenAngle(j) { j = skipAngles(j, limit: limit) }
                var target = ""
                var members: [InheritedType] = []
                if file.isText(j, "=") {
                    let end = typeEnd(from: j + 1, limit: limit)
                    target = file.joinedText((j + 1)..<end)
                    members = compositionMembers((j + 1)..<end)
                    j = end
                }
                out.typeAliases.append(TypeAliasDecl(name: name, target: target, path: path, members: members))
                i = max(j, i + 1)
            case nil:
                i = skipStatement(from: i, limit: limit)
            }
            reset()
        }
        members.stoppedAt = i
        members.stoppedInDeclaration = declStart != nil
        return members
    }

    /// `class` followed by a member keyword or modifier is the `class` modifier.
    func isClassModifier(_ next: Int) -> Bool {
        classModifierFollowers.contains(file, next)
    }

    /// Contextual modifiers (`open`, `optional`, `prefix`...) are also ordinary identifiers:
    /// they only count when another modifier or a declaration keyword follows.
    func isModifierPosition(_ s: Int) -> Bool {
        var j = s + 1
        if file.kind(j) == .leftParen { j = Int(file.match[j]) + 1; if j <= s + 1 { return false } }
        return declarationStartWords.contains(file, j)
    }

    mutating func handleDirective(_ s: Int, limit: Int, path: [String] = [], depth: Int = 0) -> Int {
        if file.isText(s, "#if") {
            ifStack.append(IfConfigBranch(directive: file.start(s), branch: 0))
            return endOfDirectiveLine(s, limit: limit)
        } else if file.isText(s, "#elseif") || file.isText(s, "#else") {
            if !ifStack.isEmpty { ifStack[ifStack.count - 1].branch += 1 }
            return endOfDirectiveLine(s, limit: limit)
        } else if file.isText(s, "#endif") {
            if !ifStack.isEmpty { ifStack.removeLast() }
            return s + 1
        } else {
            // A macro expansion such as `#Preview { ... }` or `#warning("...")`.
            var j = s + 1
            if file.kind(j) == .leftParen, !file.startsLine[j] { j = skipGroup(j, limit: limit) }
            if file.kind(j) == .leftBrace, !file.startsLine[j] {
                let close = Int(file.match[j])
                if close > j, close < limit, depth < DeclarationScanner.maxTypeDepth {
                    // `@Previewable @StateObject var store = Store()` lives in such a body.
                    var inner = FileDeclarations(types: [], imports: [], typeAliases: [], topLevelFunctions: [], topLevelProperties: [])
                    let members = scanMembers(from: j + 1, to: close, path: path, depth: depth + 1, out: &inner)
                    macroBodyProperties += members.properties.filter { !$0.attributes.isEmpty }
                    macroBodyTypes += inner.types.filter { $0.kind != .extension && $0.properties.contains { !$0.attributes.isEmpty } }
                }
                j = skipGroup(j, limit: limit)
            }
            return j
        }
    }

    func endOfDirectiveLine(_ s: Int, limit: Int) -> Int {
        var j = s + 1
        while j < limit, !file.startsLine[j] { j += 1 }
        return j
    }

    /// End of a type written after `:` or `=`: stops at `=`, `{`, a binding comma, a line
    /// that does not continue it, or the end of the member.
    func typeEnd(from s: Int, limit: Int) -> Int {
        var i = s
        var angles = 0
        while i < limit {
            if i > s, file.startsLine[i], startsDeclaration(i) || file.kind(i) == .identifier && !continuesType(i) {
                return i
            }
            switch file.kind(i) {
            case .leftBrace, .rightBrace, .semicolon, .rightParen, .rightBracket: return i
            // No type holds a string literal or `$x`, nor a number outside `<...>` (`InlineArray<4, Int>`
            // has one inside): broken code (`var x: Doublez""`) ends the type there, so that no
            // rewrite copies a string into the declarations it adds (found by fuzzing).
            case .string, .regex, .dollarIdentifier, .poundKeyword: return i
            case .number where angles == 0: return i
            case .comma where angles == 0: return i
            // An attribute begins a type or a parameter's (`@escaping () -> Void`), never follows
            // a name (`String@AppStorage("k")`, broken code, found by fuzzing).
            case .attribute where i > s && [.identifier, .rightParen, .rightBracket].contains(file.kind(i - 1)): return i
            case .leftParen, .leftBracket:
                let end = skipGroup(i, limit: limit)
                if (i..<end).contains(where: { [.string, .regex, .dollarIdentifier].contains(file.kind($0)) }) { return i }
                i = end
            case .operator:
                if file.isText(i, "=") { return i }
                if let delta = angleDelta(i) {
                    angles += delta
                    if angles < 0 { return i }
                } else if !(isTypeOperator(i) || file.bytes[file.token(i).range].allSatisfy({
                    $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: ">")
                })) {
                    return i
                }
                i += 1
            case .identifier:
                if file.isText(i, "where") { return i }
                i += 1
            default: i += 1
            }
        }
        return limit
    }

    func continuesType(_ s: Int) -> Bool {
        let prev = s - 1
        guard prev >= 0 else { return false }
        switch file.kind(prev) {
        case .comma, .colon, .period, .leftParen, .leftBracket: return true
        case .operator: return !file.isText(prev, "?") && !file.isText(prev, "!")
        default: return false
        }
    }

    /// Appends the bindings of the `var`/`let` at `s` to `result` (no array of its own: most
    /// declare one); returns the token after them.
    mutating func parseProperties(_ s: Int, isLet: Bool, limit: Int, attrs: [Attribute], mods: [Modifier],
                                  startToken: Int, into result: inout [PropertyDecl]) -> Int {
        var i = s + 1
        while i < limit {
            var name: String? = nil
            var nameToken: Int? = nil
            if file.kind(i) == .identifier {
                name = file.name(i)
                nameToken = i
                i += 1
            } else if file.kind(i) == .leftParen {
                i = skipGroup(i, limit: limit)
            } else {
                break
            }
            var typeText: String? = nil
            var typeRange: Range<Int>? = nil
            if file.kind(i) == .colon {
                let end = typeEnd(from: i + 1, limit: limit)
                if end > i + 1 {
                    typeText = file.joinedText((i + 1)..<end)
                    typeRange = file.span(i + 1, through: end - 1)
                }
                i = end
            }
            var initializer: Range<Int>? = nil
            if file.isText(i, "=") {
                let end = expressionEnd(from: i + 1, limit: limit)
                initializer = (i + 1)..<end
                i = end
            }
            var accessor: (open: Int, close: Int)? = nil
            var computed = false
            if file.kind(i) == .leftBrace, !(file.startsLine[i] && initializer == nil && typeText == nil) {
                let m = Int(file.match[i])
                if m > i, m < limit {
                    accessor = (i, m)
                    computed = !isObserverBlock(i)
                    i = m + 1
                }
            }
            result.append(PropertyDecl(
                attributes: attrs, modifiers: mods, keyword: isLet ? "let" : "var", keywordToken: s,
                name: name, nameToken: nameToken, typeText: typeText, typeRange: typeRange,
                initializer: initializer, accessorBlock: accessor, isComputed: computed,
                start: file.start(startToken), startToken: startToken, endToken: max(i - 1, s),
                ifConfig: ifStack))
            if file.kind(i) == .comma { i += 1 } else { break }
        }
        return i
    }

    mutating func parseFunction(_ s: Int, kind: FunctionKind, limit: Int, attrs: [Attribute], mods: [Modifier],
                                startToken: Int) -> (FunctionDecl, Int) {
        var i = s + 1
        var name = kind.rawValue
        if kind == .func, i < limit, file.kind(i) == .identifier || file.kind(i) == .operator {
            name = file.name(i)
            i += 1
        }
        var body: (open: Int, close: Int)? = nil
        var returnType: String? = nil
        // Signature: everything up to the body's `{`, or a line that starts another member.
        while i < limit {
            let k = file.kind(i)
            if k == .leftBrace {
                let m = Int(file.match[i])
                if m > i, m < limit { body = (i, m); i = m + 1 } else { i += 1 }
                break
            }
            if k == .rightBrace || k == .semicolon { break }
            if file.startsLine[i], startsDeclaration(i) { break }
            if k == .operator, file.isText(i, "->") {
                let end = typeEnd(from: i + 1, limit: limit)
                returnType = file.joinedText((i + 1)..<end)
                i = max(end, i + 1)
                continue
            }
            i = k == .leftParen || k == .leftBracket ? skipGroup(i, limit: limit) : i + 1
        }
        let fn = FunctionDecl(kind: kind, name: name, attributes: attrs, modifiers: mods,
                              start: file.start(startToken), startToken: startToken, body: body, returnType: returnType,
                              endToken: max(i - 1, s), ifConfig: ifStack)
        return (fn, i)
    }

    mutating func parseType(_ s: Int, kind: TypeKind, limit: Int, attrs: [Attribute], mods: [Modifier], startToken: Int,
                            path: [String], depth: Int, out: inout FileDeclarations) -> Int? {
        // An entry's tokens joined; two names apart in the source stay apart (`Obs` and
        // `ervableObject` around a comment are no `ObservableObject`).
        func entryName(_ range: Range<Int>) -> String {
            var spaced = false
            for k in range.dropFirst() where file.kind(k) == .identifier && file.kind(k - 1) == .identifier { spaced = true; break }
            guard spaced else { return file.joinedText(range) }
            return range.map { file.text($0) }.joined(separator: " ")
        }
        var i = s + 1
        guard file.kind(i) == .identifier else { return nil }
        let nameStart = i
        i += 1
        if kind == .extension {
            while file.kind(i) == .period, file.kind(i + 1) == .identifier { i += 2 }
        }
        let nameEnd = i - 1
        let name = file.joinedText(nameStart..<i)
        var generics: String? = nil
        if isOpenAngle(i) {
            let end = skipAngles(i, limit: limit)
            generics = file.joinedText(i..<end)
            i = end
        }
        var colon: Int? = nil
        var inheritance: [InheritedType] = []
        if file.kind(i) == .colon {
            colon = i
            i += 1
            var entryStart = i
            var angles = 0
            while i < limit {
                let k = file.kind(i)
                let atEnd = k == .leftBrace || file.isIdentifier(i, "where") || k == .rightBrace || k == .semicolon
                if atEnd || (k == .comma && angles == 0) {
                    if i > entryStart {
                        inheritance.append(InheritedType(
                            name: entryName(entryStart..<i), firstToken: entryStart, lastToken: i - 1,
                            range: file.span(entryStart, through: i - 1)))
                    }
                    if atEnd { break }
                    i += 1
                    entryStart = i
                    continue
                }
                if k == .operator {
                    for b in file.bytes[file.token(i).range] where b == UInt8(ascii: "<") || b == UInt8(ascii: ">") {
                        angles += b == UInt8(ascii: "<") ? 1 : -1
                    }
                }
                if k == .leftParen || k == .leftBracket { i = skipGroup(i, limit: limit) } else { i += 1 }
            }
        }
        var whereClause: Range<Int>? = nil
        if file.isIdentifier(i, "where") {
            let whereStart = i
            while i < limit, file.kind(i) != .leftBrace, file.kind(i) != .rightBrace {
                i = file.kind(i) == .leftParen || file.kind(i) == .leftBracket ? skipGroup(i, limit: limit) : i + 1
            }
            if i > whereStart { whereClause = file.span(whereStart, through: i - 1) }
        }
        guard file.kind(i) == .leftBrace else { return nil }
        let close = Int(file.match[i])
        guard close > i, close < limit else { return nil }
        let ifConfig = ifStack
        let index = out.types.count
        out.types.append(TypeDecl(
            kind: kind, name: name, path: path, keywordToken: s, nameTokens: nameStart...nameEnd,
            genericParameters: generics, attributes: attrs, modifiers: mods, inheritanceColon: colon,
            inheritance: inheritance, whereClause: whereClause, start: file.start(startToken),
            startToken: startToken, bodyOpen: i, bodyClose: close, properties: [], functions: [],
            ifConfig: ifConfig))
        if depth < DeclarationScanner.maxTypeDepth {
            let innerPath = name.utf8.contains(UInt8(ascii: ".")) ? path + name.split(separator: ".").map(String.init) : path + [name]
            let saved = ifStack
            let members = scanMembers(from: i + 1, to: close, path: innerPath, depth: depth + 1, out: &out)
            ifStack = saved
            out.types[index].properties = members.properties.trimmed()
            out.types[index].functions = members.functions.trimmed()
        }
        return close + 1
    }
}

extension Array {
    /// The same elements in storage of exactly their count: declarations are kept for every
    /// file of a project, and arrays grown by appending carry up to as much again unused.
    func trimmed() -> [Element] {
        guard capacity > count else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: self)
            initialized = count
        }
    }
}
