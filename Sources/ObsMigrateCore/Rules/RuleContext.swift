/// What a rule sees: one file, and the project index with its decisions.
public struct RuleContext: Sendable {
    public let index: ProjectIndex
    public let fileIndex: Int

    public init(index: ProjectIndex, fileIndex: Int) {
        self.index = index
        self.fileIndex = fileIndex
    }

    /// The wrapper type that replaces the one named at token `s` (`StateObject(wrappedValue:)`):
    /// qualified by its module where the project's own type of that name would be found first,
    /// unless `s` is already qualified (`SwiftUI.StateObject`).
    func wrapperName(_ name: String, at s: Int) -> String {
        source.kind(s - 1) == .period ? name : index.frameworkName(name, at: s, in: fileIndex)
    }

    public var file: ProjectFile { index.files[fileIndex] }
    public var source: SourceFile { index.files[fileIndex].source }
    public var decls: FileDeclarations { index.files[fileIndex].decls }

    /// Whether the type migrates (a model that migrates, or a class already `@Observable` that is
    /// no ObservableObject through a superclass from outside the project).
    public func migrates(_ type: String?) -> Bool {
        guard let type else { return false }
        if let model = index.models[type] { return model.migrates }
        return index.observableTypes.contains(type) && index.frameworkObservableSuperclass[type] == nil
    }

    /// Why `type` keeps ObservableObject, with where: the first reason, and how many more.
    public func whyBlocked(_ type: String) -> String { index.explanations[type] ?? "" }

    public func sites<T>(_ list: [T], _ byFile: [Int: [Int]]) -> [T] { (byFile[fileIndex] ?? []).map { list[$0] } }

    /// The site's type in messages; for a generic one, its parameter and protocol.
    public func shownType(_ site: WrapperSite) -> String {
        if let type = site.type { return TypeName.base(type) }
        if let k = site.protocolFamily { return "\(ProjectIndex.stripType(site.writtenType ?? "")) (a \(TypeName.base(index.protocolFamilies[k].name)))" }
        return ProjectIndex.stripType(site.writtenType ?? "")
    }

    /// A sentence for a wrapper initialisation whose type does not migrate.
    public func whyNotMigrating(_ use: WrapperInit) -> String {
        if use.type == nil, let i = use.siteIndex, index.wrapperSites[i].protocolFamily != nil { return whyNotMigrating(index.wrapperSites[i]) }
        return whyNotMigrating(type: use.type, written: nil)
    }

    /// A sentence for a view site whose type does not migrate: blocked, generic, unknown or external.
    public func whyNotMigrating(_ site: WrapperSite) -> String {
        if site.type == nil, let k = site.protocolFamily {
            let family = index.protocolFamilies[k]
            let parameter = ProjectIndex.stripType(site.writtenType ?? "")
            guard let representative = index.familyCulprit(k) else {
                return "\(parameter) is constrained to \(TypeName.base(family.name)), which refines ObservableObject and no class in the scanned sources conforms to"
            }
            return "\(parameter) is constrained to \(TypeName.base(family.name)), whose classes keep ObservableObject: \(whyNotMigrating(type: representative, written: nil))"
        }
        if site.type == nil, let written = site.writtenType, let owner = site.owner,
           let generics = index.type(owner).genericParameters {
            let names = generics.dropFirst().dropLast().split(separator: ",").map { $0.split(separator: ":").first.map(String.init) ?? "" }
            if names.contains(ProjectIndex.stripType(written)) {
                return "\(ProjectIndex.stripType(written)) is a generic parameter, constrained to ObservableObject"
            }
        }
        return whyNotMigrating(type: site.type, written: site.writtenType)
    }

    /// A type not declared in the files that were read: unless a file that could not be used
    /// names it, in which case it may well be declared there.
    func notDeclared(_ name: String) -> String {
        let word = Array(TypeName.base(name).utf8)
        for file in index.unusableFiles {
            let mayHold = file.bytes.map { ByteSearch.firstOffset(of: word, in: $0, range: 0..<$0.count) != nil } ?? true
            if mayHold { return "\(name) may be declared in \(file.path), which could not be used (\(file.reason))" }
        }
        return "\(name) is not declared in the scanned sources"
    }

    public func whyNotMigrating(type: String?, written: String?) -> String {
        if let type, index.models[type] != nil {
            return "\(TypeName.base(type)) keeps ObservableObject: \(whyBlocked(type))"
        }
        if let type, index.declared[type] == nil { return notDeclared(TypeName.base(type)) }
        if let type, let reason = index.frameworkSuperclassReason(type) { return reason }
        if let type { return "\(TypeName.base(type)) does not conform to ObservableObject in the scanned sources" }
        if let written { return notDeclared(ProjectIndex.stripType(written)) }
        return "its type cannot be told (add a type annotation)"
    }
}

