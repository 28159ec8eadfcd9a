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
/// The places are looked for in the bytes of every file, strings and block comments included
/// (lines that are `//` comments are not), so a doubt only refuses: `Settings(`, `Settings.init`,
/// `Settings {` (when an initializer takes arguments), `Settings.self`, `Self(` or `type(of:)` in
/// its own code, a typealias of it, a metatype value's `t.init`, and an implicit `.init` that one
/// of its initializers could answer.
extension ProjectIndex {
    /// For each of `models` the project makes exactly once, as the initial value of a static
    /// stored property of its own declaration (evaluated once) and nowhere else: how to make its
    /// initializers private. One pass over the project's bytes serves them all.
    func singletonInitializers(for models: [ModelType], subclassed: Set<String>) -> [String: PrivateInitializers] {
        struct Candidate: Sendable {
            var model: ModelType
            var ref: TypeRef
            var name: [UInt8]
            var shape: InitializerShape
        }
        var candidates: [Candidate] = []
        // By file: each candidate's own code there (declaration and extensions), as byte ranges.
        var ownByFile: [Int: [(Int, [Range<Int>])]] = [:]
        let aliased = Set(symbols.typeAliases.values.flatMap { Self.identifiers(in: $0.target) })  // once, not per class
        for model in models {
            guard model.declarations.count == 1, let ref = model.declarations.first, !files[ref.file].tokensDropped else { continue }
            let decl = type(ref)
            // No superclass (an NSObject may be made by the Objective-C runtime or a nib), no
            // protocol that could ask for an initializer, no generic parameters, no subclass.
            guard decl.kind == .class, model.superclass == nil, decl.genericParameters == nil, !subclassed.contains(model.name),
                  decl.inheritance.allSatisfy({ ["ObservableObject", "Combine.ObservableObject"].contains($0.name) }),
                  // A conformance added in an extension may ask for an initializer too (`T()`).
                  model.extensions.allSatisfy({ type($0).inheritance.isEmpty }),
                  !decl.modifiers.contains(where: { $0.text == "open" }),
                  !aliased.contains(model.simpleName), let shape = initializerShape(model) else { continue }
            for (f, refs) in Dictionary(grouping: model.declarations + model.extensions, by: \.file) {
                ownByFile[f, default: []].append((candidates.count, refs.map { files[f].source.span(type($0).startToken, through: type($0).bodyClose) }))
            }
            candidates.append(Candidate(model: model, ref: ref, name: Array(model.simpleName.utf8), shape: shape))
        }
        guard !candidates.isEmpty else { return [:] }
        let snapshot = self, all = candidates
        let search = CreationSearch(names: all.map(\.name), shapes: all.map(\.shape))
        let own = ownByFile
        // Per file, per candidate: the places that make one, or nil when one may be made there
        // and cannot be counted.
        let found = parallelMap(Array(files.indices)) { f -> [[Int]?] in
            snapshot.files[f].withTransientBytes { bytes in
                Self.creations(in: bytes, search: search, ownRanges: own[f] ?? [])
            }
        }
        // By candidate: its places, or nil once one cannot be counted.
        var sites: [[Site]?] = Array(repeating: [], count: candidates.count)
        for f in files.indices {
            let row = found[f]
            for k in row.indices where sites[k] != nil {
                guard let offsets = row[k] else { sites[k] = nil; continue }
                sites[k]! += offsets.map { Site(file: f, offset: $0) }
            }
        }
        var result: [String: PrivateInitializers] = [:]
        for (k, c) in candidates.enumerated() {
            guard let places = sites[k], places.count == 1, places[0].file == c.ref.file,
                  let made = privateInitializers(of: c.model, madeAt: places[0].offset, in: c.ref) else { continue }
            result[c.model.name] = made
        }
        return result
    }

    /// How to make the initializers of `model` private when the one place that makes it is a
    /// static stored property of its declaration (`ref`): nil when it is not, or when one of
    /// them has an access modifier or is `required`, or is declared in an extension.
    func privateInitializers(of model: ModelType, madeAt offset: Int, in ref: TypeRef) -> PrivateInitializers? {
        let decl = type(ref), source = files[ref.file].source
        guard let property = staticPropertyMade(at: offset, in: decl, source: source) else { return nil }
        var keywords: [Int] = []
        for fn in decl.functions where fn.kind == .`init` {
            let access = fn.modifiers.map(\.text).filter { ["public", "package", "internal", "fileprivate", "private", "open"].contains($0) }
            if access.contains("private") || access.contains("fileprivate") { continue }
            guard access.isEmpty, !fn.modifiers.contains(where: { $0.text == "required" }),
                  let k = Self.initKeyword(of: fn, in: source) else { return nil }
            keywords.append(k)
        }
        // Initializers in extensions: each would need the same, and may be anywhere.
        guard !(model.extensions.contains { type($0).functions.contains { $0.kind == .`init` } }) else { return nil }
        let declaresInit = decl.functions.contains { $0.kind == .`init` }
        return PrivateInitializers(initKeywords: keywords, afterProperty: declaresInit ? nil : property)
    }

