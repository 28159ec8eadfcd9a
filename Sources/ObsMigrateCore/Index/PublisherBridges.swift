#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ObsMigrateSupport

/// A `@Published` property whose `$x` publisher is used where no observer can stand in for it
/// (time or scheduling, several publishers combined, a subscription from outside the class;
/// issue 31, point 2). Under `@Observable` it keeps a Combine publisher that behaves as
/// Published's: a subject made on first use with the current value and sent each new value from
/// `willSet` (before the property changes, and for sets in the initializer once the object is
/// initialized, as Published delivered), read through `xPublisher`, to which every `$x` site of
/// the project is rewritten.
public struct PublisherBridge: Sendable, Equatable {
    /// The model that declares the property, and the property.
    public var model: String
    public var property: String
    /// The element type as the subject's generic argument: written, or a literal's or a
    /// constructor's.
    public var valueType: String
    /// The accessor's attributes and modifiers (`@MainActor` when the property has it, and the
    /// property's access, less a setter's `private(set)`), with a trailing space when there are any.
    public var accessModifiers: String
    /// `@MainActor ` when the property is isolated so, for the subject too.
    public var isolation: String { accessModifiers.hasPrefix("@MainActor ") ? "@MainActor " : "" }
    /// The file that declares it, and whether it has no observers of its own: then
    /// `assign(to: &$x)` in that file's body of the model becomes a subscription kept in a set
    /// of the model's (a Published assignment set the value without the property's observers).
    public var file: Int
    public var takesAssignments: Bool
    /// What the added members' names start with: the property's name, or `xValue` when the class
    /// already has an `xPublisher` of its own (often `$x.eraseToAnyPublisher()`).
    public var stem: String

    public var publisherName: String { stem + "Publisher" }
    public var subjectName: String { stem + "Subject" }
    public var assignmentsName: String { stem + "Assignments" }

    static func stems(of property: String) -> [String] { [property, property + "Value"] }
    static func addedNames(stem: String) -> [String] { [stem + "Publisher", stem + "Subject", stem + "Assignments"] }
}

/// `Model.property`, a key for bridged properties.
public struct PropertyKey: Sendable, Hashable {
    public var model: String
    public var property: String
}

