/// The edits that turn a model's `$x` pipelines into observers (OBS202's fix; the facts are in
/// Index/ObserverPipelines.swift): a `willSet` on each property, the statements removed (or, with
/// no `dropFirst()`, a call of the method in their place and the method after the initializer),
/// `_x` for the sets before the subscriptions, the emptied set and `import Combine`.
extension ProjectIndex {
    public func observerEdits(_ m: ObserverMigration) -> [Edit] {
        let source = files[m.file].source
        let decl = type(m.declaration)
        let unit = indentStep(of: decl, in: source), eol = source.lineEnding
        var edits = m.storageWrites.map { Edit.insert("_", at: $0) }
        var methods = ""
        let initIndent = source.indentation(ofLineAt: m.initializer.start)
        for p in m.pipelines {
            guard let property = decl.properties.first(where: { $0.name == p.property && $0.attribute("Published") != nil }) else { continue }
            guard let method = p.method, let valueType = p.valueType else {
                edits.append(observerInsertion(p.lines, on: property, in: source, unit: unit, eol: eol))
                edits.append(statementRemoval(p.removal, in: source))
                continue
            }
            let call = "\(method)(to: newValue)"
            let observer = p.deduplicates
                ? [ObserverLine(depth: 0, text: "if newValue != \(p.property) {"), ObserverLine(depth: 1, text: call), ObserverLine(depth: 0, text: "}")]
                : [ObserverLine(depth: 0, text: call)]
            edits.append(observerInsertion(observer, on: property, in: source, unit: unit, eol: eol))
            // Where the subscription was, the value it delivered on subscribe.
            let lineStart = source.lineStart(of: p.removal.lowerBound)
            edits.append(Edit(lineStart..<source.nextLineStart(after: p.removal.upperBound),
                              source.indentation(ofLineAt: source.start(p.statement.lowerBound)) + "\(method)(to: self.\(p.property))" + eol))
            methods += eol + eol + initIndent + "private func \(method)(to newValue: \(valueType)) {" + eol
            methods += rendered(p.lines, at: initIndent + unit, unit: unit, eol: eol)
            methods += initIndent + "}"
        }
        if !methods.isEmpty, let body = m.initializer.body { edits.append(.insert(methods, at: source.end(body.close))) }
        if let set = m.removedSet { edits.append(declarationRemoval(set, in: source)) }
        if let range = m.combineImport { edits.append(.delete(range)) }
        return edits
    }

    /// One step of the class's own indentation: its members' lines, less its own line.
    func indentStep(of decl: TypeDecl, in source: SourceFile) -> String {
        let memberIndent = source.indentation(ofLineAt: decl.properties.first?.start ?? decl.start)
        let typeIndent = source.indentation(ofLineAt: decl.start)
        let step = memberIndent.hasPrefix(typeIndent) ? String(memberIndent.dropFirst(typeIndent.count)) : ""
        return step.isEmpty ? Edits.indentUnit(source) : step
    }

    /// `member` (one line, without indentation or line ending) as the first member of the class:
    /// on a line of its own after the `{`, indented one step in from the class's line.
    func firstMemberInsertion(_ member: String, of decl: TypeDecl, in source: SourceFile) -> Edit {
        let line = source.indentation(ofLineAt: decl.start) + indentStep(of: decl, in: source) + member + source.lineEnding
        return .insert(line, at: source.nextLineStart(after: source.end(decl.bodyOpen)))
    }

    func rendered(_ lines: [ObserverLine], at level: String, unit: String, eol: String) -> String {
        lines.map { ($0.text.isEmpty ? "" : level + String(repeating: unit, count: $0.depth) + $0.text) + eol }.joined()
    }

    /// A `willSet` in a new accessor block, or ahead of the `didSet` already there (where
    /// Published delivered: after the property's own willSet, before its didSet).
    func observerInsertion(_ lines: [ObserverLine], on property: PropertyDecl, in source: SourceFile, unit: String, eol: String) -> Edit {
        let indent = source.indentation(ofLineAt: property.start)
        func observer(at level: String) -> String {
            level + "willSet {" + eol + rendered(lines, at: level + unit, unit: unit, eol: eol) + level + "}" + eol
        }
        guard let block = property.accessorBlock else {
            return .insert(" {" + eol + observer(at: indent + unit) + indent + "}", at: source.end(property.endToken))
        }
        let didSet = source.start(block.open + 1)
        return .insert(observer(at: source.indentation(ofLineAt: didSet)), at: source.lineStart(of: didSet))
    }

    /// The set's declaration; alone on its line between blank lines, with the blank line above.
    func declarationRemoval(_ declaration: PropertyDecl, in source: SourceFile) -> Edit {
        var edit = Edits.deleteToken(declaration.start..<source.end(declaration.endToken), in: source)
        let blank: (Int) -> Bool = { offset in
            let end = source.nextLineStart(after: offset)
            return source.bytes[offset..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        let start = edit.range.lowerBound
        guard start > 0, start == source.lineStart(of: start), edit.range.upperBound < source.bytes.count,
              blank(edit.range.upperBound) else { return edit }
        let previous = source.lineStart(before: start)
        if blank(previous) { edit.range = previous..<edit.range.upperBound }
        return edit
    }

    /// The statement's lines, with the blank line above them when there is one.
    func statementRemoval(_ removal: Range<Int>, in source: SourceFile) -> Edit {
        var start = source.lineStart(of: removal.lowerBound)
        let end = source.nextLineStart(after: removal.upperBound)
        if start > 0 {
            let previous = source.lineStart(before: start)
            if source.bytes[previous..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { start = previous }
        }
        return .delete(start..<end)
    }
}
