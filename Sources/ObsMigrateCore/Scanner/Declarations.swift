/// What the declaration scanner finds in a file. Ranges are byte offsets into the file;
/// `...Token` fields are significant-token indices (see `SourceFile.sig`).

public struct Attribute: Sendable, Equatable {
    /// Name without `@`: `MainActor`, `Published`, `Environment`.
    public var name: String
    public var token: Int { get { Int(storedToken) } set { storedToken = Int32(newValue) } }
    /// From `@` through the closing `)` of the arguments, if any.
    public var range: Range<Int> { get { storedRange.range } set { storedRange = CompactRange(newValue) } }
    /// The argument list including parentheses.
    public var arguments: Range<Int>? { get { storedArguments.optionalRange } set { storedArguments = CompactRange(newValue) } }

    // Declarations are kept for every file of a project: offsets are stored in 32 bits (files
    // are far below 2 GiB), which about halves these structures.
    private var storedToken: Int32
    private var storedRange: CompactRange
    private var storedArguments: CompactRange

    public init(name: String, token: Int, range: Range<Int>, arguments: Range<Int>?) {
        self.name = name
        storedToken = Int32(token)
        storedRange = CompactRange(range)
        storedArguments = CompactRange(arguments)
    }
}

/// A `Range<Int>`, an optional one or a pair of token indices in 8 bytes instead of 17.
struct CompactRange: Sendable, Equatable, Hashable {
    private var lower: Int32
    private var upper: Int32

    init(_ range: Range<Int>) { lower = Int32(range.lowerBound); upper = Int32(range.upperBound) }
    init(_ range: Range<Int>?) {
        lower = range.map { Int32($0.lowerBound) } ?? -1
        upper = range.map { Int32($0.upperBound) } ?? -1
    }
    init(_ pair: (open: Int, close: Int)?) {
        if let pair { lower = Int32(pair.open); upper = Int32(pair.close) } else { lower = -1; upper = -1 }
    }

    var range: Range<Int> { Int(lower)..<Int(upper) }
    var optionalRange: Range<Int>? { lower < 0 ? nil : range }
    var pair: (open: Int, close: Int)? { lower < 0 ? nil : (Int(lower), Int(upper)) }
}

/// An optional index or offset in 4 bytes instead of 9.
struct CompactIndex: Sendable, Equatable, Hashable {
    private var value: Int32
    init(_ value: Int?) { self.value = value.map(Int32.init) ?? -1 }
    var optional: Int? { value < 0 ? nil : Int(value) }
}

public struct Modifier: Sendable, Equatable {
    /// `private`, `private(set)`, `static`, `lazy`, ...
    public var text: String
    public var token: Int { get { Int(storedToken) } set { storedToken = Int32(newValue) } }
    public var range: Range<Int> { get { storedRange.range } set { storedRange = CompactRange(newValue) } }

    // 32-bit storage, as in `Attribute`.
    private var storedToken: Int32
    private var storedRange: CompactRange

    public init(text: String, token: Int, range: Range<Int>) {
        self.text = text
        storedToken = Int32(token)
        storedRange = CompactRange(range)
    }
}

public struct InheritedType: Sendable, Equatable {
    /// Tokens joined without trivia: `ObservableObject`, `Combine.ObservableObject`, `P<Int>`.
    public var name: String
    public var firstToken: Int { get { Int(storedTokens.range.lowerBound) } set { storedTokens = CompactRange(newValue..<lastToken) } }
    public var lastToken: Int { get { Int(storedTokens.range.upperBound) } set { storedTokens = CompactRange(firstToken..<newValue) } }
    public var range: Range<Int> { get { storedRange.range } set { storedRange = CompactRange(newValue) } }

    // 32-bit storage, as in `Attribute`; the token pair is first and last (inclusive).
    private var storedTokens: CompactRange
    private var storedRange: CompactRange

    public init(name: String, firstToken: Int, lastToken: Int, range: Range<Int>) {
        self.name = name
        storedTokens = CompactRange(firstToken..<lastToken)
        storedRange = CompactRange(range)
    }

    /// The last dotted component, generic arguments dropped: `Combine.ObservableObject` → `ObservableObject`.
    public var baseName: String { TypeName.base(name) }
}

/// Where a declaration sits among `#if` blocks: one entry per enclosing `#if`,
/// the directive's byte offset and the 0-based branch (`#if` 0, each `#elseif`/`#else` +1).
public struct IfConfigBranch: Sendable, Hashable {
    public var directive: Int
    public var branch: Int
}

