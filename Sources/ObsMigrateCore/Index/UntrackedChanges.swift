import ObsMigrateSupport

/// A counter that stands in for `objectWillChange.send()` where the send announces a change
/// Observation cannot see (a `UserDefaults` write, another object's state, a notification, or a
/// call made only to refresh views). Under `@Observable` the class gets a tracked
/// `private var untrackedChanges = 0`; each such send becomes `untrackedChanges &+= 1`, and every
/// instance computed property, subscript and method that returns a value reads the counter
/// first (`_ = untrackedChanges`). A view that reads any of them is then told of the change, as
/// the send told it; one that reads a stored property is told by that property when it is of a
/// value type, and a stored property of any other type is read nowhere outside the class, so no
/// view reads through it into state that could change unseen. Every view that holds the class
/// reads such a member, as a send re-rendered it whatever else it read. This is how the authors of two of
/// the held-out apps migrated such sends by hand (`externalStateRevision`, `refreshTrigger`).
public struct UntrackedChangeCounter: Sendable {
    public var model: String
    /// The file of the class's declaration, which gets the counter.
    public var file: Int
    /// The `objectWillChange` token of each send the counter replaces, by file (the class's
    /// declaration and its extensions).
    public var sends: [Int: Set<Int>]
    /// The bodies that read the counter first.
    public var readers: [CounterReader]
    /// Read or bumped in an extension in another file: the counter cannot be `private`.
    public var spansFiles: Bool { sends.keys.contains { $0 != file } || readers.contains { $0.body.file != file } }

    /// Stored properties of types that may change unseen (a class, a closure, a type not told)
    /// that are read outside the class: each send also announces a mutation of each
    /// (`withMutation(keyPath: \.p) {}`), so the views that read one are told, as the send told them.
    public var announced: [String] = []
    /// Whether the class gets the counter: when a member that hands out a value reads it; else
    /// each send is only its announcements.
    public var counts: Bool { !readers.isEmpty }

    /// A `@Published` property only ever bumped (`PokedProperty`), read in place of a counter:
    /// then no counter is declared, and its bumps stay as they are.
    public var poked: String? = nil
    /// What the readers read: the counter, or the poked property.
    public var readName: String { poked ?? Self.name }

    public func replaces(_ s: Int, in file: Int) -> Bool { sends[file]?.contains(s) ?? false }
    /// `var objectWillChange = ObservableObjectPublisher()` of the class's own, which goes:
    /// its `objectWillChange` token.
    public var ownDeclaration: Int? = nil

    /// Whether token `s` of file `f` names that declaration's `objectWillChange`.
    public func declaresOwnPublisher(at s: Int, in f: Int) -> Bool { file == f && ownDeclaration == s }

    public static let name = "untrackedChanges"
}

/// A member body that reads the counter: `_ = untrackedChanges` before its first statement,
/// and `return` before that statement when it is the body's one expression (an implicit return).
public struct CounterReader: Sendable {
    /// The declaration or extension whose member it is.
    public var body: TypeRef
    public var open: Int
    public var close: Int
    public var first: Int
    public var returnsExpression: Bool
}

extension ProjectIndex {
    /// The counter of each model whose sends tied to no tracked change it can replace (see
    /// `UntrackedChangeCounter`); `refusals` says, for a model that has such sends, why not.
    func collectUntrackedChangeCounters() -> (counters: [String: UntrackedChangeCounter], refusals: [String: String]) {
        var counters: [String: UntrackedChangeCounter] = [:]
        var refusals: [String: String] = [:]
        let word = Array("objectWillChange".utf8)
        var candidates: [(name: String, ref: TypeRef, sends: [Int: Set<Int>], poked: PokedProperty?)] = []
        for name in models.keys.sorted() {
            let model = models[name]!
            guard model.declarations.count == 1 else { continue }
            let ref = model.declarations[0]
            guard !files[ref.file].tokensDropped else { continue }
            let decl = type(ref)
            guard decl.kind == .class else { continue }
            let poked = pokedProperties[name]
            // (A file that let its tokens go names no `objectWillChange`: it is not read again for this.)
            let mentionsSends = ([ref] + model.extensions).contains(where: { r in
                guard !files[r.file].tokensDropped else { return false }
                let t = type(r), rs = files[r.file].source
                return ByteSearch.firstOffset(of: word, in: rs.bytes, range: t.start..<rs.end(t.bodyClose)) != nil
            })
            guard mentionsSends || poked != nil else { continue }
            var sends: [Int: Set<Int>] = [:]
            for r in [ref] + model.extensions where mentionsSends && !files[r.file].tokensDropped {
                let found = untiedSends(of: name, type(r), in: r.file)
                if !found.isEmpty { sends[r.file, default: []].formUnion(found) }
            }
            if let poked, !sends.isEmpty {
                // Its readers would read both: one counter is what is rewritten.
                refusals[name] = "it also bumps its @Published '\(poked.name)' only to re-render its views, and one counter stands in for one of them"
                continue
            }
            guard !sends.isEmpty || poked != nil else { continue }
            candidates.append((name, ref, sends, poked))
        }
        // Every condition for each candidate, but where the stored properties that may hold what
        // changes unseen are read: that is looked for in one pass over the files for all the
        // candidates' names (a pass per name was models x files), then checked first.
        let modelSuperclasses = Set(models.values.compactMap(\.superclass))
        let names = Set(candidates.map(\.name))
        // The views that hold each candidate: by their type, or generic over its protocol family.
        var viewSites: [String: [Int]] = [:]
        var familyMembers: [Int: [String]] = [:]
        for (k, family) in protocolFamilies.enumerated() { for c in family.conformers where names.contains(c) { familyMembers[k, default: []].append(c) } }
        for k in wrapperSites.indices {
            if let m = wrapperSites[k].type {
                if names.contains(m) { viewSites[m, default: []].append(k) }
            } else if !familyMembers.isEmpty, let family = protocolFamily(ofGenericSite: wrapperSites[k]) {
                for m in familyMembers[family] ?? [] { viewSites[m, default: []].append(k) }
            }
        }
        let checks = candidates.map {
            untrackedChangeCounter($0.name, models[$0.name]!, type($0.ref), ref: $0.ref, sends: $0.sends, poked: $0.poked,
                                   modelSuperclasses: modelSuperclasses, viewSites: viewSites[$0.name] ?? [])
        }
        let uses = MemberReads(names: Set(checks.flatMap(\.unreadOutside)), in: self)
        for ((name, ref, _, poked), check) in zip(candidates, checks) {
            let decl = type(ref)
            var result = check.result
            let conformances = Set(([ref] + models[name]!.extensions).flatMap { type($0).inheritance.map { TypeName.base($0.name) } })
            var announced: [String] = []
            for property in check.unreadOutside {
                guard let place = uses.firstOutside(property, check.inside, where: { receiverMayBe(name, conformingTo: conformances, at: $0) }) else { continue }
                // A bump of a poked property announces nothing: it stays as written.
                if poked == nil, let token = check.announceable[property] { announced.append(token); continue }
                result = .failure(CounterRefusal(why: "its property '\(property)' is of a type that may change unseen and is read outside the class (\(place)), and is not a tracked var whose mutation a send could announce"))
                break
            }
            if case .success(var counter) = result {
                counter.announced = announced
                result = .success(counter)
                if !counter.counts && announced.isEmpty {
                    result = .failure(CounterRefusal(why: "no computed property or method of it hands out a value for a counter to tell its readers of"))
                }
                // A view must read a member the counter or an announcement tells.
                if case .success = result, let views = check.viewsMustRead,
                   let view = viewReadingNoCounterMember(views.sites, members: views.members.union(announced.map { $0.filter { $0 != "`" } }), subscripts: views.subscripts) {
                    let why = poked.map { "\(view) holds it and reads none of the members that would read '\($0.name)': a bump re-rendered it, a read would not" }
                        ?? "\(view) holds it and reads none of the members that would read the counter: the send re-rendered it, the counter would not"
                    result = .failure(CounterRefusal(why: why))
                }
            }
            switch result {
            case .success(var counter):
                counter.ownDeclaration = ownObjectWillChange(decl, in: files[ref.file].source)?.nameToken
                counters[name] = counter
            case .failure(let refusal): refusals[name] = refusal.why
            }
        }
        return (counters, refusals)
    }

