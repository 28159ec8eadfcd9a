/// OBS201: `objectWillChange` has no Observation counterpart; a person reworks it, except a
/// send right before setting a tracked property, which the fix removes, one next to a change
/// inside a tracked property that no setter sees, which becomes `withMutation(keyPath:)`, and
/// one tied to no tracked change, which bumps a tracked counter (UntrackedChanges.swift).
public struct ObjectWillChangeUse: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS201",
        name: "object-will-change",
        severity: .warning,
        fix: .sometimes,
        summary: "objectWillChange is ObservableObject machinery with no @Observable equivalent.",
        rationale: """
            `objectWillChange.send()` and subscriptions to it rely on ObservableObject. With Observation, \
            changes are tracked per property; code that sends or listens to `objectWillChange` has to be \
            redesigned (usually it can simply go, or become `withObservationTracking`). The class keeps \
            ObservableObject until a person does that. One form is mechanical: `objectWillChange.send()` \
            as a statement (or alone in `if flag { }`) right before one that sets a stored property the \
            `@Observable` class tracks (`x = ...` where `x` holds values all the way down, `x += ...`, and \
            `x[i] = ...` or `x.append(...)` on a property whose type is a value type), or after one in the \
            same block with only local \
            `let`/`var` declarations (no `await`) in between, or an `if` whose conditions call nothing \
            and whose every branch only sets such properties (or nothing), is dead once the setter \
            itself tells observers, and the fix removes it. So is `m.objectWillChange.send()` written \
            outside the model (in a view or another class) right before or after a statement of the \
            same block that sets a tracked property of the same `m` (`m.tags.append(t)`, \
            `self.m.name = n`): it goes with the model's migration (when the model may keep its \
            `objectWillChange` for subscribers, only a set of a `@Published` property counts, whose \
            `willSet` then sends it). A send next to a statement that changes something inside a \
            tracked property without its setter (`cache.insert(k)` or `nodes[id]?.count += 1` on a class \
            instance: an assignment into it, or a call of a method named for a change, on one line, \
            without `await` or `return`), or alone in `if cache.insertIfNew(k) { }`, becomes \
            `withMutation(keyPath: \\.cache) { ... }` around that statement: it tells the views that \
            read `cache`, as the send told every view. So does a send next to `x = v` where `x` may hold \
            a class (`@Published var shown: Book`): the macro's setter tells no one of the same instance \
            (or of an equal value), which may have changed inside, as `Published` told every view of \
            every set (runtime oracle: a negative control); in the `willSet` of such a property (a \
            hand-written `@Published`), the send becomes `withMutation(keyPath: \\.p) {}`. A send that is all of \
            `if await cache.insert(k) { DispatchQueue.main.async { self.objectWillChange.send() } }` \
            (the change in the condition, the send later on the main queue) becomes \
            `self.withMutation(keyPath: \\.cache) {}` in its place, at the same moment; `cache` must be a \
            tracked `var` (Observation does not track a `let`). A send before anything else (an `@AppStorage` or \
            `@ObservationIgnored` property, a computed one, a call, or a bare `x` that names a local, \
            parameter, closure parameter, loop variable or pattern binding there rather than the \
            property) still needs a person. A send in the \
            `sink` of another object's `objectWillChange` or `$property` forwards that object's changes; \
            the message says so, since Observation tracks reads through one object into another by itself. \
            The plain form, `child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }` \
            (with `.receive(on:)`, stored with `.store(in:)` or in an optional `var`) on a stored property \
            whose type is a model, goes when parent and child both migrate; they migrate together or \
            stay together. A send tied to no change of a tracked stored property (after a \
            `UserDefaults` write, a notification, alone in a closure, or `self?.objectWillChange.send()`) \
            announces a change Observation cannot see: it becomes `untrackedChanges &+= 1`, a tracked \
            `private var untrackedChanges = 0` the fix adds to the class, and every instance computed \
            property, subscript and method that returns a value reads it first (not a `private` \
            one, read only through the others, unless a view is declared inside the class) \
            (`_ = untrackedChanges`, with `return` before a body that was one expression), so a view \
            that reads any of them is told, as the send told it. Only when the class has no model \
            superclass or subclass and no project superclass, no extension in another module (an \
            extension in another file reads it too, and it is then not `private`), no \
            type property that may change and no type method that returns a value (but one that \
            hands out an instance of the class itself, `static var preview: Self`), no member \
            body of a form the fix cannot rewrite (one `switch` \
            or `if`, a result builder, `nonisolated`), no view holding it that reads none of the \
            members that read the counter or an announced property (`$m.member` bindings count), \
            and, on the main actor, \
            every send in the body of a member that is not `nonisolated` nor `deinit`, in its \
            accessors or its `if`/`for`/`switch` blocks, a \
            `Task`, `MainActor.run` or `DispatchQueue.main.async` closure, or a `sink` right after \
            `.receive(on: DispatchQueue.main)` or `RunLoop.main`. A stored property read outside \
            the class whose value is not values all the way down (a class, or an array of them: a \
            view reads through it what changed unseen) is announced by each send too: \
            `withMutation(keyPath: \\.items) {}` (the macro provides it) after the bump, which tells \
            the views that read `items`; it must be a tracked `var` (not a `let`, `lazy`, `weak`, \
            an override or one with a wrapper other than `@Published`), and a class with no member \
            for the counter gets announcements alone. Otherwise the class stays, and its reason says \
            which condition failed: make what changes a tracked stored property, whose setter then \
            tells observers, or wrap the change in `withMutation(keyPath:)` of the property views read. \
            A class that sends nothing itself and whose `objectWillChange` is subscribed to from \
            outside (`store.objectWillChange.sink { ... }`, `.onReceive(store.objectWillChange)`; \
            not `.send()`) keeps one of its own under `@Observable`: \
            `let objectWillChange = ObservableObjectPublisher()`, sent from the `willSet` of each \
            property that was `@Published`, last in a `willSet` it had and before its `$x` \
            subscribers, where Published sent it (same trace under the runtime oracle). The \
            subscriptions stay as written. Not for a class in a hierarchy of models, with pipelines \
            made observers, or with a one-line `willSet`. After the fix, the sends and \
            subscriptions of such a kept publisher (an `@Observable` class that declares \
            `objectWillChange`) are plain Combine and are not reported.
            """,
        triggering: [
            "import Combine\nfinal class Clock: ObservableObject {\n    func tick() { objectWillChange.send() }\n}\n",
        ],
        nonTriggering: [
            "import Combine\nfinal class Clock: ObservableObject {\n    @Published var now = 0\n}\n",
        ],
        examples: [
            (before: "import Combine\n\nfinal class Clock: ObservableObject {\n    @Published var now = 0\n    var laps: [Int] = []\n\n    func tick() {\n        objectWillChange.send()\n        now += 1\n        self.objectWillChange.send()\n        laps.append(now)\n    }\n}\n",
             after: "import Combine\nimport Observation\n\n@Observable final class Clock {\n    var now = 0\n    var laps: [Int] = []\n\n    func tick() {\n        now += 1\n        laps.append(now)\n    }\n}\n"),
            (before: "import Combine\n\nfinal class Log {\n    var lines: [String] = []\n    func append(_ line: String) { lines.append(line) }\n}\n\nfinal class Console: ObservableObject {\n    var log = Log()\n\n    func write(_ line: String) {\n        objectWillChange.send()\n        log.append(line)\n    }\n}\n",
             after: "import Combine\nimport Observation\n\nfinal class Log {\n    var lines: [String] = []\n    func append(_ line: String) { lines.append(line) }\n}\n\n@Observable final class Console {\n    var log = Log()\n\n    func write(_ line: String) {\n        withMutation(keyPath: \\.log) { log.append(line) }\n    }\n}\n"),
        ])

    private static let word = Array("objectWillChange".utf8)

    /// The send's lines; with the blank line above them when a `}` follows, so that no blank
    /// line is left at the end of a block.
    /// The statements a counted send becomes, for messages.
    static func counterStatements(_ counter: UntrackedChangeCounter) -> String {
        let statements = (counter.counts ? ["\(UntrackedChangeCounter.name) &+= 1"] : [])
            + counter.announced.map { "withMutation(keyPath: \\.\($0)) {}" }
        return statements.count == 2 ? statements.joined(separator: " and ") : statements.joined(separator: ", ")
    }

    static func counterReason(_ counter: UntrackedChangeCounter) -> String {
        let announced = "a mutation of " + counter.announced.map { "'\($0)'" }.joined(separator: ", ")
            + ", whose contents change where no setter sees and which views read"
        let counted = "a tracked counter that its computed properties and methods read"
        let what = counter.announced.isEmpty ? counted : counter.counts ? counted + ", and " + announced : announced
        return what + ", so the views that read \(counter.counts && counter.announced.isEmpty ? "them" : "any of them") are told, as the send told them"
    }

    static func removal(_ range: Range<Int>, in source: SourceFile) -> Edit {
        var edit = Edits.deleteToken(range, in: source)
        let bytes = source.bytes
        guard edit.range.lowerBound > 0, edit.range.lowerBound == source.lineStart(of: edit.range.lowerBound) else { return edit }
        var after = edit.range.upperBound
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: "}") else { return edit }
        let previousLine = source.lineStart(before: edit.range.lowerBound)
        let blank = bytes[previousLine..<edit.range.lowerBound].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if blank, previousLine > 0 { edit.range = previousLine..<edit.range.upperBound }
        return edit
    }

    /// `self.objectWillChange.send()` (or `self?.`, or implicit) in the closure given to `sink`
    /// of a pipeline that starts at another object's `objectWillChange` or `$property`:
    /// `child.objectWillChange.sink { _ in self.objectWillChange.send() }`.
    static func forwardsAnotherObject(_ s: Int, in source: SourceFile) -> Bool {
        guard source.kind(s + 1) == .period, source.isIdentifier(s + 2, "send"), source.kind(s + 3) == .leftParen else { return false }
        if source.kind(s - 1) == .period {
            let receiver = source.isText(s - 2, "?") ? s - 3 : s - 2
            guard source.isIdentifier(receiver, "self") else { return false }
        }
        // The innermost `{` around the send, within a few hundred tokens.
        var open = s - 1
        while open > 0, s - open < 400 {
            if source.kind(open) == .leftBrace, Int(source.match[open]) > s { break }
            open -= 1
        }
        guard open > 0, source.kind(open) == .leftBrace, Int(source.match[open]) > s else { return false }
        // `sink { ... }`, `sink(receiveValue: { ... })`
        guard let sink = ProjectIndex.sinkToken(openingClosure: open, in: source) else { return false }
        // The pipeline before it, back to the start of its statement (lines that start with `.` continue it).
        func isSource(_ t: Int) -> Bool {
            source.kind(t) == .dollarIdentifier && !source.text(t).dropFirst().allSatisfy(\.isNumber) || source.isIdentifier(t, "objectWillChange")
        }
        var t = sink - 2
        while t >= 0, sink - t < 200 {
            let kind = source.kind(t)
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                let m = Int(source.match[t])
                guard m >= 0, m < t else { return false }
                if (m...t).contains(where: isSource) { return true }
                t = m
            } else if isSource(t) {
                return true
            }
            if source.startsLine[t], source.kind(t) != .period { break }
            t -= 1
        }
        return false
    }

    /// The members of extensions in this file that read a migrating class's counter of
    /// untracked changes, declared in another file (UntrackedChanges.swift): one finding each.
    func counterReadsOfExtensions(_ context: RuleContext) -> [Finding] {
        let f = context.fileIndex, source = context.source
        var findings: [Finding] = []
        for name in context.index.counterReadersByFile[f] ?? [] where context.migrates(name) {
            guard let counter = context.index.untrackedChangeCounters[name], counter.file != f,
                  let first = counter.readers.first(where: { $0.body.file == f }) else { continue }
            let ext = context.index.type(first.body)
            let what = counter.poked.map { "'\($0)', whose bumps re-rendered \(TypeName.base(name))'s views," } ?? "the counter that stands in for \(TypeName.base(name))'s objectWillChange.send()"
            findings.append(finding(context, source.span(ext.keywordToken, through: ext.keywordToken),
                                    "this extension's members read \(what) once it is @Observable (fixable)",
                                    fix: context.index.counterReads(counter, in: f, source: source), model: name))
        }
        return findings
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        var findings = counterReadsOfExtensions(context)
        // Most files never name it: one search of the bytes rules them out faster than the tokens.
        guard ByteSearch.firstOffset(of: Self.word, in: source.bytes, range: 0..<source.bytes.count) != nil else { return findings }
        for s in source.indices(of: .identifier, length: Self.word.count) where source.isText(s, "objectWillChange") {
            // `other.objectWillChange` is other's (when told), wherever it is written; a bare one the enclosing model's.
            let receiver = context.index.memberUseAt[Site(file: context.fileIndex, offset: source.start(s))].flatMap { context.index.memberUses[$0].model }
            let owner = receiver.flatMap { context.index.models[$0] != nil ? $0 : nil }
                ?? context.index.enclosingModel(of: s, in: context.fileIndex) ?? receiver
            if let forwarding = context.index.changeForwarding(at: s, in: context.fileIndex),
               context.migrates(forwarding.parent), context.migrates(forwarding.child) {
                // Both migrate: views track the child's properties through the parent by themselves.
                guard s == forwarding.childToken else { continue }
                let statement = source.span(forwarding.statement.lowerBound, through: forwarding.statement.upperBound)
                findings.append(finding(context, source.span(s, through: s),
                                        "\(TypeName.base(forwarding.parent)) forwards the objectWillChange of \(forwarding.childInMessages); once both are @Observable, views that read the child's properties through it track them themselves: the subscription goes (fixable)",
                                        fix: [Self.removal(statement, in: source)], model: forwarding.parent))
                continue
            }
            if let owner, context.migrates(owner), context.index.enclosingModel(of: s, in: context.fileIndex) == owner,
               let dead = context.index.deadSend(at: s, in: context.fileIndex, model: owner) {
                // Kept for the subscribers of the publisher the class keeps (ObjectWillChangeBridges.swift).
                if context.index.bridgedObjectWillChange.contains(owner) { continue }
                if dead.announces {
                    let call = (source.isIdentifier(dead.tokens.lowerBound, "self") ? "self." : "")
                        + "withMutation(keyPath: \\.\(dead.property)) {}"
                    findings.append(finding(context, source.span(s, through: s),
                                            "objectWillChange.send() in the observer of '\(dead.property)' becomes \(call) once \(TypeName.base(owner)) is @Observable: its setter tells no one of the same instance (or an equal value holding one), which the send told every view of (fixable)",
                                            fix: [Edit(source.span(dead.tokens.lowerBound, through: dead.tokens.upperBound), call)], model: owner))
                    continue
                }
                findings.append(finding(context, source.span(s, through: s),
                                        dead.inObserver
                                            ? "objectWillChange.send() in the observer of '\(dead.property)' is dead once \(TypeName.base(owner)) is @Observable: the property tells its observers itself (fixable)"
                                            : "objectWillChange.send() next to setting '\(dead.property)' is dead once \(TypeName.base(owner)) is @Observable: the property tells its observers itself (fixable)",
                                        fix: [Self.removal(dead.range, in: source)], model: owner))
                continue
            }
            if let owner, context.migrates(owner), context.index.enclosingModel(of: s, in: context.fileIndex) == owner,
               let send = context.index.mutationSend(at: s, in: context.fileIndex, model: owner) {
                let call = (send.replacesCondition ? "_ = " : "") + (send.needsTry ? "try " : "") + (send.explicitSelf ? "self." : "")
                    + "withMutation(keyPath: \\.\(send.property))"
                if send.announcesLater {
                    findings.append(finding(context, source.span(s, through: s),
                                            "objectWillChange.send() after a change inside '\(send.property)' that no setter sees becomes \(call) {} once \(TypeName.base(owner)) is @Observable, at the same moment on the main queue (fixable)",
                                            fix: [Edit(send.sendRange, call + " {}")], model: owner))
                    continue
                }
                findings.append(finding(context, source.span(s, through: s),
                                        send.setsProperty
                                            ? "objectWillChange.send() next to setting '\(send.property)', whose setter tells no one of the same instance (or an equal value holding one) once \(TypeName.base(owner)) is @Observable, becomes \(call) { ... } around the set (fixable)"
                                            : "objectWillChange.send() next to a change inside '\(send.property)' that no setter sees becomes \(call) { ... } around it once \(TypeName.base(owner)) is @Observable (fixable)",
                                        fix: send.replacesCondition
                                            ? [Edit(send.sendRange, call + " { " + source.text(source.span(send.statement.lowerBound, through: send.statement.upperBound)) + " }")]
                                            : [Self.removal(send.sendRange, in: source),
                                               .insert(call + " { ", at: source.start(send.statement.lowerBound)),
                                               .insert(" }", at: source.end(send.statement.upperBound))],
                                        model: owner))
                continue
            }
            if let owner, context.migrates(owner), context.index.enclosingModel(of: s, in: context.fileIndex) == owner,
               context.index.untrackedChangeCounters[owner]?.declaresOwnPublisher(at: s, in: context.fileIndex) ?? false,
               let declaration = context.decls.types.lazy.compactMap({ $0.properties.first { $0.nameToken == s } }).first {
                findings.append(finding(context, source.span(s, through: s),
                                        "\(TypeName.base(owner)) declares the objectWillChange that ObservableObject would make; once it is @Observable, with a counter in place of its sends, it goes (fixable)",
                                        fix: [context.index.declarationRemoval(declaration, in: source)], model: owner))
                continue
            }
            if let owner, context.migrates(owner), context.index.enclosingModel(of: s, in: context.fileIndex) == owner,
               let counter = context.index.untrackedChangeCounters[owner], counter.replaces(s, in: context.fileIndex) {
                if context.index.bridgedObjectWillChange.contains(owner) {
                    findings.append(finding(context, source.span(s, through: s),
                                            "objectWillChange.send() tied to no change of a tracked property stays for the subscribers of the objectWillChange \(TypeName.base(owner)) keeps once it is @Observable, and \(Self.counterStatements(counter)) follows it: \(Self.counterReason(counter)) (fixable)",
                                            fix: [context.index.counterBumpAfterSend(counter, at: s, in: source)], model: owner))
                    continue
                }
                findings.append(finding(context, source.span(s, through: s),
                                        "objectWillChange.send() tied to no change of a tracked property becomes \(Self.counterStatements(counter)) once \(TypeName.base(owner)) is @Observable: \(Self.counterReason(counter)) (fixable)",
                                        fix: [context.index.counterBump(counter, at: s, in: source)], model: owner))
                continue
            }
            // `m.objectWillChange.send()` elsewhere, next to a set of m's tracked property (ExternalDeadSends.swift).
            if let use = context.index.memberUseAt[Site(file: context.fileIndex, offset: source.start(s))].map({ context.index.memberUses[$0] }),
               let dead = use.deadSend, let model = use.model, context.migrates(model) {
                findings.append(finding(context, source.span(s, through: s),
                                        "\(dead.receiver).objectWillChange.send() next to setting its '\(dead.property)' is dead once \(TypeName.base(model)) is @Observable: the property tells its observers itself (fixable)",
                                        fix: [Self.removal(dead.range, in: source)], model: model))
                continue
            }
            // A subscription from outside that the model's kept objectWillChange serves (OBS101 and
            // OBS102 declare and send it): nothing to change here, and nothing for a person while it stays.
            if context.index.memberUseAt[Site(file: context.fileIndex, offset: source.start(s))].map({ context.index.memberUses[$0].bridged }) ?? false
                || owner.map({ context.index.ownBridgedObjectWillChange(s, in: context.fileIndex, model: $0) }) ?? false {
                if let kept = receiver ?? owner, !context.migrates(kept) {
                    findings.append(finding(context, source.span(s, through: s),
                        "objectWillChange of \(TypeName.base(kept)) stays a publisher once it migrates: \(TypeName.base(kept)) keeps ObservableObject: \(context.whyBlocked(kept))",
                        fix: nil, model: kept))
                }
                continue
            }
            // An @Observable class's own publisher (one a migration kept): plain Combine, after the fix too.
            if let holder = owner ?? context.index.enclosingTypes(of: s, in: context.fileIndex).first.map({ context.index.typeName(of: $0) }),
               context.index.observableKeepingOwnPublisher(holder) {
                continue
            }
            let keeps = owner.map { ": \(TypeName.base($0)) keeps ObservableObject" } ?? ""
            let forwarding = Self.forwardsAnotherObject(s, in: source)
                ? "; it forwards another object's changes: once both are @Observable, views that read that object's properties through this one are updated without it, so this send can usually go"
                : ""
            findings.append(finding(context, source.span(s, through: s),
                                    "objectWillChange has no Observation equivalent and needs a person\(keeps)\(forwarding)", fix: nil))
        }
        return findings
    }
}
