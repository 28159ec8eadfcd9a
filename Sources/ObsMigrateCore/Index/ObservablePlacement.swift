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
