/// A subscription a model makes in its initializer to its own `$x`, through synchronous operators
/// only, that ends in a `sink` stored in its own cancellables (issue 31, point 1): under
/// `@Observable` it becomes a `willSet` on `x` doing the same work at the same moment. Published
/// delivers from its setter before storing, so the sink sees the new value while `x` still holds
/// the old one, as `willSet` does. Only pipelines whose first delivery (the value on subscribe)
/// a `dropFirst()` drops are taken: nothing is left to deliver where the subscription was.
public struct ObserverPipeline: Sendable {
    public var property: String
    /// The `$x` token (where OBS202 reports it) and the statement's first and last tokens.
    public var dollarToken: Int
    public var statement: ClosedRange<Int>
    /// Its bytes, with the `//` comment lines right above it (which move into the observer).
    public var removal: Range<Int>
    /// The observer's statements, one per line, each nested `depth` steps in the observer.
    public var lines: [ObserverLine]
    /// Without `dropFirst()`, the value delivered on subscribe: the statements go in a method of
    /// this name, `name(to newValue: valueType)`, called from the observer and where the
    /// subscription was (with `deduplicates`, the observer calls it only for a new value).
    public var method: String? = nil
    public var valueType: String? = nil
    public var deduplicates = false
}

/// A line of an observer: its text (its own indentation past `depth` kept, as the sink's body
/// had it), `depth` steps of the class's indentation in.
public struct ObserverLine: Sendable, Equatable {
    public var depth: Int
    public var text: String
}

/// What migrating one model's pipelines changes in its file (the edits are OBS202's, built in
/// Rules/ObserverEdits.swift): every pipeline's finding carries all of them (the fixer keeps one
/// copy), so suppressing any one keeps the model as it is.
public struct ObserverMigration: Sendable {
    public var file: Int
    /// The class and its only designated initializer, which held the subscriptions.
    public var declaration: TypeRef
    public var initializer: FunctionDecl
    public var pipelines: [ObserverPipeline]
    /// Byte offsets of the properties set before their subscription, which set `_x` instead.
    public var storageWrites: [Int]
    /// The set of cancellables, removed when nothing else uses it; `import Combine`'s bytes,
    /// removed when nothing else in the file needs it.
    public var removedSet: PropertyDecl?
    public var combineImport: Range<Int>?
}

extension ProjectIndex {
    /// Each model's pipelines that become observers, with the edits, for models whose every
    /// pipeline-shaped `$x` use in the class's initializer can be turned.
    func collectObserverMigrations() -> [String: ObserverMigration] {
        var result: [String: ObserverMigration] = [:]
        // Looked up per model: a scan of every model for each was quadratic (20,000 models: 0.8 s).
        let superclasses = Set(models.values.compactMap(\.superclass))
        for (name, model) in models where model.declarations.count == 1 {
            let ref = model.declarations[0]
            guard !files[ref.file].tokensDropped, type(ref).kind == .class, !superclasses.contains(name) else { continue }
            if let migration = observerMigration(of: name, in: ref) { result[name] = migration }
        }
        return result
    }