    /// The `init` keyword of initializer `fn` (after its attributes and modifiers).
    static func initKeyword(of fn: FunctionDecl, in source: SourceFile) -> Int? {
        (fn.startToken..<(fn.body?.open ?? fn.endToken)).first { source.isText($0, "init") }
    }

    /// What the initializers of `model` take first: whether one takes nothing, the labels of the
    /// first parameters, whether one's first is unlabelled, and whether one takes arguments.
    /// nil when they cannot be read.
    struct InitializerShape: Sendable {
        var takesNothing = false
        var firstLabels = Set<String>()
        var firstUnlabelled = false
        /// One takes arguments: the last may be a closure (written `->`, or a typealias of one),
        /// so `Name { ... }` may call it.
        var takesArguments = false
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
                guard let k = Self.initKeyword(of: fn, in: source) else { return nil }
                var open = k + 1
                if source.kind(open) == .operator { open += 1 }  // `init?(`, `init!(`
                guard source.kind(open) == .leftParen else { return nil }
                let close = Int(source.match[open])
                guard close > open else { return nil }
                if close == open + 1 { shape.takesNothing = true; continue }
                guard source.kind(open + 1) == .identifier else { return nil }
                if source.isText(open + 1, "_") { shape.firstUnlabelled = true } else { shape.firstLabels.insert(source.name(open + 1)) }
                shape.takesArguments = true
                // A default value lets a call leave out any parameter: its labels tell nothing.
                if (open..<close).contains(where: { source.isText($0, "=") }) { shape.takesNothing = true; shape.firstUnlabelled = true; shape.anyFirstLabel = true }
            }
        }
        if !declared { shape.takesNothing = true }  // the implicit `init()`
        return shape
    }

    /// The classes whose creations are looked for, and which of them an implicit `.init(...)`
    /// of each shape may make: built once for every file.
    struct CreationSearch: Sendable {
        let shapes: [InitializerShape]
        let index: [String: Int]
        let words: WordSet
        let takingNothing: [Int], takingUnlabelled: [Int], takingAnyLabel: [Int]
        let byFirstLabel: [String: [Int]]

        init(names: [[UInt8]], shapes: [InitializerShape]) {
            self.shapes = shapes
            index = Dictionary(names.enumerated().map { (String(decoding: $0.element, as: UTF8.self), $0.offset) }, uniquingKeysWith: { a, _ in a })
            words = WordSet(Array(index.keys))  // compared as bytes: a String only for a match
            takingNothing = shapes.indices.filter { shapes[$0].takesNothing }
            takingUnlabelled = shapes.indices.filter { shapes[$0].firstUnlabelled }
            takingAnyLabel = shapes.indices.filter { shapes[$0].anyFirstLabel }
            var labels: [String: [Int]] = [:]
            for k in shapes.indices { for label in shapes[k].firstLabels { labels[label, default: []].append(k) } }
            byFirstLabel = labels
        }
    }

    /// `isIdentifierByte` as a table, for the loop over every byte of the project.
    static let identifierBytes: [Bool] = (0..<256).map { isIdentifierByte(UInt8($0)) }

    /// For each class of `search` (with its own code's byte ranges in this file, `ownRanges`):
    /// the byte offsets in `bytes` of the places that make one (its name, where it is called),
    /// or nil when a place may make one that cannot be counted (a metatype, an implicit `.init`
    /// one of its initializers answers). One pass over the file's words and one over its
    /// `.init`s, whatever the number of classes.
    static func creations(in bytes: [UInt8], search: CreationSearch, ownRanges: [(Int, [Range<Int>])]) -> [[Int]?] {
        let shapes = search.shapes, index = search.index, words = search.words
        var result: [[Int]?] = Array(repeating: [], count: shapes.count)
        func uncountable(_ k: Int) { result[k] = nil }
        func add(_ k: Int, _ offset: Int) { result[k]?.append(offset) }
        // Whether byte `i` is on a line that is a `//` comment: a place there makes nothing (in a
        // multi-line string it makes nothing either). Other comments count, which only refuses more.
        func inComment(_ i: Int) -> Bool {
            var k = i
            while k > 0, bytes[k - 1] != 0x0A, bytes[k - 1] != 0x0D { k -= 1 }
            while k < i, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
            return k + 1 < i && bytes[k] == UInt8(ascii: "/") && bytes[k + 1] == UInt8(ascii: "/")
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func skipSpaces(_ i: Int) -> Int {
            var i = i
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            return i
        }
        func spacesBefore(_ i: Int) -> Int {
            var i = i
            while i > 0, isSpace(bytes[i - 1]) { i -= 1 }
            return i
        }
        func wordEnd(_ i: Int) -> Int {
            var end = i
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            return end
        }
        func word(at i: Int) -> String? {
            let end = wordEnd(i)
            return end > i ? String(decoding: bytes[i..<end], as: UTF8.self) : nil
        }
        func wordBefore(_ i: Int) -> String {
            var start = i
            while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        func startsWith(_ c: Character, at i: Int) -> Bool { i < bytes.count && bytes[i] == c.asciiValue! }
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
        // The words that are names, found over the raw buffer (every byte of the project passes
        // here), then what follows each: `Name(`, `Name.init`, `Name {` (when an initializer takes
        // arguments); `Name.self` and `Name.Type` make a metatype.
        var named: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { b in
            let identifier = Self.identifierBytes
            var i = 0
            while i < b.count {
                guard identifier[Int(b[i])] else { i += 1; continue }
                var end = i + 1
                while end < b.count, identifier[Int(b[end])] { end += 1 }
                if words.contains(b, start: i, length: end - i) { named.append(i..<end) }
                i = end
            }
        }
        for found in named {
            let i = found.lowerBound, end = found.upperBound
            guard let k = index[String(decoding: bytes[i..<end], as: UTF8.self)], !inComment(i) else { continue }
            let next = skipSpaces(end)
            guard next < bytes.count else { continue }
            if bytes[next] == UInt8(ascii: "(") {
                add(k, i)
            } else if bytes[next] == UInt8(ascii: ".") {
                let member = word(at: skipSpaces(next + 1))
                if member == "init" { add(k, i) } else if member == "self" || member == "Type" { uncountable(k) }
            } else if bytes[next] == UInt8(ascii: "{"), shapes[k].takesArguments {
                let before = spacesBefore(i)
                if !["class", "extension", "struct", "enum", "actor", "protocol"].contains(wordBefore(before)),
                   before == 0 || bytes[before - 1] != UInt8(ascii: ":") { add(k, i) }
            }
        }
        // `Self(`, `Self.init`, `type(of:`: in a class's own code, another instance.
        for (k, ranges) in ownRanges {
            for range in ranges {
                for word in ["Self", "type"] {
                    var at = range.lowerBound
                    while let hit = ByteSearch.firstOffset(of: Array(word.utf8), in: bytes, range: at..<range.upperBound) {
                        at = hit + 1
                        let end = hit + word.utf8.count
                        guard hit == 0 || !isIdentifierByte(bytes[hit - 1]), end == bytes.count || !isIdentifierByte(bytes[end]), !inComment(hit) else { continue }
                        let next = skipSpaces(end)
                        if startsWith("(", at: next) || (word == "Self" && startsWith(".", at: next)) { uncountable(k) }
                    }
                }
            }
        }
        // `.init`: an explicit receiver is a type's name (counted above when it is one of these),
        // or a metatype value (`t.init()`, `type(of: x).init()`: none can be counted); an implicit
        // one makes the type its place expects, which may be any class an initializer of which fits.
        let dotInit = Array(".init".utf8)
        var from = 0
        while let hit = ByteSearch.firstOffset(of: dotInit, in: bytes, range: from..<bytes.count) {
            from = hit + 1
            let end = hit + dotInit.count
            guard end == bytes.count || !isIdentifierByte(bytes[end]), !inComment(hit) else { continue }
            let before = hit > 0 ? bytes[hit - 1] : 0x20
            if isIdentifierByte(before) {
                let receiver = wordBefore(hit)
                if receiver == "self" || receiver == "super" || receiver.first.map({ $0.isUppercase }) == true { continue }
                return result.map { _ in nil }
            }
            if before == UInt8(ascii: ")") || before == UInt8(ascii: "?") || before == UInt8(ascii: "!") { return result.map { _ in nil } }
            if before == UInt8(ascii: "]") || before == UInt8(ascii: ">") { continue }  // `[T].init`, `Box<T>.init`
            // `var id: UUID = .init()`: the annotation just before names the type it makes.
            var only: Int? = nil
            if let annotated = annotatedType(before: hit) {
                guard let k = index[annotated] else { continue }
                only = k
            }
            func mark(_ ks: [Int]) { for k in ks where only == nil || only == k { uncountable(k) } }
            let open = skipSpaces(end)
            let first = open < bytes.count && bytes[open] == UInt8(ascii: "(") ? skipSpaces(open + 1) : -1
            if first < 0 || first >= bytes.count {  // `.init` as a function, or with a closure
                if let only { uncountable(only) } else { return result.map { _ in nil } }
            } else if bytes[first] == UInt8(ascii: ")") {
                mark(search.takingNothing)
            } else if let label = word(at: first), startsWith(":", at: skipSpaces(wordEnd(first))) {
                mark(search.takingAnyLabel)
                mark(search.byFirstLabel[label] ?? [])
            } else {
                mark(search.takingUnlabelled)
            }
        }
        return result
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