public enum TypeKind: String, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
}

public struct PropertyDecl: Sendable {
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    /// `var` or `let`.
    public var keyword: String { get { isLet ? "let" : "var" } set { isLet = newValue == "let" } }
    public var keywordToken: Int { get { Int(storedKeywordToken) } set { storedKeywordToken = Int32(newValue) } }
    /// nil for a tuple pattern (`let (a, b) = ...`).
    public var name: String?
    public var nameToken: Int? { get { storedNameToken.optional } set { storedNameToken = CompactIndex(newValue) } }
    /// Type annotation text without trivia, and its byte range.
    public var typeText: String?
    public var typeRange: Range<Int>? { get { storedTypeRange.optionalRange } set { storedTypeRange = CompactRange(newValue) } }
    /// Significant tokens of the initializer expression (after `=`).
    public var initializer: Range<Int>? { get { storedInitializer.optionalRange } set { storedInitializer = CompactRange(newValue) } }
    /// `{` and `}` of the accessor or observer block.
    public var accessorBlock: (open: Int, close: Int)? { get { storedAccessorBlock.pair } set { storedAccessorBlock = CompactRange(newValue) } }
    /// Has a getter (computed), as opposed to no block or only `willSet`/`didSet`.
    public var isComputed: Bool
    /// Byte offset where the declaration starts (first attribute, modifier or keyword).
    public var start: Int { get { Int(storedStart) } set { storedStart = Int32(newValue) } }
    public var startToken: Int { get { Int(storedStartToken) } set { storedStartToken = Int32(newValue) } }
    /// Last significant token of the declaration.
    public var endToken: Int { get { Int(storedEndToken) } set { storedEndToken = Int32(newValue) } }
    public var ifConfig: [IfConfigBranch]

    // 32-bit storage, as in `Attribute`.
    private var isLet: Bool
    private var storedKeywordToken: Int32
    private var storedNameToken: CompactIndex
    private var storedTypeRange: CompactRange
    private var storedInitializer: CompactRange
    private var storedAccessorBlock: CompactRange
    private var storedStart: Int32
    private var storedStartToken: Int32
    private var storedEndToken: Int32

    public init(attributes: [Attribute], modifiers: [Modifier], keyword: String, keywordToken: Int, name: String?,
                nameToken: Int?, typeText: String?, typeRange: Range<Int>?, initializer: Range<Int>?,
                accessorBlock: (open: Int, close: Int)?, isComputed: Bool, start: Int, startToken: Int, endToken: Int,
                ifConfig: [IfConfigBranch]) {
        self.attributes = attributes
        self.modifiers = modifiers
        isLet = keyword == "let"
        storedKeywordToken = Int32(keywordToken)
        self.name = name
        storedNameToken = CompactIndex(nameToken)
        self.typeText = typeText
        storedTypeRange = CompactRange(typeRange)
        storedInitializer = CompactRange(initializer)
        storedAccessorBlock = CompactRange(accessorBlock)
        self.isComputed = isComputed
        storedStart = Int32(start)
        storedStartToken = Int32(startToken)
        storedEndToken = Int32(endToken)
        self.ifConfig = ifConfig
    }

    public func hasModifier(_ text: String) -> Bool { modifiers.contains { $0.text == text } }
    public func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    public var isStatic: Bool { hasModifier("static") || hasModifier("class") }
}

public enum FunctionKind: String, Sendable { case `func`, `init`, `deinit`, `subscript` }

public struct FunctionDecl: Sendable {
    public var kind: FunctionKind
    public var name: String
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var start: Int { get { Int(storedStart) } set { storedStart = Int32(newValue) } }
    public var startToken: Int { get { Int(storedStartToken) } set { storedStartToken = Int32(newValue) } }
    /// `{` and `}` of the body; nil for a requirement without body.
    public var body: (open: Int, close: Int)? { get { storedBody.pair } set { storedBody = CompactRange(newValue) } }
    /// Text after `->`, without trivia.
    public var returnType: String?
    /// No return type written, `Void` or `()`: the function hands out no value.
    public var returnsNothing: Bool { ["", "Void", "()"].contains((returnType ?? "").filter { !$0.isWhitespace }) }
    public var endToken: Int { get { Int(storedEndToken) } set { storedEndToken = Int32(newValue) } }
    public var ifConfig: [IfConfigBranch]