    /// The migration of `name`'s pipelines, declared at `ref`: nil when it has none that can go.
    func observerMigration(of name: String, in ref: TypeRef) -> ObserverMigration? {
        let decl = type(ref)
        let source = files[ref.file].source
        let published = Set(decl.properties.filter { $0.attribute("Published") != nil && !$0.isStatic && $0.keyword == "var" }.compactMap(\.name))
        let dollars = source.indices(of: .dollarIdentifier, in: (decl.bodyOpen + 1)..<decl.bodyClose).filter {
            published.contains(String(source.text($0).dropFirst()))
        }
        guard !dollars.isEmpty else { return nil }
        // One designated initializer holds them; other initializers would set the properties
        // with no subscription (Published) where the observer now runs.
        let inits = decl.functions.filter { $0.kind == .`init` && !$0.modifiers.contains { $0.text == "convenience" } }
        guard inits.count == 1, let body = inits[0].body else { return nil }
        var pipelines: [ObserverPipeline] = []
        var storeNames = Set<String>()
        for d in dollars {
            guard let (pipeline, store) = observerPipeline(at: d, in: source, initBody: body, model: name, decl: decl) else { continue }
            pipelines.append(pipeline)
            storeNames.insert(store)
        }
        guard !pipelines.isEmpty, storeNames.count == 1, let store = storeNames.first,
              Set(pipelines.map(\.property)).count == pipelines.count else { return nil }
        pipelines.sort { $0.dollarToken < $1.dollarToken }
        // The statements of the initializer: pipelines are consecutive, and what comes before them
        // calls none of the model's methods and sets their properties only as statements of their
        // own, which set the storage instead (the observer would run for them; no sink did).
        let statements = topLevelStatements(in: body, source: source)
        guard let firstIndex = statements.firstIndex(where: { $0 == pipelines[0].statement.lowerBound }) else { return nil }
        for (k, p) in pipelines.enumerated() {
            guard firstIndex + k < statements.count, statements[firstIndex + k] == p.statement.lowerBound else { return nil }
        }
        let methodNames = Set(lineage(of: name).flatMap { n in
            (models[n].map { $0.declarations + $0.extensions } ?? []).flatMap { type($0).functions.map(\.name) }
        })
        let properties = Set(pipelines.map(\.property))
        var storageWrites: [Int] = []
        let before = pipelines[0].statement.lowerBound
        var k = body.open + 1
        while k < before {
            if source.isIdentifier(k, "self"), source.kind(k + 1) != .period { return nil }  // self handed out
            if source.kind(k) == .identifier, methodNames.contains(source.name(k)), source.kind(k + 1) == .leftParen,
               source.kind(k - 1) != .period || source.isIdentifier(k - 2, "self") { return nil }
            // (A bare name a parameter or local binds there is not the property.)
            if source.kind(k) == .identifier, properties.contains(source.name(k)), source.kind(k - 1) != .period || source.isIdentifier(k - 2, "self"),
               source.kind(k - 1) == .period || localBinding(ofName: source.name(k), at: k, in: ref.file) == nil {
                if ObserverWriter.isWrite(k, in: source) {
                    let first = source.isIdentifier(k - 2, "self") ? k - 2 : k
                    guard statements.contains(first), setProperty(at: first, in: source, tracked: properties, valueTyped: properties) != nil else { return nil }
                    storageWrites.append(source.start(k))
                }
            }
            k += 1
        }
        // A property set before its subscription keeps no observer of its own (`_x = v` would
        // skip a didSet that Published ran), and no `_x` is used anywhere (a new Published
        // assigned to it left the subscription behind).
        let rewritten = Set(storageWrites)
        for p in pipelines {
            let declared = decl.properties.first { $0.name == p.property }
            if declared?.accessorBlock != nil, (body.open..<before).contains(where: { rewritten.contains(source.start($0)) && source.name($0) == p.property }) { return nil }
            if ((decl.bodyOpen + 1)..<decl.bodyClose).contains(where: { source.kind($0) == .identifier && source.text($0) == "_" + p.property }) { return nil }
        }
        // No pipeline's closures write another's property or its own.
        for p in pipelines {
            for t in p.statement where source.kind(t) == .identifier && properties.contains(source.name(t)) && ObserverWriter.isWrite(t, in: source) { return nil }
        }
        // The deinit sets none of them: a `[weak self]` sink saw nil there.
        for fn in decl.functions where fn.kind == .deinit {
            guard let b = fn.body else { continue }
            if ((b.open + 1)..<b.close).contains(where: { source.kind($0) == .identifier && properties.contains(source.name($0)) }) { return nil }
        }
        // Each property takes an observer; a method made for one is not the model's already, and
        // its sink, run on subscribe, calls none of the model's methods when another subscription
        // follows (one could set that property, which no sink saw).
        for (k, p) in pipelines.enumerated() {
            guard let property = decl.properties.first(where: { $0.name == p.property && $0.attribute("Published") != nil }),
                  takesObserver(property, in: source) else { return nil }
            guard let method = p.method else { continue }
            guard !methodNames.contains(method) else { return nil }
            if k + 1 < pipelines.count, p.statement.contains(where: { source.kind($0) == .identifier && methodNames.contains(source.name($0)) }) { return nil }
        }
        // The cancellables, when nothing else of the model uses them.
        var removedSet: PropertyDecl? = nil
        var combineImport: Range<Int>? = nil
        let storeUses = (decl.bodyOpen..<decl.bodyClose).filter { source.kind($0) == .identifier && source.name($0) == store }
        let inPipelines = storeUses.filter { t in pipelines.contains { $0.statement.contains(t) } }
        if let declaration = decl.properties.first(where: { $0.name == store }),
           declaration.hasModifier("private") || declaration.hasModifier("fileprivate"),
           storeUses.count == inPipelines.count + 1, storeUses.contains(where: { $0 == declaration.nameToken }),
           modelType(named: name).extensions.allSatisfy({ e in
               let s = files[e.file].source
               return !((type(e).bodyOpen + 1)..<type(e).bodyClose).contains { s.kind($0) == .identifier && s.name($0) == store }
           }) {
            removedSet = declaration
            combineImport = combineImportRemoval(in: ref.file, model: name, removed: pipelines.map(\.statement) + [declaration.startToken...declaration.endToken])
        }
        return ObserverMigration(file: ref.file, declaration: ref, initializer: inits[0], pipelines: pipelines, storageWrites: storageWrites,
                                 removedSet: removedSet, combineImport: combineImport)
    }

