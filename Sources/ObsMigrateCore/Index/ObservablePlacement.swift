/// Where the project writes `@Observable` on a class: on a line of its own
/// (`@Observable` / `final class M`) or before the declaration on its line
/// (`@Observable final class M`). The migration follows the project's own `@Observable`
/// classes, most of them deciding; a project with none yet, or as many of each, gets it inline.
/// `observable-placement` in `.obs-migrate.json` sets it for every class.
public enum ObservablePlacement: String, Sendable, Equatable, CaseIterable {
    case inline
    case ownLine = "own-line"
}

extension ProjectIndex {
    /// Counts the project's `@Observable` class declarations by where the attribute ends: at the
    /// end of its line (a comment after it aside), or before more of the declaration.
    static func observablePlacement(_ symbols: SymbolTable, files: [ProjectFile]) -> ObservablePlacement {
        var ownLine = 0, inline = 0
        for name in symbols.observableTypes.sorted() {
            for ref in symbols.declared[name]?.array ?? [] {
                let decl = symbols.type(ref)
                guard decl.kind == .class, let attribute = decl.attributes.first(where: { $0.name == "Observable" }) else { continue }
                let source = files[ref.file].source
                if endsItsLine(source.bytes, after: attribute.range.upperBound) { ownLine += 1 } else { inline += 1 }
            }
        }
        return ownLine > inline ? .ownLine : .inline
    }

    /// Whether only blanks, or a comment, follow `offset` on its line.
    static func endsItsLine(_ bytes: [UInt8], after offset: Int) -> Bool {
        var i = offset
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count else { return true }
        if bytes[i] == 0x0A || bytes[i] == 0x0D { return true }
        return bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*"))
    }
}

extension ProjectIndex {
    /// The SwiftUI and Observation names the migration writes that a project type or typealias
    /// also has (an `enum State` of a view, an `enum Environment` of API hosts): where one is
    /// declared, the fix writes the name qualified by its module (`@SwiftUI.State`), since the
    /// project's own would be found first.
    static let writtenFrameworkNames: [String: String] = [
        "State": "SwiftUI", "Environment": "SwiftUI", "Bindable": "SwiftUI", "Observable": "Observation",
    ]

    static func shadowedFrameworkNames(_ symbols: SymbolTable) -> Set<String> {
        Set(writtenFrameworkNames.keys.filter { name in
            symbols.bySimpleName[name] != nil || symbols.typeAliases[name] != nil
        })
    }

    /// `name` as the fix writes it at token `s` of `file`: qualified by its module when a type
    /// or typealias of the project by that name is visible there (declared at the top level, or
    /// in a type enclosing `s`), as Swift would find it first.
    public func frameworkName(_ name: String, at s: Int, in file: Int) -> String {
        guard shadowedFrameworkNames.contains(name), let module = Self.writtenFrameworkNames[name] else { return name }
        let scope = scopePath(s, file)
        let enclosing = Set(scope.indices.map { scope[...$0].joined(separator: ".") })
        let modules = Set(moduleOfFile.values)
        func visible(_ qualified: String, privateElsewhere: Bool) -> Bool {
            let parent = qualified == name ? "" : String(qualified.dropLast(name.count + 1))
            if parent.isEmpty || modules.contains(parent) { return !privateElsewhere }
            return enclosing.contains(parent)
        }
        // A `private` or `fileprivate` top-level type is seen in its own file only.
        let typeVisible = (bySimpleName[name]?.array ?? []).contains { qualified in
            (declared[qualified]?.array ?? []).contains { ref in
                let isPrivate = type(ref).modifiers.contains { $0.text == "private" || $0.text == "fileprivate" }
                return visible(qualified, privateElsewhere: isPrivate && ref.file != file)
            }
        }
        // Aliases are kept by simple name too: the scope an alias is declared in is its path.
        let aliasVisible = typeAliases.contains { key, alias in
            (key == name || key.hasSuffix("." + name)) && visible((alias.path + [name]).joined(separator: "."), privateElsewhere: false)
        }
        let visible = typeVisible || aliasVisible
        return visible ? module + "." + name : name
    }
}