extension ProjectIndex {
    /// Every property that can take a bridge, by model and property name, with why each
    /// property that cannot stays (only the reasons a person can act on: an untold type).
    func collectPublisherBridges() -> (bridges: [String: [String: PublisherBridge]], untyped: Set<PropertyKey>) {
        var bridges: [String: [String: PublisherBridge]] = [:]
        var untyped = Set<PropertyKey>()
        guard !models.isEmpty else { return ([:], []) }
        // Only a property whose `$x` is written somewhere needs one.
        let projections = publishedProjections()
        let projected = Set(projections.map(\.name))
        guard !projected.isEmpty else { return ([:], []) }
        let spelledPublishedTypes = publishedTypeSpellings()
        // Only a `$x` handed on as it is can reach a slot typed `Published<T>.Publisher`.
        let handedOn = spelledPublishedTypes.isEmpty ? (typed: Set<PropertyKey>(), untyped: Set<String>()) : projectionsHandedOn(projections)
        let mergedWithOthers = projectionsSharingATypeWithOthers(projections)
        var subclasses: [String: [String]] = [:]
        for (name, model) in models { if let s = model.superclass { subclasses[s, default: []].append(name) } }
        // Per file, made on first use, of the names a bridge may add: one search of the whole
        // file per name looked up was (models x names x bytes) in one large file.
        var wordsStartingTokens: [Int: Set<String>] = [:]
        let addedNames = WordSet(models.values.flatMap { model in
            model.published.intersection(projected).flatMap { PublisherBridge.stems(of: $0).flatMap(PublisherBridge.addedNames(stem:)) }
        })
        for name in models.keys.sorted() {
            let model = models[name]!
            guard model.declarations.count == 1, !model.published.isDisjoint(with: projected) else { continue }
            let ref = model.declarations[0]
            let decl = type(ref)
            guard decl.kind == .class, !files[ref.file].tokensDropped else { continue }
            let source = files[ref.file].source
            // Properties a pipeline turns into an observer already have their willSet.
            let observed = Set(observerMigrations[name]?.pipelines.map(\.property) ?? [])
            // The names a bridge adds must be new to the class, its ancestors and descendants.
            let family = lineageAndDescendants(name, subclasses)
            var members = Set<String>()
            var familyFiles = Set<Int>()
            for member in family {
                guard let m = models[member] else { continue }
                for r in m.declarations + m.extensions {
                    let t = type(r)
                    for p in t.properties { if let n = p.name { members.insert(n) } }
                    for fn in t.functions { members.insert(fn.name) }
                    if !files[r.file].tokensDropped { familyFiles.insert(r.file) }
                }
            }
            // A name a bridge adds is taken when the family declares it, or any of its files
            // writes it in code where it would name the new member (a local or a global there):
            // a token starts with it as a word, bare or after `self.` (`Publishers.xPublisher`
            // is another type's).
            func taken(_ name: String) -> Bool {
                let word = Array(name.utf8)
                let listed = word.withUnsafeBufferPointer { addedNames.contains($0, start: 0, length: word.count) }
                return members.contains(name) || familyFiles.contains { f in
                    // A small file is searched (cheaper than reading its tokens), a large one's
                    // words are read once.
                    guard listed, files[f].source.bytes.count >= Self.fileSizeForWordTable else {
                        let source = files[f].source
                        var found = false
                        Self.forEachOccurrence(of: word, in: source, range: 0..<source.bytes.count) { t, startsToken in
                            let end = source.start(t) + word.count
                            found = startsToken && (end == source.bytes.count || !Self.isIdentifierByte(source.bytes[end])) && Self.namesOwnMember(t, in: source)
                            return !found
                        }
                        return found
                    }
                    if wordsStartingTokens[f] == nil { wordsStartingTokens[f] = Self.wordsStartingTokens(files[f].source, among: addedNames) }
                    return wordsStartingTokens[f]!.contains(name)
                }
            }
            // The body's `_name` identifiers, read once (from their first byte) for all its properties.
            var underscored: [String: [Int]] = [:]
            for t in (decl.bodyOpen + 1)..<decl.bodyClose where source.kind(t) == .identifier && source.bytes[source.start(t)] == UInt8(ascii: "_") {
                underscored[source.text(t), default: []].append(t)
            }
            // `_x` may only give the initial value: `_x = .init(initialValue: v)` in an initializer
            // (which becomes `_x = v`, before any subject is made), before anything there could
            // subscribe, and no `$x` in any initializer: a subscription made first would miss the
            // value, where Published's was dropped with the publisher that assignment replaced.
            func setsStorageOnlyAtFirst(_ pname: String) -> Bool {
                // In an extension, no `_x` at all (its initializers are not looked into).
                let storage = "_" + pname
                if model.extensions.contains(where: { r in
                    let t = type(r)
                    // A file that let its tokens go is lexed again for it (the same answer either way).
                    return files[r.file].withTransientSource(ifBytesHoldAnyOf: [Array(storage.utf8)]) { es in
                        ((t.bodyOpen + 1)..<t.bodyClose).contains { es.kind($0) == .identifier && es.text($0) == storage } ? true : nil
                    } ?? false
                }) { return false }
                guard let uses = underscored[storage] else { return true }
                return uses.allSatisfy { storageInit(at: $0, in: ref.file, model: name) != nil && nothingEscapesBefore($0, in: decl, source: source) }
                    && !projectedInInitializer(pname, of: model)
            }
            for property in decl.properties where property.attribute("Published") != nil {
                guard let pname = property.name, projected.contains(pname), !property.isStatic, property.keyword == "var", !observed.contains(pname) else { continue }
                let key = PropertyKey(model: name, property: pname)
                let isolation = property.attribute("MainActor") != nil ? "@MainActor " : ""
                let access = bridgeAccess(property)
                let shapeRefusal: String? = property.attributes.count != (isolation.isEmpty ? 1 : 2) ? "attributes"
                    : access == nil ? "modifiers"
                    : pname.hasPrefix("`") ? "backticks"
                    : !(takesObserver(property, in: source) || existingWillSet(property, in: source) != nil) ? "observers"
                    : nil
                // The first stem whose names are all free, looked up only once the cheaper checks pass.
                let stem = shapeRefusal != nil ? nil : PublisherBridge.stems(of: pname).first { !PublisherBridge.addedNames(stem: $0).contains(where: taken) }
                let refusal: String? = shapeRefusal
                    ?? (stem == nil ? "names taken"
                    : !endsItsLine(property, in: source) ? "shares its line"
                    // `_x` written anywhere would set the value past the subject.
                    : !setsStorageOnlyAtFirst(pname) ? "_x used"
                    : mergedWithOthers.contains(pname) ? "shares its type with another object's publisher"
                    : nil)
                guard refusal == nil, let access, let stem else {
                    if Self.debugsBridges { print("bridge refused: \(name).\(pname): \(refusal ?? "modifiers")") }
                    continue
                }
                guard let valueType = bridgeValueType(property, in: source, at: scopePath(property.startToken, ref.file), file: ref.file) else {
                    untyped.insert(key)
                    continue
                }
                // A `Published<T>.Publisher` written for this type somewhere takes `$x` as it is.
                if handedOn.untyped.contains(pname) || family.contains(where: { handedOn.typed.contains(PropertyKey(model: $0, property: pname)) }),
                   spelledPublishedTypes.contains(Self.normalizedTypeSpelling(valueType)) || spelledPublishedTypes.contains("") {
                    if Self.debugsBridges { print("bridge refused: \(name).\(pname): Published<\(valueType)> written") }
                    continue
                }
                bridges[name, default: [:]][pname] = PublisherBridge(model: name, property: pname, valueType: valueType, accessModifiers: isolation + access,
                                                                     file: ref.file, takesAssignments: property.accessorBlock == nil, stem: stem)
            }
        }
        return (bridges, untyped)
    }