    private func modelType(named name: String) -> ModelType { models[name]! }

    /// The type of a one-token literal initializer: `""` String, `0` Int, `0.5` Double, `true` Bool.
    func literalType(_ initializer: Range<Int>?, in source: SourceFile) -> String? {
        guard let i = initializer, i.count == 1 else { return nil }
        let t = i.lowerBound
        switch source.kind(t) {
        case .string: return source.text(t).hasPrefix("\"") && !source.text(t).hasPrefix("\"\"\"") ? "String" : nil
        case .number:
            let text = source.text(t)
            if text.hasPrefix("0x") || text.hasPrefix("0b") || text.hasPrefix("0o") { return "Int" }
            return text.contains(".") || text.contains("e") || text.contains("E") ? "Double" : "Int"
        case .identifier where source.isText(t, "true") || source.isText(t, "false"): return "Bool"
        default: return nil
        }
    }

    /// The first tokens of the statements directly in the block `body` (`{`, `}`).
    func topLevelStatements(in body: (open: Int, close: Int), source: SourceFile) -> [Int] {
        var result: [Int] = []
        var k = body.open + 1
        while k < body.close {
            if source.startsStatement(k), source.kind(k) != .period, source.kind(k - 1) != .operator || source.kind(k - 1) == .semicolon { result.append(k) }
            switch source.kind(k) {
            case .leftParen, .leftBracket, .leftBrace:
                let m = Int(source.match[k])
                k = m > k ? m + 1 : k + 1
            default:
                k += 1
            }
        }
        return result
    }