    struct CounterRefusal: Error { var why: String }

    /// The bytes of each body's braces, by file: where a member read is the class's own.
    func bodyByteRanges(_ refs: [TypeRef]) -> [Int: [Range<Int>]] {
        Dictionary(grouping: refs, by: \.file).mapValues { refs in
            refs.map { r -> Range<Int> in let t = type(r), rs = files[r.file].source; return rs.start(t.bodyOpen)..<rs.end(t.bodyClose) }
        }
    }

    /// A candidate's counter, or why not, as far as its own declarations tell; it holds only if
    /// none of `unreadOutside` (stored properties that may change unseen) is read outside
    /// `inside` (the class's byte ranges, by file), which `MemberReads` tells for all at once.
    struct CounterCheck {
        var result: Result<UntrackedChangeCounter, CounterRefusal>
        var unreadOutside: [String] = []
        /// Those of `unreadOutside` that are tracked `var`s, whose mutation a send can announce
        /// when they are read outside: their names as written (a backquoted name keeps its quotes).
        var announceable: [String: String] = [:]
        var inside: [Int: [Range<Int>]] = [:]
        /// The views that must each read a member the counter or an announcement tells (when some
        /// send does not follow a `@Published` set), checked once the announcements are known.
        var viewsMustRead: (sites: [Int], members: Set<String>, subscripts: Bool)? = nil
    }

    /// The `objectWillChange` tokens of the class's body that are plain sends no setter,
    /// `withMutation` or forwarding replaces (`untiedSendKind`), as `bodyBlockers` finds them.
    func untiedSends(of name: String, _ decl: TypeDecl, in file: Int) -> [Int] {
        let source = files[file].source
        var sends: [Int] = []
        for s in (decl.bodyOpen + 1)..<decl.bodyClose where source.kind(s) == .identifier && source.isText(s, "objectWillChange") {
            if forwardingTokenSites.contains(Site(file: file, offset: source.start(s))) || ownBridgedObjectWillChange(s, in: file, model: name) { continue }
            if source.isIdentifier(s - 1, "var") || source.isIdentifier(s - 1, "let") { continue }
            if deadSend(at: s, in: file, model: name) != nil || mutationSend(at: s, in: file, model: name) != nil { continue }
            if untiedSendKind(at: s, in: file) != nil || Self.isOptionalSelfSend(s, in: source) { sends.append(s) }
        }
        return sends
    }

    /// The class's own `var objectWillChange = ObservableObjectPublisher()` (or
    /// `ObjectWillChangePublisher()`, or `let`), which is what ObservableObject would have made:
    /// with a counter in place of its sends, it goes.
    func ownObjectWillChange(_ decl: TypeDecl, in source: SourceFile) -> PropertyDecl? {
        guard let p = decl.properties.first(where: { $0.name == "objectWillChange" && !$0.isStatic && !$0.isComputed }),
              p.attributes.isEmpty, p.accessorBlock == nil, p.typeText == nil, let initializer = p.initializer, initializer.count == 3,
              ["ObservableObjectPublisher", "ObjectWillChangePublisher"].contains(source.text(initializer.lowerBound)),
              source.kind(initializer.lowerBound + 1) == .leftParen, source.kind(initializer.lowerBound + 2) == .rightParen else { return nil }
        return p
    }

    /// `self?.objectWillChange.send()` as a statement of its own (in a closure that holds
    /// `self` weakly), whose `objectWillChange` is `s`.
    static func isOptionalSelfSend(_ s: Int, in source: SourceFile) -> Bool {
        guard s >= 3, source.kind(s - 1) == .period, source.isText(s - 2, "?"), source.isIdentifier(s - 3, "self"),
              source.startsStatement(s - 3), source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send"),
              source.kind(s + 3) == .leftParen, source.kind(s + 4) == .rightParen else { return false }
        let next = s + 5
        return next >= source.sigCount || source.startsStatement(next) || source.kind(next) == .rightBrace || source.kind(next) == .semicolon
    }