    /// Whether, in the initializer around token `s`, nothing before it can hand `self` to a
    /// subscriber: no `self.init`/`super.init`, no call of the class's own methods (bare or on
    /// `self`), and `self` only to name a property.
    func nothingEscapesBefore(_ s: Int, in decl: TypeDecl, source: SourceFile) -> Bool {
        guard let initializer = decl.functions.first(where: { $0.kind == .`init` && ($0.body.map { $0.open < s && s < $0.close } ?? false) }),
              let body = initializer.body else { return false }
        let methods = Set(decl.functions.filter { $0.kind == .func }.map(\.name))
        for t in (body.open + 1)..<s where source.kind(t) == .identifier {
            let calls = source.kind(t + 1) == .leftParen || source.kind(t + 1) == .leftBrace
            if source.isText(t, "self") {
                guard source.kind(t + 1) == .period, source.kind(t + 2) == .identifier, !source.isIdentifier(t + 2, "init") else { return false }
                if source.kind(t + 3) == .leftParen || methods.contains(source.text(t + 2)) { return false }
            } else if source.isText(t, "super") || (source.isText(t, "init") && source.kind(t - 1) == .period) {
                return false
            } else if calls, source.kind(t - 1) != .period, methods.contains(source.text(t)) {
                return false
            }
        }
        return true
    }

    /// Whether `$name` is written in the body of an initializer of the model or its extensions.
    func projectedInInitializer(_ name: String, of model: ModelType) -> Bool {
        (model.declarations + model.extensions).contains { r in
            let initializers = type(r).functions.filter { $0.kind == .`init` }.compactMap(\.body)
            guard !initializers.isEmpty else { return false }
            return files[r.file].withTransientSource(ifBytesHoldAnyOf: [Array(("$" + name).utf8)]) { source in
                initializers.contains { body in
                    source.indices(of: .dollarIdentifier, in: (body.open + 1)..<body.close).contains { source.text($0).dropFirst() == name }
                } ? true : nil
            } ?? false
        }
    }

    /// From this size on, a file's words are read once for the bridges' names (see `taken`).
    static let fileSizeForWordTable = 1 << 18

