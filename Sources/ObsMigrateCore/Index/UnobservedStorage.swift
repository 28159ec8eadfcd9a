import ObsMigrateSupport

/// An `@AppStorage` property of a model that nothing observes through the model: no code reads
/// it from outside the class (no `m.x`, `m.$x` or key path), and the class reads it only where
/// no view can see the result (initializers, methods that return nothing, property observers).
/// Under ObservableObject its changes re-rendered the views that hold the model, which read
/// nothing that depends on it; so `@ObservationIgnored` keeps it as it is, and unlike tracking
/// it by hand (`StorageAccessor`) this needs neither one instance nor a key written nowhere else.
/// The key's other uses must be `@AppStorage` of their own (a view that read the key some other
/// way, `UserDefaults` in `body`, may have counted on the model to re-render it).
extension ProjectIndex {
    /// The `@AppStorage` properties among `refusals` (not tracked by hand) that nothing observes
    /// through their model, each taken out of `refusals`; and the `@ObservationIgnored
    /// @AppStorage` properties of `@Observable` classes that nothing observes (OBS210 reports the
    /// others: views that read them do not update). By type.
    func collectUnobservedStorage(refusals: inout [PropertyKey: String]) -> [String: Set<String>] {
        var candidates: [(key: PropertyKey, literal: String)] = []
        for key in refusals.keys.sorted(by: { ($0.model, $0.property) < ($1.model, $1.property) }) {
            // A subscriber of its own `objectWillChange` heard the key's changes; a kept publisher
            // (`ObjectWillChangeBridges.swift`) would not send them. (One outside is blocked in the sweep.)
            guard let model = models[key.model], model.declarations.count == 1, !objectWillChangeSubscribedByItself.contains(key.model),
                  let literal = unobservedCandidateKey(key.property, declaration: model.declarations[0], extensions: model.extensions,
                                                       simpleName: model.simpleName, attributes: ["AppStorage"]) else { continue }
            candidates.append((key, literal))
        }
        for name in observableTypes.sorted() where models[name] == nil {
            guard let refs = symbols.declared[name]?.array, refs.count == 1, type(refs[0]).kind == .class else { continue }
            let decl = type(refs[0])
            for p in decl.properties where p.attribute("AppStorage") != nil && p.attribute("ObservationIgnored") != nil {
                guard let n = p.name, let literal = unobservedCandidateKey(n, declaration: refs[0], extensions: extensionsOf[name] ?? [],
                                                                             simpleName: decl.simpleName, attributes: ["ObservationIgnored", "AppStorage"]) else { continue }
                candidates.append((PropertyKey(model: name, property: n), literal))
            }
        }
        guard !candidates.isEmpty else { return [:] }
        // The key's every other use is an `@AppStorage` of its own (bytes: a comment only refuses).
        let keyUses = storageKeyUses(Set(candidates.map(\.literal)))
        var ownBodies: [Int: [Range<Int>]] = [:]  // read above, by file: the candidates' classes and extensions
        for c in candidates {
            let refs = models[c.key.model].map { $0.declarations + $0.extensions }
                ?? (symbols.declared[c.key.model]?.array ?? []) + (extensionsOf[c.key.model] ?? [])
            for r in refs { ownBodies[r.file, default: []].append(type(r).bodyOpen..<type(r).bodyClose) }
        }
        let readOutside = namesReadThroughAReceiver(Set(candidates.map(\.key.property)), skipping: ownBodies)
        var result: [String: Set<String>] = [:]
        for c in candidates where keyUses[c.literal].map({ $0.all == $0.wrapped }) ?? false && !readOutside.contains(c.key.property) {
            refusals[c.key] = nil
            result[c.key.model, default: []].insert(c.key.property)
        }
        return result
    }

