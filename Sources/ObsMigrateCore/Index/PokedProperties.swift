import ObsMigrateSupport

/// A `@Published` property that is only ever bumped (`tick.toggle()`, `revision += 1`) and
/// read nowhere: each bump exists to re-render, through objectWillChange,
/// the views that hold the object (after a change Observation cannot see: a file written, a
/// cache filled). Under `@Observable` a set re-renders only the views that read the property,
/// which none does; so the members that hand out a value read it first (`_ = revision`), as they
/// read an `UntrackedChangeCounter`, under the same conditions, or the class stays.
public struct PokedProperty: Sendable {
    /// As written (never backquoted: such a tracked property keeps its class).
    public var name: String
    /// Where its `@Published` attribute is: the place of the reason when the class stays.
    public var site: Site
    /// Not readable from another file's extension.
    public var isFilePrivate: Bool
    /// The bumps' property tokens, by file.
    public var bumps: [Int: [Int]]
}

extension ProjectIndex {
    /// The poked property of each class model that has one (the first declared, when several).
    func collectPokedProperties() -> [String: PokedProperty] {
        var candidates: [(model: String, property: PokedProperty, inside: [Int: [Range<Int>]])] = []
        for name in models.keys.sorted() {
            let model = models[name]!
            guard model.declarations.count == 1 else { continue }
            let ref = model.declarations[0]
            let bodies = [ref] + model.extensions
            // A file that let its tokens go is not read again for this: its model is left as it was.
            guard type(ref).kind == .class, !bodies.contains(where: { files[$0.file].tokensDropped }) else { continue }
            // Most classes bump nothing: a search of their bytes rules them out before their tokens are read.
            guard bodies.contains(where: { r in
                let t = type(r), rs = files[r.file].source, range = rs.start(t.bodyOpen)..<rs.end(t.bodyClose)
                return Self.bumpSpellings.contains { ByteSearch.firstOffset(of: $0, in: rs.bytes, range: range) != nil }
            }) else { continue }
            let decl = type(ref), source = files[ref.file].source
            var declared: [String: Int] = [:]
            for p in decl.properties where p.attribute("Published") != nil && Self.isTrackedOnceObservable(p) {
                if let property = p.name, let token = p.nameToken, !source.text(token).hasPrefix("`") { declared[property] = token }
            }
            guard !declared.isEmpty else { continue }
            let bumped = bumpedOnly(declared, in: bodies, declarationFile: ref.file)
            for p in decl.properties {
                guard let property = p.name, let bumps = bumped[property] else { continue }
                let attribute = p.attribute("Published")!
                candidates.append((name, PokedProperty(name: property, site: Site(file: ref.file, offset: attribute.range.lowerBound),
                                                       isFilePrivate: p.hasModifier("private") || p.hasModifier("fileprivate"), bumps: bumps), bodyByteRanges(bodies)))
                break
            }
        }
        guard !candidates.isEmpty else { return [:] }
        // Read outside the class on any receiver (`m.tick`, `\.tick`, in an interpolation), or
        // its publisher anywhere (`$tick`): then it is read, and no poke.
        let reads = MemberReads(names: Set(candidates.map(\.property.name)), in: self)
        var result: [String: PokedProperty] = [:]
        for candidate in candidates {
            let word = candidate.property.name
            guard reads.firstOutside(word, candidate.inside, where: { _ in true }) == nil else { continue }
            // A `$name` keeps its file's tokens (`ProjectFile.wordsThatMatter`): only those files can hold one.
            let projection = Array(("$" + word).utf8)
            let projected = files.indices.contains { f in
                guard !files[f].tokensDropped else { return false }
                let bytes = files[f].source.bytes
                var from = 0
                while let hit = ByteSearch.firstOffset(of: projection, in: bytes, range: from..<bytes.count) {
                    let end = hit + projection.count
                    if end == bytes.count || !Self.isIdentifierByte(bytes[end]) { return true }
                    from = hit + 1
                }
                return false
            }
            if !projected { result[candidate.model] = candidate.property }
        }
        return result
    }

    /// Of `declared` (names and their declarations' tokens), those whose every mention in the
    /// class's bodies is a bump of the instance's own (bare or `self.`), with at least one: their
    /// bumps' tokens by file. Any other mention (a read, a local of that name, `_tick`, `$tick`,
    /// an interpolation) is a read. One pass over the bodies serves every name.
    func bumpedOnly(_ declared: [String: Int], in bodies: [TypeRef], declarationFile: Int) -> [String: [Int: [Int]]] {
        var bumps: [String: [Int: [Int]]] = [:]
        var read = Set<String>()
        let words = declared.keys.map { ($0, Array($0.utf8)) }
        for r in bodies {
            let t = type(r), source = files[r.file].source
            for k in (t.bodyOpen + 1)..<t.bodyClose {
                switch source.kind(k) {
                case .identifier:
                    var text = source.text(k)
                    if text.hasPrefix("_") { text.removeFirst(); if declared[text] != nil { read.insert(text) }; continue }
                    guard let declaration = declared[text], !read.contains(text) else { continue }
                    if r.file == declarationFile && k == declaration { continue }
                    if Self.isBump(k, in: source) { bumps[text, default: [:]][r.file, default: []].append(k) } else { read.insert(text) }
                case .dollarIdentifier:
                    let text = String(source.text(k).dropFirst())
                    if declared[text] != nil { read.insert(text) }
                case .string:
                    let range = source.start(k)..<source.end(k)
                    guard ByteSearch.firstOffset(of: MemberReads.interpolation, in: source.bytes, range: range) != nil else { continue }
                    for (name, word) in words where ByteSearch.firstOffset(of: word, in: source.bytes, range: range) != nil { read.insert(name) }
                default: continue
                }
            }
        }
        return bumps.filter { !read.contains($0.key) }
    }

    /// What each bump spells, one of which a class's bytes hold if it bumps anything.
    static let bumpSpellings = [Array("toggle".utf8), Array("+=".utf8)]

    /// `tick.toggle()`, `n += 1` or `n &+= 1` as a statement of its own, on the instance (`self.`
    /// or bare), whose property is named at `k`. (`stamp = Date()` is as often a time kept and
    /// never shown as a bump: it is not one.)
    static func isBump(_ k: Int, in source: SourceFile) -> Bool {
        guard source.statementStart(ofOwnMember: k) != nil else { return false }
        let end: Int
        if source.kind(k + 1) == .period, source.isIdentifier(k + 2, "toggle"), source.kind(k + 3) == .leftParen, source.kind(k + 4) == .rightParen {
            end = k + 5
        } else if source.kind(k + 1) == .operator, source.isText(k + 1, "+=") || source.isText(k + 1, "&+="),
                  source.kind(k + 2) == .number, source.isText(k + 2, "1") {
            end = k + 3
        } else {
            return false
        }
        return end >= source.sigCount || source.startsStatement(end) || source.kind(end) == .rightBrace || source.kind(end) == .semicolon
    }
}
