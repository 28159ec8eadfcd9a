#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport

/// `x.objectWillChange` or `x.$name` outside the model itself, with what the receiver is.
public struct MemberUse: Sendable {
    public var site: Site
    public var range: Range<Int>
    /// The publisher's property name (without `$`), or `objectWillChange`.
    public var member: String
    /// The model it belongs to, when known.
    public var model: String?
    /// A `$x` read through the Combine publisher that replaces it (see `PublisherBridge`).
    public var bridged = false
    /// `m.objectWillChange.send()` next to a set of m's tracked property (ExternalDeadSends.swift).
    public var deadSend: ExternalDeadSend? = nil
}

/// `.environmentObject(x)`.
public struct EnvironmentObjectCall: Sendable {
    public var file: Int
    /// Significant token of `environmentObject`, and the argument parentheses.
    public var nameToken: Int
    public var open: Int
    public var close: Int
    public var type: String?
}

/// `_m = StateObject(wrappedValue: x)` and friends, or another use of a wrapper type by name.
public struct WrapperInit: Sendable {
    public var file: Int
    public var wrapper: WrapperSite.Wrapper
    /// Significant token of the wrapper's name.
    public var nameToken: Int
    /// For the assignment form: the first token of the target (`_m` or `self`), the property
    /// name, the call's parentheses, and the argument label token.
    public var target: Int?
    public var property: String?
    public var open: Int?
    public var close: Int?
    public var label: Int?
    /// Index into `wrapperSites` of the property being initialised.
    public var siteIndex: Int?
    public var type: String?
    /// `_m = .init(wrappedValue: x)`: the wrapper's name is inferred, not written.
    public var implicit = false
    /// The model whose decision this site follows: its type's, or its property's protocol family's.
    public var familyModel: String? = nil
    public var decisionModel: String? { type ?? familyModel }
}

/// `ObservableObject` written outside an inheritance clause: a generic constraint or existential.
public struct ConstraintUse: Sendable {
    public var site: Site
    public var range: Range<Int>
    /// The generic function or type it constrains, when found.
    public var declarationName: String?
    /// `extension ObservableObject { ... }`: members added to every ObservableObject.
    public var isExtension = false
    /// `associatedtype Model: ObservableObject` in a protocol: the associated type's name (the
    /// protocol is `declarationName`).
    public var associatedType: String? = nil
}

/// `class Name: ObservableObject` whose declaration the scanner could not read (nested past
/// `DeclarationScanner.maxTypeDepth`, or cut off by a lexing error): not a model to decide, but
/// still a conformance, reported as one (OBS101) with why it is left alone.
public struct UnreadConformance: Sendable {
    public var site: Site
    public var range: Range<Int>
    public var typeName: String
    public var reason: String
}

extension ProjectIndex {
    /// The type of `class Name: A, ObservableObject` (or `extension`, with generic parameters),
    /// `s` at `ObservableObject`, read from the tokens alone; nil when `s` is not in such a list.
    static func conformingTypeName(before s: Int, in source: SourceFile) -> String? {
        var k = s - 1
        var steps = 0
        // Back over the entries before it: `A`, `B.C`, `D<E>`, separated by commas.
        while k > 0, steps < 256, source.kind(k) != .colon {
            let kind = source.kind(k)
            guard kind == .identifier || kind == .period || kind == .comma || (kind == .operator && (source.isText(k, ">") || source.isText(k, "<") || source.isText(k, "&"))) else { return nil }
            k -= 1
            steps += 1
        }
        guard k > 1, source.kind(k) == .colon else { return nil }
        var n = k - 1
        if source.kind(n) == .operator, source.isText(n, ">") {  // generic parameters: `Box<T>`
            while n > 0, !(source.kind(n) == .operator && source.isText(n, "<")) { n -= 1 }
            n -= 1
        }
        guard n > 0, source.kind(n) == .identifier else { return nil }
        let keyword = source.text(n - 1)
        guard keyword == "class" || keyword == "extension" || keyword == "actor" else { return nil }
        return source.text(n)
    }

    /// `associatedtype Name: ... ObservableObject` with `s` at `ObservableObject`, on one
    /// statement: the associated type's name.
    func associatedTypeDeclared(before s: Int, in source: SourceFile) -> String? {
        var j = s - 1
        while j > 0, s - j < 32 {
            if source.isIdentifier(j, "associatedtype") {
                return source.kind(j + 1) == .identifier ? source.name(j + 1) : nil
            }
            if source.startsLine[j] || source.kind(j) == .leftBrace || source.kind(j) == .semicolon { return nil }
            j -= 1
        }
        return nil
    }

