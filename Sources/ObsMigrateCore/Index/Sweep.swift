import ObsMigrateSupport

/// The sweep: one pass over each file's tokens that `SweepTrigger` picks, a collector per kind
/// of fact, giving blocker events and the sites the rules need (files in parallel).
extension ProjectIndex {
    /// What one file's tokens say about the models: blocker events and the sites rules need.
    struct Sweep: Sendable {
        enum Event: Sendable {
            case one(String, Blocker)
            case all(Blocker, Set<String>?)
        }
        var events: [Event] = []
        var memberUses: [MemberUse] = []
        var envCalls: [EnvironmentObjectCall] = []
        var inits: [WrapperInit] = []
        var constraints: [ConstraintUse] = []
        var unreadConformances: [UnreadConformance] = []
        var focusedCalls: [FocusedObjectSite] = []
        /// Why a conformance the scanner could not read is left alone, when the file says why.
        var unreadReason: String? = nil

        mutating func block(_ name: String, _ reason: BlockReason, _ site: Site?) { events.append(.one(name, Blocker(reason, site: site))) }
        mutating func blockAll(_ reason: BlockReason, _ site: Site?, only: Set<String>? = nil) { events.append(.all(Blocker(reason, site: site), only)) }
    }

    /// What a collector reads besides the token: the file and the project-wide maps.
    struct SweepScope {
        let file: Int
        let source: SourceFile
        let publishedOwners: [String: Set<String>]
        let placedAttributes: Set<Site>
        let inheritanceTokens: Set<Int>
    }

    /// The sweep of file `f`, or of the run `tokens` of its significant tokens (a piece of a
    /// large file: pieces swept in order find what the whole file does, in the same order).
    func sweep(file f: Int, tokens: Range<Int>? = nil, publishedOwners: [String: Set<String>], placedAttributes: Set<Site>) -> Sweep {
        var out = Sweep()
        // Nothing in a file whose tokens were let go can start an event (see `ProjectFile.wordsThatMatter`).
        if files[f].tokensDropped { return out }
        let source = files[f].source
        let run = tokens ?? 0..<source.sigCount
        let scope = SweepScope(file: f, source: source, publishedOwners: publishedOwners,
                               placedAttributes: placedAttributes, inheritanceTokens: inheritanceTokenSet(files[f], in: run))
        // Only the tokens `sweepCandidates` lets through: attributes, `.$name`s and a few names.
        for s in Self.sweepCandidates(source, in: run) {
            switch source.kind(s) {
            case .attribute: collectUnplacedWrapper(s, scope, &out)
            case .dollarIdentifier: collectProjection(s, scope, &out)  // after a `.`
            case .identifier:
                switch SweepTrigger.identifiers[source.text(s)] {
                case .implicitInit: collectImplicitInit(s, scope, &out)
                case .objectWillChange: collectObjectWillChange(s, scope, &out)
                case .environmentObjectCall: collectEnvironmentObjectCall(s, scope, &out)
                case .wrapperInit: out.inits.append(wrapperInit(at: s, in: f))
                case .observableObject: collectObservableObject(s, scope, &out)
                case .focusedObjectCall: collectFocusedObjectCall(s, scope, &out)
                case nil: break
                }
            default: break
            }
        }
        // After the file's last token, as for the whole file.
        if run.upperBound >= source.sigCount { collectInterpolations(scope, &out) }
        return out
    }

    /// A wrapper the scanner could not place (in a local type, an odd layout) would be left
    /// behind by a migration: the models it may hold stay (UnplacedWrappers.swift); any model,
    /// when its type cannot be told.
    func collectUnplacedWrapper(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, start = source.start(s)
        guard SweepTrigger.attributes.contains(source.text(s)), !scope.placedAttributes.contains(Site(file: scope.file, offset: start)) else { return }
        let site = Site(file: scope.file, offset: start)
        if let held = modelsHeldByUnplacedWrapper(s, in: scope.file) {
            if !held.isEmpty { out.blockAll(.localWrapper(attribute: source.text(s)), site, only: held) }
        } else {
            out.blockAll(.unfollowableWrapper(attribute: source.text(s)), site)
        }
    }