    func untrackedChangeCounter(_ name: String, _ model: ModelType, _ decl: TypeDecl, ref: TypeRef, sends: [Int: Set<Int>], poked: PokedProperty?,
                                modelSuperclasses: Set<String>, viewSites: [Int]) -> CounterCheck {
        let file = ref.file
        func refuse(_ why: String) -> CounterCheck { CounterCheck(result: .failure(CounterRefusal(why: why))) }
        // The members a view reads must all be this class's, read where the fix can reach them.
        if model.superclass != nil || modelSuperclasses.contains(name) { return refuse("it is in a hierarchy of models") }
        if let first = decl.inheritance.first, let resolved = resolveTypeName(first.name, from: decl.path, in: file),
           let refs = declared[resolved], type(refs.first).kind == .class {
            return refuse("its superclass \(TypeName.base(resolved)) is declared in the project, and its members would not read the counter")
        }
        let bodies = [ref] + model.extensions
        if bodies.contains(where: { moduleOfFile[$0.file] != moduleOfFile[file] }) {
            return refuse("it has an extension in another module")
        }
        let bodiesByFile = Dictionary(grouping: bodies, by: \.file)
        let counterWord = Array(UntrackedChangeCounter.name.utf8)
        for (f, refs) in bodiesByFile.sorted(by: { $0.key < $1.key }) {
            let source = files[f].source
            // The counter's name must be new to the file (a local or a member there would shadow it).
            // (A poked property's name is mentioned in the class only where it is bumped.)
            if poked == nil, ByteSearch.firstOffset(of: counterWord, in: source.bytes, range: 0..<source.bytes.count) != nil {
                return refuse("\(files[f].path) already uses the name \(UntrackedChangeCounter.name)")
            }
            // A send inside a nested type's body would be that type's.
            let nested = files[f].decls.types.filter { t in
                refs.contains { r in let outer = type(r); return t.bodyOpen > outer.bodyOpen && t.bodyClose < outer.bodyClose }
            }
            let here = sends[f] ?? []
            if here.contains(where: { s in nested.contains { $0.bodyOpen < s && s < $0.bodyClose } }) { return refuse("a send is inside a nested type") }
            // On the main actor, the counter can be set only where the send runs on it.
            if let isolation = mainActorSource(decl, in: file) {
                let through = isolation.isEmpty ? "" : " (the class may be on the main actor through \(isolation))"
                let members = memberBodies(refs)
                let offActor = nonisolatedMembers(refs)
                for s in here.sorted() {
                    let line = files[f].lineTable.location(of: source.start(s)).line
                    if let member = offActor.first(where: { $0.open < s && s < $0.close }) {
                        return refuse("a send at line \(line) is in \(member.name), which runs off the main actor\(through)")
                    }
                    if !runsOnTheMainActor(s, in: source, memberBodies: members) {
                        return refuse("a send at line \(line) runs in a closure that may not be on the main actor\(through)")
                    }
                }
            }
        }
        // Type members read no counter: a view may read a mutable one (`Feed.total`) that a send
        // announced. One that hands out an instance of the class (`static var forPreviews: Self`,
        // a factory method) is read through that instance's members, which read its counter.
        func ownType(_ written: String?) -> Bool {
            var text = (written ?? "").filter { !$0.isWhitespace }
            while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            return text == "Self" || text == model.simpleName || text == name
        }
        // A `private` member is read only through the class's other members, which read the
        // counter themselves (unless a view is declared inside the class, where it can be called).
        let nestsAView = bodies.contains { r in
            let outer = type(r)
            return files[r.file].decls.types.contains { t in
                t.bodyOpen > outer.bodyOpen && t.bodyClose < outer.bodyClose && t.inheritance.contains { TypeName.base($0.name) == "View" }
            }
        }
        func readOnlyInside(_ modifiers: [Modifier]) -> Bool { !nestsAView && modifiers.contains { $0.text == "private" } }
        for r in bodies {
            let t = type(r)
            if let p = t.properties.first(where: { $0.isStatic && ($0.keyword == "var" || $0.isComputed) && !($0.isComputed && ownType($0.typeText)) && !readOnlyInside($0.modifiers) }) {
                return refuse("its type property '\(p.name ?? "")' may change, and a counter would not tell the views that read it")
            }
            if let fn = t.functions.first(where: { fn in
                fn.kind == .func && fn.modifiers.contains { $0.text == "static" || $0.text == "class" }
                    && !fn.returnsNothing
                    && !ownType(fn.returnType)
                    && !fn.modifiers.contains { $0.text == "private" || $0.text == "fileprivate" }
            }) {
                return refuse("its type method '\(fn.name)' hands out a value, which a counter would not tell the views that read it of")
            }
        }
        // Stored properties: a view reads a value type's changes through its setter; through any
        // other, it could read what changed unseen, so none may be read outside the class.
        let inside = bodyByteRanges(bodies)
        let source = files[file].source
        var unreadOutside: [String] = []
        var announceable: [String: String] = [:]
        for p in decl.properties where !p.isComputed && !p.isStatic {
            guard let pname = p.name else { return refuse("a stored property binds a pattern") }
            if p.hasModifier("private") || p.hasModifier("fileprivate") { continue }
            // Its own objectWillChange goes with the counter (`ownObjectWillChange`).
            if pname == "objectWillChange", ownObjectWillChange(decl, in: source) != nil { continue }
            if holdsOnlyValues(written: p.typeText, initializer: p.initializer, in: file, path: decl.path + [decl.name]) { continue }
            unreadOutside.append(pname)
            if Self.isTrackedOnceObservable(p), let token = p.nameToken { announceable[pname] = source.text(token) }
        }
        // The conditions below are checked after that one: a refusal of theirs waits for it.
        func check(_ result: Result<UntrackedChangeCounter, CounterRefusal>) -> CounterCheck {
            CounterCheck(result: result, unreadOutside: unreadOutside, announceable: announceable, inside: inside)
        }
        func refuseAfter(_ why: String) -> CounterCheck { check(.failure(CounterRefusal(why: why))) }
        // Every instance member that hands out a value reads the counter first, but a `private` one.
        var readers: [CounterReader] = []
        var readerNames = Set<String>(), hasSubscript = false
        for r in bodies {
            let t = type(r)
            let source = files[r.file].source
            for p in t.properties where p.isComputed && !p.isStatic && !readOnlyInside(p.modifiers) {
                guard let block = p.accessorBlock else { continue }
                if p.hasModifier("nonisolated") { return refuseAfter("its computed property '\(p.name ?? "")' is nonisolated") }
                if p.attributes.contains(where: { $0.name.hasSuffix("Builder") }) || (p.typeText ?? "").contains("some ") {
                    return refuseAfter("its computed property '\(p.name ?? "")' is built by a result builder")
                }
                guard let body = getterBody(block, in: source), let reader = counterReader(body, of: r, in: source) else {
                    return refuseAfter("the getter of '\(p.name ?? "")' has a form obs-migrate does not rewrite")
                }
                readers.append(reader)
                if let n = p.name { readerNames.insert(n) }
            }
            for fn in t.functions where (fn.kind == .func || fn.kind == .subscript) && !readOnlyInside(fn.modifiers) {
                guard !fn.modifiers.contains(where: { $0.text == "static" || $0.text == "class" }) else { continue }
                if fn.returnsNothing { continue }
                let returnType = (fn.returnType ?? "").filter { !$0.isWhitespace }
                guard let block = fn.body else { continue }
                if fn.modifiers.contains(where: { $0.text == "nonisolated" }) { return refuseAfter("its method '\(fn.name)' is nonisolated") }
                if fn.attributes.contains(where: { $0.name.hasSuffix("Builder") }) || returnType.contains("some") {
                    return refuseAfter("its method '\(fn.name)' is built by a result builder")
                }
                let body = fn.kind == .subscript ? getterBody(block, in: source) : block
                guard let body, let reader = counterReader(body, of: r, in: source) else {
                    return refuseAfter("the body of '\(fn.name)' has a form obs-migrate does not rewrite")
                }
                readers.append(reader)
                if fn.kind == .subscript { hasSubscript = true } else { readerNames.insert(fn.name) }
            }
        }
        // With nothing to read it, a counter would tell no view; announcements of the properties
        // read outside may still tell them all (`announced`, known later), else the class stays.
        // A send that begins a reader's body would be rewritten where the read is inserted.
        for reader in readers {
            let f = reader.body.file, source = files[f].source
            let first = source.isIdentifier(reader.first, "self") ? reader.first + 2 : reader.first
            if sends[f]?.contains(first) ?? false { return refuseAfter("a send begins the body of a member that reads the counter") }
        }
        // A send after a `@Published` property's set re-rendered no view that the set did not.
        let everySendFollowsASet = sends.allSatisfy { f, tokens in tokens.allSatisfy { sendFollowsPublishedSet(at: $0, in: f, model: name) } }
        if let poked {
            if poked.isFilePrivate, readers.contains(where: { $0.body.file != file }) {
                return refuseAfter("'\(poked.name)' is private to its file, and an extension in another file hands out a value")
            }
            // A view that read it there would bump what it reads, and be re-rendered again and again.
            if readers.contains(where: { r in poked.bumps[r.body.file]?.contains { r.open < $0 && $0 < r.close } ?? false }) {
                return refuseAfter("'\(poked.name)' is bumped in a member that hands out a value")
            }
        }
        var counter = UntrackedChangeCounter(model: name, file: file, sends: sends, readers: readers)
        counter.poked = poked?.name
        var result = check(.success(counter))
        // A bump re-rendered every view that holds the class, whatever it read.
        if !everySendFollowsASet || poked != nil { result.viewsMustRead = (viewSites, readerNames, hasSubscript) }
        return result
    }

