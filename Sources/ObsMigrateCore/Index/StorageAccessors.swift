import ObsMigrateSupport

/// An `@AppStorage` property of a model that the migration tracks by hand (OBS210's fix): the
/// wrapper stays, `@ObservationIgnored` and renamed `_x`, behind a computed `x` whose getter calls
/// `access(keyPath: \.x)` and whose setter sets `_x` inside `withMutation(keyPath: \.x)`, so the
/// views that read `x` update on each set, as they did through objectWillChange.
///
/// Under ObservableObject an `@AppStorage` also follows writes to its key made elsewhere (another
/// `@AppStorage` of the key, `UserDefaults`, a second instance of the class); the rewrite does
/// not. So it is made only where no such write can come from the project: the key is a string
/// literal written nowhere else, the store is the standard one, the class has no subclass and is
/// made at one place (its initializers private, or made private: `SingleInstances.swift`), and
/// no Xcode project of the run has a Settings.bundle or Objective-C sources.
public struct StorageAccessor: Sendable, Equatable {
    public var model: String
    public var property: String
    /// The value's type as written for the computed property.
    public var valueType: String
    /// The computed property's modifiers (the stored one's access, `private(set)` kept), with a
    /// trailing space when there are any.
    public var modifiers: String
    /// For a class made once whose initializers are not private: what makes them so (the same
    /// for each of its properties; the fix of the first one writes it).
    public var privateInitializers: PrivateInitializers?
}

extension ProjectIndex {
    /// Every `@AppStorage` property that can be tracked by hand, by model and name, and why each
    /// other one of a model's cannot (read after "which @Observable cannot track").
    func collectStorageAccessors() -> (accessors: [String: [String: StorageAccessor]], refusals: [PropertyKey: String]) {
        var accessors: [String: [String: StorageAccessor]] = [:]
        var refusals: [PropertyKey: String] = [:]
        var candidates: [(key: PropertyKey, accessor: StorageAccessor, storageKey: String)] = []
        let subclassed = Set(models.values.compactMap(\.superclass))  // once: a scan per model was quadratic
        // Models not made once by their own file, with their @AppStorage properties: they may
        // still be made once as a static let of their own, proven below for all in one pass.
        var unproven: [String: [PropertyKey]] = [:]
        for (name, model) in models {  // in any order: the results are looked up by name
            // Read in place (`type(ref)` copies the whole declaration): most models have none.
            guard model.declarations.contains(where: { ref in
                files[ref.file].decls.types[ref.type].properties.contains { $0.attributes.contains { $0.name == "AppStorage" } }
            }) else { continue }
            let stored = model.declarations.flatMap { ref in type(ref).properties.filter { !$0.isComputed && !$0.isStatic }.map { (ref, $0) } }
            let storage = stored.filter { $0.1.attribute("AppStorage") != nil }
            guard !storage.isEmpty else { continue }
            if !madeOnceByItsOwnFile(model, subclassed: subclassed) {
                let keys = storage.compactMap { $0.1.name.map { PropertyKey(model: name, property: $0) } }
                // Made once as a static let of its own needs one (`static let shared = Name()`):
                // without, nothing is read from the rest of the project for it.
                guard declaresStaticInstance(model) else {
                    for key in keys { refusals[key] = Self.madeTwiceReason(model) }
                    continue
                }
                unproven[name] = keys
            }
            for (ref, property) in storage {
                guard let pname = property.name else { continue }
                let key = PropertyKey(model: name, property: pname)
                switch storageAccessor(property, of: model, in: ref, stored: stored.map(\.1)) {
                case .refused(let why): refusals[key] = why
                case .accepted(let accessor, let storageKey): candidates.append((key, accessor, storageKey))
                }
            }
        }
        guard !candidates.isEmpty else { return ([:], refusals) }
        if let unread = unreadKeyWriters() {
            for c in candidates { refusals[c.key] = unread }
            return ([:], refusals)
        }
        // Project-wide: a key written at another place. (A `$x` binding read through a receiver
        // becomes `Bindable(receiver).x`, decided in the sweep.)
        let keyCounts = occurrencesInAllFiles(of: Set(candidates.map { "\"" + $0.storageKey + "\"" }))
        var accepted: [(key: PropertyKey, accessor: StorageAccessor)] = []
        for c in candidates {
            if (keyCounts["\"" + c.storageKey + "\""] ?? 0) > 1 {
                refusals[c.key] = "its key \"\(c.storageKey)\" is also used elsewhere, whose writes it would miss"
            } else if ownBindingUse(c.key.property, in: models[c.key.model]!) {
                refusals[c.key] = "its $\(c.key.property) binding is used in its own body"
            } else {
                accepted.append((c.key, c.accessor))
            }
        }
        // Made once after all, or each of its properties says why not (as the first reason).
        let toProve = Set(accepted.map(\.key.model)).filter { unproven[$0] != nil }.sorted().map { models[$0]! }
        let proven = singletonInitializers(for: toProve, subclassed: subclassed)
        for model in toProve where proven[model.name] == nil {
            for key in unproven[model.name]! { refusals[key] = Self.madeTwiceReason(model) }
        }
        for var a in accepted where unproven[a.key.model] == nil || proven[a.key.model] != nil {
            a.accessor.privateInitializers = proven[a.key.model]
            accessors[a.key.model, default: [:]][a.key.property] = a.accessor
        }
        return (accessors, refusals)
    }