    // 32-bit storage, as in `Attribute`.
    private var storedStart: Int32
    private var storedStartToken: Int32
    private var storedBody: CompactRange
    private var storedEndToken: Int32

    public init(kind: FunctionKind, name: String, attributes: [Attribute], modifiers: [Modifier], start: Int,
                startToken: Int, body: (open: Int, close: Int)?, returnType: String?, endToken: Int,
                ifConfig: [IfConfigBranch]) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.modifiers = modifiers
        storedStart = Int32(start)
        storedStartToken = Int32(startToken)
        storedBody = CompactRange(body)
        self.returnType = returnType
        storedEndToken = Int32(endToken)
        self.ifConfig = ifConfig
    }
}

public struct TypeAliasDecl: Sendable {
    public var name: String
    public var target: String
    public var path: [String]
    /// The target's members, split at `&` (`ObservableObject & Identifiable`: two; a plain
    /// name: one), with their tokens and bytes, for a composition the migration edits.
    public var members: [InheritedType] = []
}

public struct ImportDecl: Sendable {
    public var module: String
    public var token: Int
    /// First and last significant tokens (attributes included).
    public var startToken: Int
    public var endToken: Int
    public var ifConfig: [IfConfigBranch]
}

public struct TypeDecl: Sendable {
    public let kind: TypeKind
    /// Declared name; for an extension the extended type as written (`Feature.ViewModel`).
    public let name: String
    /// Names of the enclosing types, outermost first; with modules told apart, the module first.
    public private(set) var path: [String]
    public var keywordToken: Int { get { Int(storedKeywordToken) } set { storedKeywordToken = Int32(newValue) } }
    /// First and last significant token of the name.
    public var nameTokens: ClosedRange<Int> {
        get { storedNameTokens.range.lowerBound...storedNameTokens.range.upperBound }
        set { storedNameTokens = CompactRange(newValue.lowerBound..<newValue.upperBound) }
    }
    public var genericParameters: String?
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var inheritanceColon: Int? { get { storedInheritanceColon.optional } set { storedInheritanceColon = CompactIndex(newValue) } }
    public var inheritance: [InheritedType]
    public var whereClause: Range<Int>? { get { storedWhereClause.optionalRange } set { storedWhereClause = CompactRange(newValue) } }
    public var start: Int { get { Int(storedStart) } set { storedStart = Int32(newValue) } }
    public var startToken: Int { get { Int(storedStartToken) } set { storedStartToken = Int32(newValue) } }
    public var bodyOpen: Int { get { Int(storedBodyOpen) } set { storedBodyOpen = Int32(newValue) } }
    public var bodyClose: Int { get { Int(storedBodyClose) } set { storedBodyClose = Int32(newValue) } }
    public var properties: [PropertyDecl]
    public var functions: [FunctionDecl]
    public var ifConfig: [IfConfigBranch]

    /// `Outer.Inner`; for an extension of `A.B` inside nothing, `A.B`. Stored: the index asks
    /// for it for every type, many times.
    public private(set) var qualifiedName: String
    /// Last component: what other code usually calls the type.
    public let simpleName: String

    // 32-bit storage, as in `Attribute`.
    private var storedKeywordToken: Int32
    private var storedNameTokens: CompactRange
    private var storedInheritanceColon: CompactIndex
    private var storedWhereClause: CompactRange
    private var storedStart: Int32
    private var storedStartToken: Int32
    private var storedBodyOpen: Int32
    private var storedBodyClose: Int32

    public init(kind: TypeKind, name: String, path: [String], keywordToken: Int, nameTokens: ClosedRange<Int>,
                genericParameters: String?, attributes: [Attribute], modifiers: [Modifier], inheritanceColon: Int?,
                inheritance: [InheritedType], whereClause: Range<Int>?, start: Int, startToken: Int,
                bodyOpen: Int, bodyClose: Int, properties: [PropertyDecl], functions: [FunctionDecl],
                ifConfig: [IfConfigBranch]) {
        self.kind = kind
        self.name = name
        self.path = path
        storedKeywordToken = Int32(keywordToken)
        storedNameTokens = CompactRange(nameTokens.lowerBound..<nameTokens.upperBound)
        self.genericParameters = genericParameters
        self.attributes = attributes
        self.modifiers = modifiers
        storedInheritanceColon = CompactIndex(inheritanceColon)
        self.inheritance = inheritance
        storedWhereClause = CompactRange(whereClause)
        storedStart = Int32(start)
        storedStartToken = Int32(startToken)
        storedBodyOpen = Int32(bodyOpen)
        storedBodyClose = Int32(bodyClose)
        self.properties = properties
        self.functions = functions
        self.ifConfig = ifConfig
        qualifiedName = TypeName.qualified(name, in: path)
        simpleName = TypeName.base(name)
    }

