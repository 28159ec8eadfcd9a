import ObsMigrateSupport
import ObsMigrateCore

/// How findings are reported and which fail the run: the project's `severity` settings
/// (`{"OBS207": "error", "OBS209": "info"}`) and `--strict`.
///
/// Every `error` and `warning` finding fails the run (exit 1), as before; an `info` one is
/// reported but does not (`check --fail-on error` lets warnings pass too). `--strict` reports
/// every finding as an error, as SwiftLint's `--strict` does, so every one fails, `info` ones too.
struct SeverityPolicy: Sendable {
    /// By rule code, the severity the project gave it (rules not listed keep their own).
    private(set) var byCode: [String: Severity] = [:]
    var strict = false

    init() {}

    /// `entries` in the order written; for each rule the most specific key wins (a code or name
    /// over a prefix such as `OBS2`, a longer prefix over a shorter one, any over `ALL`), and
    /// the later of two keys alike.
    init(_ entries: [(key: String, severity: Severity)], strict: Bool = false) {
        self.strict = strict
        var specificity: [String: Int] = [:]
        for (key, severity) in entries {
            let rank = Self.specificity(of: key)
            for code in RuleKeys.codes(key) where rank >= specificity[code, default: -1] {
                specificity[code] = rank
                byCode[code] = severity
            }
        }
    }

    static func specificity(of key: String) -> Int {
        if key.uppercased() == "ALL" { return 0 }
        if RuleRegistry.all.contains(where: { $0.metadata.codeMatches(key) || $0.metadata.name == key }) { return 100 }
        return key.count  // a code prefix: OBS1 < OBS10
    }

    /// Nothing to change: the diagnostics are passed on as they are.
    var isDefault: Bool { byCode.isEmpty && !strict }

    func severity(of finding: Finding) -> Severity {
        strict ? .error : byCode[finding.code] ?? finding.severity
    }

    func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !isDefault else { return diagnostics }
        var result = diagnostics
        for k in result.indices { result[k].finding.severity = severity(of: result[k].finding) }
        return result
    }

    /// Whether a finding (with its severity applied) fails the run.
    static func fails(_ d: Diagnostic) -> Bool { fails(d, from: .warning) }

    /// Whether a finding fails a run where `threshold` is the lowest failing severity
    /// (`check --fail-on`): `.warning` by default, `.error` as SwiftLint and the build-tool plugin.
    static func fails(_ d: Diagnostic, from threshold: Severity) -> Bool { d.finding.severity >= threshold }

    /// `--fail-on SEVERITY`: `warning` when not given. `info` is not offered: info findings are
    /// the level that does not fail (the summary says so); `--strict` fails every finding.
    static func failureThreshold(_ value: String?) throws -> Severity {
        guard let value else { return .warning }
        let offered: [Severity] = [.warning, .error]
        if let severity = Severity(rawValue: value.lowercased()), offered.contains(severity) { return severity }
        let names = offered.map(\.rawValue)
        let suggestion = Spelling.closest(value.lowercased(), among: names).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown severity '\(value)' for --fail-on\(suggestion); use one of \(names.joined(separator: ", "))")
    }
}
