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

    /// `_ = untrackedChanges` at the top of each reader in file `f` (and `return` before a body
    /// that was one expression; a body on one line is spread over three).
    public func counterReads(_ counter: UntrackedChangeCounter, in f: Int, source: SourceFile) -> [Edit] {
        let name = UntrackedChangeCounter.name, eol = source.lineEnding
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
    public func counterBumpAfterSend(at s: Int, in source: SourceFile) -> Edit {
        let receiver = source.isText(s - 2, "?") ? "self?." : source.kind(s - 1) == .period ? "self." : ""
        let bump = receiver + "\(UntrackedChangeCounter.name) &+= 1"
        let close = s + 4
        guard close + 1 >= source.sigCount || source.startsLine[close + 1] else { return .insert("; " + bump, at: source.end(close)) }
        let first = receiver == "self?." ? s - 3 : receiver == "self." ? s - 2 : s
        let indent = source.indentation(ofLineAt: source.start(first))
        return .insert(indent + bump + source.lineEnding, at: source.nextLineStart(after: source.end(close)))
    }

    /// `objectWillChange.send()` (the tokens from `s`, after any `self.` or `self?.`) as a bump.
    public func counterBump(at s: Int, in source: SourceFile) -> Edit {
        Edit(source.start(s)..<source.end(s + 4), "\(UntrackedChangeCounter.name) &+= 1")
    }
}
