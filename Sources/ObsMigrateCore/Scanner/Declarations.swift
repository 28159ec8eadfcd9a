/// What the declaration scanner finds in a file. Ranges are byte offsets into the file;
/// `...Token` fields are significant-token indices (see `SourceFile.sig`).

public struct Attribute: Sendable, Equatable {
    /// Name without `@`: `MainActor`, `Published`, `Environment`.
    public var name: String
    public var token: Int
    /// From `@` through the closing `)` of the arguments, if any.
    public var range: Range<Int>
    /// The argument list including parentheses.
    public var arguments: Range<Int>?
}

public struct Modifier: Sendable, Equatable {
    /// `private`, `private(set)`, `static`, `lazy`, ...
    public var text: String
    public var token: Int
    public var range: Range<Int>
}

public struct InheritedType: Sendable, Equatable {
    /// Tokens joined without trivia: `ObservableObject`, `Combine.ObservableObject`, `P<Int>`.
    public var name: String
    public var firstToken: Int
    public var lastToken: Int
    public var range: Range<Int>

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
    public var keyword: String
    public var keywordToken: Int
    /// nil for a tuple pattern (`let (a, b) = ...`).
    public var name: String?
    public var nameToken: Int?
    /// Type annotation text without trivia, and its byte range.
    public var typeText: String?
    public var typeRange: Range<Int>?
    /// Significant tokens of the initializer expression (after `=`).
    public var initializer: Range<Int>?
    /// `{` and `}` of the accessor or observer block.
    public var accessorBlock: (open: Int, close: Int)?
    /// Has a getter (computed), as opposed to no block or only `willSet`/`didSet`.
    public var isComputed: Bool
    /// Byte offset where the declaration starts (first attribute, modifier or keyword).
    public var start: Int
    public var startToken: Int
    /// Last significant token of the declaration.
    public var endToken: Int
    public var ifConfig: [IfConfigBranch]

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
    public var start: Int
    public var startToken: Int
    /// `{` and `}` of the body; nil for a requirement without body.
    public var body: (open: Int, close: Int)?
    /// Text after `->`, without trivia.
    public var returnType: String?
    public var endToken: Int
    public var ifConfig: [IfConfigBranch]
}

public struct TypeAliasDecl: Sendable {
    public var name: String
    public var target: String
    public var path: [String]
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
    /// Names of the enclosing types, outermost first.
    public let path: [String]
    public var keywordToken: Int
    /// First and last significant token of the name.
    public var nameTokens: ClosedRange<Int>
    public var genericParameters: String?
    public var attributes: [Attribute]
    public var modifiers: [Modifier]
    public var inheritanceColon: Int?
    public var inheritance: [InheritedType]
    public var whereClause: Range<Int>?
    public var start: Int
    public var startToken: Int
    public var bodyOpen: Int
    public var bodyClose: Int
    public var properties: [PropertyDecl]
    public var functions: [FunctionDecl]
    public var ifConfig: [IfConfigBranch]

    /// `Outer.Inner`; for an extension of `A.B` inside nothing, `A.B`. Stored: the index asks
    /// for it for every type, many times.
    public let qualifiedName: String
    /// Last component: what other code usually calls the type.
    public let simpleName: String

    public init(kind: TypeKind, name: String, path: [String], keywordToken: Int, nameTokens: ClosedRange<Int>,
                genericParameters: String?, attributes: [Attribute], modifiers: [Modifier], inheritanceColon: Int?,
                inheritance: [InheritedType], whereClause: Range<Int>?, start: Int, startToken: Int,
                bodyOpen: Int, bodyClose: Int, properties: [PropertyDecl], functions: [FunctionDecl],
                ifConfig: [IfConfigBranch]) {
        self.kind = kind
        self.name = name
        self.path = path
        self.keywordToken = keywordToken
        self.nameTokens = nameTokens
        self.genericParameters = genericParameters
        self.attributes = attributes
        self.modifiers = modifiers
        self.inheritanceColon = inheritanceColon
        self.inheritance = inheritance
        self.whereClause = whereClause
        self.start = start
        self.startToken = startToken
        self.bodyOpen = bodyOpen
        self.bodyClose = bodyClose
        self.properties = properties
        self.functions = functions
        self.ifConfig = ifConfig
        qualifiedName = path.isEmpty ? name : (path + [name]).joined(separator: ".")
        simpleName = TypeName.base(name)
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
}

public enum TypeName {
    /// `Combine.ObservableObject` → `ObservableObject`; `Box<Int>` → `Box`; `M?` → `M`.
    public static func base(_ name: String) -> String {
        // Most names are plain (`Model`): nothing to drop, no copy.
        if !name.utf8.contains(where: { $0 == 0x3C || $0 == 0x3F || $0 == 0x21 || $0 == 0x2E || $0 == 0x60 }) { return name }
        var s = Substring(name)
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        while let last = s.last, last == "?" || last == "!" { s = s.dropLast() }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        if s.hasPrefix("`"), s.hasSuffix("`"), s.count >= 2 { s = s.dropFirst().dropLast() }
        return String(s)
    }
}