    /// `_m = .init(wrappedValue: x)`: a wrapper initialised without its name.
    func collectImplicitInit(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source
        guard source.kind(s - 1) == .period, source.isText(s - 2, "="), source.kind(s + 1) == .leftParen else { return }
        var use = wrapperInit(at: s, in: scope.file)
        if use.siteIndex != nil {
            use.implicit = true
            out.inits.append(use)
        }
    }

    /// `x.$name`: the publisher of a model's @Published property, used outside the model.
    func collectProjection(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, f = scope.file
        guard !source.isIdentifier(s - 2, "self") else { return }
        let member = String(source.text(s).dropFirst())
        guard let owners = scope.publishedOwners[member] else { return }
        let site = Site(file: f, offset: source.start(s))
        let receiver = receiverRange(before: s - 1, in: source)
        // A key path, `\Root.$name` or `\.$name`: its root is a type, written or inferred.
        // (Inside a model too, `other.$name` and `\.$name` name a publisher: `self.$name` and a
        // bare `$name` are the model's own uses, read with its declarations.)
        let keyPathRootToken = receiver.map { $0.lowerBound - 1 } ?? s - 2
        let isKeyPath = source.kind(keyPathRootToken) == .backslash
        let model = receiver.map { r in
            isKeyPath ? keyPathRoot(r, in: f, path: scopePath(s, f)) : expressionType(r, in: f, path: scopePath(s, f), foreign: true)
        } ?? (isKeyPath ? appIntentKeyPathRoot(s, in: f) : nil)
        var bridged = false
        if let model, models[model] != nil {
            if storageAccessors[model]?[member] != nil {
                // An `@AppStorage` binding, `Bindable(receiver).x` once tracked by hand; not
                // through optional chaining, nor as a key path.
                if isKeyPath || receiver.map({ r in r.contains { source.kind($0) == .operator && source.isText($0, "?") } }) ?? true {
                    out.block(model, .publishingStorage(property: member, wrapper: "AppStorage", why: "its $\(member) binding is used where Bindable cannot stand in"), site)
                }
            // A publisher of its own serves a read of it (PublisherBridges.swift).
            } else if publisherBridge(member, seenFrom: model) != nil, readsPublisherOnly(s, first: receiver?.lowerBound ?? s, in: source) {
                bridged = true
            } else {
                out.block(model, publisherBlockReason(member, seenFrom: model), site)
            }
        } else if let model, isKeyPath, declared[model].map({ $0.allSatisfy { self.type($0).kind != .protocol } }) ?? isNeverAModel(model) {
            // A key path rooted at a type of the project that is not a model (a class of a
            // persistence framework with its own wrappers), or at another module's.
        } else if let model, isNeverAModel(model) || isDeclaredNonModelClass(model), !members(named: member, of: model).contains(where: { property, _ in
            ["StateObject", "ObservedObject", "EnvironmentObject"].contains { property.attribute($0) != nil }
        }) {
            // A value type, another module's type, or a class of the project that is no model
            // (`service.$flag` of a plain class with @Published): the projection is its own
            // (unless it is a view's wrapper of a model, `view.$model`).
        } else {
            out.blockAll(.publisherOnUntypedValue(projection: "$" + member), site, only: owners)
        }
        out.memberUses.append(MemberUse(site: site, range: source.span(s, through: s), member: member, model: model, bridged: bridged))
    }

    /// A class the project declares that is not a model (nor a protocol): its `$name` is its own.
    func isDeclaredNonModelClass(_ type: String) -> Bool {
        guard models[type] == nil, let refs = declared[type] else { return false }
        return refs.allSatisfy { self.type($0).kind == .class }
    }

