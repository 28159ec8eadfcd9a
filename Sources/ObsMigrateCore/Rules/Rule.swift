/// How a finding is reported. `info` is only set by a project (`severity` in
/// `.obs-migrate.json`): reported, but it does not fail the run unless `--strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Replace the bytes in `range` with `replacement`. A fix is a list of these.
public struct Edit: Sendable, Equatable, Hashable {
    public var range: Range<Int>
    public var replacement: String

    public init(_ range: Range<Int>, _ replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    public static func insert(_ text: String, at offset: Int) -> Edit { Edit(offset..<offset, text) }
    public static func delete(_ range: Range<Int>) -> Edit { Edit(range, "") }
}

/// One reported site.
public struct Finding: Sendable {
    public var code: String
    public var ruleName: String
    public var severity: Severity
    /// Index of the file in the project.
    public var file: Int
    public var range: Range<Int>
    public var message: String
    /// The edits that fix this finding; nil when a person must act.
    public var fix: [Edit]?
    /// The model type whose migration this site belongs to: if the site may not be fixed
    /// (suppressed, rule deselected), the model must not migrate anywhere.
    public var model: String?
    /// Lines printed under the finding (every reason a model is blocked, each with its place).
    public var notes: [FindingNote] = []

    public var isFixable: Bool { fix != nil }
}

public enum FixAvailability: String, Sendable {
    case always = "always", sometimes = "when the model type migrates", never = "never: a person decides"
    case onRequest = "with `fix --bump-deployment-target`"
}

/// Everything a rule says about itself: drives `rules`, `explain`, `rules.md` and rule tests.
public struct RuleMetadata: Sendable {
    public var code: String
    public var name: String
    public var severity: Severity
    public var fix: FixAvailability
    public var summary: String
    public var rationale: String
    /// Sources in which the rule must report something (each a whole project of one file).
    public var triggering: [String]
    /// Sources in which it must not.
    public var nonTriggering: [String]
    /// `(before, after)` pairs: `fix` on `before` must produce `after`.
    public var examples: [(before: String, after: String)]
    /// The rule reports code whose migration compiles and behaves differently: `fix` prints its
    /// findings with the diff, and it keeps reporting the migrated code until a person decides.
    public var reportsBehaviourChange = false
}

/// A rule looks at one file with the whole project's index at hand.
public protocol Rule: Sendable {
    var metadata: RuleMetadata { get }
    func check(_ context: RuleContext) -> [Finding]
}

extension Rule {
    func finding(_ context: RuleContext, _ range: Range<Int>, _ message: String, fix: [Edit]?,
                 model: String? = nil) -> Finding {
        Finding(code: metadata.code, ruleName: metadata.name, severity: metadata.severity, file: context.fileIndex,
                range: range, message: message, fix: fix, model: model)
    }
}
