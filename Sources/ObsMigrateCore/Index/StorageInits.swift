/// `_x = .init(initialValue: v)` in a model's initializer (or `Published(initialValue:)`,
/// `wrappedValue:`, `self._x`): it sets a `@Published` property without its observers. Under
/// `@Observable`, `_x` is the property's own storage, so `_x = v` does the same (checked with
/// the real macro, designated and convenience initializers).
public struct StorageInit: Sendable {
    public var property: String
    /// What the fix removes around the value: `.init(initialValue: ` and `)`.
    public var opening: Range<Int>
    public var closing: Range<Int>
}

extension ProjectIndex {
    /// The storage initialization at `s` (a `_name` token inside `model`, in file `file`), if it
    /// is one: a statement of its own in an initializer of the model, whose one argument is the
    /// value.
    func storageInit(at s: Int, in file: Int, model: String) -> StorageInit? {
        let source = files[file].source
        guard source.kind(s) == .identifier, source.bytes[source.start(s)] == UInt8(ascii: "_") else { return nil }
        let property = String(source.text(s).dropFirst())
        guard publishedIncludingAncestors(model).contains(property) else { return nil }
        guard source.statementStart(ofOwnMember: s) != nil,
              source.kind(s + 1) == .operator, source.isText(s + 1, "=") else { return nil }
        // `.init(` or `Published(`.
        var open = s + 2
        if source.kind(open) == .period, source.isIdentifier(open + 1, "init") {
            open += 2
        } else if source.isIdentifier(open, "Published") {
            open += 1
        } else {
            return nil
        }
        guard source.kind(open) == .leftParen,
              source.isIdentifier(open + 1, "initialValue") || source.isIdentifier(open + 1, "wrappedValue"),
              source.kind(open + 2) == .colon else { return nil }
        let close = Int(source.match[open])
        let value = open + 3
        guard close > value else { return nil }
        // One argument: no comma at its own level.
        var k = value
        while k < close {
            switch source.kind(k) {
            case .leftParen, .leftBracket, .leftBrace:
                let end = Int(source.match[k])
                guard end > k else { return nil }
                k = end + 1
                continue
            case .comma:
                return nil
            default:
                k += 1
            }
        }
        guard close + 1 >= source.sigCount || source.startsLine[close + 1]
                || source.kind(close + 1) == .semicolon || source.kind(close + 1) == .rightBrace else { return nil }
        guard isInInitializer(s, of: model, in: file) else { return nil }
        // The blanks after `:` go with the opening; those before `)` with the closing, unless a comment is there.
        var openingEnd = source.end(open + 2)
        while openingEnd < source.start(value), source.bytes[openingEnd] == 0x20 || source.bytes[openingEnd] == 0x09 { openingEnd += 1 }
        let between = source.bytes[source.end(close - 1)..<source.start(close)]
        let closingStart = between.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ? source.end(close - 1) : source.start(close)
        return StorageInit(property: property, opening: source.start(s + 2)..<openingEnd, closing: closingStart..<source.end(close))
    }

    /// Whether token `s` is in the body of an initializer declared by `model` or its extensions.
    func isInInitializer(_ s: Int, of model: String, in file: Int) -> Bool {
        guard let m = models[model] else { return false }
        for ref in m.declarations + m.extensions where ref.file == file {
            for fn in type(ref).functions where fn.kind == .`init` {
                if let body = fn.body, body.open < s, s < body.close { return true }
            }
        }
        return false
    }
}