    /// The `candidates` that are the run of identifier bytes a significant token starts with
    /// (`items` of `items.count`), where it would name the object's own member (`namesOwnMember`).
    static func wordsStartingTokens(_ source: SourceFile, among candidates: WordSet) -> Set<String> {
        var words = Set<String>()
        source.bytes.withUnsafeBufferPointer { bytes in
            for t in 0..<source.sigCount {
                let start = source.start(t)
                var end = start
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                if end > start, candidates.contains(bytes, start: start, length: end - start), namesOwnMember(t, in: source) {
                    words.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
            }
        }
        return words
    }

    /// Whether the name at token `t` may refer to the object's own member: bare, or after
    /// `self.`; not another receiver's member (`Publishers.name`, `other.name`, `.name`) nor a
    /// declaration (`var name`: another type's member, or a local that shadows the new one).
    static func namesOwnMember(_ t: Int, in source: SourceFile) -> Bool {
        if ["var", "let", "func", "case"].contains(where: { source.isIdentifier(t - 1, $0) }) { return false }
        guard source.kind(t - 1) == .period else { return true }
        return source.isIdentifier(t - 2, "self") && source.kind(t - 3) != .period
    }

    /// Each place `word` occurs within bytes `range` outside comments, found by one search of the
    /// bytes: the token it starts (`startsToken`), or the token it is inside (a string's
    /// interpolation). `body` returns whether to go on.
    static func forEachOccurrence(of word: [UInt8], in source: SourceFile, range: Range<Int>, _ body: (_ token: Int, _ startsToken: Bool) -> Bool) {
        var offset = range.lowerBound
        while let hit = ByteSearch.firstOffset(of: word, in: source.bytes, range: offset..<range.upperBound) {
            offset = hit + 1
            let t = source.sigIndex(atOrAfter: hit)
            if t < source.sigCount, source.start(t) == hit {
                if !body(t, true) { return }
            } else if t > 0, source.start(t - 1) < hit, hit < source.end(t - 1) {
                if !body(t - 1, false) { return }
            }
        }
    }

    /// `OBS_MIGRATE_DEBUG_BRIDGES=1`: why each property was refused a bridge, on standard output.
    static let debugsBridges = getenv("OBS_MIGRATE_DEBUG_BRIDGES") != nil

    /// The bridge of the `$member` seen from `model` (declared there or in a model superclass).
    public func publisherBridge(_ member: String, seenFrom model: String) -> PublisherBridge? {
        declaringModel(of: member, seenFrom: model).flatMap { publisherBridges[$0]?[member] }
    }

    /// The model of `model`'s lineage that declares the `@Published` `member`.
    func declaringModel(of member: String, seenFrom model: String) -> String? {
        lineage(of: model).first { models[$0]?.published.contains(member) ?? false }
    }

    /// A `willSet` the property has already, where the send can go last (Published delivered
    /// after it): its closing brace, on a line of its own, and the name of its new value. nil
    /// when it has none, or one a `return` could leave before the send.
    public func existingWillSet(_ property: PropertyDecl, in source: SourceFile) -> (close: Int, newValue: String)? {
        guard let block = property.accessorBlock, !property.isComputed else { return nil }
        var k = block.open + 1
        while k < block.close {
            if source.isIdentifier(k, "willSet"), source.innermostBrace(around: k) == block.open {
                var name = "newValue", open = k + 1
                if source.kind(open) == .leftParen, source.kind(open + 1) == .identifier, source.kind(open + 2) == .rightParen {
                    name = source.text(open + 1); open += 3
                }
                guard source.kind(open) == .leftBrace else { return nil }
                let close = Int(source.match[open])
                guard close > open, source.startsLine[close],
                      !((open + 1)..<close).contains(where: { source.isIdentifier($0, "return") }) else { return nil }
                return (close, name)
            }
            if [.leftBrace, .leftParen, .leftBracket].contains(source.kind(k)), Int(source.match[k]) > k { k = Int(source.match[k]) + 1 } else { k += 1 }
        }
        return nil
    }

    /// Why a `$member` seen from `model` that no bridge serves keeps the model.
    func publisherBlockReason(_ member: String, seenFrom model: String) -> BlockReason {
        if let m = declaringModel(of: member, seenFrom: model), untypedBridgeProperties.contains(PropertyKey(model: m, property: member)) {
            return .publisherTypeUnknown(projection: "$" + member)
        }
        return .publisherUsed(projection: "$" + member)
    }

    /// Whether the projection at token `s` only reads the publisher: not passed `&` (to
    /// `assign(to:)`), not assigned, not a key path. `first` is its expression's first token
    /// (`self`, a receiver, or `s` itself).
    func readsPublisherOnly(_ s: Int, first: Int, in source: SourceFile) -> Bool {
        if first > 0, source.kind(first - 1) == .operator, source.text(first - 1).hasSuffix("&") { return false }
        if first > 0, source.kind(first - 1) == .backslash { return false }
        if source.kind(s - 1) == .period, source.kind(s - 2) == .backslash { return false }
        if source.kind(s + 1) == .operator, source.text(s + 1).hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(source.text(s + 1)) { return false }
        return true
    }

    /// `publisher.assign(to: &$x)` (or `&self.$x`) at the `$x` token `s`, in the model's own
    /// body in the file that declares `x`: the bridge, and the tokens from `assign` to `)`,
    /// which become `sink { [weak self] in self?.x = $0 }.store(in: &xAssignments)`.
    public func bridgedAssignment(_ s: Int, in file: Int, model: String) -> (bridge: PublisherBridge, call: ClosedRange<Int>)? {
        let source = files[file].source
        let bySelf = source.kind(s - 1) == .period && source.isIdentifier(s - 2, "self")
        guard source.kind(s - 1) != .period || bySelf else { return nil }
        let first = bySelf ? s - 2 : s
        guard first >= 6, source.isText(first - 1, "&"), source.kind(first - 2) == .colon, source.isIdentifier(first - 3, "to"),
              source.kind(first - 4) == .leftParen, source.isIdentifier(first - 5, "assign"), source.kind(first - 6) == .period,
              source.kind(s + 1) == .rightParen, Int(source.match[first - 4]) == s + 1,
              let innermost = enclosingTypes(of: s, in: file).first, typeName(of: innermost) == model,
              let b = publisherBridge(String(source.text(s).dropFirst()), seenFrom: model),
              b.model == model, b.file == file, b.takesAssignments else { return nil }
        return (b, (first - 5)...(s + 1))
    }

    /// The properties whose publisher is read somewhere through a bridge: in the body of a model
    /// of their lineage, or from outside (a member use the sweep marked bridged); and those
    /// assigned into with `assign(to:)`.
    func collectBridgedProperties() -> (read: Set<PropertyKey>, assigned: Set<PropertyKey>) {
        var result = Set<PropertyKey>(), assigned = Set<PropertyKey>()
        guard !publisherBridges.isEmpty else { return (result, assigned) }
        for use in memberUses where use.bridged {
            if let m = use.model, let b = publisherBridge(use.member, seenFrom: m) { result.insert(PropertyKey(model: b.model, property: b.property)) }
        }
        for (name, model) in models {
            for ref in model.declarations + model.extensions where !files[ref.file].tokensDropped {
                let decl = type(ref), source = files[ref.file].source
                for s in source.indices(of: .dollarIdentifier, in: (decl.bodyOpen + 1)..<decl.bodyClose) {
                    if let b = ownBridgedProjection(s, in: ref.file, model: name) {
                        result.insert(PropertyKey(model: b.model, property: b.property))
                    } else if let (b, _) = bridgedAssignment(s, in: ref.file, model: name) {
                        assigned.insert(PropertyKey(model: b.model, property: b.property))
                    }
                }
            }
        }
        return (result, assigned)
    }

    /// The bridge that serves `$x` or `self.$x` at token `s` of a body of `model`, when that
    /// use only reads it.
    func ownBridgedProjection(_ s: Int, in file: Int, model: String) -> PublisherBridge? {
        let source = files[file].source
        let bySelf = source.kind(s - 1) == .period && source.isIdentifier(s - 2, "self")
        guard source.kind(s - 1) != .period || bySelf else { return nil }
        // In a type nested in the model, `$x` is that type's own.
        guard let innermost = enclosingTypes(of: s, in: file).first, typeName(of: innermost) == model else { return nil }
        guard let b = publisherBridge(String(source.text(s).dropFirst()), seenFrom: model),
              readsPublisherOnly(s, first: bySelf ? s - 2 : s, in: source) else { return nil }
        return b
    }

    /// The property's access for its publisher: `private(set)` and the like dropped, `open`
    /// read as `public`; nil for a modifier a computed accessor could not take as it is.
    func bridgeAccess(_ property: PropertyDecl) -> String? {
        var words: [String] = []
        for m in property.modifiers {
            switch m.text {
            case "public", "internal", "fileprivate", "private", "package": words.append(m.text)
            case "open": words.append("public")
            case "final": words.append("final")
            case _ where m.text.hasSuffix("(set)"): continue
            default: return nil
            }
        }
        return words.isEmpty ? "" : words.joined(separator: " ") + " "
    }

    /// The element type, as it can be written: the annotation (not an implicitly unwrapped
    /// one), a literal's type, or `Name(...)` / `[Name]()` of a type that takes no inferred
    /// generic arguments.
    func bridgeValueType(_ property: PropertyDecl, in source: SourceFile, at path: [String], file: Int) -> String? {
        if let written = property.typeText {
            return written.hasSuffix("!") ? nil : written
        }
        if let literal = literalType(property.initializer, in: source) { return literal }
        guard let i = property.initializer, i.count >= 3 else { return nil }
        if let enumType = enumCaseType(i, in: source, at: path, file: file) { return enumType }
        let last = i.upperBound - 1
        guard source.kind(last) == .rightParen else { return nil }
        let open = Int(source.match[last])
        guard open > i.lowerBound, open < last + 1, source.kind(open) == .leftParen else { return nil }
        let callee = source.text(source.start(i.lowerBound)..<source.start(open)).filter { !$0.isWhitespace }
        let emptyArguments = open + 1 == last
        if callee.hasPrefix("[") {
            // `[Item]()`, `[String: Int]()`: an empty collection of a written type.
            return emptyArguments && callee.hasSuffix("]") ? callee : nil
        }
        // `Name(...)` or `Outer.Name(...)`, every part a type's name (not `make(...)`).
        let parts = callee.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ p in p.first.map { $0.isUppercase } ?? false && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        if let resolved = resolveTypeName(callee, from: path, in: file), let refs = declared[resolved] {
            // A generic type of the project would need its inferred arguments written.
            return refs.allSatisfy({ type($0).genericParameters == nil && type($0).kind != .protocol }) ? callee : nil
        }
        return emptyArguments ? callee : nil
    }

    /// `Name.member` / `Outer.Name.member` where `Name` is a non-generic enum of the project and
    /// `member` one of its cases without associated values, or a non-generic type and `member` a
    /// static property holding one of it: the type as written.
    func enumCaseType(_ initializer: Range<Int>, in source: SourceFile, at path: [String], file: Int) -> String? {
        // `Type.case` at least: a lone name (`= defaults`) is no case, and has no head to resolve.
        guard initializer.count >= 3, initializer.count % 2 == 1 else { return nil }
        for (n, t) in initializer.enumerated() {
            guard n % 2 == 0 ? source.kind(t) == .identifier : source.kind(t) == .period else { return nil }
        }
        let member = source.text(initializer.upperBound - 1)
        let written = source.text(source.span(initializer.lowerBound, through: initializer.upperBound - 3))
        // The head a type's name (`Preference.appearance.auto` nests a lowercase enum).
        guard written.first?.isUppercase ?? false,
              let resolved = resolveTypeName(written, from: path, in: file), let refs = declared[resolved] else { return nil }
        let isCase = refs.contains { ref in
            let decl = type(ref)
            return decl.kind == .enum && decl.genericParameters == nil && Self.declaresPlainCase(member, in: decl, source: files[ref.file].source)
        }
        if isCase && refs.allSatisfy({ type($0).kind == .enum || type($0).kind == .extension }) { return written }
        // `ReaderDocumentState.empty` of `static let empty = ReaderDocumentState()` (or `: Self`):
        // a static property of a non-generic type that holds a value of that type.
        guard refs.allSatisfy({ type($0).genericParameters == nil && type($0).kind != .protocol }) else { return nil }
        let simple = TypeName.base(resolved)
        let holdsOwnType = (refs + (extensionsOf[resolved] ?? [])).contains { ref in
            type(ref).properties.contains { p in
                guard p.isStatic, p.name == member else { return false }
                if let typeText = p.typeText {
                    let bare = typeText.filter { !$0.isWhitespace }
                    return bare == "Self" || bare == simple || bare == written
                }
                guard let i = p.initializer, i.count >= 3 else { return false }
                let s = files[ref.file].source, last = i.upperBound - 1
                guard s.kind(last) == .rightParen, Int(s.match[last]) == i.lowerBound + 1 else { return false }
                return s.isIdentifier(i.lowerBound, "Self") || s.text(i.lowerBound) == simple
            }
        }
        return holdsOwnType ? written : nil
    }

    /// Whether `case name` (in a list, with a raw value, not with associated values) is written
    /// directly in the enum's body.
    static func declaresPlainCase(_ name: String, in decl: TypeDecl, source: SourceFile) -> Bool {
        var inCase = false, plain = false
        _ = source.forEachTopLevelToken(in: (decl.bodyOpen + 1)..<decl.bodyClose) { k in
            guard source.kind(k) == .identifier else { return true }
            if source.isText(k, "case") {
                inCase = true
            } else if inCase && source.text(k) == name && (source.kind(k - 1) == .comma || source.isText(k - 1, "case")) {
                plain = source.kind(k + 1) != .leftParen
                return false
            } else if source.startsLine[k] {
                inCase = false
            }
            return true
        }
        return plain
    }

    /// Whether nothing but a comment follows the declaration on its last line, and it starts its
    /// line: the subject and publisher go on lines of their own after it.
    func endsItsLine(_ property: PropertyDecl, in source: SourceFile) -> Bool {
        let last = property.accessorBlock?.close ?? property.endToken
        guard source.startsLine[property.startToken] else { return false }
        return last + 1 >= source.sigCount || source.startsLine[last + 1]
    }

    /// The element types written as `Published<T>` anywhere, normalized; "" when one cannot be read.
    func publishedTypeSpellings() -> Set<String> {
        let word = Array("Published".utf8)
        // Each file on its own, on every core.
        let perFile = parallelMap(Array(files.indices)) { [self] f -> Set<String> in
            var result = Set<String>()
            guard !files[f].tokensDropped else { return result }
            let source = files[f].source, bytes = source.bytes
            // One search of the bytes rules out most files, before their tokens: `Published`, then `<`.
            var offset = 0, generic = false
            while !generic, let hit = ByteSearch.firstOffset(of: word, in: bytes, range: offset..<bytes.count) {
                var k = hit + word.count
                while k < bytes.count, bytes[k] == 0x20 { k += 1 }
                generic = k < bytes.count && bytes[k] == UInt8(ascii: "<")
                offset = hit + 1
            }
            guard generic else { return result }
            // `@Published` is an attribute token: only a bare `Published` is an identifier.
            for s in source.indices(of: .identifier, length: 9) where source.isText(s, "Published") && source.isText(s + 1, "<") {
                // A parameter that becomes `some Publisher<T, Never>` takes a bridge too (PublishedParameters.swift).
                if publishedParameterSites.contains(Site(file: f, offset: source.start(s))) { continue }
                guard let argument = Self.publishedTypeArgument(at: s, in: source) else { result.insert(""); continue }
                result.insert(Self.normalizedTypeSpelling(source.text(argument.bytes)))
            }
            return result
        }
        return perFile.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Every `$x` in the project handed on as a value (an argument, a return value, a stored or
    /// assigned value) rather than read through an operator (`$x.sink`, `$x.map`) or given to a
    /// Combine API that takes any publisher (`.onReceive($x)`, `Publishers.CombineLatest($a, $b)`,
    /// `$a.combineLatest($b)`): by the model it was told to be of (`model.$x`, or a bare `$x` in a
    /// model's body), else by name.
    func projectionsHandedOn(_ projections: [PublishedProjection]) -> (typed: Set<PropertyKey>, untyped: Set<String>) {
        var typed = Set<PropertyKey>(), untyped = Set<String>()
        for projection in projections {
            let f = projection.file, s = projection.token, name = projection.name
            let source = files[f].source
            guard !untyped.contains(name), source.kind(s + 1) != .period else { continue }
            // The argument's call: `f(` before the expression (its receiver, if any, skipped).
            var first = s
            let receiver = source.kind(s - 1) == .period ? receiverRange(before: s - 1, in: source) : nil
            if let r = receiver { first = r.lowerBound }
            var open = first - 1
            if source.kind(open) == .colon, source.kind(open - 1) == .identifier { open -= 2 }  // a label
            if source.kind(open) == .comma || source.kind(open) == .leftParen {
                if let paren = source.kind(open) == .leftParen ? open : source.innermostParen(around: open),
                   Self.anyPublisherConsumers.contains(source.text(paren - 1)) { continue }
            }
            let bySelf = receiver.map { source.isIdentifier($0.lowerBound, "self") && $0.count == 1 } ?? false
            let model = receiver == nil || bySelf
                ? enclosingModel(of: s, in: f)
                : receiver.flatMap { expressionType($0, in: f, path: scopePath(s, f), foreign: true) }
            if let model, models[model] != nil { typed.insert(PropertyKey(model: model, property: name)) } else { untyped.insert(name) }
        }
        return (typed, untyped)
    }

    /// The `x` of each `$x` that must share its type with another expression, unless every one
    /// of those is a `$x` of the same receiver: an argument of `Publishers.MergeMany(...)`, an
    /// element of an array literal, a branch of `?:`, an operand of `??`. A bridge changes one
    /// model's `$x` type, which another object's (or any other value) would no longer share.
    func projectionsSharingATypeWithOthers(_ projections: [PublishedProjection]) -> Set<String> {
        var result = Set<String>()
        var checked = Set<Site>()
        for projection in projections {
            let f = projection.file, s = projection.token, name = projection.name
            let source = files[f].source
            // A bare `$x` outside a model is a view's own wrapper, not a model's publisher.
            if source.kind(s - 1) != .period, enclosingModel(of: s, in: f) == nil { continue }
            let first = source.kind(s - 1) == .period ? receiverRange(before: s - 1, in: source)?.lowerBound ?? s : s
            let opener = source.innermostGroup(around: first)
            if let open = opener, source.kind(open) == .leftParen && source.isIdentifier(open - 1, "MergeMany")
                || source.kind(open) == .leftBracket && !Self.isSubscript(open, in: source),
               checked.insert(Site(file: f, offset: open)).inserted,
               let names = Self.mixedProjections(in: open, source: source) {
                result.formUnion(names.filter { publishedNames.contains($0) })
            }
            if Self.isOperandOfChoice(first: first, last: s, container: opener, in: source) { result.insert(name) }
        }
        return result
    }

    /// The `$` names inside the group `open` (arguments or elements) when its members are not all
    /// `$x` or `receiver.$x` of one receiver; nil when they are.
    static func mixedProjections(in open: Int, source: SourceFile) -> [String]? {
        let close = Int(source.match[open])
        guard close > open else { return [] }
        var names: [String] = [], receivers = Set<String>(), uniform = true
        var memberStart = open + 1, k = open + 1
        while k <= close {
            if k == close || source.kind(k) == .comma || source.kind(k) == .colon {
                // A member is `$x` or `receiver.$x`, nothing else (a dictionary's `key:` is not).
                let last = k - 1
                if source.kind(k) == .colon || last < memberStart || source.kind(last) != .dollarIdentifier {
                    uniform = false
                } else {
                    receivers.insert(last > memberStart ? source.joinedText(memberStart..<last) : "")
                    if last > memberStart, source.kind(last - 1) != .period { uniform = false }
                }
                memberStart = k + 1
            } else if source.kind(k) == .dollarIdentifier {
                names.append(String(source.text(k).dropFirst()))
            }
            switch source.kind(k) {
            case .leftParen, .leftBracket, .leftBrace:
                // Nested groups are walked for names, not split at their commas.
                let m = Int(source.match[k])
                if m > k {
                    for t in (k + 1)..<m where source.kind(t) == .dollarIdentifier { names.append(String(source.text(t).dropFirst())) }
                    k = m
                }
            default: break
            }
            k += 1
        }
        return uniform && receivers.count <= 1 ? nil : names
    }

    /// Whether the `$x` at `last` (its expression from `first`) is a branch of `?:` or an operand
    /// of `??` inside `container` (its innermost opening bracket, if any) whose other side is not
    /// a `$y` of the same receiver. `.eraseToAnyPublisher()` after it gives one type either way.
    static func isOperandOfChoice(first: Int, last: Int, container: Int?, in source: SourceFile) -> Bool {
        // The postfix chain after `$x`: `.map { }`, `.eraseToAnyPublisher()`.
        var end = last
        while source.kind(end + 1) == .period, source.kind(end + 2) == .identifier {
            end += 2
            if source.kind(end + 1) == .leftParen, Int(source.match[end + 1]) > end + 1 { end = Int(source.match[end + 1]) }
        }
        if end > last, source.isIdentifier(end - 2, "eraseToAnyPublisher") { return false }
        let spacedQuestion = { (k: Int) in source.isText(k, "?") && k > 0 && source.end(k - 1) < source.start(k) }
        let before = first - 1, after = end + 1
        // The other side, when it is one token group: `a.$x ?? b.$y`, `c ? a.$x : a.$y`.
        var sibling: Range<Int>? = nil
        if source.isText(after, "??") || source.kind(after) == .colon && spacedQuestion(before) {
            sibling = (after + 1)..<Self.operandEnd(from: after + 1, container: container, in: source)
        } else if source.isText(before, "??") || spacedQuestion(before) {
            return true  // the other side comes first: only a `:` one is read back
        } else if source.kind(before) == .colon {
            // The false branch: a spaced `?` before the colon, in the same statement.
            var k = before - 1
            let floor = container ?? -1
            var question: Int? = nil
            while k > floor, question == nil {
                switch source.kind(k) {
                case .rightParen, .rightBracket, .rightBrace:
                    let m = Int(source.match[k])
                    k = m >= 0 && m < k ? m - 1 : k - 1
                    continue
                case .comma, .semicolon, .leftBrace: k = floor
                default:
                    if spacedQuestion(k) { question = k } else if source.startsStatement(k) { k = floor }
                }
                k -= 1
            }
            guard let q = question else { return false }
            sibling = (q + 1)..<before
        } else {
            return false
        }
        // Fine only when both sides are bare `$x`/`$y` of one receiver.
        guard end == last, let other = sibling, other.count >= 1, source.kind(other.upperBound - 1) == .dollarIdentifier else { return true }
        let receiver = first < last ? source.joinedText(first..<last) : ""
        let otherReceiver = other.count > 1 ? source.joinedText(other.lowerBound..<(other.upperBound - 1)) : ""
        return receiver != otherReceiver
    }

    /// Where an operand that starts at `k` ends: before a `,`, `:`, `??`, `)`/`]`/`}` closing its
    /// container, or the next statement.
    static func operandEnd(from k: Int, container: Int?, in source: SourceFile) -> Int {
        var t = k
        let close = container.map { Int(source.match[$0]) } ?? source.sigCount
        while t < close, t < source.sigCount {
            switch source.kind(t) {
            case .comma, .colon, .semicolon, .rightParen, .rightBracket, .rightBrace: return t
            case .leftParen, .leftBracket, .leftBrace:
                let m = Int(source.match[t])
                t = m > t ? m + 1 : t + 1
                continue
            default:
                if t > k, source.isText(t, "??") || source.startsStatement(t) { return t }
            }
            t += 1
        }
        return t
    }

    /// A `$x` token of a kept file whose `x` is a model's `@Published` property.
    struct PublishedProjection {
        var file: Int
        var token: Int
        var name: String
    }

    /// The `$x` tokens of the kept files whose `x` is a model's `@Published` property, in file
    /// and token order (`$0`-style closure arguments ruled out before making a String).
    func publishedProjections() -> [PublishedProjection] {
        // On both cores, the names compared as bytes (a String only for a match).
        let names = WordSet(Array(publishedNames))
        let snapshot = self
        return parallelMap(files.indices.filter { !files[$0].tokensDropped }) { f -> [PublishedProjection] in
            let source = snapshot.files[f].source
            return source.indices(of: .dollarIdentifier).compactMap { s in
                names.contains(source, s, from: 1) ? PublishedProjection(file: f, token: s, name: String(source.text(s).dropFirst())) : nil
            }
        }.flatMap { $0 }
    }

    /// `name`, its model ancestors and its model descendants.
    func lineageAndDescendants(_ name: String, _ subclasses: [String: [String]]) -> [String] {
        var result = lineage(of: name)
        var queue = [name]
        while let next = queue.popLast() {
            for c in subclasses[next] ?? [] where !result.contains(c) { result.append(c); queue.append(c) }
        }
        return result
    }

    /// Combine and SwiftUI calls that take any publisher of the element type.
    static let anyPublisherConsumers: Set<String> = [
        "onReceive", "combineLatest", "CombineLatest", "CombineLatest3", "CombineLatest4", "merge", "Merge", "Merge3", "Merge4",
        "zip", "Zip", "Zip3", "Zip4", "switchToLatest", "append", "prepend", "flatMap", "AsyncPublisher",
    ]

    /// A type's text without whitespace or module and outer-type qualifiers, to compare
    /// spellings (`[Mastodon.Entity.Filter]` and `[Filter]`).
    /// The generic argument of `Published<...>` at the `Published` token `s`: its bytes, and the
    /// token that closes it. (`?>` and `!>` are one operator token, `Published<Int?>`: the `>`s
    /// after the sigils close.) Nil when it does not close nearby or is empty.
    static func publishedTypeArgument(at s: Int, in source: SourceFile) -> (bytes: Range<Int>, close: Int)? {
        var depth = 0, k = s + 1, sigils = 0
        while k < source.sigCount, k < s + 64 {
            let text = source.text(k)
            let closers = text.drop(while: { $0 == "?" || $0 == "!" })
            if text == "<" { depth += 1 } else if closers.first == ">", closers.allSatisfy({ $0 == ">" }) {
                depth -= closers.count
                if depth <= 0 { sigils = text.count - closers.count; break }
            }
            k += 1
        }
        guard depth == 0, k > s + 2 || sigils > 0 else { return nil }
        return (source.start(s + 2)..<(source.start(k) + sigils), k)
    }

    static func normalizedTypeSpelling(_ text: String) -> String {
        var out = "", word = ""
        for c in text where !c.isWhitespace {
            if c == "." { word = ""; continue }
            if c.isLetter || c.isNumber || c == "_" { word.append(c); continue }
            out += word + String(c); word = ""
        }
        return out + word
    }
}
