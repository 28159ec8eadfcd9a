/// The edits that give a migrated property the Combine publisher its `$x` readers need (OBS102's
/// fix for the declaration, OBS202's for each reader; the facts are in
/// Index/PublisherBridges.swift): a `willSet` that sends each new value to a subject made on
/// first use with the current value, and an accessor that hands the subject out as a publisher;
/// `assign(to: &$x)` becomes a subscription that sets `x`, kept in a set of the object's.
extension ProjectIndex {
    /// `read`: its publisher is read somewhere; `assigned`: `assign(to: &$x)` writes into it;
    /// `sendsObjectWillChange`: the model keeps its objectWillChange for subscribers outside it.
    public func bridgeEdits(_ bridge: PublisherBridge?, read: Bool, assigned: Bool, sendsObjectWillChange: Bool, on property: PropertyDecl,
                            of decl: TypeDecl, in source: SourceFile) -> [Edit] {
        let unit = indentStep(of: decl, in: source), eol = source.lineEnding
        let indent = source.indentation(ofLineAt: property.start)
        var edits: [Edit] = []
        var members = ""
        // What Published sent from its setter, in its order: objectWillChange, then `$x`'s subscribers.
        let existing = existingWillSet(property, in: source)
        let newValue = existing?.newValue ?? "newValue"
        var sends: [String] = []
        if sendsObjectWillChange { sends.append("objectWillChange.send()") }
        if read, let bridge { sends.append("\(bridge.subjectName).send(\(newValue))") }
        if let willSet = existing, !sends.isEmpty {
            // Last in the property's own willSet, where Published delivered.
            let bodyIndent = source.indentation(ofLineAt: source.start(willSet.close)) + unit
            edits.append(.insert(sends.map { bodyIndent + $0 + eol }.joined(), at: source.lineStart(of: source.start(willSet.close))))
        } else if !sends.isEmpty {
            edits.append(observerInsertion(sends.map { ObserverLine(depth: 0, text: $0) }, on: property, in: source, unit: unit, eol: eol))
        }
        guard let bridge else { return edits }
        if read {
            members += indent + "@ObservationIgnored \(bridge.isolation)private lazy var \(bridge.subjectName) = CurrentValueSubject<\(bridge.valueType), Never>(\(bridge.property))" + eol
                + indent + "\(bridge.accessModifiers)var \(bridge.publisherName): AnyPublisher<\(bridge.valueType), Never> { \(bridge.subjectName).eraseToAnyPublisher() }" + eol
        }
        // What `assign(to: &$x)` kept alive as long as the object: the subscriptions made in its place.
        if assigned { members += indent + "@ObservationIgnored private var \(bridge.assignmentsName) = Set<AnyCancellable>()" + eol }
        let last = property.accessorBlock?.close ?? property.endToken
        return edits + [.insert(members, at: source.nextLineStart(after: source.end(last)))]
    }

    /// `assign(to: &$x)` (tokens `call`) as a subscription that sets `x`, for the object's lifetime.
    public func bridgedAssignmentEdit(_ bridge: PublisherBridge, call: ClosedRange<Int>, in source: SourceFile) -> Edit {
        Edit(source.span(call.lowerBound, through: call.upperBound),
             "sink { [weak self] in self?.\(bridge.property) = $0 }.store(in: &\(bridge.assignmentsName))")
    }

    /// `let objectWillChange = ObservableObjectPublisher()` as the class's first member, for the
    /// code outside it that subscribes (with the class's access when it is public).
    public func objectWillChangeDeclaration(_ decl: TypeDecl, in source: SourceFile) -> Edit {
        let access = decl.modifiers.contains { $0.text == "public" || $0.text == "open" } ? "public " : ""
        return firstMemberInsertion("\(access)let objectWillChange = ObservableObjectPublisher()", of: decl, in: source)
    }
}