    /// The root of `\.$name` where App Intents fix it: in the `parameterSummary` of an intent
    /// (`Summary { \.$server }`, `When(\.$x, ...)`), the intent itself; in
    /// `@IntentParameterDependency<Intent>(\.$name)`, the generic argument. nil elsewhere: an
    /// inferred root can be any type, a model among them.
    func appIntentKeyPathRoot(_ s: Int, in f: Int) -> String? {
        let source = files[f].source
        // `@IntentParameterDependency<Intent>(\.$name)`
        if source.kind(s - 3) == .leftParen {
            var k = s - 4
            while k > s - 12, k >= 0, source.kind(k) != .attribute { k -= 1 }
            if k >= 0, source.kind(k) == .attribute, source.isText(k, "@IntentParameterDependency"), k + 2 < s - 4 {
                return resolveTypeName(source.joinedText((k + 2)..<(s - 4)), from: scopePath(s, f), in: f)
            }
        }
        // Inside `static var parameterSummary: some ParameterSummary { ... }` of the intent.
        guard let owner = enclosingTypes(of: s, in: f).first else { return nil }
        let decl = type(owner)
        var brace = source.innermostBrace(around: s)
        while let k = brace, k > decl.bodyOpen {
            if (max(decl.bodyOpen + 1, k - 6)..<k).contains(where: { source.isIdentifier($0, "parameterSummary") && source.isIdentifier($0 - 1, "var") }) {
                return resolveTypeName(decl.qualifiedName, from: []) ?? decl.qualifiedName
            }
            brace = source.innermostBrace(around: k)
        }
        return nil
    }

    /// The type a key path `\Root.member` is rooted at: `Root` resolved, or another module's type
    /// no model can be (`foreignTypeName`); nil when it cannot be told.
    func keyPathRoot(_ root: Range<Int>, in f: Int, path: [String]) -> String? {
        let written = files[f].source.joinedText(root)
        return resolveTypeName(written, from: path, in: f) ?? foreignTypeName(written, at: root.lowerBound, in: f)
    }

    /// `x.objectWillChange`: the receiver keeps ObservableObject.
    func collectObjectWillChange(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, f = scope.file
        guard source.kind(s - 1) == .period, !source.isIdentifier(s - 2, "self") else { return }
        let site = Site(file: f, offset: source.start(s))
        let receiver = receiverRange(before: s - 1, in: source)
        let model = receiver.flatMap { expressionType($0, in: f, path: scopePath(s, f), foreign: true) }
        var bridged = false
        var deadSend: ExternalDeadSend? = nil
        if forwardingTokenSites.contains(site) {
            // A forwarding's (ChangeForwarding): its parent and child migrate together.
        } else if untrackedChangeSendSites.contains(site) {
            // `self?.objectWillChange.send()` that a counter replaces (UntrackedChanges.swift).
        } else if let model, models[model] != nil {
            // A subscription the model's own kept publisher serves (ObjectWillChangeBridges.swift),
            // which would not send the changes of an `@AppStorage` left unobserved (UnobservedStorage.swift).
            if objectWillChangeBridges.contains(model), unobservedStorage[model] == nil, subscribesOnly(s, first: receiver?.lowerBound ?? s, in: source) {
                bridged = true
            } else if let receiver, let dead = externalDeadSend(at: s, receiver: receiver, in: f, model: model) {
                // Next to a set of the instance's tracked property: it goes with the model's migration.
                deadSend = dead
            } else {
                out.block(model, .objectWillChangeUsed, site)
            }
        } else if let model, isNeverAModel(model) || isDeclaredNonModelClass(model) {
            // Another module's ObservableObject, which no model is: it keeps its own.
        } else if let family = receiver.flatMap({ familyValues(of: $0, typed: model, in: f) }) {
            // A value of a protocol family (`feed: some FeedSource`, `<S: Store>`): its models keep it.
            for name in family.sorted() { out.block(name, .objectWillChangeUsed, site) }
        } else if let receiver, receiver.count == 1, source.kind(receiver.lowerBound) == .identifier,
                  enclosingInstanceSubscript(bodyHolding: s, in: f, instance: source.name(receiver.lowerBound)) != nil {
            // `instance.objectWillChange` in a wrapper's enclosing-instance subscript: the instance
            // is a class with a property so wrapped, which keeps ObservableObject for that.
        } else if isObservableObjectGenericValue(before: s, in: f) {
            // A value of a generic parameter constrained to ObservableObject: what binds it keeps it.
        } else {
            // Inside a model too: `child.objectWillChange` is the child's, whatever encloses it.
            out.events += holdsOfUntypedValue(receiver, in: f, .objectWillChangeOnUntypedValue, site)
        }
        out.memberUses.append(MemberUse(site: site, range: source.span(s, through: s), member: "objectWillChange", model: model, bridged: bridged, deadSend: deadSend))
    }