    private enum StorageVerdict {
        case accepted(StorageAccessor, storageKey: String)
        case refused(String)
    }

    static func madeTwiceReason(_ model: ModelType) -> String {
        "a second \(model.simpleName) would miss its writes (create it once, as a static let of its own, or give it only private initializers)"
    }

    /// Whether the one declaration of `model` has a static stored property whose value starts
    /// with its name (`static let shared = Settings()`), the only way `singletonInitializers` accepts.
    func declaresStaticInstance(_ model: ModelType) -> Bool {
        guard model.declarations.count == 1, let ref = model.declarations.first, !files[ref.file].tokensDropped else { return false }
        let source = files[ref.file].source
        return files[ref.file].decls.types[ref.type].properties.contains { p in
            guard p.isStatic, !p.isComputed, let i = p.initializer, !i.isEmpty else { return false }
            return source.kind(i.lowerBound) == .identifier && source.text(i.lowerBound) == model.simpleName
        }
    }

    /// Whether `model` has no subclass and only private initializers, in the file of its one
    /// declaration, and that file creates it at most once.
    func madeOnceByItsOwnFile(_ model: ModelType, subclassed: Set<String>) -> Bool {
        guard model.declarations.count == 1, let ref = model.declarations.first, !files[ref.file].tokensDropped else { return false }
        let decl = type(ref)
        // No subclass: private initializers keep any out of other files, and the project declares none.
        guard decl.kind == .class, !subclassed.contains(model.name) else { return false }
        let inits = (model.declarations + model.extensions).flatMap { r in type(r).functions.filter { $0.kind == .`init` }.map { (r.file, $0) } }
        guard !inits.isEmpty, inits.allSatisfy({ file, fn in
            file == ref.file && fn.modifiers.contains { $0.text == "private" || $0.text == "fileprivate" }
        }) else { return false }
        // Private initializers are reachable from this file only: count what calls one there.
        let source = files[ref.file].source
        // With only `init()`, an implicit `.init(` given arguments makes something else.
        let takesNoArguments = inits.allSatisfy { _, fn in
            guard let k = Self.initKeyword(of: fn, in: source) else { return false }
            return source.kind(k + 1) == .leftParen && source.kind(k + 2) == .rightParen
        }
        var creations = 0
        for t in 0..<source.sigCount where source.kind(t) == .identifier {
            let next = t + 1 < source.sigCount ? source.kind(t + 1) : .unknown
            if source.isText(t, "init"), t > 0, source.kind(t - 1) == .period {
                // `X.init(`, `Self.init(`, `self.init(`, an implicit `.init(`; not `Other.init(` or `super.init(`.
                let head = t > 1 && source.kind(t - 2) == .identifier ? source.text(t - 2) : ""
                let givenArguments = t + 2 < source.sigCount && source.kind(t + 1) == .leftParen && source.kind(t + 2) != .rightParen
                if head.isEmpty ? !(takesNoArguments && givenArguments) : [model.simpleName, "Self", "self"].contains(head) { creations += 1 }
            } else if next == .leftParen, source.text(t) == model.simpleName || source.isText(t, "Self") {
                creations += 1
            }
        }
        return creations <= 1
    }