    /// The pipeline starting at `$x` (token `d`), if it is a statement of the initializer's body
    /// that can become an observer; with the name of the set it is stored in.
    func observerPipeline(at d: Int, in source: SourceFile, initBody body: (open: Int, close: Int), model: String,
                          decl: TypeDecl) -> (ObserverPipeline, String)? {
        let property = String(source.text(d).dropFirst())
        let first = source.kind(d - 1) == .period && source.isIdentifier(d - 2, "self") ? d - 2 : d
        guard source.startsStatement(first), source.innermostBrace(around: first) == body.open else { return nil }
        // `.name(arguments)`, `.name { closure }`, `.name(arguments) { closure }`.
        guard let chain = PipelineStage.chain(from: d + 1, in: source) else { return nil }
        var stages = chain.stages
        let k = chain.next, last = k - 1
        guard k >= body.close || source.startsStatement(k), stages.count >= 2 else { return nil }
        // `.store(in: &cancellables)` or `&self.cancellables`.
        let store = stages.removeLast()
        guard store.name == "store", store.closure == nil, let sa = store.arguments,
              source.isIdentifier(sa.open + 1, "in"), source.kind(sa.open + 2) == .colon, source.isText(sa.open + 3, "&") else { return nil }
        var nameToken = sa.open + 4
        if source.isIdentifier(nameToken, "self"), source.kind(nameToken + 1) == .period { nameToken += 2 }
        guard source.kind(nameToken) == .identifier, nameToken + 1 == sa.close else { return nil }
        let storeName = source.name(nameToken)
        guard let sink = stages.popLast(), sink.name == "sink" else { return nil }
        // The sink's closure: trailing, or `sink(receiveValue: { ... })`.
        guard let sinkBlock = sink.valueClosure(in: source) else { return nil }

        // The statement has its lines to itself.
        let bytes = source.bytes
        let lineStart = source.lineStart(of: source.start(first))
        guard bytes[lineStart..<source.start(first)].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
              bytes[source.end(last)..<source.nextLineStart(after: source.end(last))].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        else { return nil }
        // A closure's parameter becomes a local of the observer: its name may appear nowhere else
        // in the statement (named as the property, it shadows it there as it did in the closure),
        // and `newValue` nowhere at all.
        let closures = stages.compactMap(\.closure) + [sinkBlock]
        var usedNames = Set<String>()
        for t in first...last where source.kind(t) == .identifier { usedNames.insert(source.name(t)) }
        guard !usedNames.contains("newValue"), !usedNames.contains("oldValue") else { return nil }
        for c in closures {
            guard let shape = ClosureShape(c, in: source) else { return nil }
            guard let p = shape.parameter, p != "_" else { continue }
            let outside = (first...last).contains { t in source.kind(t) == .identifier && source.name(t) == p && !(c.open...c.close).contains(t) }
            if outside { return nil }
        }
        // The observer is written from the statement's tokens: a comment inside the statement
        // would be lost (the comment lines right above it move with it, below).
        guard !source.hasComment(between: first, and: last) else { return nil }
        // Its lines are indented anew: a string literal over several lines (a `"""` one, or an
        // interpolation broken over lines) would change with them.
        guard !(first...last).contains(where: { t in
            source.kind(t) == .string && source.bytes[source.start(t)..<source.end(t)].contains { $0 == 0x0A || $0 == 0x0D }
        }) else { return nil }
        var writer = ObserverWriter(source: source, property: property, usedNames: usedNames)
        // `//` comment lines right above it go with it, into the observer.
        var commentStart = lineStart
        while commentStart > 0 {
            let above = source.lineStart(before: commentStart)
            let text = String(source.text(above..<commentStart).drop(while: { $0 == " " || $0 == "\t" })
                .reversed().drop(while: { $0.isWhitespace }).reversed())
            guard text.hasPrefix("//"), source.sigIndex(atOrAfter: above) >= first else { break }
            writer.emit(text)
            commentStart = above
        }
        writer.lines.reverse()
        // What was delivered on subscribe: the current value, one element. A `dropFirst()` must
        // drop it, before anything that could drop it itself (filter, compactMap).
        var pending = 1
        var seenOnlyDeduplication = true
        // With no `dropFirst()`, every stage also runs on subscribe, as the method does there.
        let dropsFirst = stages.contains { $0.name == "dropFirst" }
        var deduplicates = false
        // The parameter name of the next closure, for a value `compactMap` unwraps.
        // (Filters that name no parameter are passed over; a map in between would rebind it.)
        func nextParameter(after index: Int) -> String? {
            func named(_ c: (open: Int, close: Int)) -> String? { ClosureShape(c, in: source)?.parameter.flatMap { $0 == "_" ? nil : $0 } }
            for stage in stages.dropFirst(index + 1) {
                if stage.name == "filter", stage.closure.flatMap(named) == nil { continue }
                return stage.closure.flatMap(named)
            }
            return named(sinkBlock)
        }
        for (index, stage) in stages.enumerated() {
            switch stage.name {
            case "dropFirst":
                guard stage.closure == nil, let a = stage.arguments, a.open + 1 == a.close, pending == 1 else { return nil }
                pending = 0
            case "removeDuplicates":
                // Compares with the value before: `x` itself, while every set reaches it.
                guard stage.closure == nil, let a = stage.arguments, a.open + 1 == a.close, seenOnlyDeduplication else { return nil }
                if dropsFirst { writer.open("if newValue != \(property) {") } else { deduplicates = true }
                continue
            case "map", "compactMap", "filter":
                // Before the drop, it would have run on subscribe too.
                guard pending == 0 || !dropsFirst else { return nil }
                if let a = stage.arguments, stage.closure == nil, source.kind(a.open + 1) == .backslash, source.kind(a.open + 2) == .period {
                    // A key path from the value: `\.rawValue`.
                    let path = source.text(source.span(a.open + 2, through: a.close - 1))
                    guard stage.name == "map" else { writer.keyPathStage(stage.name, path, as: nextParameter(after: index)); break }
                    writer.value = writer.valueIsName ? writer.value + path : "(\(writer.value))" + path
                    writer.valueIsName = false
                } else if let c = stage.closure ?? stage.arguments.flatMap({ a in
                    source.kind(a.open + 1) == .leftBrace && Int(source.match[a.open + 1]) + 1 == a.close ? (a.open + 1, a.close - 1) : nil
                }), stage.closure == nil || stage.arguments == nil {
                    guard let closure = ClosureShape(c, in: source), closure.captures.isEmpty,
                          let expression = writer.expression(of: closure) else { return nil }
                    switch stage.name {
                    case "map": writer.value = expression; writer.valueIsName = false
                    case "filter": writer.open("if \(expression) {")
                    default: writer.bindOptional(expression, as: nextParameter(after: index))
                    }
                } else {
                    return nil
                }
            default:
                return nil  // time, scheduling, combining: not a willSet
            }
            seenOnlyDeduplication = false
        }
        guard pending == 0 || !dropsFirst, let closure = ClosureShape(sinkBlock, in: source), writer.sinkBody(closure) else { return nil }
        var pipeline = ObserverPipeline(property: property, dollarToken: d, statement: first...last, removal: commentStart..<source.end(last),
                                        lines: writer.lines)
        if !dropsFirst {
            // The method's parameter is written: the property's type, or its literal's.
            guard let declared = decl.properties.first(where: { $0.name == property }),
                  let valueType = declared.typeText ?? literalType(declared.initializer, in: source) else { return nil }
            pipeline.method = property + "WillChange"
            pipeline.valueType = valueType
            pipeline.deduplicates = deduplicates
        }
        return (pipeline, storeName)
    }

