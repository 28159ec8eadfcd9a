/// The edits that give a migrated property the Combine publisher its `$x` readers need (OBS102's
/// fix for the declaration, OBS202's for each reader; the facts are in
/// Index/PublisherBridges.swift): a `willSet` that sends each new value to a subject made on
/// first use with the current value, and an accessor that hands the subject out as a publisher.
extension ProjectIndex {
    public func bridgeEdits(_ bridge: PublisherBridge, on property: PropertyDecl, of decl: TypeDecl, in source: SourceFile) -> [Edit] {
        let unit = indentStep(of: decl, in: source), eol = source.lineEnding
        let indent = source.indentation(ofLineAt: property.start)
        let send = observerInsertion([ObserverLine(depth: 0, text: "\(bridge.subjectName).send(newValue)")], on: property, in: source, unit: unit, eol: eol)
        let last = property.accessorBlock?.close ?? property.endToken
        let members = indent + "@ObservationIgnored private lazy var \(bridge.subjectName) = CurrentValueSubject<\(bridge.valueType), Never>(\(bridge.property))" + eol
            + indent + "\(bridge.accessModifiers)var \(bridge.publisherName): AnyPublisher<\(bridge.valueType), Never> { \(bridge.subjectName).eraseToAnyPublisher() }" + eol
        return [send, .insert(members, at: source.nextLineStart(after: source.end(last)))]
    }
}