    private func storageAccessor(_ property: PropertyDecl, of model: ModelType, in ref: TypeRef, stored: [PropertyDecl]) -> StorageVerdict {
        let source = files[ref.file].source
        let decl = type(ref)
        guard let pname = property.name, let wrapper = property.attribute("AppStorage") else { return .refused("its declaration cannot be read") }
        guard property.keyword == "var", property.attributes.count == 1, !pname.hasPrefix("`") else {
            return .refused("it has another attribute, or is not a var")
        }
        // `didSet`/`willSet` stay on the storage `_x`, which the setter sets: a body that sets `x`
        // would call them again through the setter, where Swift skips them today.
        if let block = property.accessorBlock {
            var observersOnly = true
            _ = source.forEachTopLevelToken(in: (block.open + 1)..<block.close) { k in
                observersOnly = source.isIdentifier(k, "didSet") || source.isIdentifier(k, "willSet")
                return observersOnly
            }
            guard observersOnly, Int(source.match[block.open]) == block.close else { return .refused("it has a getter or setter of its own") }
            for t in (block.open + 1)..<block.close where source.kind(t) == .identifier && source.text(t) == pname && !Self.isPlainRead(t, in: source) {
                return .refused("its observers set it")
            }
        }
        var modifiers: [String] = []
        for m in property.modifiers {
            switch m.text {
            case "public", "internal", "fileprivate", "private", "package", "open": modifiers.append(m.text == "open" ? "public" : m.text)
            case _ where m.text.hasSuffix("(set)"): modifiers.append(m.text)
            default: return .refused("its '\(m.text)' modifier has no computed counterpart")
            }
        }
        guard property.modifiers.allSatisfy({ $0.token > wrapper.token && $0.token < property.keywordToken }), endsItsLine(property, in: source) else {
            return .refused("it shares its line, or its modifiers come before the attribute")
        }
        // `@AppStorage("key")`: one plain string literal, and the standard store.
        let open = wrapper.token + 1
        guard open + 2 < source.sigCount, source.kind(open) == .leftParen, source.kind(open + 1) == .string, source.kind(open + 2) == .rightParen else {
            return .refused("its key is not one string literal, or it names a store, which other processes may write")
        }
        let literal = source.text(open + 1)
        guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.count >= 2, !literal.contains("\\") else {
            return .refused("its key is not a plain string literal")
        }
        let storageKey = String(literal.dropFirst().dropLast())
        let valueType: String? = property.typeText.flatMap { $0.hasSuffix("!") ? nil : $0 }
            ?? literalType(property.initializer, in: source)
            ?? property.initializer.flatMap { enumCaseType($0, in: source, at: scopePath(property.startToken, ref.file), file: ref.file) }
        guard let valueType else { return .refused("its type cannot be told (annotate it)") }
        // `_x` is the name the wrapper takes: new to the class, its files and its subclasses.
        let storageName = "_" + pname
        if stored.contains(where: { $0.name == storageName }) || decl.functions.contains(where: { $0.name == storageName }) {
            return .refused("\(storageName) is taken")
        }
        for r in model.declarations + model.extensions {
            let s = files[r.file].source
            if s.indices(of: .identifier).contains(where: { s.text($0) == storageName }) { return .refused("\(storageName) is used") }
        }
        // In an initializer a read of the wrapper, like one of the computed property, needs
        // `self` whole; a set or a call on it may be how the storage is initialized, or mutate it.
        for r in model.declarations + model.extensions {
            let s = files[r.file].source
            for fn in type(r).functions where fn.kind == .`init` {
                guard let body = fn.body else { continue }
                for t in (body.open + 1)..<body.close where s.kind(t) == .identifier && s.text(t) == pname && !Self.isPlainRead(t, in: s) {
                    return .refused("it is set or changed in an initializer")
                }
            }
        }
        return .accepted(StorageAccessor(model: model.name, property: pname, valueType: valueType,
                                         modifiers: modifiers.isEmpty ? "" : modifiers.joined(separator: " ") + " "),
                         storageKey: storageKey)
    }

    /// What an Xcode project builds that may write a key where obs-migrate does not look: a
    /// Settings.bundle (the Settings app changes its keys) or Objective-C sources.
    func unreadKeyWriters() -> String? {
        let settingsBundle = Array("Settings.bundle".utf8), objectiveC = Array("sourcecode.c.objc".utf8)
        for f in files.indices where files[f].isBuildSettings {
            let bytes = files[f].bytes
            if ByteSearch.firstOffset(of: settingsBundle, in: bytes, range: 0..<bytes.count) != nil {
                return "the Xcode project has a Settings.bundle, whose keys the Settings app writes"
            }
            if ByteSearch.firstOffset(of: objectiveC, in: bytes, range: 0..<bytes.count) != nil {
                return "the Xcode project builds Objective-C sources, which obs-migrate does not read for its key"
            }
        }
        return nil
    }