    /// Whether an observer can be added to the property: it has no accessor block, or one that
    /// opens with a `didSet` on a line of its own (the `willSet` goes before it).
    func takesObserver(_ property: PropertyDecl, in source: SourceFile) -> Bool {
        guard let block = property.accessorBlock else { return true }
        return !property.isComputed && source.isIdentifier(block.open + 1, "didSet") && source.startsLine[block.open + 1]
    }

    /// Names that tell a file still needs Combine once the pipelines and `@Published` are gone.
    static let combineWords: Set<String> = [
        "AnyCancellable", "Cancellable", "Published", "ObservableObject", "ObservableObjectPublisher", "objectWillChange",
        "sink", "assign", "store", "Just", "Future", "Deferred", "Empty", "Fail", "Record", "Combine", "receive",
        "subscribe", "debounce", "throttle", "removeDuplicates", "combineLatest", "eraseToAnyPublisher", "publish",
        "autoconnect", "Subscribers", "Subscriber", "Subscription", "Publishers", "Publisher", "AnyPublisher",
        "PassthroughSubject", "CurrentValueSubject", "ConnectablePublisher", "TopLevelDecoder", "TopLevelEncoder",
        "ImmediateScheduler", "Scheduler", "onReceive", "values", "publisher",
    ]

    /// The `import Combine` line's removal, when nothing left in the file needs it: no word of
    /// Combine's outside what the migration removes (the pipelines, the set, the model's own
    /// `@Published` and conformance), no `$` projection, and another unconditional import left
    /// (`import Observation` goes after the last one).
    func combineImportRemoval(in file: Int, model: String, removed: [ClosedRange<Int>]) -> Range<Int>? {
        let source = files[file].source
        let imports = files[file].decls.imports
        guard let combine = imports.first(where: { $0.module == "Combine" && $0.ifConfig.isEmpty }),
              imports.filter({ $0.module == "Combine" }).count == 1,
              imports.contains(where: { $0.module != "Combine" && $0.ifConfig.isEmpty }),
              source.startsLine[combine.startToken], source.isIdentifier(combine.startToken, "import"),
              combine.endToken == combine.startToken + 1,
              combine.endToken + 1 >= source.sigCount || source.startsLine[combine.endToken + 1] else { return nil }
        let ownAttributes = Set((models[model]?.declarations ?? []).flatMap { type($0).properties.compactMap { $0.attribute("Published")?.token } })
        let ownConformances = Set((models[model]?.conformances ?? []).map { type($0.ref).inheritance[$0.entry].firstToken })
        for s in 0..<source.sigCount where s != combine.endToken && !removed.contains(where: { $0.contains(s) }) {
            switch source.kind(s) {
            case .identifier where Self.combineWords.contains(source.text(s)):
                if ownConformances.contains(s) { continue }
                return nil
            case .attribute where source.isText(s, "@Published"):
                if ownAttributes.contains(s) { continue }
                return nil
            case .dollarIdentifier where !source.text(s).dropFirst().allSatisfy(\.isNumber):
                return nil
            case .string where source.text(s).contains("\\("):
                // Interpolated code, read as text: no Combine word or projection in it.
                let text = source.text(s)
                let words = text.utf8.split(whereSeparator: { !Self.isIdentifierByte($0) }).map { String(Substring($0)) }
                if text.contains("$") || words.contains(where: Self.combineWords.contains) { return nil }
            default: continue
            }
        }
        // From the end of the line above (its line ending stays), or the whole first line.
        let lineStart = source.lineStart(of: source.start(combine.startToken))
        let lineEnd = source.nextLineStart(after: source.end(combine.endToken))
        if lineStart == source.byteOrderMarkLength { return lineStart..<lineEnd }
        var end = source.end(combine.endToken)
        while end < source.bytes.count, source.bytes[end] == 0x20 || source.bytes[end] == 0x09 { end += 1 }
        var previousEnd = lineStart - 1
        if previousEnd > 0, source.bytes[previousEnd] == 0x0A, source.bytes[previousEnd - 1] == 0x0D { previousEnd -= 1 }
        return previousEnd..<end
    }
}