    /// Blockers for the types that satisfy `associatedtype A: ObservableObject` of a protocol:
    /// an `@Observable` class there would no longer satisfy the constraint. The witness is read
    /// from the conformer's `typealias A = M`, else from its members that implement the
    /// protocol's requirements written with `A`, else every model its declarations name.
    func associatedTypeWitnessEvents(_ constraints: [ConstraintUse]) -> [Sweep.Event] {
        let uses = constraints.filter { $0.associatedType != nil && $0.declarationName != nil }
        guard !uses.isEmpty else { return [] }
        var events: [Sweep.Event] = []
        // Protocols that refine each constrained protocol (to a fixed point): their conformers count too.
        var family: [String: Set<String>] = [:]
        for use in uses { family[use.declarationName!] = [use.declarationName!] }
        var protocols: [TypeRef] = []
        for f in files.indices {
            for t in files[f].decls.types.indices where files[f].decls.types[t].kind == .protocol { protocols.append(TypeRef(file: f, type: t)) }
        }
        for root in family.keys {
            var changed = true
            while changed {
                changed = false
                for ref in protocols where !family[root]!.contains(type(ref).qualifiedName) {
                    let decl = type(ref)
                    if decl.inheritance.contains(where: { family[root]!.contains(resolveTypeName($0.name, from: decl.path) ?? "") }) {
                        family[root]!.insert(decl.qualifiedName)
                        changed = true
                    }
                }
            }
        }
        for use in uses {
            let proto = use.declarationName!, associated = use.associatedType!
            let members = family[proto] ?? [proto]
            // The protocol's requirements written with the associated type.
            var requirementNames: Set<String> = []
            for ref in declared[proto]?.array ?? [] {
                let decl = type(ref)
                for p in decl.properties where p.typeText.map({ Self.mentions($0, associated) }) ?? false { if let n = p.name { requirementNames.insert(n) } }
                for fn in decl.functions where fn.returnType.map({ Self.mentions($0, associated) }) ?? false { requirementNames.insert(fn.name) }
            }
            let reason = BlockReason.associatedTypeWitness(protocol: TypeName.base(proto), associatedType: associated)
            for f in files.indices {
                for t in files[f].decls.types.indices where files[f].decls.types[t].kind != .protocol {
                    let ref = TypeRef(file: f, type: t)
                    let decl = type(ref)
                    guard decl.inheritance.contains(where: { members.contains(resolveTypeName($0.name, from: decl.path) ?? "") }) else { continue }
                    let conformer = typeName(of: ref)
                    let site = Site(file: f, offset: decl.start)
                    var witnesses: Set<String> = []
                    if let alias = nestedTypeName(associated, in: conformer) { witnesses.insert(alias) }
                    let refs = (declared[conformer]?.array ?? []) + (extensionsOf[conformer] ?? [])
                    for r in refs {
                        let d = type(r)
                        let scope = d.path + [d.name]
                        for p in d.properties where requirementNames.contains(p.name ?? "") {
                            if let text = p.typeText { witnesses.formUnion(modelsNamed(in: text, from: scope)) }
                            else if let t = propertyType(p, declaredIn: r, file: r.file, depth: 0) { witnesses.insert(t) }
                        }
                        for fn in d.functions where requirementNames.contains(fn.name) {
                            if let text = fn.returnType { witnesses.formUnion(modelsNamed(in: text, from: scope)) }
                        }
                    }
                    if witnesses.isEmpty {
                        // No witness found: every model the conformer's declarations name may be it.
                        for r in refs {
                            let d = type(r), source = files[r.file].source
                            guard !files[r.file].tokensDropped else { continue }
                            for k in d.startToken..<min(d.bodyClose, source.sigCount) where source.kind(k) == .identifier {
                                if let m = resolveTypeName(source.text(k), from: d.path + [d.name]), models[m] != nil { witnesses.insert(m) }
                            }
                        }
                    }
                    for w in witnesses.sorted() where models[w] != nil {
                        events.append(.one(w, Blocker(reason, site: site)))
                    }
                }
            }
        }
        return events
    }

    /// Whether type text `text` names `word` as a whole identifier (`[Model]?` names `Model`).
    static func mentions(_ text: String, _ word: String) -> Bool {
        identifiers(in: text).contains(word)
    }

    static func identifiers(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.map(String.init)
    }

    /// The models a type text names (`[Feature.Model]?`, `Box<Model>`), resolved from `scope`.
    func modelsNamed(in text: String, from scope: [String]) -> Set<String> {
        Set(Self.identifiers(in: text).compactMap { resolveTypeName($0, from: scope) }.filter { models[$0] != nil })
    }

    /// Names looked for in every file: compared with tokens' bytes without making a String,
    /// and searched for in a file's bytes before it is lexed again.
    struct NameSearch: Sendable {
        let names: WordSet
        /// What a file must hold to use one of the names (backticks dropped: a use may omit
        /// them); none when there are too many to search for one by one.
        let words: [[UInt8]]
        /// With more names, all ASCII: the same names, backticks dropped, for one pass over a
        /// file's words (nil when a name is not ASCII: then every file is lexed).
        let wordsToScan: WordSet?

        /// The names as identifier tokens may spell them, with and without backticks, for
        /// `ProjectFile.mayHoldIdentifier`.
        let identifiers: [[UInt8]]

