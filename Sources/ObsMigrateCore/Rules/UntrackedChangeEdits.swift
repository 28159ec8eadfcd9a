/// The edits of an `UntrackedChangeCounter` (the facts are in Index/UntrackedChanges.swift):
/// the tracked counter as the class's first member and its read at the top of each member that
/// hands out a value (OBS101's fix), and each send as a bump of it (OBS201's).
extension ProjectIndex {
    /// The counter, as the first member of the class's declaration: `private` unless an
    /// extension in another file reads or bumps it.
    public func counterDeclaration(_ counter: UntrackedChangeCounter, _ decl: TypeDecl, in source: SourceFile) -> Edit {
        // No comment with it: the fix adds no comments (a test holds every comment and string).
        firstMemberInsertion((counter.spansFiles ? "" : "private ") + "var \(UntrackedChangeCounter.name) = 0", of: decl, in: source)
    }

    /// `_ = untrackedChanges` (or the poked property) at the top of each reader in file `f` (and
    /// `return` before a body that was one expression; a body on one line is spread over three).
    public func counterReads(_ counter: UntrackedChangeCounter, in f: Int, source: SourceFile) -> [Edit] {
        let name = counter.readName, eol = source.lineEnding
        var edits: [Edit] = []
        for reader in counter.readers where reader.body.file == f {
            let returns = reader.returnsExpression ? "return " : ""
            if source.startsLine[reader.first] {
                let start = source.start(reader.first)
                edits.append(.insert(source.indentation(ofLineAt: start) + "_ = \(name)" + eol, at: source.lineStart(of: start)))
                if !returns.isEmpty { edits.append(.insert(returns, at: start)) }
            } else {
                let unit = indentStep(of: type(reader.body), in: source)
                let outer = source.indentation(ofLineAt: source.start(reader.open))
                edits.append(Edit(source.end(reader.open)..<source.start(reader.first), eol + outer + unit + "_ = \(name)" + eol + outer + unit + returns))
                edits.append(Edit(source.end(reader.close - 1)..<source.start(reader.close), eol + outer))
            }
        }
        return edits
    }

    /// The bump after the send at `s`, which stays (the class keeps its `objectWillChange` for
    /// subscribers): on a line of its own after the send's line, with the same receiver, or
    /// after `; ` when more code follows the send on its line.
    public func counterBumpAfterSend(_ counter: UntrackedChangeCounter, at s: Int, in source: SourceFile) -> Edit {
        let receiver = Self.sendReceiver(at: s, in: source)
        let close = s + 4
        guard let indent = Self.lineOfItsOwn(sendAt: s, in: source) else {
            return .insert("; " + Self.bumpStatements(counter, receiver: receiver, firstReceiver: receiver).joined(separator: "; "), at: source.end(close))
        }
        let lines = Self.bumpStatements(counter, receiver: receiver, firstReceiver: receiver).map { indent + $0 + source.lineEnding }
        return .insert(lines.joined(), at: source.nextLineStart(after: source.end(close)))
    }

    /// `objectWillChange.send()` (the tokens from `s`, after any `self.` or `self?.`) as a bump,
    /// and the announcement of each property in `counter.announced`: on lines of their own when
    /// the send was, else after `; `.
    public func counterBump(_ counter: UntrackedChangeCounter, at s: Int, in source: SourceFile) -> Edit {
        let statements = Self.bumpStatements(counter, receiver: Self.sendReceiver(at: s, in: source), firstReceiver: "")
        let separator = Self.lineOfItsOwn(sendAt: s, in: source).map { source.lineEnding + $0 } ?? "; "
        return Edit(source.start(s)..<source.end(s + 4), statements.joined(separator: separator))
    }

    /// `self?.`, `self.` or nothing: what the send at `s` was called on.
    static func sendReceiver(at s: Int, in source: SourceFile) -> String {
        source.isText(s - 2, "?") ? "self?." : source.kind(s - 1) == .period ? "self." : ""
    }

    /// The indentation of the send at `s` when it is a line of its own, receiver included.
    static func lineOfItsOwn(sendAt s: Int, in source: SourceFile) -> String? {
        let close = s + 4
        guard close + 1 >= source.sigCount || source.startsLine[close + 1] else { return nil }
        let first = source.isText(s - 2, "?") ? s - 3 : source.kind(s - 1) == .period ? s - 2 : s
        guard source.startsLine[first] else { return nil }
        return source.indentation(ofLineAt: source.start(first))
    }

    /// The bump (when the class counts) and the announcements, the first on `firstReceiver`
    /// (which a send replaced in place already has), the rest on `receiver`.
    static func bumpStatements(_ counter: UntrackedChangeCounter, receiver: String, firstReceiver: String) -> [String] {
        let statements = (counter.counts ? ["\(UntrackedChangeCounter.name) &+= 1"] : [])
            + counter.announced.map { "withMutation(keyPath: \\.\($0)) {}" }
        return statements.enumerated().map { ($0.offset == 0 ? firstReceiver : receiver) + $0.element }
    }
}