    /// Places the type in `module`, as Swift's fully qualified names do (`B.Store`): same-named
    /// types of two modules stay two types.
    public mutating func placeInModule(_ module: String) {
        path.insert(module, at: 0)
        qualifiedName = TypeName.qualified(name, in: path)
    }

    public func inherits(_ baseName: String) -> InheritedType? {
        inheritance.first { $0.baseName == baseName }
    }
    public func property(named name: String) -> PropertyDecl? { properties.first { $0.name == name } }
    /// The braces of `body`: a View's computed property or a ViewModifier's `func body(content:)`.
    public var bodyBlock: (open: Int, close: Int)? {
        if let p = properties.first(where: { $0.name == "body" && $0.isComputed && !$0.isStatic }), let block = p.accessorBlock {
            return block
        }
        return functions.first { $0.kind == .func && $0.name == "body" }?.body
    }
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
}

public struct FileDeclarations: Sendable {
    /// Every type and extension at every nesting level, in source order.
    public var types: [TypeDecl]
    public var imports: [ImportDecl]
    public var typeAliases: [TypeAliasDecl]
    public var topLevelFunctions: [FunctionDecl]
    public var topLevelProperties: [PropertyDecl]
    /// Attributed locals of macro bodies (`@Previewable @StateObject var m = M()` in `#Preview`).
    public var macroBodyProperties: [PropertyDecl] = []
    /// Types declared in macro bodies that hold attributed properties (`#Preview { struct Demo:
    /// View { @EnvironmentObject var m: M ... } }`): their wrappers are rewritten like any
    /// other, but they are no declarations of the project (a local type's name is its own).
    public var macroBodyTypes: [TypeDecl] = []
}

public enum TypeName {
    /// A set of ASCII bytes, for the fast paths below, which look at every byte of every name.
    struct ByteSet {
        let low: UInt64, high: UInt64
        init(_ bytes: [UInt8]) {
            var low: UInt64 = 0, high: UInt64 = 0
            for b in bytes where b < 128 { if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) } }
            (self.low, self.high) = (low, high)
        }

        /// Whether `text` holds any of the bytes, read from the string's storage directly.
        func isAnyIn(_ text: String) -> Bool {
            func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
                for b in bytes where b < 128 {
                    if b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b - 64)) != 0 { return true }
                }
                return false
            }
            return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
        }
    }

    static let decorations = ByteSet(Array("<?!.`".utf8))

    /// Whether `name` may be spelled as a type: upper case first, after any leading underscores
    /// (`_Storage`, Xcode template placeholders such as `___VARIABLE_sceneName___State`), or a
    /// first character that has no case (`📱AppModel`), which callers check is declared.
    public static func isCapitalized(_ name: String) -> Bool {
        guard let first = name.first(where: { $0 != "_" }) else { return false }
        return first.isUppercase || !first.isLetter && !first.isNumber
    }

    /// `name` qualified by its enclosing scopes (`["A", "B"]`, `C` → `A.B.C`), built in one
    /// buffer: `joined` over a temporary array costs several times as much, and resolving
    /// names builds many.
    public static func qualified<Scopes: Collection<String>>(_ name: String, in scopes: Scopes) -> String {
        guard !scopes.isEmpty else { return name }
        var result = ""
        result.reserveCapacity(scopes.reduce(name.utf8.count) { $0 + $1.utf8.count + 1 })
        for scope in scopes {
            result += scope
            result += "."
        }
        result += name
        return result
    }

    /// `Combine.ObservableObject` → `ObservableObject`; `Box<Int>` → `Box`; `M?` → `M`.
    public static func base(_ name: String) -> String {
        // Most names are plain (`Model`): nothing to drop, no copy.
        if !decorations.isAnyIn(name) { return name }
        var s = Substring(name)
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        while let last = s.last, last == "?" || last == "!" { s = s.dropLast() }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        if s.hasPrefix("`"), s.hasSuffix("`"), s.count >= 2 { s = s.dropFirst().dropLast() }
        return String(s)
    }
}
