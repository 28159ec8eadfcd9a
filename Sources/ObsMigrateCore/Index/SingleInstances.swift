import ObsMigrateSupport

/// How a class made once gets private initializers, so that no later edit can make a second
/// one unnoticed: `private` before each `init` it declares, or, with none, `private init() {}`
/// on a line after the static property that makes it.
public struct PrivateInitializers: Sendable, Equatable {
    /// The `init` keywords of its declared initializers (none has an access modifier).
    public var initKeywords: [Int]
    /// With no initializer declared: the static property made with its one instance.
    public var afterProperty: Int?
}

/// Classes the project creates exactly once: `static let shared = Settings()`, and no other
/// place that may make a `Settings`. An `@AppStorage` tracked by hand (OBS210's fix) relies on
/// it, since a second instance would not hear the first one's writes.
///
/// The places are looked for in the bytes of every file, strings included (comments are not),
/// so a doubt only refuses: `Settings(`, `Settings.init`, `Settings {` (when an initializer takes a
/// closure), `Settings.self`, `Self(` or `type(of:)` in its own code, a typealias of it, a
/// metatype value's `t.init`, and an implicit `.init` that one of its initializers could answer.
extension ProjectIndex {
    /// How to make the initializers of `model` private, or nil when the project may make more
    /// than one instance: it must be made exactly once, as the initial value of a static stored
    /// property of its own declaration (evaluated once), and nowhere else.
    func singletonInitializers(_ model: ModelType, subclassed: Set<String>) -> PrivateInitializers? {
        guard model.declarations.count == 1, let ref = model.declarations.first, !files[ref.file].tokensDropped else { return nil }
        let decl = type(ref)
        // No superclass (an NSObject may be made by the Objective-C runtime or a nib), no
        // protocol that could ask for an initializer, no generic parameters, no subclass.
        guard decl.kind == .class, model.superclass == nil, decl.genericParameters == nil, !subclassed.contains(model.name),
              decl.inheritance.allSatisfy({ ["ObservableObject", "Combine.ObservableObject"].contains($0.name) }),
              !decl.modifiers.contains(where: { $0.text == "open" }),
              !symbols.typeAliases.values.contains(where: { Self.identifiers(in: $0.target).contains(model.simpleName) }) else { return nil }
        guard let shape = initializerShape(model) else { return nil }
        let name = Array(model.simpleName.utf8)
        var ownRanges: [Int: [Range<Int>]] = [:]
        for r in model.declarations + model.extensions {
            ownRanges[r.file, default: []].append(files[r.file].source.span(type(r).startToken, through: type(r).bodyClose))
        }
        let snapshot = self, own = ownRanges
        let dotInit = Array(".init".utf8)
        // Only a file that names it or has an `.init` is lexed (for its comments, which are skipped).
        let found = parallelMap(Array(files.indices)) { f -> [Int]? in
            snapshot.files[f].withTransientSource(ifBytes: { bytes in
                ByteSearch.firstOffset(of: name, in: bytes, range: 0..<bytes.count) != nil
                    || ByteSearch.firstOffset(of: dotInit, in: bytes, range: 0..<bytes.count) != nil
            }) { source -> [Int]?? in
                .some(Self.creations(of: name, in: source.bytes, comments: source.comments, shape: shape, ownRanges: own[f] ?? []))
            } ?? []
        }
        // nil: a place that may make one and cannot be told apart.
        var sites: [Site] = []
        for (f, offsets) in found.enumerated() {
            guard let offsets else { return nil }
            sites += offsets.map { Site(file: f, offset: $0) }
        }
        guard sites.count == 1, sites[0].file == ref.file, let property = staticPropertyMade(at: sites[0].offset, in: decl, source: files[ref.file].source) else { return nil }
        // Its initializers: those with no access modifier become private; any other stays as is
        // only when already private.
        let source = files[ref.file].source
        var keywords: [Int] = []
        for fn in decl.functions where fn.kind == .`init` {
            let access = fn.modifiers.map(\.text).filter { ["public", "package", "internal", "fileprivate", "private", "open"].contains($0) }
            if access.contains("private") || access.contains("fileprivate") { continue }
            guard access.isEmpty, !fn.modifiers.contains(where: { $0.text == "required" }),
                  let k = (fn.startToken..<(fn.body?.open ?? fn.endToken)).first(where: { source.isText($0, "init") }) else { return nil }
            keywords.append(k)
        }
        let declaresInit = (model.declarations + model.extensions).contains { type($0).functions.contains { $0.kind == .`init` } }
        // Initializers in extensions: each would need the same, and may be anywhere.
        guard !(model.extensions.contains { type($0).functions.contains { $0.kind == .`init` } }) else { return nil }
        return PrivateInitializers(initKeywords: keywords, afterProperty: declaresInit ? nil : property)
    }