    /// Whether `name` at token `t` is only read: after it and any `.member`s, no assignment
    /// (`x = `, `x.a += `), subscript or call (`x.append(1)` may mutate it; `x.isEmpty` does not).
    static func isPlainRead(_ t: Int, in source: SourceFile) -> Bool {
        var k = t + 1
        while k + 1 < source.sigCount, source.kind(k) == .period, source.kind(k + 1) == .identifier { k += 2 }
        guard k < source.sigCount else { return true }
        switch source.kind(k) {
        case .operator:
            let op = source.text(k)
            return !(op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op))
        case .leftBracket: return false
        case .leftParen: return k == t + 1  // `x(...)` calls a stored closure; `x.f(...)` may mutate `x`
        default: return true
        }
    }

    /// How many times each of `words` occurs in the bytes of all the project's files (comments
    /// too: a key found there only makes the check stricter), reading let-go files without
    /// keeping them.
    func occurrencesInAllFiles(of words: Set<String>) -> [String: Int] {
        let sorted = words.sorted()
        let counter = OccurrenceCounter(sorted.map { Array($0.utf8) })
        let snapshot = self
        let counts = parallelMap(Array(files.indices)) { f -> [Int] in
            snapshot.files[f].withTransientBytes { counter.counts(in: $0) }
        }
        var result: [String: Int] = [:]
        for (i, word) in sorted.enumerated() { result[word] = counts.reduce(0) { $0 + $1[i] } }
        return result
    }

    /// Whether the model's own code reads `$name` or `self.$name` (its wrapper's binding).
    func ownBindingUse(_ name: String, in model: ModelType) -> Bool {
        (model.declarations + model.extensions).contains { ref in
            let source = files[ref.file].source, decl = type(ref)
            return source.indices(of: .dollarIdentifier, in: (decl.bodyOpen + 1)..<decl.bodyClose).contains { s in
                source.text(s).dropFirst() == name && (source.kind(s - 1) != .period || source.isIdentifier(s - 2, "self"))
            }
        }
    }
}

/// Counts the occurrences of words in bytes, as a substring search would (overlapping ones too).
/// String literals (`"key"`, no quote inside) are counted in one pass, from each quote to the
/// next, however many they are: one search per key was (keys x bytes) on a project with hundreds.
struct OccurrenceCounter: Sendable {
    private let words: [[UInt8]]
    /// The indices of the words that are not literals, searched for one by one.
    private let others: [Int]
    private let literals: [[UInt8]: Int]
    /// The literals, compared as bytes (no array made for each quoted run that is none of them).
    private let literalSet: WordSet
    private let longestLiteral: Int
    private static let quote = UInt8(ascii: "\"")

    init(_ words: [[UInt8]]) {
        self.words = words
        var literals: [[UInt8]: Int] = [:]
        for (i, w) in words.enumerated() where Self.isLiteral(w) { literals[w] = i }
        self.literals = literals
        others = words.indices.filter { literals[words[$0]] != $0 }
        literalSet = WordSet(literals.keys.map { String(decoding: $0, as: UTF8.self) })
        longestLiteral = literals.keys.map(\.count).max() ?? 0
    }

    private static func isLiteral(_ w: [UInt8]) -> Bool {
        w.count >= 2 && w.first == quote && w.last == quote && !w.dropFirst().dropLast().contains(quote)
    }

    func counts(in bytes: [UInt8]) -> [Int] {
        var n = [Int](repeating: 0, count: words.count)
        for i in others {
            var offset = 0
            while let hit = ByteSearch.firstOffset(of: words[i], in: bytes, range: offset..<bytes.count) { n[i] += 1; offset = hit + 1 }
        }
        guard !literals.isEmpty else { return n }
        // Every quote opens a candidate: the bytes through the next quote.
        var at = ByteSearch.firstOffset(of: [Self.quote], in: bytes, range: 0..<bytes.count)
        while let open = at {
            guard let close = ByteSearch.firstOffset(of: [Self.quote], in: bytes, range: (open + 1)..<bytes.count) else { break }
            if close - open + 1 <= longestLiteral,
               bytes.withUnsafeBufferPointer({ literalSet.contains($0, start: open, length: close - open + 1) }),
               let i = literals[Array(bytes[open...close])] { n[i] += 1 }
            at = close
        }
        return n
    }
}