    /// Whether no model can be a value of `type`, told by `expressionType(foreign: true)`: a
    /// struct, enum or actor of the project (a model is a class), or a type declared outside the
    /// project (a constructor call of such a type, or a `foreignTypeName`).
    func isNeverAModel(_ type: String) -> Bool {
        if let refs = declared[type] { return refs.allSatisfy { [.struct, .enum, .actor].contains(self.type($0).kind) } }
        return bySimpleName[TypeName.base(type)] == nil && topLevelFunctionsByName[type] == nil
    }

    /// `.environmentObject(x)`, or `environmentObject(x)` on an implicit self (a View
    /// extension's helper); `func`/`case environmentObject(` declare one instead.
    func collectEnvironmentObjectCall(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, f = scope.file
        guard source.kind(s + 1) == .leftParen,
              source.kind(s - 1) == .period || !(source.isIdentifier(s - 1, "func") || source.isIdentifier(s - 1, "case"))
        else { return }
        let close = Int(source.match[s + 1])
        guard close > s + 1 else { return }
        let t = expressionType((s + 2)..<close, in: f, path: scopePath(s, f))
        out.envCalls.append(EnvironmentObjectCall(file: f, nameToken: s, open: s + 1, close: close, type: t))
    }

    /// `ObservableObject` outside a recorded inheritance clause: a conformance the scanner could
    /// not read, or a constraint (generic, `extension ObservableObject`, an associated type's).
    func collectObservableObject(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, f = scope.file, decls = files[f].decls
        guard !scope.inheritanceTokens.contains(s) else { return }
        let site = Site(file: f, offset: source.start(s)), range = source.span(s, through: s)
        // `typealias A = ObservableObject & Identifiable`: a protocol family's member (OBS203).
        if !observableTypealiasSites.isEmpty, observableTypealiasSites.contains(site) { return }
        if let typeName = Self.conformingTypeName(before: s, in: source) {
            if out.unreadReason == nil, let error = source.errors.first {
                let (line, column) = LineTable(source.bytes).location(of: error.offset)
                out.unreadReason = error.isUnbalancedBracket
                    ? "its file is not understood (\(error.message) at \(line):\(column))"
                    : "the file cannot be read past the \(error.message) at \(line):\(column)"
            }
            // Otherwise the scanner stopped at its depth, or the type is local to a body of code.
            let reason = out.unreadReason ?? (enclosingTypes(of: s, in: f).count >= DeclarationScanner.maxTypeDepth
                ? "it is nested more than \(DeclarationScanner.maxTypeDepth) types deep, past what obs-migrate reads"
                : "it is declared inside a function or closure, and @Observable cannot be attached to a local type (move it out to migrate it)")
            out.unreadConformances.append(UnreadConformance(site: site, range: range, typeName: typeName, reason: reason))
            return
        }
        // The only type whose header can hold `s` is the first whose body opens after it
        // (found by search: a file of thousands of types would pay for each per token).
        let header = partitionPoint(decls.types.count) { decls.types[$0].bodyOpen <= s }
        let isExtension = header < decls.types.count && decls.types[header].kind == .extension && decls.types[header].nameTokens.contains(s)
        if !isExtension, let associated = associatedTypeDeclared(before: s, in: source),
           let proto = enclosingTypes(of: s, in: f).first, type(proto).kind == .protocol {
            out.constraints.append(ConstraintUse(site: site, range: range, declarationName: type(proto).qualifiedName, associatedType: associated))
            return
        }
        // A property wrapper's `_enclosingInstance` subscript is called by the compiler for the
        // classes it wraps a property of (held by `enclosingInstanceWrapperBlockers`), never by name.
        let declaration = isExtension || enclosingInstanceSubscript(signatureHolding: s, in: f) != nil ? nil : constrainedDeclaration(s, f)
        out.constraints.append(ConstraintUse(site: site, range: range, declarationName: declaration, isExtension: isExtension))
    }