/// A closure's parts: `{ [captures] parameter in body }`, with one parameter (or `_`, or none
/// when `$0` is used).
struct ClosureShape {
    var open: Int, close: Int
    var captures: [String]
    var parameter: String?
    var parameterType: String?
    /// First and last tokens of the body (empty when first > last).
    var bodyFirst: Int, bodyLast: Int

    init?(_ c: (open: Int, close: Int), in source: SourceFile) {
        open = c.open; close = c.close
        var k = open + 1
        captures = []
        if source.kind(k) == .leftBracket {
            let m = Int(source.match[k]); guard m > k else { return nil }
            captures = source.text(source.start(k + 1)..<source.start(m)).split(separator: ",").map {
                $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            k = m + 1
        }
        // Find `in` at this level, if any.
        var t = k, inToken: Int? = nil
        while t < close {
            if source.isIdentifier(t, "in") { inToken = t; break }
            if [.leftBrace, .leftParen, .leftBracket].contains(source.kind(t)) || source.startsLine[t] && t > k { break }
            t += 1
        }
        parameter = nil; parameterType = nil
        if let inToken {
            var p = k
            let parenthesized = source.kind(p) == .leftParen
            if parenthesized { p += 1 }
            guard source.kind(p) == .identifier else { return nil }
            parameter = source.name(p)
            var after = p + 1
            if source.kind(after) == .colon {
                let typeEnd = parenthesized ? Int(source.match[k]) : inToken
                guard typeEnd > after + 1 else { return nil }
                parameterType = source.text(source.span(after + 1, through: typeEnd - 1))
                after = typeEnd
            } else if parenthesized {
                guard source.kind(after) == .rightParen else { return nil }
                after += 1
            }
            guard after == inToken else { return nil }
            k = inToken + 1
        } else if !captures.isEmpty {
            return nil
        }
        bodyFirst = k; bodyLast = close - 1
    }
}

/// Writes an observer's statements from a pipeline's stages: `newValue` flows through them as an
/// expression (`value`), bound to a closure's parameter name where one is given.
struct ObserverWriter {
    let source: SourceFile
    let property: String
    /// Every identifier of the pipeline: a name the writer binds must be none of them.
    let usedNames: Set<String>
    var lines: [ObserverLine] = []
    var depth = 0
    var value = "newValue"
    var valueIsName = true