    /// The quoted key of `name`, an `@AppStorage("key") var` (with exactly `attributes`) of a
    /// class no type may inherit from, when the class reads it only in initializers, methods that
    /// return nothing and property observers (bare or as `self.name`, never `$name`); else nil.
    private func unobservedCandidateKey(_ name: String, declaration ref: TypeRef, extensions: [TypeRef], simpleName: String,
                                        attributes: Set<String>) -> String? {
        guard !namesInInheritanceOrGenerics.contains(simpleName),
              let property = type(ref).properties.first(where: { $0.name == name && !$0.isStatic && !$0.isComputed }),
              property.keyword == "var", Set(property.attributes.map(\.name)) == attributes, property.attributes.count == attributes.count,
              let wrapper = property.attribute("AppStorage") else { return nil }
        let source = files[ref.file].source
        let open = wrapper.token + 1
        guard open + 1 < source.sigCount, source.kind(open) == .leftParen, source.kind(open + 1) == .string else { return nil }
        let literal = source.text(open + 1)
        guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.count >= 2, !literal.contains("\\") else { return nil }
        for r in [ref] + extensions {
            let s = files[r.file].source, t = type(r)  // lexed again if it let its tokens go
            for k in (t.bodyOpen + 1)..<t.bodyClose {
                switch s.kind(k) {
                case .dollarIdentifier where s.text(k).dropFirst() == name: return nil
                case .identifier where s.text(k) == name:
                    if r == ref, k == property.nameToken { continue }
                    if s.kind(k - 1) == .period, !(s.isIdentifier(k - 2, "self") && s.kind(k - 3) != .period) { return nil }
                    guard readWhereNoViewSees(k, in: t) else { return nil }
                case .string:
                    // `"\(name)"`: read where the string is made.
                    let mentions = Self.interpolationMentions(of: name, in: s.bytes[s.start(k)..<s.end(k)])
                    if mentions.contains(.projected) { return nil }
                    if !mentions.isEmpty, !readWhereNoViewSees(k, in: t) { return nil }
                default: continue
                }
            }
        }
        return literal
    }

    /// Whether token `k` of a type's body is inside an initializer, a `deinit`, a method that
    /// returns nothing, or the `didSet`/`willSet` of a stored property of the type.
    private func readWhereNoViewSees(_ k: Int, in t: TypeDecl) -> Bool {
        if let fn = t.functions.first(where: { fn in fn.body.map { $0.open < k && k < $0.close } ?? false }) {
            switch fn.kind {
            case .`init`, .deinit: return true
            case .subscript: return false
            case .func:
                let returned = (fn.returnType ?? "").filter { !$0.isWhitespace }
                return returned.isEmpty || returned == "Void" || returned == "()"
            }
        }
        return t.properties.contains { p in
            !p.isComputed && (p.accessorBlock.map { $0.open < k && k < $0.close } ?? false)
        }
    }

