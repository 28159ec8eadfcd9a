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
        let renderCallees = renderPathCallees  // once, for every candidate's reader methods
        for name in refusedByModel.keys.sorted() {
            // A subscriber of its own `objectWillChange` heard the key's changes; a kept publisher
            // (`ObjectWillChangeBridges.swift`) would not send them. (One outside is blocked in the sweep.)
            guard let model = models[name], model.declarations.count == 1, !objectWillChangeSubscribedByItself.contains(name) else { continue }
            for (property, literal) in unobservedCandidateKeys(refusedByModel[name]!.sorted(), declaration: model.declarations[0],
                                                               extensions: model.extensions, simpleName: model.simpleName, attributes: ["AppStorage"],
                                                               renderCallees: renderCallees) {
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
                                                               simpleName: decl.simpleName, attributes: ["ObservationIgnored", "AppStorage"],
                                                               renderCallees: renderCallees) {
                candidates.append((PropertyKey(model: name, property: property), literal))
            }
        }
        guard !candidates.isEmpty else { return [:] }
        var ownBodies: [Int: [Range<Int>]] = [:]  // read above, by file: the candidates' classes and extensions
        for model in Set(candidates.map(\.key.model)) {
            let refs = models[model].map { $0.declarations + $0.extensions }
                ?? (symbols.declared[model]?.array ?? []) + (extensionsOf[model] ?? [])
            for r in refs {
                let t = files[r.file].decls.types[r.type]  // read in place: `type(_:)` copies the declaration
                ownBodies[r.file, default: []].append(t.bodyOpen..<t.bodyClose)
            }
        }
        let (readOutside, keyUses) = projectWideUses(names: Set(candidates.map(\.key.property)), keys: Set(candidates.map(\.literal)),
                                                     skipping: ownBodies)
        var result: [String: Set<String>] = [:]
        // The key's every other use is an `@AppStorage` of its own.
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
                                         attributes: Set<String>, renderCallees: Set<String>) -> [(property: String, literal: String)] {
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
            // A plain ASCII literal: the project's string tokens are compared with it as bytes.
            guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.count >= 2, !literal.contains("\\"),
                  literal.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            literals[name] = literal
            declaredAt.insert(nameToken)
        }
        guard !literals.isEmpty else { return [] }
        let set = WordSet(literals.keys.sorted())
        var refused = Set<String>()
        var readers: [String: Set<String>] = [:]  // by property: the methods (returning nothing) that read it
        func read(_ name: String, at k: Int, in t: TypeDecl) {
            switch readPlace(k, in: t) {
            case .seen: refused.insert(name)
            case .unseen(let method): if let method { readers[name, default: []].insert(method) }
            }
        }
        let bodies = [ref] + extensions
        for r in bodies {
            let s = files[r.file].source, t = r == ref ? decl : type(r)  // lexed again if it let its tokens go
            for k in (t.bodyOpen + 1)..<t.bodyClose {
                switch s.kind(k) {
                case .dollarIdentifier where set.contains(s, k, from: 1): refused.insert(String(s.text(k).dropFirst()))
                case .identifier where set.contains(s, k):
                    if r == ref, declaredAt.contains(k) { continue }
                    let throughOther = !Self.onItself(k, in: s)
                    if throughOther { refused.insert(s.text(k)) } else { read(s.text(k), at: k, in: t) }
                case .string:
                    // `"\(name)"`: read where the string is made.
                    for (name, mention) in Self.interpolationMentions(in: s, k, of: set) where !refused.contains(name) {
                        if mention == .projected { refused.insert(name) } else { read(name, at: k, in: t) }
                    }
                default: continue
                }
            }
        }
        // A method that reads it, called where UIKit or AppKit views are brought up to date
        // (`updateUIView`), pushed its value there on each change: the views would go stale.
        // So did one called where the class hands out a value (a computed property, a method
        // that returns one): that value changed with it.
        for (name, methods) in readers where !refused.contains(name) {
            let callers = callersWithin(bodies, of: methods)
            if !callers.isDisjoint(with: renderCallees) || calledWhereSeen(bodies, callers) { refused.insert(name) }
        }
        return literals.keys.sorted().compactMap { refused.contains($0) ? nil : ($0, literals[$0]!) }
    }

    private enum ReadPlace { case seen, unseen(method: String?) }

    /// Whether the name at token `k` is bare or after `self.` (not `x.self.`): the instance's own.
    static func onItself(_ k: Int, in s: SourceFile) -> Bool {
        s.kind(k - 1) != .period || (s.isIdentifier(k - 2, "self") && s.kind(k - 3) != .period)
    }

    /// Where token `k` of a type's body is read: in an initializer, a `deinit`, or the
    /// `didSet`/`willSet` of a stored property (unseen), in a method that returns nothing
    /// (unseen, but for what calls it), or elsewhere (seen: a computed property, a method that
    /// hands out a value, a nested type, a property's initial value).
    private func readPlace(_ k: Int, in t: TypeDecl) -> ReadPlace {
        if let fn = t.functions.first(where: { fn in fn.body.map { $0.open < k && k < $0.close } ?? false }) {
            switch fn.kind {
            case .`init`, .deinit: return .unseen(method: nil)
            case .subscript: return .seen
            case .func: return fn.returnsNothing ? .unseen(method: fn.name) : .seen
            }
        }
        let inObserver = t.properties.contains { p in !p.isComputed && (p.accessorBlock.map { $0.open < k && k < $0.close } ?? false) }
        return inObserver ? .unseen(method: nil) : .seen
    }

    /// `methods` and every method of the class (in `bodies`) that calls one of them on itself,
    /// bare or through `self`, repeatedly.
    private func callersWithin(_ bodies: [TypeRef], of methods: Set<String>) -> Set<String> {
        var all = methods
        for _ in 0..<8 {
            let before = all.count
            for r in bodies {
                let s = files[r.file].source
                for fn in files[r.file].decls.types[r.type].functions where fn.kind == .func && !all.contains(fn.name) {
                    guard let body = fn.body else { continue }
                    let calls = ((body.open + 1)..<body.close).contains { k in
                        s.kind(k) == .identifier && s.kind(k + 1) == .leftParen && all.contains(s.text(k))
                            && Self.onItself(k, in: s)
                    }
                    if calls { all.insert(fn.name) }
                }
            }
            if all.count == before { break }
        }
        return all
    }

    /// Whether a computed property, a subscript or a method that returns a value, of the class
    /// (in `bodies`), calls one of `methods` on itself.
    private func calledWhereSeen(_ bodies: [TypeRef], _ methods: Set<String>) -> Bool {
        bodies.contains { r in
            let s = files[r.file].source, t = files[r.file].decls.types[r.type]
            var ranges: [Range<Int>] = t.properties.compactMap { p in p.isComputed ? p.accessorBlock.map { ($0.open + 1)..<$0.close } : nil }
            for fn in t.functions where fn.kind == .subscript || fn.kind == .func {
                if let body = fn.body, fn.kind == .subscript || !fn.returnsNothing {
                    ranges.append((body.open + 1)..<body.close)
                }
            }
            return ranges.contains { range in
                range.contains { k in
                    s.kind(k) == .identifier && s.kind(k + 1) == .leftParen && methods.contains(s.text(k))
                        && Self.onItself(k, in: s)
                }
            }
        }
    }

    /// The names called (through any receiver) in the methods that bring a UIKit or AppKit view
    /// up to date for SwiftUI (`updateUIView`, `updateNSView`, and their view controllers'),
    /// which SwiftUI calls again when what the representable reads changes.
    private var renderPathCallees: Set<String> {
        var result = Set<String>()
        for updater in ["updateUIView", "updateNSView", "updateUIViewController", "updateNSViewController"] {
            for ref in typesWithMember(updater) {
                let s = files[ref.file].source
                for fn in files[ref.file].decls.types[ref.type].functions where fn.name == updater {
                    guard let body = fn.body else { continue }
                    for k in (body.open + 1)..<body.close where s.kind(k) == .identifier && s.kind(k + 1) == .leftParen { result.insert(s.text(k)) }
                }
            }
        }
        return result
    }

    /// In one read of every file's tokens: the names among `names` that some file may read
    /// through an instance of a candidate's class, outside `ownBodies` (the candidates' own, read
    /// one by one): after a period (`m.name`, `m.$name`, `\.name`, `\M.name`, in an interpolation
    /// too) but for a type's own `self.name`, or bare in a protocol or a protocol's extension
    /// (`self` may be the class there). And for each quoted key of `keys`, how many string
    /// literals spell it (a raw string's `#`s aside) and how many of them are the argument of
    /// `AppStorage(` or `@AppStorage(`. A file that let its tokens go holds no `$name`, and its
    /// filter holds its identifiers, literals and the words in them: it is lexed again only when
    /// it may hold one of them.
    private func projectWideUses(names: Set<String>, keys: Set<String>, skipping ownBodies: [Int: [Range<Int>]])
        -> (read: Set<String>, keyUses: [String: (all: Int, wrapped: Int)]) {
        let nameSet = WordSet(names.sorted()), sortedKeys = keys.sorted(), keySet = WordSet(sortedKeys)
        let keyIndex = Dictionary(uniqueKeysWithValues: sortedKeys.enumerated().map { ($0.element, $0.offset) })
        let hashes = (names.sorted() + sortedKeys).map { IdentifierFilter.hash(of: Array($0.utf8)) }
        let snapshot = self
        let perFile = parallelMap(Array(files.indices)) { f -> (read: Set<String>, keys: [(key: Int, wrapped: Bool)]) in
            guard snapshot.files[f].mayHoldIdentifier(anyOfHashes: hashes) else { return ([], []) }
            // A file is read token by token (and one that let its tokens go, lexed again) only
            // when its bytes hold a `.name`, a `$name` or a quoted key, or it may read a name bare
            // (in a protocol or an extension), or it holds a candidate's own body: what the walk
            // below can count in it.
            if ownBodies[f] == nil,
               !snapshot.files[f].decls.types.contains(where: { $0.kind == .protocol || $0.kind == .extension }),
               !snapshot.files[f].withTransientBytes({ Self.mayMention($0, names: nameSet, keys: keySet) }) {
                return ([], [])
            }
            return snapshot.files[f].withTransientSource(ifBytes: { _ in true }) { source in
                var read = Set<String>(), found: [(key: Int, wrapped: Bool)] = []
                let skipped = ownBodies[f] ?? []
                // A bare name only counts inside a protocol or an extension: a file with neither
                // needs its names looked up only after a period (most of its identifiers are not).
                let bareMayCount = snapshot.files[f].decls.types.contains { $0.kind == .protocol || $0.kind == .extension }
                source.bytes.withUnsafeBufferPointer { bytes in
                    for k in 0..<source.sigCount {
                        switch source.kind(k) {
                        case .identifier where (bareMayCount || source.kind(k - 1) == .period) && nameSet.contains(source, k),
                             .dollarIdentifier where nameSet.contains(source, k, from: 1):
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
                            var from = source.start(k), to = source.end(k)
                            while from < to, bytes[from] == UInt8(ascii: "#") { from += 1 }
                            while to > from, bytes[to - 1] == UInt8(ascii: "#") { to -= 1 }
                            if keySet.contains(bytes, start: from, length: to - from) {
                                let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
                                let wrapped = source.kind(k - 1) == .leftParen
                                    && (source.isIdentifier(k - 2, "AppStorage") || (source.kind(k - 2) == .attribute && source.isText(k - 2, "@AppStorage")))
                                found.append((keyIndex[literal]!, wrapped))
                            }
                            guard !skipped.contains(where: { $0.contains(k) }) else { continue }
                            for (name, mention) in Self.interpolationMentions(in: source, k, of: nameSet) {
                                if mention != .bare || snapshot.insideAProtocol(k, file: f) { read.insert(name) }
                            }
                        default: continue
                        }
                    }
                }
                return (read, found)
            } ?? ([], [])
        }
        var read = Set<String>()
        var totals = [(all: Int, wrapped: Int)](repeating: (0, 0), count: sortedKeys.count)
        for file in perFile {
            read.formUnion(file.read)
            for (k, wrapped) in file.keys { totals[k].all += 1; if wrapped { totals[k].wrapped += 1 } }
        }
        return (read, Dictionary(uniqueKeysWithValues: sortedKeys.indices.map { (sortedKeys[$0], totals[$0]) }))
    }

    /// Whether `bytes` hold a name of `names` right after a period or a `$` (`.name`, `.$name`,
    /// `$name`), or a literal of `keys` (quotes included) between two quotes: a test with no
    /// false negative, in one pass.
    static func mayMention(_ bytes: [UInt8], names: WordSet, keys: WordSet) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "."), UInt8(ascii: "$"):
                    let start = i + 1
                    var end = start
                    while end < b.count, ProjectIndex.isIdentifierByte(b[end]) { end += 1 }
                    if end > start, names.contains(b, start: start, length: end - start) { return true }
                case UInt8(ascii: "\""):
                    var close = i + 1
                    while close < b.count, b[close] != UInt8(ascii: "\""), b[close] != 0x0A { close += 1 }
                    if close < b.count, b[close] == UInt8(ascii: "\""), keys.contains(b, start: i, length: close - i + 1) { return true }
                default:
                    break
                }
                i += 1
            }
            return false
        }
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