    mutating func emit(_ line: String) { lines.append(ObserverLine(depth: depth, text: line)) }
    mutating func open(_ line: String) { emit(line); depth += 1 }
    mutating func closeAll() { while depth > 0 { depth -= 1; emit("}") } }

    /// Binds the value to `name` (nothing when it already is that name).
    mutating func bind(_ name: String, type: String?) {
        if valueIsName && value == name && type == nil { return }
        emit("let \(name)\(type.map { ": " + $0 } ?? "") = \(value)")
        value = name; valueIsName = true
    }

    /// `compactMap(\.path)` and `filter(\.flag)`.
    mutating func keyPathStage(_ name: String, _ path: String, as preferred: String?) {
        let base = valueIsName ? value : "(\(value))"
        if name == "filter" { open("if \(base)\(path) {"); return }
        bindOptional(base + path, as: preferred)
    }

    /// `if let name = expression {`, named as the closure that takes the value next names it.
    mutating func bindOptional(_ expression: String, as preferred: String?) {
        let name = preferred ?? freshName()
        open("if let \(name) = \(expression) {")
        value = name; valueIsName = true
    }

    private func freshName() -> String {
        var n = 0
        while true {
            let candidate = n == 0 ? "value" : "value\(n)"
            if !usedNames.contains(candidate), !lines.contains(where: { $0.text.contains("let \(candidate) ") }) { return candidate }
            n += 1
        }
    }

    /// A one-expression closure's expression, its parameter bound first (`$0` becomes the
    /// value's name).
    mutating func expression(of closure: ClosureShape) -> String? {
        guard closure.bodyFirst <= closure.bodyLast else { return nil }
        var first = closure.bodyFirst
        if source.isIdentifier(first, "return") { first += 1 }
        // One expression: no statement starts after the first token, no `self`.
        for t in first...closure.bodyLast {
            if t > first, source.startsStatement(t) && source.kind(t) != .period || source.kind(t) == .semicolon { return nil }
            if source.isIdentifier(t, "self") || source.isIdentifier(t, "return") { return nil }
            if source.kind(t) == .string, source.text(t).contains("$") { return nil }
        }
        return substituted(first, closure.bodyLast, closure, dropping: [])
    }

    /// The text of tokens `first...last` with `$0` replaced by the value's name (the parameter
    /// bound first when named) and the tokens `dropping` left out.
    mutating func substituted(_ first: Int, _ last: Int, _ closure: ClosureShape, dropping: Set<Int>) -> String? {
        let usesDollar = (first...last).contains { source.kind($0) == .dollarIdentifier && source.text($0).dropFirst().allSatisfy(\.isNumber) }
        if let p = closure.parameter {
            guard !usesDollar else { return nil }
            if p != "_" { bind(p, type: closure.parameterType) } else if !valueIsName { emit("_ = \(value)") }
        } else if usesDollar {
            // Nested closures have their own `$0`.
            guard !(first...last).contains(where: { source.kind($0) == .leftBrace }) else { return nil }
            if !valueIsName { bind(freshName(), type: nil) }
        }
        var text = ""
        var cursor = source.start(first)
        for t in first...last {
            if source.kind(t) == .dollarIdentifier, source.text(t) == "$0" {
                text += source.text(cursor..<source.start(t)) + value
                cursor = source.end(t)
            } else if source.kind(t) == .dollarIdentifier, source.text(t).dropFirst().allSatisfy(\.isNumber) {
                return nil
            } else if dropping.contains(t) {
                text += source.text(cursor..<source.start(t))
                cursor = source.end(t)
            }
        }
        return text + source.text(cursor..<source.end(last))
    }