    /// A stored property the macro tracks: a `var` (observers allowed) with no wrapper but
    /// `@Published`, not `lazy`, `weak`, `unowned` or an override. A mutation of it announced
    /// by `withMutation` tells the views that read it.
    static func isTrackedOnceObservable(_ p: PropertyDecl) -> Bool {
        p.keyword == "var" && !p.isComputed && !p.isStatic
            && p.attributes.allSatisfy { $0.name == "Published" }
            && !["lazy", "weak", "unowned", "override"].contains { p.hasModifier($0) }
    }

    /// Whether a string literal's bytes hold `property.member` (one of `members`), or
    /// `property[` with `subscripts`, after a `\(`: a read inside an interpolation.
    static func interpolationReads(_ property: String, _ members: Set<String>, subscripts: Bool, in bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        guard ByteSearch.firstOffset(of: MemberReads.interpolation, in: text, range: 0..<text.count) != nil else { return false }
        let word = Array(property.utf8)
        var from = 0
        while let hit = ByteSearch.firstOffset(of: word, in: text, range: from..<text.count) {
            from = hit + 1
            let end = hit + word.count
            guard hit == 0 || !isIdentifierByte(text[hit - 1]), end < text.count else { continue }
            if subscripts, text[end] == UInt8(ascii: "[") { return true }
            guard text[end] == UInt8(ascii: ".") else { continue }
            var stop = end + 1
            while stop < text.count, isIdentifierByte(text[stop]) { stop += 1 }
            if members.contains(String(decoding: text[(end + 1)..<stop], as: UTF8.self)) { return true }
        }
        return false
    }

    /// Whether the receiver of the member read at `site` (`x.name`, found by `MemberReads`) may
    /// be an instance of `model`: unless its type is told and is another type. `self.name` in
    /// another type's body is that type's; `settings.name` with `settings` typed as another
    /// class, struct or enum is not the model's. A protocol (the model's, or any the project
    /// declares), a generic parameter, a key path, a string's interpolation, a file that let its
    /// tokens go or a receiver whose type is not told may be it.
    func receiverMayBe(_ model: String, conformingTo conformances: Set<String>, at site: Site) -> Bool {
        guard !files[site.file].tokensDropped else { return true }
        let source = files[site.file].source
        let t = source.sigIndex(atOrAfter: site.offset)
        guard source.kind(t) == .identifier, source.start(t) == site.offset, source.kind(t - 1) == .period,
              let receiver = receiverRange(before: t - 1, in: source), source.kind(receiver.lowerBound - 1) != .backslash else { return true }
        let resolved: String?
        if receiver.count == 1, source.isIdentifier(receiver.lowerBound, "self") {
            resolved = enclosingTypes(of: t, in: site.file).first.map { typeName(of: $0) }
        } else {
            resolved = expressionType(receiver, in: site.file, path: scopePath(t, site.file), foreign: true)
        }
        guard let resolved, resolved != model else { return true }
        let base = TypeName.base(resolved)
        if conformances.contains(base) || ["AnyObject", "Any", "NSObject", "Self"].contains(base) { return true }
        if let refs = declared[resolved] { return refs.array.contains { type($0).kind == .protocol || type($0).kind == .extension } }
        // Another module's type: a protocol of its own would be one the model names.
        return false
    }

