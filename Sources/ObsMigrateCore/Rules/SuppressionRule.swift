/// A rule about the `obs-migrate:` comments themselves. It runs after the other rules of the
/// file, when their findings are known and it is known which comments covered one.
public protocol SuppressionRule: Rule {
    func check(_ context: RuleContext, usage: SuppressionUsage) -> [Finding]
}

extension SuppressionRule {
    /// Nothing to say before the other rules have run (`Engine.findings` calls the other `check`).
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

/// What the file's suppression comments did in this run.
public struct SuppressionUsage: Sendable {
    /// The keys that covered a finding of the rules that ran.
    public var covered: Set<Suppressions.KeyRef>
    /// The codes of the rules that ran: a comment naming another rule cannot be judged.
    public var ranCodes: Set<String>

    public init(covered: Set<Suppressions.KeyRef>, ranCodes: Set<String>) {
        self.covered = covered
        self.ranCodes = ranCodes
    }
}