    /// Code inside string interpolations: no receiver can be typed there.
    func collectInterpolations(_ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source
        for range in source.interpolations {
            guard let inner = source.interpolatedCode(range) else { continue }
            for k in 0..<inner.sigCount where inner.kind(k) == .period && k + 1 < inner.sigCount {
                let site = Site(file: scope.file, offset: range.lowerBound + inner.start(k + 1))
                if inner.kind(k + 1) == .dollarIdentifier, let owners = scope.publishedOwners[String(inner.text(k + 1).dropFirst())] {
                    // `Summary("Get the time in \(\.$location)")` in an intent's `parameterSummary`:
                    // a key path to the intent's own parameter, no model's publisher.
                    if k >= 1, inner.kind(k - 1) == .backslash, (k == 1 || inner.kind(k - 2) != .identifier),
                       let root = appIntentKeyPathRoot(source.sigIndex(atOrAfter: range.lowerBound) - 1, in: scope.file), models[root] == nil {
                        continue
                    }
                    out.blockAll(.publisherInInterpolation(projection: inner.text(k + 1)), site, only: owners)
                } else if inner.isIdentifier(k + 1, "objectWillChange") {
                    // Of the enclosing instance in a wrapper's subscript: held there already (above).
                    let ofEnclosingInstance = !enclosingInstanceWrappers.isEmpty && k >= 1 && inner.kind(k - 1) == .identifier
                        && (k == 1 || inner.kind(k - 2) != .period)
                        && enclosingInstanceSubscript(bodyHolding: source.sigIndex(atOrAfter: range.lowerBound) - 1, in: scope.file,
                                                      instance: inner.name(k - 1)) != nil
                    if !ofEnclosingInstance { out.blockAll(.objectWillChangeInInterpolation, site) }
                }
            }
        }
    }

    /// The tokens `sweep` may act on, picked in one pass over the raw buffers (most of a file's
    /// tokens are none of them): a `.$name`, and the attributes and names of the lengths and
    /// first bytes of `SweepTrigger`'s words.
    static func sweepCandidates(_ source: SourceFile, in run: Range<Int>? = nil) -> [Int] {
        let identifierShapes = SweepTrigger.identifierShapes, attributeShapes = SweepTrigger.attributeShapes
        return source.sigTokens.withUnsafeBufferPointer { tokens in
            source.bytes.withUnsafeBufferPointer { bytes in
                var result: [Int] = []
                for s in run ?? tokens.indices {
                    let token = tokens[s]
                    switch token.kind {
                    case .attribute:
                        if attributeShapes.mayBe(length: token.length, first: bytes[Int(token.start)]) { result.append(s) }
                    case .dollarIdentifier:
                        if s > 0, tokens[s - 1].kind == .period { result.append(s) }
                    case .identifier:
                        if identifierShapes.mayBe(length: token.length, first: bytes[Int(token.start)]) { result.append(s) }
                    default:
                        break
                    }
                }
                return result
            }
        }
    }
}