    /// The first view (wrapper site, by index) that holds the class but reads none of `members`
    /// (nor a subscript, with `subscripts`) as `m.member` in its declaration or extensions: a
    /// send re-rendered it whatever it read (state elsewhere, a singleton), and only a view that
    /// reads a member that reads the counter is told of a bump. Said as `View's 'm'`.
    func viewReadingNoCounterMember(_ sites: [Int], members: Set<String>, subscripts: Bool) -> String? {
        for k in sites {
            let site = wrapperSites[k]
            guard let owner = site.owner, let property = site.property.name else { return "a top-level \(site.attribute.name)" }
            let reads = declarationAndExtensions(of: owner).contains { r in
                // A file that let its tokens go is not read again for this: a doubt refuses.
                guard !files[r.file].tokensDropped else { return false }
                let t = type(r), source = files[r.file].source
                for k in (t.bodyOpen + 1)..<t.bodyClose {
                    switch source.kind(k) {
                    case .identifier where source.text(k) == property:
                        if source.kind(k + 1) == .period, source.kind(k + 2) == .identifier, members.contains(source.text(k + 2)) { return true }
                        if subscripts, source.kind(k + 1) == .leftBracket { return true }
                    case .dollarIdentifier where source.text(k).dropFirst() == property:
                        // `Toggle(isOn: $m.flag)`: the binding's getter reads `flag` where the control is drawn.
                        if source.kind(k + 1) == .period, source.kind(k + 2) == .identifier, members.contains(source.text(k + 2)) { return true }
                    case .string:
                        // `Text("\(m.label)")`: read in an interpolation, found in its bytes.
                        if Self.interpolationReads(property, members, subscripts: subscripts, in: source.bytes[source.start(k)..<source.end(k)]) { return true }
                    default: break
                    }
                }
                return false
            }
            if !reads { return "\(TypeName.base(files[owner.file].decls.types[owner.type].qualifiedName))'s '\(property)'" }
        }
        return nil
    }

    /// Whether a property's value holds only values (deeply): then what it holds changes only
    /// through its setter, which tells Observation. Standard value types, collections and
    /// optionals and tuples of such, and the project's structs whose stored properties are such
    /// and enums without associated values; not a class, a closure or an unknown type.
    func holdsOnlyValues(written: String?, initializer: Range<Int>?, in file: Int, path: [String], depth: Int = 0) -> Bool {
        if let written { return holdsOnlyValues(written, in: file, path: path, depth: depth) }
        guard let initializer, !initializer.isEmpty else { return false }
        let source = files[file].source
        let first = initializer.lowerBound
        switch source.kind(first) {
        case .string, .number: return initializer.count == 1
        case .leftBracket:
            // `[String]()`, `[Int: Bool]()`: an empty collection of the type written.
            let close = Int(source.match[first])
            guard close > first, close + 2 == initializer.upperBound - 1, source.kind(close + 1) == .leftParen,
                  source.kind(close + 2) == .rightParen else { return false }
            return holdsOnlyValues(source.joinedText(first..<(close + 1)), in: file, path: path, depth: depth)
        case .identifier:
            if initializer.count == 1, source.isIdentifier(first, "true") || source.isIdentifier(first, "false") { return true }
            return source.kind(first + 1) == .leftParen && Int(source.match[first + 1]) == initializer.upperBound - 1
                && holdsOnlyValues(source.text(first), in: file, path: path, depth: depth)
        default: return false
        }
    }