    /// What the initializers of `model` take first: whether one takes nothing, the labels of the
    /// first parameters, whether one's first is unlabelled, and whether one takes a closure
    /// (then `Name { ... }` may make one). nil when they cannot be read.
    struct InitializerShape: Sendable {
        var takesNothing = false
        var firstLabels = Set<String>()
        var firstUnlabelled = false
        var takesClosure = false
        /// A parameter has a default value: an implicit `.init(label:` may be one of its calls whatever the label.
        var anyFirstLabel = false
    }

    func initializerShape(_ model: ModelType) -> InitializerShape? {
        var shape = InitializerShape()
        var declared = false
        for r in model.declarations + model.extensions {
            let source = files[r.file].source
            for fn in type(r).functions where fn.kind == .`init` {
                declared = true
                guard let k = (fn.startToken..<(fn.body?.open ?? fn.endToken)).first(where: { source.isText($0, "init") }) else { return nil }
                var open = k + 1
                if source.kind(open) == .operator { open += 1 }  // `init?(`, `init!(`
                guard source.kind(open) == .leftParen else { return nil }
                let close = Int(source.match[open])
                guard close > open else { return nil }
                if close == open + 1 { shape.takesNothing = true; continue }
                guard source.kind(open + 1) == .identifier else { return nil }
                if source.isText(open + 1, "_") { shape.firstUnlabelled = true } else { shape.firstLabels.insert(source.name(open + 1)) }
                if (open..<close).contains(where: { source.isText($0, "->") }) { shape.takesClosure = true }
                // A default value lets a call leave out any parameter: its labels tell nothing.
                if (open..<close).contains(where: { source.isText($0, "=") }) { shape.takesNothing = true; shape.firstUnlabelled = true; shape.anyFirstLabel = true }
            }
        }
        if !declared { shape.takesNothing = true }  // the implicit `init()`
        return shape
    }