    /// The names among `names` that some file may read through an instance of a candidate's
    /// class, outside `ownBodies` (the candidates' own, read one by one): after a period (`m.name`,
    /// `m.$name`, `\.name`, `\M.name`, in an interpolation too) but for a type's own `self.name`,
    /// or bare in a protocol or a protocol's extension (`self` may be the class there).
    private func namesReadThroughAReceiver(_ names: Set<String>, skipping ownBodies: [Int: [Range<Int>]]) -> Set<String> {
        let words = names.sorted().map { Array($0.utf8) }
        let set = WordSet(names.sorted())
        let snapshot = self
        let found = parallelMap(Array(files.indices)) { f -> Set<String> in
            // A file that let its tokens go holds no `$name`; its identifiers and the words in its
            // strings are in its filter. One in memory is read token by token (a byte search per
            // name would read it once for each).
            guard snapshot.files[f].mayHoldIdentifier(anyOf: words) else { return [] }
            return snapshot.files[f].withTransientSource(ifBytes: { _ in true }) { source -> Set<String> in
                var read = Set<String>()
                let skipped = ownBodies[f] ?? []
                for k in 0..<source.sigCount {
                    switch source.kind(k) {
                    case .identifier where set.contains(source, k), .dollarIdentifier where set.contains(source, k, from: 1):
                        guard !skipped.contains(where: { $0.contains(k) }) else { continue }
                        let text = String(source.kind(k) == .dollarIdentifier ? source.text(k).dropFirst() : Substring(source.text(k)))
                        if source.kind(k - 1) != .period {
                            if source.kind(k) == .identifier, snapshot.insideAProtocol(k, file: f) { read.insert(text) }
                            continue
                        }
                        // `self.name` (not `x.self.name`) reads the enclosing type's own property,
                        // outside a protocol's extensions: the candidates' classes have no subclass.
                        if source.kind(k) == .identifier, source.isIdentifier(k - 2, "self"), source.kind(k - 3) != .period,
                           !snapshot.insideAProtocol(k, file: f) { continue }
                        read.insert(text)
                    case .string:
                        let bytes = source.bytes[source.start(k)..<source.end(k)]
                        guard bytes.count > 3, ByteSearch.firstOffset(of: MemberReads.interpolation, in: source.bytes, range: source.start(k)..<source.end(k)) != nil,
                              !skipped.contains(where: { $0.contains(k) }) else { continue }
                        for name in names {
                            let mentions = Self.interpolationMentions(of: name, in: bytes)
                            if mentions.contains(.member) || mentions.contains(.projected)
                                || (mentions.contains(.bare) && snapshot.insideAProtocol(k, file: f)) { read.insert(name) }
                        }
                    default: continue
                    }
                }
                return read
            } ?? []
        }
        return found.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// For each quoted key of `literals`: how many times its bytes occur in the project (in
    /// comments too, in files in memory) and how many of them follow `AppStorage(`. A file that
    /// let its tokens go is read again only when its filter may hold one of them.
    private func storageKeyUses(_ literals: Set<String>) -> [String: (all: Int, wrapped: Int)] {
        let sorted = literals.sorted()
        let counter = OccurrenceCounter(sorted.map { Array($0.utf8) })
        let index = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { (Array($0.element.utf8), $0.offset) })
        let filterWords = sorted.map { Array($0.utf8) }
        let wrapper = Array("AppStorage(".utf8), quote = UInt8(ascii: "\"")
        let snapshot = self
        let perFile = parallelMap(Array(files.indices)) { f -> (all: [Int], wrapped: [Int])? in
            guard snapshot.files[f].mayHoldIdentifier(anyOf: filterWords) else { return nil }
            return snapshot.files[f].withTransientBytes { bytes in
                var wrapped = [Int](repeating: 0, count: sorted.count)
                var from = 0
                while let hit = ByteSearch.firstOffset(of: wrapper, in: bytes, range: from..<bytes.count) {
                    from = hit + wrapper.count
                    guard from < bytes.count, bytes[from] == quote else { continue }
                    var end = from + 1
                    while end < bytes.count, bytes[end] != quote, bytes[end] != 0x0A { end += 1 }
                    if end < bytes.count, bytes[end] == quote, let k = index[Array(bytes[from...end])] { wrapped[k] += 1 }
                }
                return (counter.counts(in: bytes), wrapped)
            }
        }
        var result: [String: (all: Int, wrapped: Int)] = [:]
        for (k, literal) in sorted.enumerated() {
            result[literal] = perFile.reduce((0, 0)) { sum, file in file.map { (sum.0 + $0.all[k], sum.1 + $0.wrapped[k]) } ?? sum }
        }
        return result
    }

    enum Mention { case bare, member, projected }

    /// How a string literal's interpolations name `name` (as a whole word): bare, after a
    /// period, or as `$name`; conservatively, from anywhere in a literal that interpolates.
    static func interpolationMentions(of name: String, in bytes: ArraySlice<UInt8>) -> Set<Mention> {
        let text = Array(bytes)
        guard ByteSearch.firstOffset(of: MemberReads.interpolation, in: text, range: 0..<text.count) != nil else { return [] }
        let word = Array(name.utf8)
        var mentions = Set<Mention>(), from = 0
        while let hit = ByteSearch.firstOffset(of: word, in: text, range: from..<text.count) {
            from = hit + 1
            let end = hit + word.count
            guard end == text.count || !isIdentifierByte(text[end]) else { continue }
            let before = hit > 0 ? text[hit - 1] : 0
            if before == UInt8(ascii: "$") { mentions.insert(.projected) }
            else if before == UInt8(ascii: ".") { mentions.insert(.member) }
            else if !isIdentifierByte(before) { mentions.insert(.bare) }
        }
        return mentions
    }

    /// Whether token `k` of file `f` is in the body of a protocol or of an extension of a
    /// project protocol, where `self` may be any conforming value (a candidate's class too).
    private func insideAProtocol(_ k: Int, file f: Int) -> Bool {
        files[f].decls.types.contains { t in
            guard t.bodyOpen < k && k < t.bodyClose else { return false }
            if t.kind == .protocol { return true }
            return t.kind == .extension && resolveTypeName(t.qualifiedName, from: []).flatMap { symbols.declared[$0]?.array.first }.map { type($0).kind == .protocol } ?? false
        }
    }
}
