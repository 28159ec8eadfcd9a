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
        var refusedByModel: [String: [String]] = [:]
        for key in refusals.keys { refusedByModel[key.model, default: []].append(key.property) }
        for name in refusedByModel.keys.sorted() {
            // A subscriber of its own `objectWillChange` heard the key's changes; a kept publisher
            // (`ObjectWillChangeBridges.swift`) would not send them. (One outside is blocked in the sweep.)
            guard let model = models[name], model.declarations.count == 1, !objectWillChangeSubscribedByItself.contains(name) else { continue }
            for (property, literal) in unobservedCandidateKeys(refusedByModel[name]!.sorted(), declaration: model.declarations[0],
                                                               extensions: model.extensions, simpleName: model.simpleName, attributes: ["AppStorage"]) {
                candidates.append((PropertyKey(model: name, property: property), literal))
            }
        }
        for name in observableTypes.sorted() where models[name] == nil {
            guard let refs = symbols.declared[name]?.array, refs.count == 1 else { continue }
            let decl = type(refs[0])
            guard decl.kind == .class else { continue }
            let names = decl.properties.compactMap { p in p.attribute("AppStorage") != nil && p.attribute("ObservationIgnored") != nil ? p.name : nil }
            guard !names.isEmpty else { continue }
            for (property, literal) in unobservedCandidateKeys(names, declaration: refs[0], extensions: extensionsOf[name] ?? [],
                                                               simpleName: decl.simpleName, attributes: ["ObservationIgnored", "AppStorage"]) {
                candidates.append((PropertyKey(model: name, property: property), literal))
            }
        }
        guard !candidates.isEmpty else { return [:] }
        // The key's every other use is an `@AppStorage` of its own (bytes: a comment only refuses).
        let keyUses = storageKeyUses(Set(candidates.map(\.literal)))
        var ownBodies: [Int: [Range<Int>]] = [:]  // read above, by file: the candidates' classes and extensions
        for model in Set(candidates.map(\.key.model)) {
            let refs = models[model].map { $0.declarations + $0.extensions }
                ?? (symbols.declared[model]?.array ?? []) + (extensionsOf[model] ?? [])
            for r in refs {
                let t = files[r.file].decls.types[r.type]  // read in place: `type(_:)` copies the declaration
                ownBodies[r.file, default: []].append(t.bodyOpen..<t.bodyClose)
            }
        }
        let readOutside = namesReadThroughAReceiver(Set(candidates.map(\.key.property)), skipping: ownBodies)
        var result: [String: Set<String>] = [:]
        for c in candidates where keyUses[c.literal].map({ $0.all == $0.wrapped }) ?? false && !readOutside.contains(c.key.property) {
            refusals[c.key] = nil
            result[c.key.model, default: []].insert(c.key.property)
        }
        return result
    }

    /// Of `names`, each an `@AppStorage("key") var` (with exactly `attributes`) of a class no
    /// type may inherit from, those the class reads only in initializers, methods that return
    /// nothing and property observers (bare or as `self.name`, never `$name`), with their quoted
    /// keys. The class's bodies are read once for all of them.
    private func unobservedCandidateKeys(_ names: [String], declaration ref: TypeRef, extensions: [TypeRef], simpleName: String,
                                         attributes: Set<String>) -> [(property: String, literal: String)] {
        guard !namesInInheritanceOrGenerics.contains(simpleName) else { return [] }
        let decl = type(ref), source = files[ref.file].source
        var literals: [String: String] = [:], declaredAt = Set<Int>()
        for name in names {
            guard let property = decl.properties.first(where: { $0.name == name && !$0.isStatic && !$0.isComputed }),
                  property.keyword == "var", Set(property.attributes.map(\.name)) == attributes, property.attributes.count == attributes.count,
                  let wrapper = property.attribute("AppStorage"), let nameToken = property.nameToken else { continue }
            let open = wrapper.token + 1
            guard open + 1 < source.sigCount, source.kind(open) == .leftParen, source.kind(open + 1) == .string else { continue }
            let literal = source.text(open + 1)
            guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.count >= 2, !literal.contains("\\") else { continue }
            literals[name] = literal
            declaredAt.insert(nameToken)
        }
        guard !literals.isEmpty else { return [] }
        let set = WordSet(literals.keys.sorted())
        var refused = Set<String>()
        for r in [ref] + extensions {
            let s = files[r.file].source, t = r == ref ? decl : type(r)  // lexed again if it let its tokens go
            for k in (t.bodyOpen + 1)..<t.bodyClose {
                switch s.kind(k) {
                case .dollarIdentifier where set.contains(s, k, from: 1): refused.insert(String(s.text(k).dropFirst()))
                case .identifier where set.contains(s, k):
                    if r == ref, declaredAt.contains(k) { continue }
                    let throughOther = s.kind(k - 1) == .period && !(s.isIdentifier(k - 2, "self") && s.kind(k - 3) != .period)
                    if throughOther || !readWhereNoViewSees(k, in: t) { refused.insert(s.text(k)) }
                case .string:
                    // `"\(name)"`: read where the string is made.
                    for (name, mention) in Self.interpolationMentions(in: s, k, of: set) where !refused.contains(name) {
                        if mention == .projected || !readWhereNoViewSees(k, in: t) { refused.insert(name) }
                    }
                default: continue
                }
            }
        }
        return literals.keys.sorted().compactMap { refused.contains($0) ? nil : ($0, literals[$0]!) }
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
        let hashes = names.sorted().map { IdentifierFilter.hash(of: Array($0.utf8)) }
        let set = WordSet(names.sorted())
        let snapshot = self
        let found = parallelMap(Array(files.indices)) { f -> Set<String> in
            // A file that let its tokens go holds no `$name`; its identifiers and the words in its
            // strings are in its filter. One in memory is read token by token (a byte search per
            // name would read it once for each).
            guard snapshot.files[f].mayHoldIdentifier(anyOfHashes: hashes) else { return [] }
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
                        for (name, mention) in Self.interpolationMentions(in: source, k, of: set) where !skipped.contains(where: { $0.contains(k) }) {
                            if mention != .bare || snapshot.insideAProtocol(k, file: f) { read.insert(name) }
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
        let filterHashes = sorted.map { IdentifierFilter.hash(of: Array($0.utf8)) }
        let wrapper = Array("AppStorage(".utf8), quote = UInt8(ascii: "\"")
        let snapshot = self
        // Per file, the keys found there only (a dense count per file and key would grow with both).
        let perFile = parallelMap(Array(files.indices)) { f -> [(key: Int, all: Int, wrapped: Int)] in
            guard snapshot.files[f].mayHoldIdentifier(anyOfHashes: filterHashes) else { return [] }
            return snapshot.files[f].withTransientBytes { bytes in
                var wrapped: [Int: Int] = [:]
                var from = 0
                while let hit = ByteSearch.firstOffset(of: wrapper, in: bytes, range: from..<bytes.count) {
                    from = hit + wrapper.count
                    guard from < bytes.count, bytes[from] == quote else { continue }
                    var end = from + 1
                    while end < bytes.count, bytes[end] != quote, bytes[end] != 0x0A { end += 1 }
                    if end < bytes.count, bytes[end] == quote, let k = index[Array(bytes[from...end])] { wrapped[k, default: 0] += 1 }
                }
                // A key after `AppStorage(` is counted among all of its occurrences too.
                let all = counter.counts(in: bytes)
                var found: [(key: Int, all: Int, wrapped: Int)] = []
                for k in all.indices where all[k] > 0 { found.append((k, all[k], wrapped[k] ?? 0)) }
                return found
            }
        }
        var totals = [(all: Int, wrapped: Int)](repeating: (0, 0), count: sorted.count)
        for found in perFile { for (k, all, wrapped) in found { totals[k].all += all; totals[k].wrapped += wrapped } }
        return Dictionary(uniqueKeysWithValues: sorted.indices.map { (sorted[$0], totals[$0]) })
    }

    enum Mention { case bare, member, projected }

    /// The words of `set` that string token `k` names in an interpolation, each with how: bare,
    /// after a period, or as `$name`; conservatively, anywhere in a literal that interpolates.
    static func interpolationMentions(in source: SourceFile, _ k: Int, of set: WordSet) -> [(String, Mention)] {
        let start = source.start(k), end = source.end(k)
        guard end - start > 3, ByteSearch.firstOffset(of: MemberReads.interpolation, in: source.bytes, range: start..<end) != nil else { return [] }
        return source.bytes.withUnsafeBufferPointer { bytes in
            var found: [(String, Mention)] = []
            var i = start
            while i < end {
                guard isIdentifierByte(bytes[i]) else { i += 1; continue }
                let word = i
                while i < end, isIdentifierByte(bytes[i]) { i += 1 }
                guard set.contains(bytes, start: word, length: i - word) else { continue }
                let before = word > start ? bytes[word - 1] : 0
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[word..<i]), as: UTF8.self)
                found.append((name, before == UInt8(ascii: "$") ? .projected : before == UInt8(ascii: ".") ? .member : .bare))
            }
            return found
        }
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