    /// The sink's body as the observer's last statements: `[weak self]`/`[unowned self]` and
    /// `self?.` at a statement's start become plain `self`; no `return` (it would leave the whole
    /// observer), no other use of a weak `self`, no write of the property.
    mutating func sinkBody(_ closure: ClosureShape) -> Bool {
        let weak = closure.captures == ["weak self"]
        guard closure.captures.isEmpty || weak || closure.captures == ["unowned self"] else { return false }
        guard closure.bodyFirst <= closure.bodyLast else { return false }
        // `guard let self else { return }` first: self was always there when the sink ran (a
        // deinit that sets the property is refused), so it goes and self is plain from then on.
        var first = closure.bodyFirst
        var strong = !weak
        if weak, source.isIdentifier(first, "guard"), source.isIdentifier(first + 1, "let"), source.isIdentifier(first + 2, "self") {
            var k = first + 3
            if source.isText(k, "="), source.isIdentifier(k + 1, "self") { k += 2 }
            if source.isIdentifier(k, "else"), source.kind(k + 1) == .leftBrace, source.isIdentifier(k + 2, "return"), source.kind(k + 3) == .rightBrace {
                first = k + 4
                strong = true
            }
        }
        guard first <= closure.bodyLast else { return false }
        var drops = Set<Int>()
        for t in first...closure.bodyLast {
            // Interpolations are not read token by token: no `$0` there, nor a weak `self`.
            if source.isIdentifier(t, "return") || source.kind(t) == .string && (!strong && source.text(t).contains("self") || source.text(t).contains("$")) { return false }
            if source.isIdentifier(t, "self") {
                // With no capture list, self is captured strongly: the model never deinitialized.
                guard !closure.captures.isEmpty else { return false }
                if !strong {
                    guard source.isText(t + 1, "?"), source.kind(t + 2) == .period, source.startsStatement(t) || t == closure.bodyFirst,
                          source.innermostBrace(around: t) == closure.open else { return false }
                    drops.insert(t + 1)
                } else if source.isText(t + 1, "?") {
                    return false
                }
            }
            if source.kind(t) == .identifier, source.name(t) == property, ObserverWriter.isWrite(t, in: source) { return false }
        }
        guard let text = substituted(first, closure.bodyLast, closure, dropping: drops) else { return false }
        let start = source.start(first)
        let base = source.lineStart(of: start) == source.lineStart(of: source.start(closure.open))
            ? nil : source.indentation(ofLineAt: start).count
        for line in Self.dedented(text, base: base) { emit(line) }
        closeAll()
        return true
    }

    /// Whether the name at `k` is written: assigned, compound-assigned, passed `&`, or called a
    /// mutating method on.
    static func isWrite(_ k: Int, in source: SourceFile) -> Bool {
        var after = k + 1
        if source.kind(after) == .leftBracket { let m = Int(source.match[after]); if m > after { after = m + 1 } }
        if source.kind(after) == .operator {
            let op = source.text(after)
            if op == "=" || (op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)) { return true }
        }
        if source.kind(after) == .period, source.kind(after + 1) == .identifier, ProjectIndex.mutatingMethods.contains(source.name(after + 1)) { return true }
        let previous = source.isIdentifier(k - 2, "self") && source.kind(k - 1) == .period ? k - 3 : k - 1
        return source.kind(previous) == .operator && source.text(previous).hasSuffix("&")
    }

    /// A body's lines without the indentation of its first line (`base`, when it begins a line;
    /// else the least of the others).
    static func dedented(_ text: String, base: Int?) -> [String] {
        let raw = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        let lines = raw.map { String($0.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()) }
        guard lines.count > 1 else { return lines }
        let indents = lines.dropFirst().filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
        let common = min(base ?? Int.max, indents.min() ?? 0)
        return [lines[0]] + lines.dropFirst().map { $0.isEmpty ? $0 : String($0.dropFirst(common)) }
    }
}