    static let scalarValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat",
        "Bool", "String", "Substring", "Character", "Decimal", "Data", "Date", "UUID", "URL", "IndexSet", "TimeInterval",
        "CGPoint", "CGSize", "CGRect", "CGVector",
        // Foundation's and SwiftUI's structs with value semantics (what they hold changes only
        // through their setter): a navigation stack's path, a color, a locale.
        "NavigationPath", "Color", "AttributedString", "Locale", "TimeZone", "Calendar", "DateComponents", "DateInterval",
        "Duration", "URLComponents", "Angle", "EdgeInsets", "UnitPoint", "CGAffineTransform", "NSRange", "LocalizedStringKey",
    ]
    static let valueContainers: Set<String> = ["Array", "Set", "Dictionary", "Optional", "ContiguousArray", "ArraySlice", "OrderedSet", "OrderedDictionary", "Deque"]

    func holdsOnlyValues(_ written: String, in file: Int, path: [String], depth: Int) -> Bool {
        // `depth` counts the project types gone into (containers and tuples are not), for cycles.
        guard depth < 8 else { return false }
        var text = written.trimmingWhitespaceAndNewlines()
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        let parts = { (inner: Substring) -> [String] in Self.topLevelParts(inner) }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            let inner = text.dropFirst().dropLast()
            let keyValue = Self.topLevelParts(inner, separator: ":")
            return !keyValue.isEmpty && keyValue.allSatisfy { holdsOnlyValues($0, in: file, path: path, depth: depth) }
        }
        if text.hasPrefix("(") && text.hasSuffix(")") {
            let elements = parts(text.dropFirst().dropLast()).map { element -> String in
                // `(name: T, ...)`: the label goes.
                guard let colon = element.firstIndex(of: ":"), !element[..<colon].contains("<") else { return element }
                return String(element[element.index(after: colon)...])
            }
            return !elements.isEmpty && elements.allSatisfy { holdsOnlyValues($0, in: file, path: path, depth: depth) }
        }
        if let open = text.firstIndex(of: "<"), text.hasSuffix(">") {
            let base = String(text[..<open])
            guard Self.valueContainers.contains(base.split(separator: ".").last.map(String.init) ?? base) else { return false }
            let arguments = parts(text[text.index(after: open)..<text.index(before: text.endIndex)])
            return !arguments.isEmpty && arguments.allSatisfy { holdsOnlyValues($0, in: file, path: path, depth: depth) }
        }
        if Self.scalarValueTypes.contains(text) || (text.hasPrefix("Foundation.") && Self.scalarValueTypes.contains(String(text.dropFirst(11)))) { return true }
        guard let resolved = resolveTypeName(text, from: path, in: file), let refs = declared[resolved], refs.count == 1 else { return false }
        // Many classes hold the same types: each is looked at once.
        if let known = valueTypeMemo.answer(resolved) { return known }
        let answer = projectTypeHoldsOnlyValues(refs.first, depth: depth)
        valueTypeMemo.record(resolved, answer)
        return answer
    }

    func projectTypeHoldsOnlyValues(_ ref: TypeRef, depth: Int) -> Bool {
        let decl = type(ref)
        switch decl.kind {
        case .enum:
            // Associated values (`case emoji(String)`, `case file(url: URL)`) that are values; a
            // file whose tokens were let go is lexed for this without keeping them.
            return files[ref.file].withTransientSource(ifBytesHoldAnyOf: []) { source in
                enumHoldsOnlyValues(decl, ref: ref, in: source, depth: depth)
            } ?? false
        case .struct:
            return decl.properties.filter { !$0.isComputed && !$0.isStatic }.allSatisfy { p in
                // Only an untyped property's initializer needs the tokens.
                p.typeText != nil || !files[ref.file].tokensDropped
                    ? holdsOnlyValues(written: p.typeText, initializer: p.initializer, in: ref.file, path: decl.path + [decl.name], depth: depth + 1)
                    : false
            }
        default:
            return false
        }
    }

    func enumHoldsOnlyValues(_ decl: TypeDecl, ref: TypeRef, in source: SourceFile, depth: Int) -> Bool {
        let path = decl.path + [decl.name]
        for k in (decl.bodyOpen + 1)..<decl.bodyClose where source.kind(k) == .leftParen && source.kind(k - 1) == .identifier
            && source.innermostBrace(around: k) == decl.bodyOpen {
            var c = k - 1
            while c > decl.bodyOpen, !source.startsStatement(c) { c -= 1 }
            guard source.isIdentifier(c, "case") || source.isIdentifier(c, "indirect") else { continue }
            let close = Int(source.match[k])
            guard close > k else { return false }
            let elements = Self.topLevelParts(Substring(source.joinedText((k + 1)..<close))).map { element -> String in
                guard let colon = element.firstIndex(of: ":"), !element[..<colon].contains("<"), !element[..<colon].contains("[") else { return element }
                return String(element[element.index(after: colon)...])
            }
            guard elements.allSatisfy({ holdsOnlyValues($0, in: ref.file, path: path, depth: depth + 1) }) else { return false }
        }
        return true
    }

    /// `inner` split at `separator` outside brackets, parentheses and angle brackets.
    static func topLevelParts(_ inner: Substring, separator: Character = ",") -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for c in inner {
            if c == "[" || c == "(" || c == "<" { depth += 1 }
            if c == "]" || c == ")" || c == ">" { depth -= 1 }
            if c == separator, depth == 0 { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        return parts.map { $0.trimmingWhitespaceAndNewlines() }.filter { !$0.isEmpty }
    }

    /// The `{`...`}` bodies of the members of the class's declaration and extensions.
    func memberBodies(_ bodies: [TypeRef]) -> [(open: Int, close: Int)] {
        bodies.flatMap { r -> [(open: Int, close: Int)] in
            let t = type(r)
            return t.functions.compactMap(\.body) + t.properties.compactMap(\.accessorBlock)
        }
    }

    /// Protocols of the standard library and Foundation that give a class no actor.
    static let nonisolatingProtocols: Set<String> = [
        "ObservableObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Sendable", "NSObjectProtocol", "Error", "LocalizedError",
        "CaseIterable", "RawRepresentable", "NSCopying", "NSCoding", "NSSecureCoding", "AnyObject", "Observable", "NSObject",
    ]

    /// Whether the class may be isolated to the main actor: marked `@MainActor`, or inheriting
    /// from a type that is (a project one so marked, or one declared elsewhere whose isolation
    /// obs-migrate cannot see: `UIApplicationDelegate` is `@MainActor` in the SDK). Its sends must
    /// then run where a counter on the main actor may be set. nil when it is not; else "" for its
    /// own attribute, or the inherited type it may be isolated through.
    func mainActorSource(_ decl: TypeDecl, in file: Int, depth: Int = 0) -> String? {
        if decl.attributes.contains(where: { $0.name == "MainActor" }) { return "" }
        for inherited in decl.inheritance {
            let written = TypeName.base(inherited.name)
            if Self.nonisolatingProtocols.contains(written) { continue }
            guard depth < 8, let resolved = resolveTypeName(inherited.name, from: decl.path, in: file), let refs = declared[resolved] else { return written }
            if refs.contains(where: { mainActorSource(type($0), in: $0.file, depth: depth + 1) != nil }) { return written }
        }
        return nil
    }

    /// The bodies of a main-actor class's members that run off it: `deinit`, and `nonisolated`
    /// methods and properties (a counter set there would not compile).
    func nonisolatedMembers(_ bodies: [TypeRef]) -> [(name: String, open: Int, close: Int)] {
        bodies.flatMap { r -> [(name: String, open: Int, close: Int)] in
            let t = type(r)
            let functions = t.functions.compactMap { fn -> (name: String, open: Int, close: Int)? in
                guard let body = fn.body, fn.kind == .deinit || fn.modifiers.contains(where: { $0.text == "nonisolated" }) else { return nil }
                return (fn.kind == .deinit ? "deinit" : "nonisolated '\(fn.name)'", body.open, body.close)
            }
            let properties = t.properties.compactMap { p -> (name: String, open: Int, close: Int)? in
                guard let block = p.accessorBlock, p.hasModifier("nonisolated") else { return nil }
                return ("nonisolated '\(p.name ?? "")'", block.open, block.close)
            }
            return functions + properties
        }
    }

    /// The getter's body in an accessor block: the block itself when it holds statements, the
    /// `get` block when it lists accessors; nil for `_read`, `unsafeAddress` and the like.
    func getterBody(_ block: (open: Int, close: Int), in source: SourceFile) -> (open: Int, close: Int)? {
        var k = block.open + 1
        var getter: (open: Int, close: Int)? = nil
        var listsAccessors = false
        while k < block.close {
            if source.startsStatement(k), source.kind(k) == .identifier,
               ["get", "set", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress", "willSet", "didSet"].contains(source.text(k)) {
                listsAccessors = true
                var open = k + 1
                while open < block.close, source.kind(open) == .identifier, ["async", "throws"].contains(source.text(open)) { open += 1 }
                if source.kind(open) == .leftParen { open = Int(source.match[open]) + 1 }
                guard source.kind(open) == .leftBrace else { return nil }
                let close = Int(source.match[open])
                guard close > open else { return nil }
                switch source.text(k) {
                case "get": getter = (open, close)
                case "set": break
                default: return nil
                }
                k = close + 1
                continue
            }
            if listsAccessors { return nil }
            return block
        }
        return getter
    }

    /// Where `_ = untrackedChanges` goes in a body, told by the statement keywords that begin
    /// its statements (outside brackets): with `return`, `let`, `guard` and the like, the body
    /// has several statements and the read goes first; with none, the body is one expression
    /// (the code compiles, so its value is returned implicitly) and `return` goes before it. A
    /// body that begins with `if`, `switch` or `do` and has no other statement may be either:
    /// nil, as for a body that may end in a call that never returns.
    func counterReader(_ body: (open: Int, close: Int), of ref: TypeRef, in source: SourceFile) -> CounterReader? {
        let first = body.open + 1
        guard first < body.close else { return nil }
        var statementWords = Set<String>()
        var k = first
        while k < body.close {
            let kind = source.kind(k)
            if kind == .identifier, k == first || (source.startsStatement(k) && source.kind(k - 1) != .comma) {
                let word = source.text(k)
                if Self.statementWords.contains(word) || Self.neverReturningCalls.contains(word) { statementWords.insert(word) }
            }
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                let m = Int(source.match[k])
                guard m > k, m < body.close else { return nil }
                k = m
            }
            k += 1
        }
        if !statementWords.isDisjoint(with: Self.neverReturningCalls) { return nil }
        // A body on the line of its `{` is spread over lines: it must end on that line, with
        // only blanks around it (no comment to move).
        if !source.startsLine[first] {
            func blank(_ range: Range<Int>) -> Bool { source.bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            guard !source.bytes[source.start(body.open)..<source.start(body.close)].contains(where: { $0 == 0x0A || $0 == 0x0D }),
                  blank(source.end(body.open)..<source.start(first)), blank(source.end(body.close - 1)..<source.start(body.close)) else { return nil }
        }
        let several = !statementWords.isDisjoint(with: ["return", "throw", "let", "var", "guard", "for", "while", "repeat", "defer"])
        if several { return CounterReader(body: ref, open: body.open, close: body.close, first: first, returnsExpression: false) }
        if !statementWords.isEmpty { return nil }
        return CounterReader(body: ref, open: body.open, close: body.close, first: first, returnsExpression: true)
    }

    static let statementWords: Set<String> = ["return", "throw", "let", "var", "guard", "for", "while", "repeat", "defer", "if", "switch", "do"]
    static let neverReturningCalls: Set<String> = ["fatalError", "preconditionFailure", "abort", "exit"]

    /// Whether the send at `s` runs where the class's main-actor state may be set: in a member's
    /// body or one of its accessors, in blocks of `if`, `else`, `guard`, `for`, `while`, `switch`,
    /// `do` or `defer`, or in a closure `opensAMainActorClosure` accepts.
    func runsOnTheMainActor(_ s: Int, in source: SourceFile, memberBodies: [(open: Int, close: Int)]) -> Bool {
        guard let member = memberBodies.filter({ $0.open < s && s < $0.close }).max(by: { $0.open < $1.open }) else { return false }
        var inner = s
        while let open = source.innermostBrace(around: inner), open > member.open {
            let accessor = source.innermostBrace(around: open) == member.open && opensAnAccessor(open, in: source)
            guard accessor || bracesAStatementBlock(open, in: source) || opensAMainActorClosure(open, in: source) else { return false }
            inner = open
        }
        return source.innermostBrace(around: inner) == member.open
    }

    /// `{` of an accessor in a property's accessor block: `get {`, `set {`, `set(v) {`, `willSet {`, `didSet {`.
    func opensAnAccessor(_ open: Int, in source: SourceFile) -> Bool {
        var k = open - 1
        if source.kind(k) == .rightParen {
            let m = Int(source.match[k])
            guard m >= 0, m < k else { return false }
            k = m - 1
        }
        guard source.kind(k) == .identifier, source.startsStatement(k) else { return false }
        return ["get", "set", "willSet", "didSet", "_modify"].contains(source.text(k))
    }

    /// `{` of an `if`/`guard`/`for`/`while`/`switch`/`do`/`defer`/`repeat` statement, or after `else`.
    func bracesAStatementBlock(_ open: Int, in source: SourceFile) -> Bool {
        if ["else", "do", "defer", "repeat", "catch"].contains(where: { source.isIdentifier(open - 1, $0) }) { return true }
        var t = open - 1
        while t > 0, open - t < 200, !source.startsStatement(t), !source.isIdentifier(t, "else") {
            let kind = source.kind(t)
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                let m = Int(source.match[t])
                guard m >= 0, m < t else { return false }
                // A closure on the way (`if list.contains { ... } {`): not a plain block.
                if kind == .rightBrace { return false }
                t = m
            }
            t -= 1
        }
        // `} else if c {`: the `if` after `else`.
        let keyword = source.isIdentifier(t, "else") ? t + 1 : t
        guard source.isIdentifier(t, "else") || source.startsStatement(t) else { return false }
        return ["if", "guard", "for", "while", "switch", "catch"].contains(source.kind(keyword) == .identifier ? source.text(keyword) : "")
    }

    /// The `sink` token of `.sink {` or `.sink(receiveValue: {` whose closure opens at `open`.
    static func sinkToken(openingClosure open: Int, in source: SourceFile) -> Int? {
        var sink = open - 1
        if source.kind(sink) == .colon, source.isIdentifier(sink - 1, "receiveValue"), source.kind(sink - 2) == .leftParen { sink -= 3 }
        return source.isIdentifier(sink, "sink") && source.kind(sink - 1) == .period ? sink : nil
    }

    /// `DispatchQueue.main.async {`, `MainActor.run {`, `Task {`, `Task { @MainActor in`, and a
    /// `sink` right after `.receive(on: DispatchQueue.main)` or `.receive(on: RunLoop.main)`.
    func opensAMainActorClosure(_ open: Int, in source: SourceFile) -> Bool {
        if source.isIdentifier(open - 1, "Task") { return source.kind(open - 2) != .period }
        if source.isIdentifier(open - 1, "async"), source.kind(open - 2) == .period, source.isIdentifier(open - 3, "main"),
           source.kind(open - 4) == .period, source.isIdentifier(open - 5, "DispatchQueue") { return true }
        if source.isIdentifier(open - 1, "run"), source.kind(open - 2) == .period, source.isIdentifier(open - 3, "MainActor") { return true }
        // A sink whose stage before it delivers on the main queue.
        guard let sink = Self.sinkToken(openingClosure: open, in: source), source.kind(sink - 2) == .rightParen else { return false }
        let close = sink - 2, paren = Int(source.match[close])
        guard paren >= 2, paren < close, source.isIdentifier(paren - 1, "receive"), source.kind(paren - 2) == .period,
              source.isIdentifier(paren + 1, "on"), source.kind(paren + 2) == .colon, close == paren + 6,
              source.kind(paren + 4) == .period, source.isIdentifier(paren + 5, "main") else { return false }
        return source.isIdentifier(paren + 3, "DispatchQueue") || source.isIdentifier(paren + 3, "RunLoop")
    }
}

