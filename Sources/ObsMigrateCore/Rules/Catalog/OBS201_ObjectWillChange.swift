/// OBS201: `objectWillChange` has no Observation counterpart; a person reworks it.
public struct ObjectWillChangeUse: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS201",
        name: "object-will-change",
        severity: .warning,
        fix: .never,
        summary: "objectWillChange is ObservableObject machinery with no @Observable equivalent.",
        rationale: """
            `objectWillChange.send()` and subscriptions to it rely on ObservableObject. With Observation, \
            changes are tracked per property; code that sends or listens to `objectWillChange` has to be \
            redesigned (usually it can simply go, or become `withObservationTracking`). The class keeps \
            ObservableObject until a person does that.
            """,
        triggering: [
            "import Combine\nfinal class Clock: ObservableObject {\n    func tick() { objectWillChange.send() }\n}\n",
        ],
        nonTriggering: [
            "import Combine\nfinal class Clock: ObservableObject {\n    @Published var now = 0\n}\n",
        ],
        examples: [])

    private static let word = Array("objectWillChange".utf8)

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        // Most files never name it: one search of the bytes rules them out faster than the tokens.
        guard ByteSearch.firstOffset(of: Self.word, in: source.bytes, range: 0..<source.bytes.count) != nil else { return [] }
        var findings: [Finding] = []
        for s in source.indices(of: .identifier, length: Self.word.count) where source.isText(s, "objectWillChange") {
            let owner = context.index.enclosingModel(of: s, in: context.fileIndex)
                ?? context.index.memberUseAt[Site(file: context.fileIndex, offset: source.start(s))].flatMap { context.index.memberUses[$0].model }
            let keeps = owner.map { ": \(TypeName.base($0)) keeps ObservableObject" } ?? ""
            findings.append(finding(context, source.start(s)..<source.end(s),
                                    "objectWillChange has no Observation equivalent and needs a person\(keeps)", fix: nil))
        }
        return findings
    }
}