        init(_ names: [String]) {
            self.names = WordSet(names)
            let bare = names.map { Array($0.utf8.filter { $0 != UInt8(ascii: "`") }) }
            identifiers = Array(Set(names.map { Array($0.utf8) } + bare))
            words = names.count > 8 ? [] : bare
            wordsToScan = names.count > 8 && bare.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 < 0x80 && ProjectIndex.isIdentifierByte($0) } }
                ? WordSet(bare.map { String(decoding: $0, as: UTF8.self) }) : nil
        }

        /// Whether a file of these bytes may use one of the names, so that it is worth lexing.
        func mayBeUsed(in bytes: [UInt8]) -> Bool {
            if !words.isEmpty { return words.contains { ByteSearch.firstOffset(of: $0, in: bytes, range: 0..<bytes.count) != nil } }
            guard let wordsToScan else { return true }
            return Self.holdsWord(of: wordsToScan, in: bytes)
        }

        /// Whether a run of ASCII identifier bytes in `bytes` is one of `set`'s words. An
        /// identifier token the lexer makes of one of them is such a run (non-ASCII bytes may
        /// be operators or spaces, so they end a run); a run that starts with digits is tried
        /// whole (a raw identifier, `` `1_x` ``) and from every place a letter starts (`1abc`,
        /// `0x1Fabc`).
        static func holdsWord(of set: WordSet, in bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { b in
                @inline(__always) func isWordByte(_ c: UInt8) -> Bool { c < 0x80 && ProjectIndex.isIdentifierByte(c) }
                @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
                var i = 0
                while i < b.count {
                    guard isWordByte(b[i]) else { i += 1; continue }
                    var end = i + 1
                    while end < b.count, isWordByte(b[end]) { end += 1 }
                    if set.contains(b, start: i, length: end - i) { return true }
                    if isDigit(b[i]) {
                        for k in (i + 1)..<end where !isDigit(b[k]) && set.contains(b, start: k, length: end - k) { return true }
                    }
                    i = end
                }
                return false
            }
        }
    }

    /// The first use in `source` of a member that `extension ObservableObject` adds (not its
    /// declaration). `names` holds at least the members' names.
    func sharedMemberUse(in source: SourceFile, tokens: Range<Int>? = nil, _ sharedMembers: [String: Site], _ names: WordSet) -> (name: String, site: Site)? {
        guard !sharedMembers.isEmpty else { return nil }
        for s in source.indices(of: .identifier, in: tokens) where names.contains(source, s, from: 0) {
            if let site = sharedMembers[source.text(s)], !(source.isIdentifier(s - 1, "func") || source.isIdentifier(s - 1, "var")) {
                return (source.text(s), site)
            }
        }
        return nil
    }

    /// Blockers from the calls in `source` (file `f`) of declarations whose generic parameters
    /// require ObservableObject: a model passed to one must stay an ObservableObject. `names`
    /// holds at least the declarations' names.
    func constrainedCalls(in source: SourceFile, tokens: Range<Int>? = nil, file f: Int, _ constrainedNames: Set<String>, _ names: WordSet) -> [Sweep.Event] {
        guard !constrainedNames.isEmpty else { return [] }
        var events: [Sweep.Event] = []
        for s in source.indices(of: .identifier, in: tokens) {
            guard names.contains(source, s, from: 0) || source.bytes[source.start(s)] == UInt8(ascii: "`") else { continue }
            let name = source.name(s)
            guard constrainedNames.contains(name) else { continue }
            var open = s + 1
            if source.kind(open) == .operator, source.text(open).hasPrefix("<") {
                while open < source.sigCount, source.kind(open) != .leftParen, !source.startsLine[open] || open == s + 1 { open += 1 }
            }
            if isDeclarationName(s, in: source) { continue }
            guard source.kind(open) == .leftParen, Int(source.match[open]) > open else {
                // `[WeakBox<Cart>]`, `typealias CartRow = Row<Cart>`: the type named with its
                // generic arguments, no call; a model among them must stay an ObservableObject.
                if let arguments = Self.genericArguments(after: s, in: source) {
                    let callSite = Site(file: f, offset: source.start(s))
                    for a in arguments where source.kind(a) == .identifier && source.kind(a - 1) != .period {
                        if let t = resolveTypeName(source.text(a), from: scopePath(a, f), in: f), models[t] != nil {
                            events.append(.one(t, Blocker(.passedToConstrained(function: name), site: callSite)))
                        }
                    }
                }
                continue
            }
            let close = Int(source.match[open])
            var resolvedAny = false
            let callSite = Site(file: f, offset: source.start(s))
            for a in s..<close where source.kind(a) == .identifier {
                let path = scopePath(a, f)
                let t = resolveTypeName(source.text(a), from: path, in: f) ?? (source.kind(a - 1) == .period ? nil : expressionType(a..<(a + 1), in: f, path: path))
                if let t, models[t] != nil {
                    events.append(.one(t, Blocker(.passedToConstrained(function: name), site: callSite)))
                    resolvedAny = true
                }
            }
            if !resolvedAny, close > open + 1 {
                events.append(.all(Blocker(.passedToConstrainedUntyped(function: name), site: callSite), nil))
            }
        }
        return events
    }

    /// The tokens between the angle brackets right after the name at `s` (`Row<A, [B]>`), nil
    /// when none follow it or they do not close on the line.
    static func genericArguments(after s: Int, in source: SourceFile) -> Range<Int>? {
        guard s + 1 < source.sigCount, source.kind(s + 1) == .operator || source.isText(s + 1, "<"),
              source.text(s + 1).hasPrefix("<"), source.end(s) == source.start(s + 1) else { return nil }
        var depth = 0
        var k = s + 1
        while k < source.sigCount {
            if k > s + 1, source.startsLine[k] { return nil }
            if source.kind(k) == .operator || source.isText(k, "<") || source.isText(k, ">") {
                for ch in source.text(k) { depth += ch == "<" ? 1 : ch == ">" ? -1 : 0 }
                if depth <= 0 { return (s + 2)..<k }
            }
            k += 1
        }
        return nil
    }

    /// `Codable` (or `Encodable`, `Decodable`) on a model whose coding is not all written by
    /// hand: @Observable stores each property as `_name`, so the synthesized `CodingKeys`,
    /// `init(from:)` and `encode(to:)` would no longer compile (checked with the real macro).
    func codableBlocker(of name: String, _ model: ModelType) -> Blocker? {
        var decodes = false, encodes = false
        var site: Site? = nil
        for ref in model.declarations + model.extensions {
            let decl = type(ref)
            for entry in decl.inheritance {
                var kinds: Set<String> = [entry.baseName]
                // A protocol of the project that refines them (`protocol Stored: Codable`).
                if let p = resolveTypeName(entry.name, from: decl.path, in: ref.file), let refs = declared[p]?.array {
                    for r in refs where type(r).kind == .protocol { kinds.formUnion(type(r).inheritance.map(\.baseName)) }
                }
                let d = kinds.contains("Codable") || kinds.contains("Decodable"), e = kinds.contains("Codable") || kinds.contains("Encodable")
                if (d || e), site == nil { site = Site(file: ref.file, offset: entry.range.lowerBound) }
                decodes = decodes || d
                encodes = encodes || e
            }
        }
        guard decodes || encodes, let site else { return nil }
        var ownInit = false, ownEncode = false
        for ref in model.declarations + model.extensions {
            let source = files[ref.file].source
            for fn in type(ref).functions {
                if fn.kind == .`init` {
                    var k = fn.startToken
                    while k < fn.endToken, source.kind(k) != .leftParen { k += 1 }
                    if source.isIdentifier(k + 1, "from") { ownInit = true }
                } else if fn.name == "encode" {
                    ownEncode = true
                }
            }
        }
        let ownKeys = declared[name + ".CodingKeys"] != nil
        if ownKeys && (!decodes || ownInit) && (!encodes || ownEncode) { return nil }
        return Blocker(.codable, site: site)
    }

    /// What a model's own declarations and extensions do that keeps it an ObservableObject.
    func intrinsicBlockers(of name: String) -> [Blocker] {
        guard let model = models[name] else { return [] }
        var result: [Blocker] = []
        if let codable = codableBlocker(of: name, model) { result.append(codable) }
        let shape = declarationShapeBlockers(of: model)
        result += shape
        result += enclosingInstanceWrapperBlockers(of: model)
        if !shape.contains(where: { if case .declaredInSeveralFiles = $0.reason { true } else { false } }) {
            result += configurationBlockers(of: model)
        }
        // Bumped only to re-render its views, where no read of it can stand in (PokedProperties.swift).
        if let poked = pokedProperties[name], untrackedChangeCounters[name] == nil {
            result.append(Blocker(.bumpedOnly(property: poked.name, why: untrackedChangeRefusals[name] ?? ""), site: poked.site))
        }
        let allPublished = publishedIncludingAncestors(name)
        for ref in model.declarations + model.extensions {
            let decl = type(ref)
            let site = Site(file: ref.file, offset: decl.start)
            if decl.kind != .class && decl.kind != .extension { result.append(Blocker(.notAClass, site: site)) }
            // Each entry's removal would take the same comma: the edits would overlap (found by fuzzing).
            if decl.inheritance.filter({ $0.baseName == "ObservableObject" }).count > 1 { result.append(Blocker(.repeatedConformance, site: site)) }
            if decl.kind == .class, decl.hasAttribute("Model") { result.append(Blocker(.swiftDataModel, site: site)) }
            result += bodyBlockers(of: name, in: ref, published: allPublished)
        }
        return result
    }

    /// How the model is declared: in several files, with a stored `_x` beside a tracked `x`,
    /// or with stored variables declared together, none of which @Observable can take.
    func declarationShapeBlockers(of model: ModelType) -> [Blocker] {
        var result: [Blocker] = []
        // One module cannot declare a type twice outside `#if` branches of one file: two files
        // declaring it belong to different targets (an app and its watch app), which the
        // folders do not tell apart. Either may be meant anywhere, so neither changes.
        // (`private` twins, one per file, are each their file's own: those may share a name.
        // A stale file that no target of its Xcode project compiles does not count.)
        var declaringFiles = model.declarations.map(\.file).sorted()
        if Set(declaringFiles).count > 1, !xcodeSourceNames.isEmpty {
            let folders = projectFolders()
            let built = declaringFiles.filter { !isBuiltByNoTarget($0, folders: folders) }
            if !built.isEmpty { declaringFiles = built }
        }
        let allFilePrivate = model.declarations.allSatisfy { ref in
            type(ref).modifiers.contains { $0.text == "private" || $0.text == "fileprivate" }
        }
        if Set(declaringFiles).count > 1, !allFilePrivate {
            let names = Set(declaringFiles).sorted().map { files[$0].path }
            let second = model.declarations.first { $0.file != model.declarations[0].file }!
            result.append(Blocker(.declaredInSeveralFiles(paths: names), site: Site(file: second.file, offset: type(second).start)))
        }
        // @Observable stores each tracked property `x` as `_x`: a stored `_x` of its own collides.
        var stored: [String: Site] = [:]
        for ref in model.declarations where type(ref).kind == .class {
            for p in type(ref).properties where !p.isComputed && !p.isStatic {
                if let n = p.name { stored[n] = Site(file: ref.file, offset: p.start) }
            }
        }
        for ref in model.declarations where type(ref).kind == .class {
            for p in type(ref).properties where !p.isComputed && !p.isStatic && p.keyword == "var" && p.attribute("Published") == nil && p.attribute("ObservationIgnored") == nil {
                if let n = p.name, let other = stored["_" + n] {
                    result.append(Blocker(.storageCollision(property: n), site: other))
                }
            }
        }
        // `var `default` = 0`: the macro's expansion of a backquoted name does not parse (checked
        // with the real macro); an ignored or `lazy` one it leaves alone.
        for ref in model.declarations where type(ref).kind == .class {
            for p in type(ref).properties where !p.isComputed && !p.isStatic && p.keyword == "var" && !p.hasModifier("lazy") && p.attribute("ObservationIgnored") == nil {
                // The name as written (a file that let its tokens go has them back for this).
                guard let token = p.nameToken, let written = files[ref.file].withTransientSource(ifBytes: { _ in true }, { $0.text(token) }),
                      written.hasPrefix("`") else { continue }
                result.append(Blocker(.backquotedTrackedProperty(name: written), site: Site(file: ref.file, offset: p.start)))
            }
        }
        // `@MainActor var count = 0` in a class that is not: with the macro's storage and init
        // accessors, Swift 6 rejects the default initializer, and an initializer not on that
        // actor that sets it (checked with the real macro); others compile, and all do in a
        // project built in Swift 5 mode. The class's own attribute for that actor makes it fine.
        for ref in model.declarations where type(ref).kind == .class && languageModes.mayBuildInSwift6(files[ref.file].path, folders: projectFolders()) {
            let decl = type(ref)
            let inits = decl.functions.filter { $0.kind == .`init` && !$0.modifiers.contains { $0.text == "convenience" } }
            for p in decl.properties where !p.isComputed && !p.isStatic && p.keyword == "var" && !p.hasModifier("lazy") && p.attribute("ObservationIgnored") == nil {
                guard let actor = p.attributes.first(where: { $0.name == "MainActor" || globalActors.contains($0.name) })?.name,
                      !decl.attributes.contains(where: { $0.name == actor }), let name = p.name else { continue }
                let setByAnInitializerOffTheActor = inits.contains { fn in
                    guard !fn.attributes.contains(where: { $0.name == actor }) else { return false }
                    guard let body = fn.body else { return true }
                    // A file that let its tokens go is read again for this; a doubt counts as a set.
                    return files[ref.file].withTransientSource(ifBytes: { _ in true }) { source in
                        ((body.open + 1)..<body.close).contains { k in
                            source.kind(k) == .identifier && source.name(k) == name && source.kind(k + 1) == .operator
                                && source.text(k + 1).hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(source.text(k + 1))
                        }
                    } ?? true
                }
                guard inits.isEmpty || setByAnInitializerOffTheActor else { continue }
                result.append(Blocker(.actorIsolatedTrackedProperty(name: name, actor: actor), site: Site(file: ref.file, offset: p.start)))
            }
        }
        // `var a = 0, b = 0`: the macro's accessors apply to one variable only (checked with the real macro).
        for ref in model.declarations where type(ref).kind == .class {
            let together = Dictionary(grouping: type(ref).properties.filter { !$0.isComputed && !$0.isStatic && $0.keyword == "var" && $0.name != nil },
                                      by: \.keywordToken)
            for (_, group) in together.sorted(by: { $0.key < $1.key }) where group.count > 1 {
                result.append(Blocker(.storedVariablesDeclaredTogether(names: group.compactMap(\.name)),
                                      site: Site(file: ref.file, offset: group[0].start)))
            }
        }
        // `@AppStorage` in an ObservableObject tells its views of every change through
        // objectWillChange (since iOS 14.5); ignored by the macro, views would stop updating.
        for ref in model.declarations where type(ref).kind == .class {
            for p in type(ref).properties where !p.isComputed && !p.isStatic {
                guard let wrapper = p.attributes.first(where: { Self.publishingStorageWrappers.contains($0.name) }) else { continue }
                // Tracked by hand where no write from elsewhere can reach it (`StorageAccessors.swift`).
                if let n = p.name, storageAccessors[model.name]?[n] != nil { continue }
                // Observed through the model by nothing: it only becomes ignored (`UnobservedStorage.swift`).
                if let n = p.name, unobservedStorage[model.name]?.contains(n) ?? false { continue }
                let why = p.name.flatMap { storageAccessorRefusals[PropertyKey(model: model.name, property: $0)] } ?? ""
                result.append(Blocker(.publishingStorage(property: p.name ?? "", wrapper: wrapper.name, why: why),
                                      site: Site(file: ref.file, offset: wrapper.range.lowerBound)))
            }
        }
        return result
    }

    /// Wrappers that publish the changes of the ObservableObject that holds them, and that the
    /// `@Observable` macro cannot track.
    static let publishingStorageWrappers: Set<String> = ["AppStorage", "SceneStorage"]

    /// What the body of one of the model's declarations or extensions uses of the Combine
    /// machinery: `objectWillChange`, `ObservableObjectPublisher`, the `Published` type, a
    /// property's `_x` storage or `$x` publisher (also inside string interpolations).
    func bodyBlockers(of name: String, in ref: TypeRef, published allPublished: Set<String>) -> [Blocker] {
        // A file whose tokens were let go holds none of the names looked for below but `_x`
        // (see `ProjectFile.wordsThatMatter`): without one, there is nothing to read.
        if files[ref.file].tokensDropped, !files[ref.file].namesUnderscoredIdentifiers { return [] }
        var result: [Blocker] = []
        func block(_ reason: BlockReason, _ site: Site) { result.append(Blocker(reason, site: site)) }
        let decl = type(ref)
        let source = files[ref.file].source
        var s = decl.bodyOpen + 1
        while s < decl.bodyClose {
            let k = source.kind(s)
            let site = Site(file: ref.file, offset: source.start(s))
            if k == .identifier {
                if source.isText(s, "objectWillChange") {
                    // A child's changes forwarded as this model's: they migrate together (linkForwardings).
                    if forwardingTokenSites.contains(site) { s += 1; continue }
                    // Its own, subscribed to, where it keeps that publisher (ObjectWillChangeBridges.swift).
                    if ownBridgedObjectWillChange(s, in: ref.file, model: name) { s += 1; continue }
                    let declares = source.isIdentifier(s - 1, "var") || source.isIdentifier(s - 1, "let")
                    // Its own publisher, which goes with the counter in place of its sends.
                    if declares, untrackedChangeCounters[name]?.declaresOwnPublisher(at: s, in: ref.file) ?? false { s += 1; continue }
                    // A send right before setting a tracked property is dead under Observation: the fix removes it.
                    if !declares, deadSend(at: s, in: ref.file, model: name) != nil { s += 1; continue }
                    // One next to a change no setter sees becomes `withMutation(keyPath:)` around it.
                    if !declares, mutationSend(at: s, in: ref.file, model: name) != nil { s += 1; continue }
                    // One a tracked counter stands in for (UntrackedChanges.swift).
                    if !declares, untrackedChangeCounters[name]?.replaces(s, in: ref.file) ?? false { s += 1; continue }
                    if !declares, Self.isOptionalSelfSend(s, in: source), let why = untrackedChangeRefusals[name] {
                        block(.sendTiedToNoProperty(kind: "is tied to no change of a tracked property; a counter cannot stand in for it: \(why)"), site)
                    } else if !declares, let kind = untiedSendKind(at: s, in: ref.file) {
                        let why = untrackedChangeRefusals[name].map { "; a counter cannot stand in for it: \($0)" } ?? ""
                        block(.sendTiedToNoProperty(kind: kind + why), site)
                    } else {
                        block(declares ? .declaresObjectWillChange : .usesObjectWillChange, site)
                    }
                } else if source.isText(s, "ObservableObjectPublisher") {
                    // The initializer of its own objectWillChange, which goes with a counter.
                    if untrackedChangeCounters[name]?.declaresOwnPublisher(at: s - 2, in: ref.file) ?? false { s += 1; continue }
                    block(.usesObservableObjectPublisher, site)
                } else if source.isText(s, "Published"), source.kind(s - 1) != .period {
                    let initializesStorage = source.isText(s - 1, "=") && storageInit(at: s - 2, in: ref.file, model: name) != nil
                    // A parameter that becomes `some Publisher<T, Never>` (PublishedParameters.swift).
                    if !initializesStorage, !publishedParameterSites.contains(site) { block(.usesPublishedType, site) }
                } else if source.bytes[source.start(s)] == UInt8(ascii: "_"),
                          source.kind(s - 1) != .period || source.isIdentifier(s - 2, "self"),
                          allPublished.contains(String(source.text(s).dropFirst())) {
                    // `_x = .init(initialValue: v)` in an initializer: the fix makes it `_x = v`.
                    if storageInit(at: s, in: ref.file, model: name) == nil {
                        block(.wrapperStorageUsed(storage: source.text(s)), site)
                    }
                }
            } else if k == .dollarIdentifier {
                let member = String(source.text(s).dropFirst())
                let qualifiedBySelf = source.kind(s - 1) == .period && source.isIdentifier(s - 2, "self")
                if allPublished.contains(member), source.kind(s - 1) != .period || qualifiedBySelf {
                    // A pipeline the fix turns into a willSet (ObserverPipelines.swift).
                    if observerMigrations[name].map({ $0.file == ref.file && $0.pipelines.contains { $0.dollarToken == s } }) ?? false { s += 1; continue }
                    // A publisher of its own serves it (PublisherBridges.swift).
                    if ownBridgedProjection(s, in: ref.file, model: name) != nil || bridgedAssignment(s, in: ref.file, model: name) != nil { s += 1; continue }
                    block(publisherBlockReason(member, seenFrom: name), site)
                }
            }
            s += 1
        }
        for range in interpolations(in: source, from: decl.bodyOpen, to: decl.bodyClose) {
            guard let inner = source.interpolatedCode(range) else { continue }
            for k in 0..<inner.sigCount {
                let site = Site(file: ref.file, offset: range.lowerBound + inner.start(k))
                if inner.kind(k) == .dollarIdentifier, allPublished.contains(String(inner.text(k).dropFirst())) {
                    block(.publisherUsed(projection: inner.text(k)), site)
                } else if inner.isIdentifier(k, "objectWillChange") {
                    block(.usesObjectWillChange, site)
                }
            }
        }
        return result
    }

    /// The files a model's migration edits: its declarations and conforming extensions, every
    /// wrapper, wrapper initialisation and injection site of its type, the extensions that read
    /// or bump its counter of untracked changes, and its dead sends written elsewhere.
    public func filesTouchedByMigration() -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        for (name, model) in models {
            result[name] = Set((model.declarations + model.conformances.map(\.ref)).map(\.file))
        }
        for site in wrapperSites {
            if let t = site.decisionModel, models[t] != nil { result[t]!.insert(site.file) }
        }
        // A family's protocols are edited with it; each conformer's migration edits them all.
        for family in protocolFamilies {
            let protocolFiles = Set(family.protocols.compactMap { refiningProtocols[$0]?.file })
            var all = protocolFiles
            for c in family.conformers { all.formUnion(result[c] ?? []) }
            for c in family.conformers { result[c] = all }
        }
        for use in wrapperInits { if let t = use.decisionModel, models[t] != nil { result[t]!.insert(use.file) } }
        for call in environmentObjectCalls { if let t = call.type, models[t] != nil { result[t]!.insert(call.file) } }
        for site in libraryWrapperSites { if let t = site.model, models[t] != nil { result[t]!.insert(site.file) } }
        for site in focusedObjectSites where models[site.model] != nil { result[site.model]!.insert(site.file) }
        for (name, entry) in focusedValueEntries where models[name] != nil { result[name]!.insert(entry.file) }
        // A `model.$x` read through a bridge is rewritten with the model's migration.
        for use in memberUses where use.bridged && use.member != "objectWillChange" { if let t = use.model, models[t] != nil { result[t]!.insert(use.site.file) } }
        // Its self-assignments, wrapped in `withMutation` (SelfAssignments.swift), in extensions elsewhere too.
        for (name, list) in selfAssignments where models[name] != nil { result[name]!.formUnion(list.map(\.file)) }
        // A dead `m.objectWillChange.send()` outside the model goes with its migration.
        for use in memberUses where use.deadSend != nil { if let t = use.model, models[t] != nil { result[t]!.insert(use.site.file) } }
        // A bridged `$x` may be handed to a parameter that becomes `some Publisher<T, Never>`
        // (PublishedParameters.swift): every such file goes with each model that has a bridge.
        if !publishedParameters.isEmpty {
            let parameterFiles = Set(publishedParameters.filter { $0.value.contains { !$0.suppressed } }.keys)
            for name in publisherBridges.keys where models[name] != nil { result[name]!.formUnion(parameterFiles) }
        }
        // A counter's reads and bumps in extensions of other files (UntrackedChanges.swift).
        for (name, counter) in untrackedChangeCounters where models[name] != nil {
            result[name]!.formUnion(counter.readers.map(\.body.file))
            result[name]!.formUnion(counter.sends.keys)
        }
        if bumpsLowTargets, !lowDeploymentTargets.isEmpty {
            // Raising a target is part of the migration of every model its project holds. (The
            // files added here are build settings, whose folder's models are already held.)
            let held = modelsHeldByFolder(touched: result, folders: projectFolders())
            for target in lowDeploymentTargets {
                for name in modelsHeldBy(target, in: held) { result[name]!.insert(target.site.file) }
            }
        }
        return result
    }

    /// Adds blockers decided outside the index (suppressed or deselected fixes, unreadable files).
    public mutating func addBlockers(_ extra: [String: [Blocker]]) {
        var added = false
        for (name, list) in extra where models[name] != nil && !list.isEmpty {
            let list = waivedBlockers.isEmpty ? list : list.filter { !waivedBlockers.contains($0.key) }
            guard !list.isEmpty else { continue }
            models[name]!.blockers += list
            added = true
        }
        // `decide` left every model propagated and explained: only new blockers change that.
        if added { propagateAndSortBlockers() }
    }

    /// A hierarchy migrates as one: a blocked class blocks its superclasses and subclasses.
    mutating func propagateAndSortBlockers() {
        // By index, field by field: iterating the map would copy every model whole. (Setting a
        // present key's value moves no entry, so the indices stay valid.) A model's own state is
        // read as it was when the pass began, its superclass's as it is now.
        // Walked in name order, not the map's (which differs from run to run): the subclass a
        // superclass is said to be held by is then the same on every run.
        let order = models.indices.sorted { models.keys[$0] < models.keys[$1] }
        var changed = true
        while changed {
            changed = false
            let blockedAtStart = order.map { !models.values[$0].blockers.isEmpty }
            for (k, i) in order.enumerated() {
                guard let parent = models.values[i].superclass, let p = models.index(forKey: parent) else { continue }
                let blocked = blockedAtStart[k]
                if blocked, models.values[p].blockers.isEmpty {
                    models.values[p].blockers = [Blocker(.subclassKeeps(subclass: TypeName.base(models.keys[i])), site: nil)]
                    changed = true
                }
                if !models.values[p].blockers.isEmpty, !blocked {
                    models.values[i].blockers = [Blocker(.superclassKeeps(superclass: TypeName.base(parent)), site: nil)]
                    changed = true
                }
            }
            if linkForwardings() { changed = true }
            // A protocol family migrates as one: one class that stays holds every other.
            for family in protocolFamilies where family.conformers.count > 1 {
                guard let stays = family.conformers.first(where: { !(models[$0]?.blockers.isEmpty ?? true) }) else { continue }
                for c in family.conformers where models[c]?.blockers.isEmpty ?? false {
                    models[c]!.blockers = [Blocker(.familyMemberKeeps(member: TypeName.base(stays), family: TypeName.base(family.name)), site: nil)]
                    changed = true
                }
            }
        }
        defer { renderExplanations() }
        struct Place: Hashable { var reason: BlockReason; var site: Site? }
        let far = Site(file: .max, offset: 0)
        // By index, in place: no key hashed again, and no copy of the map while it is walked.
        var i = models.startIndex
        while i != models.endIndex {
            if models.values[i].blockers.count > 1 {
                // One entry per reason and place: what a person must change first, each group in source order.
                var seen = Set<Place>()
                models.values[i].blockers = models.values[i].blockers
                    .sorted { ($0.isConsequence ? 1 : 0, $0.site ?? far) < ($1.isConsequence ? 1 : 0, $1.site ?? far) }
                    .filter { seen.insert(Place(reason: $0.reason, site: $0.site)).inserted }
            }
            models.formIndex(after: &i)
        }
    }

    /// `its $query publisher is used at Search.swift:11:9 (and 2 more reasons)` per blocked
    /// model; each file's line table is built once.
    mutating func renderExplanations() {
        var tables: [Int: LineTable] = [:]
        explanations = [:]
        reasonNotes = [:]
        for (name, model) in models {
            guard let first = model.blockers.first else { continue }
            if model.blockers.count > 1 {
                reasonNotes[name] = model.blockers.map { blocker in
                    guard let site = blocker.site else { return FindingNote(message: blocker.message) }
                    if tables[site.file] == nil { tables[site.file] = files[site.file].lineTable }
                    let (line, column) = tables[site.file]!.location(of: site.offset)
                    return FindingNote(message: blocker.message, path: files[site.file].path, line: line, column: column)
                }
            }
            var text = first.message
            if let site = first.site {
                if tables[site.file] == nil { tables[site.file] = files[site.file].lineTable }
                let (line, column) = tables[site.file]!.location(of: site.offset)
                text += " at \(files[site.file].path):\(line):\(column)"
            }
            let more = model.blockers.count - 1
            let atLeast = model.blockers.count >= Self.maxBlockersPerModel ? "+" : ""
            if more > 0 { text += " (and \(more)\(atLeast) more reason\(more == 1 ? "" : "s"))" }
            explanations[name] = text
        }
    }

    /// The innermost model whose declaration, extension or subclass holds token `s`.
    public func enclosingModel(of s: Int, in file: Int) -> String? {
        for ref in enclosingTypes(of: s, in: file) {
            let q = typeName(of: ref)
            if models[q] != nil { return q }
        }
        return nil
    }

    /// `name` and then its superclasses while they are models (bounded, in case of a cycle).
    func lineage(of name: String) -> [String] {
        var result: [String] = []
        var current: String? = name
        while let c = current, result.count < 32 {
            result.append(c)
            current = models[c]?.superclass
        }
        return result
    }

    /// The @Published properties of a model and its model superclasses. (Subclasses' own count
    /// too: their `$x` inside the subclass is checked there.)
    func publishedIncludingAncestors(_ name: String) -> Set<String> {
        if let cached = publishedWithAncestors[name] { return cached }
        return lineage(of: name).reduce(into: Set<String>()) { $0.formUnion(models[$1]?.published ?? []) }
    }

    /// Computes `publishedIncludingAncestors` once per model, for the rules that ask per token.
    mutating func cachePublishedNames() {
        var cache: [String: Set<String>] = [:]
        cache.reserveCapacity(models.count)
        var all = Set<String>()
        // By index, field by field (iterating would copy each model whole); a model with no
        // model above it shares its own set instead of building a union of one.
        for i in models.indices {
            let name = models.keys[i]
            cache[name] = models.values[i].superclass == nil ? models.values[i].published : publishedIncludingAncestors(name)
            all.formUnion(models.values[i].published)
        }
        publishedWithAncestors = cache
        publishedNames = all
    }

    /// Whether token `s` sits in a declaration or extension of `model` (or a subclass of it).
    func isInsideModel(_ model: String, _ s: Int, _ file: Int) -> Bool {
        enclosingTypes(of: s, in: file).contains { lineage(of: typeName(of: $0)).contains(model) }
    }

    func scopePath(_ s: Int, _ file: Int) -> [String] {
        guard let ref = enclosingTypes(of: s, in: file).first else { return moduleScope(file) }
        let decl = type(ref)
        return decl.path + decl.name.split(separator: ".").map(String.init)
    }

    /// The significant tokens of `a.b.c` ending just before the `.` at `period`.
    func receiverRange(before period: Int, in source: SourceFile) -> Range<Int>? {
        var start = period
        var i = period - 1
        while i >= 0 {
            let k = source.kind(i)
            if k == .identifier {
                start = i
                if source.kind(i - 1) == .period { i -= 2; continue }
                break
            }
            if k == .rightParen, Int(source.match[i]) >= 0, Int(source.match[i]) < i {
                i = Int(source.match[i]) - 1
                continue
            }
            // A subscript: `tasks[id]?.$status` (an array literal before it ends the receiver).
            if k == .rightBracket, Int(source.match[i]) >= 0, Int(source.match[i]) < i, Self.isSubscript(Int(source.match[i]), in: source) {
                i = Int(source.match[i]) - 1
                continue
            }
            // Optional chaining and forced unwrapping: `Store.shared?.objectWillChange`.
            if k == .operator, source.isText(i, "?") || source.isText(i, "!"), i > 0, source.end(i - 1) == source.start(i) {
                i -= 1
                continue
            }
            return nil
        }
        return start < period ? start..<period : nil
    }

    /// The tokens of the inheritance clauses of types and extensions that can reach into `run`
    /// (all of them when nil). Types are in source order, so their clauses are too.
    func inheritanceTokenSet(_ file: ProjectFile, in run: Range<Int>? = nil) -> Set<Int> {
        var set: Set<Int> = []
        let types = file.decls.types
        var k = run.map { run in partitionPoint(types.count) { types[$0].bodyOpen < run.lowerBound } } ?? 0
        while k < types.count {
            let decl = types[k]
            if let run, (decl.inheritance.first?.firstToken ?? decl.bodyOpen) >= run.upperBound { break }
            for entry in decl.inheritance { for t in entry.firstToken...entry.lastToken { set.insert(t) } }
            k += 1
        }
        return set
    }

    /// The generic function or type whose signature holds token `s`.
    func constrainedDeclaration(_ s: Int, _ f: Int) -> String? {
        var best: (start: Int, name: String)? = nil
        let types = files[f].decls.types
        // A type's header holding `s`: the first type whose body opens after it (by search).
        let header = partitionPoint(types.count) { types[$0].bodyOpen <= s }
        if header < types.count, types[header].keywordToken < s { best = (types[header].keywordToken, types[header].simpleName) }
        // A function's signature holding `s`: a member of the innermost type around it, or top-level.
        func consider(_ fn: FunctionDecl) {
            if fn.startToken < s && s < (fn.body?.open ?? fn.endToken + 1), best == nil || fn.startToken > best!.start {
                best = (fn.startToken, fn.name)
            }
        }
        if let innermost = enclosingTypes(of: s, in: f).first {
            for fn in types[innermost.type].functions { consider(fn) }
        } else {
            for fn in files[f].decls.topLevelFunctions { consider(fn) }
        }
        return best?.name
    }

    /// For `let local = Wrapper(...)` (`local` at token `name`, the call closing at `close`) that
    /// the rest of its block uses once, as `_property = local` (or `self._property = local`), a
    /// statement of its own: the `_property` token and the `let` token.
    func storageAssignment(ofLocalAt name: Int, close: Int, in source: SourceFile) -> (Int, Int)? {
        guard source.kind(name) == .identifier, !source.text(name).hasPrefix("_"),
              source.isIdentifier(name - 1, "let") || source.isIdentifier(name - 1, "var"), source.startsStatement(name - 1) else { return nil }
        // The block around the declaration: its uses can only be before its closing brace.
        guard let open = source.innermostBrace(around: name), Int(source.match[open]) > close else { return nil }
        let local = source.name(name)
        var assigned: Int? = nil
        for k in (close + 1)..<Int(source.match[open]) where source.kind(k) == .identifier && source.name(k) == local {
            // One use only, `_property = local` ending its statement.
            guard assigned == nil, source.isText(k - 1, "="), source.kind(k - 2) == .identifier, source.text(k - 2).hasPrefix("_"),
                  source.statementStart(ofOwnMember: k - 2) != nil,
                  source.startsStatement(k + 1) || source.kind(k + 1) == .rightBrace else { return nil }
            assigned = k - 2
        }
        return assigned.map { ($0, name - 1) }
    }

    func isDeclarationName(_ s: Int, in source: SourceFile) -> Bool {
        source.kind(s - 1) == .identifier
            && ["func", "class", "struct", "enum", "protocol", "actor", "typealias"].contains(source.text(s - 1))
    }

    /// Classifies a use of `StateObject`/`ObservedObject`/`EnvironmentObject` by name.
    func wrapperInit(at s: Int, in f: Int) -> WrapperInit {
        let source = files[f].source
        let implicit = source.isText(s, "init")
        var wrapper = WrapperSite.Wrapper(rawValue: source.text(s)) ?? .ObservedObject
        var use = WrapperInit(file: f, wrapper: wrapper, nameToken: s)
        var open = s + 1
        if source.kind(open) == .operator, source.text(open).hasPrefix("<") {
            // The generic argument, to its `>`: `ObservedObject<M>(wrappedValue:)`, or the type
            // alone (`clip: ObservedObject<M>`, a parameter).
            var depth = 0
            var k = open
            while k < source.sigCount, k == open || !source.startsLine[k] {
                if source.kind(k) == .operator {
                    for c in source.text(k).utf8 { if c == UInt8(ascii: "<") { depth += 1 } else if c == UInt8(ascii: ">") { depth -= 1 } }
                    if depth <= 0 { break }
                }
                k += 1
            }
            if depth == 0, k < source.sigCount, source.isText(k, ">"), k > open + 1 {
                use.type = resolveTypeName(source.joinedText((open + 1)..<k), from: scopePath(s, f), in: f)
                open = k + 1
            } else {
                let argStart = open + 1
                while open < source.sigCount, source.kind(open) != .leftParen, !source.startsLine[open] { open += 1 }
                if open > argStart { use.type = resolveTypeName(source.joinedText(argStart..<(open - 1)), from: scopePath(s, f), in: f) }
            }
        }
        // `StateObject.init(wrappedValue: x)`: the same call, spelled with `.init`.
        if !implicit, source.kind(open) == .period, source.isIdentifier(open + 1, "init"), source.kind(open + 2) == .leftParen { open += 2 }
        // `_m = X(wrappedValue: e)` or `self._m = X(...)`, as a statement of its own.
        let equals = implicit ? s - 2 : s - 1
        guard source.kind(open) == .leftParen, source.isText(equals, "=") else { return use }
        let close = Int(source.match[open])
        guard close > open,
              source.kind(open + 1) == .identifier,
              source.isText(open + 1, "wrappedValue") || source.isText(open + 1, "initialValue"),
              source.kind(open + 2) == .colon else { return use }
        var targetToken = equals - 1
        var target: Int
        if !implicit, wrapper == .StateObject, let (assigned, letToken) = storageAssignment(ofLocalAt: targetToken, close: close, in: source) {
            // `let m = StateObject(wrappedValue: M())` and then `_model = m`: the local is only
            // ever the new storage, so it may change type with the property.
            targetToken = assigned
            target = letToken
        } else {
            guard source.kind(targetToken) == .identifier, source.text(targetToken).hasPrefix("_"),
                  let start = source.statementStart(ofOwnMember: targetToken) else { return use }
            target = start
        }
        let property = String(source.text(targetToken).dropFirst())
        guard let ownerRef = enclosingTypes(of: s, in: f).first else { return use }
        let ownerName = type(ownerRef).qualifiedName
        let candidates: [WrapperSite.Wrapper] = implicit ? [.StateObject, .ObservedObject, .EnvironmentObject] : [wrapper]
        for candidate in candidates {
            if let i = wrapperSiteByKey[WrapperSiteKey(owner: ownerName, property: property, wrapper: candidate)] {
                use.siteIndex = i
                use.type = use.type ?? wrapperSites[i].type
                wrapper = candidate
                use.wrapper = candidate
            }
        }
        guard use.siteIndex != nil else { return use }
        use.target = target
        use.property = property
        use.open = open
        use.close = close
        use.label = open + 1
        return use
    }
}