/// Where each of a few names is read as a member (`x.name`, `\\.name`) or mentioned inside a
/// string's interpolation, in any file of the project: found in one pass over the files (a
/// file whose tokens were let go is searched in its bytes, and only when its identifiers may
/// hold one of the names). Up to `kept` places a name; beyond, any range asked
/// about counts as left (the name is read everywhere).
struct MemberReads {
    static let kept = 64
    /// Up to this many names, a file none of whose bytes spell one is ruled out by byte searches.
    static let searchedByBytes = 8
    static let interpolation = Array("\\(".utf8)
    private var places: [String: [Site]] = [:]
    private var truncated: Set<String> = []
    private let paths: [String]
    private let lineTables: (Int, Int) -> Int

    init(names: Set<String>, in index: ProjectIndex) {
        paths = index.files.map(\.path)
        lineTables = { f, offset in index.files[f].lineTable.location(of: offset).line }
        guard !names.isEmpty else { return }
        let words = names.sorted().map { Array($0.utf8) }
        let set = WordSet(names.sorted())
        let hashes = words.map(IdentifierFilter.hash(of:))
        // On every core; recorded in file order, so the places kept are the same on every run.
        let perFile = parallelMap(Array(index.files.indices)) { f -> [(String, Int)] in
            guard index.files[f].mayHoldIdentifier(anyOfHashes: hashes) else { return [] }
            // A file that let its tokens go is searched in its bytes, not lexed again: `.name`
            // anywhere, in a comment too, counts (a doubt only keeps a class as it is). One pass
            // reads each name that follows a period, whatever the number of names looked for.
            if index.files[f].tokensDropped {
                return index.files[f].withTransientBytes { bytes in
                    bytes.withUnsafeBufferPointer { b in
                        var found: [(String, Int)] = []
                        var i = 0
                        while i < b.count {
                            guard b[i] == UInt8(ascii: ".") else { i += 1; continue }
                            let start = i + 1
                            var end = start
                            while end < b.count, ProjectIndex.isIdentifierByte(b[end]) { end += 1 }
                            if end > start, set.contains(b, start: start, length: end - start) {
                                found.append((String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self), start))
                            }
                            i = max(end, start)
                        }
                        return found
                    }
                }
            }
            // In memory: read token by token (a byte search per name would read it once for each),
            // unless a few names are looked for and none is in its bytes, which a search tells faster.
            if words.count <= Self.searchedByBytes {
                let bytes = index.files[f].source.bytes
                if !words.contains(where: { ByteSearch.firstOffset(of: $0, in: bytes, range: 0..<bytes.count) != nil }) { return [] }
            }
            return index.files[f].withTransientSource(ifBytes: { _ in true }) { source in
                var found: [(String, Int)] = []
                for t in 0..<source.sigCount {
                    switch source.kind(t) {
                    case .identifier where source.kind(t - 1) == .period && set.contains(source, t):
                        found.append((source.text(t), source.start(t)))
                    case .string:
                        // An interpolation may read it: any mention there counts.
                        let range = source.start(t)..<source.end(t)
                        guard ByteSearch.firstOffset(of: Self.interpolation, in: source.bytes, range: range) != nil else { break }
                        for word in words where ByteSearch.firstOffset(of: word, in: source.bytes, range: range) != nil {
                            found.append((String(decoding: word, as: UTF8.self), source.start(t)))
                        }
                    default: break
                    }
                }
                return found
            } ?? []
        }
        for (f, found) in perFile.enumerated() where !found.isEmpty { record(found, in: f) }
    }

    private mutating func record(_ found: [(String, Int)], in f: Int) {
        for (name, offset) in found {
            if places[name, default: []].count < Self.kept { places[name, default: []].append(Site(file: f, offset: offset)) } else { truncated.insert(name) }
        }
    }

    /// A place where `name` is read outside `inside` (byte ranges by file), as `path:line`, on a
    /// receiver that `mayBe` the class.
    func firstOutside(_ name: String, _ inside: [Int: [Range<Int>]], where mayBe: (Site) -> Bool) -> String? {
        for site in places[name] ?? [] where !(inside[site.file]?.contains { $0.contains(site.offset) } ?? false) && mayBe(site) {
            return "\(paths[site.file]):\(lineTables(site.file, site.offset))"
        }
        return truncated.contains(name) ? "more than \(Self.kept) places" : nil
    }
}

/// What `holdsOnlyValues` found for each project type, kept for the index's lifetime (the
/// answer depends on declarations only, which never change).
final class ValueTypeMemo: @unchecked Sendable {
    private let lock = Lock()
    private var known: [String: Bool] = [:]
    func answer(_ type: String) -> Bool? { lock.withLock { known[type] } }
    func record(_ type: String, _ answer: Bool) { lock.withLock { known[type] = answer } }
}