/// Byte-range edit builders that keep the file's layout: no blank line left where an attribute
/// stood alone, inserted lines indented like their neighbours, the file's own line endings.
enum Edits {
    /// Deletes an attribute (or any token run) from `range`; if it is alone on its line,
    /// the whole line goes, else the spaces after it go with it.
    static func deleteToken(_ range: Range<Int>, in source: SourceFile) -> Edit {
        let bytes = source.bytes
        // Blanks before the token, looked at backwards from it: a long line (thousands of
        // declarations on one) costs only its indentation, not its length, per edit.
        var blankStart = range.lowerBound
        while blankStart > 0, bytes[blankStart - 1] == 0x20 || bytes[blankStart - 1] == 0x09 { blankStart -= 1 }
        let onlySpaceBefore = blankStart <= source.byteOrderMarkLength || bytes[blankStart - 1] == 0x0A || bytes[blankStart - 1] == 0x0D
        let lineStart = onlySpaceBefore ? max(blankStart, min(source.byteOrderMarkLength, range.lowerBound)) : blankStart
        var after = range.upperBound
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        let atLineEnd = after >= bytes.count || bytes[after] == 0x0A || bytes[after] == 0x0D
        if onlySpaceBefore && atLineEnd {
            return .delete(lineStart..<source.nextLineStart(after: after))
        }
        if atLineEnd {
            // Trailing attribute on a line with code before it: drop the spaces before it instead.
            var before = range.lowerBound
            while before > lineStart, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
            return .delete(before..<range.upperBound)
        }
        return .delete(range.lowerBound..<after)
    }

    /// One indentation step in the file's style: a tab if lines start with tabs, else 4 spaces.
    static func indentUnit(_ source: SourceFile) -> String {
        var i = 0
        let b = source.bytes
        while i < b.count {
            if i == 0 || b[i - 1] == 0x0A {
                if b[i] == 0x09 { return "\t" }
                if b[i] == 0x20 { return "    " }
            }
            i += 1
        }
        return "    "
    }

    /// Removes the conformance at entry `e` of a declaration or extension: an extension that
    /// adds nothing else (an empty body, no comment) goes whole.
    static func removeConformance(_ decl: TypeDecl, entry e: Int, in source: SourceFile) -> [Edit] {
        let empty = decl.kind == .extension && decl.inheritance.count == 1 && decl.bodyClose == decl.bodyOpen + 1
            && !source.hasComment(between: decl.bodyOpen, and: decl.bodyClose)
        return empty ? [deleteDeclaration(decl, in: source)] : removeInheritance(decl, entry: e, in: source)
    }

    /// Deletes a whole declaration, with its line when nothing else shares it.
    static func deleteDeclaration(_ decl: TypeDecl, in source: SourceFile) -> Edit {
        let start = decl.start
        let end = source.end(decl.bodyClose)
        let lineStart = source.lineStart(of: start)
        let bytes = source.bytes
        let aloneBefore = bytes[lineStart..<start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        var after = end
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        let aloneAfter = after >= bytes.count || bytes[after] == 0x0A || bytes[after] == 0x0D
        guard aloneBefore && aloneAfter else { return .delete(start..<end) }
        var deleteStart = lineStart
        let deleteEnd = source.nextLineStart(after: after)
        // Do not leave two blank lines where the extension stood between blank lines.
        let previousBlank = lineStart > 0 && isBlankLine(endingAt: lineStart, in: source)
        if previousBlank, deleteEnd >= bytes.count || isBlank(lineAt: deleteEnd, in: source) {
            deleteStart = source.lineStart(before: lineStart)
        }
        return .delete(deleteStart..<deleteEnd)
    }

    static func isBlank(lineAt offset: Int, in source: SourceFile) -> Bool {
        var i = offset
        let b = source.bytes
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        return i >= b.count || b[i] == 0x0A || b[i] == 0x0D
    }

    /// Whether the line that ends just before `offset` is blank.
    static func isBlankLine(endingAt offset: Int, in source: SourceFile) -> Bool {
        let previousStart = source.lineStart(before: offset)
        return isBlank(lineAt: previousStart, in: source)
    }

    /// Removes entry `e` of a type's inheritance clause with its comma, or the whole `: X`
    /// when it is the only entry. Comments in between are kept.
    static func removeInheritance(_ decl: TypeDecl, entry e: Int, in source: SourceFile) -> [Edit] {
        let entry = decl.inheritance[e]
        let count = decl.inheritance.count
        if count == 1, let colon = decl.inheritanceColon {
            // `class M: ObservableObject {` → `class M {`: from the end of the name or generics.
            let before = source.end(colon - 1)
            let hasComment = source.hasComment(between: colon - 1, and: entry.lastToken)
            if !hasComment {
                // `A : ObservableObject{` keeps one space before the brace.
                let next = entry.range.upperBound < source.bytes.count ? source.bytes[entry.range.upperBound] : 0x20
                let keepSpace = next != 0x20 && next != 0x09 && next != 0x0A && next != 0x0D
                return [Edit(before..<entry.range.upperBound, keepSpace ? " " : "")]
            }
            return [.delete(source.span(colon, through: colon)), .delete(entry.range)]
        }
        if e + 1 < count {
            // Not last: delete from the entry up to the next entry.
            let next = decl.inheritance[e + 1]
            if !source.hasComment(between: entry.lastToken, and: next.firstToken) { return [.delete(entry.range.lowerBound..<next.range.lowerBound)] }
            // `X, // note`: the entry, its comma and the spaces up to the comment go; the comment stays.
            var end = source.end(entry.lastToken + 1)
            while end < source.bytes.count, source.bytes[end] == 0x20 || source.bytes[end] == 0x09 { end += 1 }
            return [.delete(entry.range.lowerBound..<end)]
        }
        // Last: delete from the end of the previous entry through this one.
        let previous = decl.inheritance[e - 1]
        if !source.hasComment(between: previous.lastToken, and: entry.lastToken) { return [.delete(previous.range.upperBound..<entry.range.upperBound)] }
        return [.delete(source.span(entry.firstToken - 1, through: entry.firstToken - 1)), .delete(entry.range)]
    }
}
