/// `objectWillChange.send()` next to a statement that changes what a tracked stored property
/// holds without going through its setter (`store.items.append(x)` on a class instance,
/// `cache[id]?.count += 1`, `queue.insert(job)`): no setter tells Observation of it. Under
/// `@Observable`, `withMutation(keyPath: \.store) { ... }` around that statement (the macro
/// provides it) tells the views that read `store`, where the send told every view of the object.
public struct MutationSend: Sendable {
    /// The bytes of the send statement to remove (with a `;` after it).
    public var sendRange: Range<Int>
    /// The statement to wrap, as significant tokens.
    public var statement: ClosedRange<Int>
    /// The tracked property the statement changes.
    public var property: String
    /// `self.` when the send was written `self.objectWillChange.send()`, so that the call is
    /// valid where the send was (an escaping closure).
    public var explicitSelf: Bool
    /// The statement contains `try`: the call needs it too (`withMutation` rethrows).
    public var needsTry: Bool
    /// `if change { send }`: `sendRange` is the whole `if`, and `statement` its condition,
    /// whose value the call discards.
    public var replacesCondition = false
    /// `if change { DispatchQueue.main.async { send } }`: the send, made later on the main
    /// queue, becomes an empty `withMutation(keyPath:) {}` there; the change stays where it is.
    public var announcesLater = false
    /// The statement sets the property (`p = v`) to a value the macro's setter may not tell of
    /// (the same instance, or an equal value holding one).
    public var setsProperty = false
}

extension ProjectIndex {
    /// Words that change where control goes, or suspend: such a statement cannot move into
    /// `withMutation`'s closure.
    static let wordsThatCannotMoveIntoAClosure: Set<String> = ["await", "return", "throw", "break", "continue", "fallthrough", "yield", "defer"]

    /// Method names that change what they are called on: a call of one (`insert`, `appendAll`,
    /// `update_state`, `removeExpired`) next to a send is the change the send announces.
    static let mutationVerbs: [String] = [
        "insert", "append", "remove", "add", "update", "set", "delete", "clear", "reset", "replace", "push", "pop",
        "sort", "filter", "merge", "toggle", "increment", "decrement", "mark", "move", "swap", "reload", "refresh",
        "prepend", "store", "save", "put", "upsert", "flush", "purge", "truncate", "register", "unregister",
    ]

    /// The send at `s` (an `objectWillChange` token inside `model`) when it is a plain statement
    /// next to (right after, else right before, in the same block) a statement that starts with
    /// one of the model's tracked stored properties and changes something inside it (`p.x = v`,
    /// `p[k]?.y += 1`, `p.insert(x)`, `self.p.reload()`), on one line, that can move into a
    /// closure; or the only statement of `if p.insert(x) { ... }` (no `else`), whose condition
    /// is such a change.
    func mutationSend(at s: Int, in file: Int, model: String) -> MutationSend? {
        let source = files[file].source
        guard let first = Self.sendStatementStart(at: s, in: source) else { return nil }
        let last = s + 4
        var next = last + 1
        var removalEnd = source.end(last)
        if source.kind(next) == .semicolon { removalEnd = source.end(next); next += 1 }
        let tracked = trackedProperties(of: model)
        let explicitSelf = first != s
        if let later = laterAnnouncement(first: first, last: last, explicitSelf: explicitSelf, in: file, tracked: tracked) { return later }
        // `if p.insert(x) { objectWillChange.send() }`: the whole `if` becomes the call.
        if source.kind(first - 1) == .leftBrace, source.kind(last + 1) == .rightBrace, Int(source.match[first - 1]) == last + 1,
           !source.isIdentifier(last + 2, "else") {
            var ifToken = first - 2
            while ifToken > 0, first - ifToken < 64, !source.startsStatement(ifToken) { ifToken -= 1 }
            guard source.isIdentifier(ifToken, "if"), !source.isIdentifier(ifToken - 1, "else"),
                  let (property, end) = reachingStatement(at: ifToken + 1, in: file, tracked: tracked, until: first - 1),
                  end == first - 2 else { return nil }
            let needsTry = (ifToken...end).contains { source.isIdentifier($0, "try") }
            return MutationSend(sendRange: source.span(ifToken, through: last + 1), statement: (ifToken + 1)...end, property: property,
                                explicitSelf: explicitSelf, needsTry: needsTry, replacesCondition: true)
        }
        var candidates: [Int] = []
        if next < source.sigCount, source.startsLine[next] || source.kind(last + 1) == .semicolon { candidates.append(next) }
        if let previous = previousStatement(before: first, in: source) { candidates.append(previous) }
        for start in candidates {
            guard let (property, end) = reachingStatement(at: start, in: file, tracked: tracked, plainSetsOf: model) else { continue }
            let needsTry = (start...end).contains { source.isIdentifier($0, "try") }
            let name = source.isIdentifier(start, "self") ? start + 2 : start
            return MutationSend(sendRange: source.start(first)..<removalEnd, statement: start...end, property: property,
                                explicitSelf: explicitSelf, needsTry: needsTry,
                                setsProperty: source.kind(name + 1) == .operator && source.isText(name + 1, "="))
        }
        return nil
    }