    /// The byte offsets in `bytes` of the places that make a `name` (its name, where it is
    /// called), or nil when a place may make one that cannot be counted (a metatype, an
    /// implicit `.init` one of its initializers answers). `ownRanges`: its own code's bytes.
    static func creations(of name: [UInt8], in bytes: [UInt8], comments: [Token], shape: InitializerShape, ownRanges: [Range<Int>]) -> [Int]? {
        // The comment holding byte `i`, if any: a place there makes nothing.
        func inComment(_ i: Int) -> Bool {
            let k = partitionPoint(comments.count) { Int(comments[$0].start) <= i } - 1
            return k >= 0 && i < Int(comments[k].start) + comments[k].length
        }
        func skipSpaces(_ i: Int) -> Int {
            var i = i
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            return i
        }
        func spacesBefore(_ i: Int) -> Int {
            var i = i
            while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D { i -= 1 }
            return i
        }
        func word(at i: Int) -> (String, end: Int)? {
            var end = i
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            return end > i ? (String(decoding: bytes[i..<end], as: UTF8.self), end) : nil
        }
        func wordBefore(_ i: Int) -> String {
            var start = i
            while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        func startsWith(_ text: String, at i: Int) -> Bool {
            let t = Array(text.utf8)
            return i + t.count <= bytes.count && Array(bytes[i..<(i + t.count)]) == t
        }
        /// `T` of `name: T = ` right before byte `i` (the last part of `A.T`), else nil.
        func annotatedType(before i: Int) -> String? {
            var k = spacesBefore(i)
            guard k > 0, bytes[k - 1] == UInt8(ascii: "=") else { return nil }
            k = spacesBefore(k - 1)
            let type = wordBefore(k)
            guard !type.isEmpty, type.first.map({ $0.isUppercase }) == true else { return nil }
            var start = k - type.utf8.count
            while start > 0, bytes[start - 1] == UInt8(ascii: "."), !wordBefore(start - 1).isEmpty { start -= 1 + wordBefore(start - 1).utf8.count }
            let colon = spacesBefore(start)
            return colon > 0 && bytes[colon - 1] == UInt8(ascii: ":") ? type : nil
        }
        var sites: [Int] = []
        // `Name(`, `Name.init`, `Name {`; `Name.self` and `Name.Type` make a metatype.
        var from = 0
        while let hit = ByteSearch.firstOffset(of: name, in: bytes, range: from..<bytes.count) {
            from = hit + 1
            let end = hit + name.count
            guard hit == 0 || !isIdentifierByte(bytes[hit - 1]), end == bytes.count || !isIdentifierByte(bytes[end]), !inComment(hit) else { continue }
            let next = skipSpaces(end)
            guard next < bytes.count else { continue }
            if bytes[next] == UInt8(ascii: "(") {
                sites.append(hit)
            } else if bytes[next] == UInt8(ascii: ".") {
                guard let (member, _) = word(at: skipSpaces(next + 1)) else { continue }
                if member == "init" { sites.append(hit) } else if member == "self" || member == "Type" { return nil }
            } else if bytes[next] == UInt8(ascii: "{"), shape.takesClosure {
                let before = spacesBefore(hit)
                let keyword = wordBefore(before)
                if !["class", "extension", "struct", "enum", "actor", "protocol"].contains(keyword), before == 0 || bytes[before - 1] != UInt8(ascii: ":") { sites.append(hit) }
            }
        }
        // `Self(`, `Self.init`, `type(of:`: in its own code, another instance.
        for range in ownRanges {
            for word in ["Self", "type"] {
                var at = range.lowerBound
                while let hit = ByteSearch.firstOffset(of: Array(word.utf8), in: bytes, range: at..<range.upperBound) {
                    at = hit + 1
                    let end = hit + word.utf8.count
                    guard hit == 0 || !isIdentifierByte(bytes[hit - 1]), end == bytes.count || !isIdentifierByte(bytes[end]), !inComment(hit) else { continue }
                    let next = skipSpaces(end)
                    if word == "type" ? startsWith("(", at: next) : (startsWith("(", at: next) || startsWith(".", at: next)) { return nil }
                }
            }
        }
        // `.init`: an explicit receiver is a type's name (counted above when it is this one), or a
        // metatype value (`t.init()`, `type(of: x).init()`: refused); an implicit one is made by
        // the type its place expects, which may be this one when one of its initializers fits.
        let dotInit = Array(".init".utf8)
        from = 0
        while let hit = ByteSearch.firstOffset(of: dotInit, in: bytes, range: from..<bytes.count) {
            from = hit + 1
            let end = hit + dotInit.count
            guard end == bytes.count || !isIdentifierByte(bytes[end]), !inComment(hit) else { continue }
            if hit > 0, isIdentifierByte(bytes[hit - 1]) {
                let receiver = wordBefore(hit)
                if receiver == "self" || receiver == "super" || receiver.first.map({ $0.isUppercase }) == true { continue }
                return nil
            }
            if hit > 0, bytes[hit - 1] == UInt8(ascii: ")") || bytes[hit - 1] == UInt8(ascii: "?") || bytes[hit - 1] == UInt8(ascii: "!") { return nil }
            if hit > 0, bytes[hit - 1] == UInt8(ascii: "]") || bytes[hit - 1] == UInt8(ascii: ">") { continue }  // `[T].init`, `Box<T>.init`
            // `var id: UUID = .init()`: the annotation just before names the type it makes.
            if let written = annotatedType(before: hit), written != String(decoding: name, as: UTF8.self) { continue }
            let open = skipSpaces(end)
            guard open < bytes.count, bytes[open] == UInt8(ascii: "(") else { return nil }  // `.init` as a function, or with a closure
            let first = skipSpaces(open + 1)
            guard first < bytes.count else { return nil }
            if bytes[first] == UInt8(ascii: ")") {
                if shape.takesNothing { return nil }
                continue
            }
            if let (label, labelEnd) = word(at: first), skipSpaces(labelEnd) < bytes.count, bytes[skipSpaces(labelEnd)] == UInt8(ascii: ":") {
                if shape.anyFirstLabel || shape.firstLabels.contains(label) { return nil }
                continue
            }
            if shape.firstUnlabelled { return nil }
        }
        return sites
    }

    /// The static stored property of `decl` whose whole initial value is the call that starts
    /// at byte `offset` (`static let shared = Name(...)`, made once), ending its line; its start token.
    func staticPropertyMade(at offset: Int, in decl: TypeDecl, source: SourceFile) -> Int? {
        for p in decl.properties where p.isStatic && !p.isComputed && p.accessorBlock == nil {
            guard let i = p.initializer, !i.isEmpty, source.start(i.lowerBound) == offset else { continue }
            // `Name(...)` or `Name.init(...)`, and nothing after it.
            var open = i.lowerBound + 1
            if source.kind(open) == .period, source.isIdentifier(open + 1, "init") { open += 2 }
            guard source.kind(open) == .leftParen, Int(source.match[open]) == i.upperBound - 1, endsItsLine(p, in: source) else { return nil }
            // `private init() {}` goes at the end of its line: not inside a comment that goes on.
            var end = source.end(p.endToken)
            while end < source.bytes.count, source.bytes[end] != 0x0A, source.bytes[end] != 0x0D { end += 1 }
            guard ByteSearch.firstOffset(of: Array("/*".utf8), in: source.bytes, range: source.end(p.endToken)..<end) == nil else { return nil }
            return p.startToken
        }
        return nil
    }
}