    /// `if [await] p.insert(x) { DispatchQueue.main.async { [self.]objectWillChange.send() } }`
    /// (nothing else in either block, no `else`): the send tells the object's views later, on
    /// the main queue, of the change the condition made inside `p`. `withMutation(keyPath: \.p) {}`
    /// in its place tells the views that read `p`, at the same moment.
    func laterAnnouncement(first: Int, last: Int, explicitSelf: Bool, in file: Int, tracked: Set<String>) -> MutationSend? {
        let source = files[file].source
        // The closure `{ send }` of `DispatchQueue.main.async`.
        let open = first - 1
        guard source.kind(open) == .leftBrace, source.kind(last + 1) == .rightBrace, Int(source.match[open]) == last + 1,
              open >= 5, source.isIdentifier(open - 1, "async"), source.kind(open - 2) == .period, source.isIdentifier(open - 3, "main"),
              source.kind(open - 4) == .period, source.isIdentifier(open - 5, "DispatchQueue") else { return nil }
        // ... alone in `if <change> { ... }`.
        let call = open - 5
        let ifOpen = call - 1
        guard source.kind(ifOpen) == .leftBrace, Int(source.match[ifOpen]) == last + 2, source.kind(last + 2) == .rightBrace,
              !source.isIdentifier(last + 3, "else") else { return nil }
        var ifToken = ifOpen - 1
        while ifToken > 0, ifOpen - ifToken < 64, !source.startsStatement(ifToken) { ifToken -= 1 }
        guard source.isIdentifier(ifToken, "if"), !source.isIdentifier(ifToken - 1, "else") else { return nil }
        var conditionStart = ifToken + 1
        while source.isIdentifier(conditionStart, "await") || source.isIdentifier(conditionStart, "try") { conditionStart += 1 }
        guard let (property, end) = reachingStatement(at: conditionStart, in: file, tracked: tracked, until: ifOpen, stays: true),
              end == ifOpen - 1 else { return nil }
        return MutationSend(sendRange: source.span(first, through: last), statement: conditionStart...end, property: property,
                            explicitSelf: explicitSelf, needsTry: false, announcesLater: true)
    }

    /// The tracked property a statement starting at `start` reaches into, and its last token;
    /// nil for any other statement, one on several lines, or one that cannot move into a closure
    /// (unless it `stays` where it is).
    func reachingStatement(at start: Int, in file: Int, tracked: Set<String>, until limit: Int? = nil, stays: Bool = false,
                           plainSetsOf model: String? = nil) -> (String, Int)? {
        let source = files[file].source
        var k = start
        let qualified = source.isIdentifier(k, "self") && source.kind(k + 1) == .period
        if qualified { k += 2 }
        guard source.kind(k) == .identifier else { return nil }
        let name = source.name(k)
        guard tracked.contains(name), qualified || localBinding(ofName: name, at: k, in: file) == nil else { return nil }
        // Into it: `p.`, `p[`, `p?.`, `p!.`; a plain `p = v` is the setter's (a dead send), but where
        // `p` of `model` may hold a class: its setter may tell no one (the same instance).
        var after = k + 1
        if source.kind(after) == .operator, source.isText(after, "?") || source.isText(after, "!") { after += 1 }
        let plainSet = source.kind(k + 1) == .operator && source.isText(k + 1, "=") && (model.map { !holdsOnlyValues(property: name, of: $0) } ?? false)
        guard plainSet || source.kind(after) == .period || source.kind(after) == .leftBracket else { return nil }
        // The statement's end: bracketed runs whole, up to the end of the line, a `;` or the block's `}`.
        var end = k
        var t = k + 1
        var assigns = false
        var lastCall: String? = nil
        while t < (limit ?? source.sigCount) {
            let kind = source.kind(t)
            if kind == .semicolon || kind == .rightBrace || kind == .rightParen || kind == .rightBracket || source.startsLine[t] { break }
            if kind == .operator, source.text(t).hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(source.text(t)) { assigns = true }
            if kind == .identifier, source.kind(t + 1) == .leftParen || source.kind(t + 1) == .leftBrace { lastCall = source.name(t) }
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                let m = Int(source.match[t])
                guard m > t else { return nil }
                t = m
            }
            end = t
            t += 1
        }
        // A next line that continues the expression (`.sorted()`, `+ 1`) would be cut in two.
        if limit == nil, t < source.sigCount, source.startsLine[t], source.kind(t) == .period || source.kind(t) == .operator { return nil }
        // It changes something: an assignment, or a call of a method named for a change.
        let verb = lastCall.map { call in Self.mutationVerbs.contains { call.lowercased().hasPrefix($0) } } ?? false
        guard assigns && limit == nil || verb else { return nil }
        for u in start...end where !stays && source.kind(u) == .identifier && Self.wordsThatCannotMoveIntoAClosure.contains(source.name(u)) {
            return nil
        }
        return (name, end)
    }
}

extension ProjectIndex {
    /// What a send at `s` that neither setter nor `withMutation` can replace is next to, for its
    /// reason: a `UserDefaults` write, a notification, nothing (alone in a closure), or a change
    /// of no tracked stored property. nil when `s` is no plain `[self.]objectWillChange.send()`.
    func untiedSendKind(at s: Int, in file: Int) -> String? {
        let source = files[file].source
        guard let first = Self.sendStatementStart(at: s, in: source) else { return nil }
        let last = s + 4
        var neighbours: [Range<Int>] = []
        if let previous = previousStatement(before: first, in: source) { neighbours.append(previous..<first) }
        var next = last + 1
        if source.kind(next) == .semicolon { next += 1 }
        if next < source.sigCount, source.kind(next) != .rightBrace, source.startsStatement(next) {
            var end = next + 1
            while end < source.sigCount, !source.startsStatement(end), source.kind(end) != .rightBrace { end += 1 }
            neighbours.append(next..<end)
        }
        func mentions(_ word: StaticString) -> Bool { neighbours.contains { $0.contains { source.isIdentifier($0, word) } } }
        if mentions("UserDefaults") { return "is next to a UserDefaults write, which no tracked property holds" }
        if mentions("NotificationCenter") { return "is next to a notification, which no tracked property holds" }
        if neighbours.isEmpty { return "is alone in its block, tied to no change of a tracked property" }
        return "is next to no change of a tracked stored property"
    }
}
