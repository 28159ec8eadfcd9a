import ObsMigrateSupport

/// OBS301: an `obs-migrate:` comment that names no directive, or a rule that does not exist;
/// it would otherwise suppress nothing without a word.
public struct InvalidSuppression: SuppressionRule {
    public init() {}

    /// `fix` lists these findings with its diff: what such a comment was meant to keep migrates.
    public static let code = "OBS301"

    public let metadata = RuleMetadata(
        code: Self.code,
        name: "invalid-suppression",
        severity: .warning,
        fix: .never,
        summary: "An obs-migrate: comment names an unknown directive or an unknown rule.",
        rationale: """
            A comment whose text begins with `obs-migrate:` is a directive: `disable` and `enable` \
            (a region, to the end of the file when no `enable` closes it), `disable-line` (its own line), \
            `disable-next-line` and `disable-previous-line`, each followed by rule codes or names \
            (`OBS102`, `published-property`), `all`, or nothing (every rule); a word starting with `-` \
            ends the list and begins a reason. SwiftLint's `disable:this`, `disable:next` and \
            `disable:previous` are read too. A misspelt directive (`disable-this`, \
            `obs-migrate: disable` with a space) or rule (`OBS999`) suppresses nothing, so the rule \
            reports it, with the spelling meant when one is close.
            """,
        triggering: [
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    // obs-migrate:disable-next-line OBS999\n    @Published var value = 0\n}\n",
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    @Published var value = 0 // obs-migrate:disable-this OBS102\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    // obs-migrate:disable-next-line OBS102 -- its $value feeds a Combine pipeline elsewhere\n    @Published var value = 0\n}\n",
            "import SwiftUI\n\n// Run obs-migrate: it says what to do.\nfinal class Keep: ObservableObject {\n    @Published var value = 0 // obs-migrate:disable-line published-property\n}\n",
        ],
        examples: [])

    public func check(_ context: RuleContext, usage: SuppressionUsage) -> [Finding] {
        let comments = context.file.suppressions.comments
        var result = comments.unreadable.map { unreadable -> Finding in
            let hint = unreadable.suggestion.map { "did you mean obs-migrate:\($0)?" }
                ?? "use disable, enable, disable-line, disable-next-line or disable-previous-line"
            let spaced = unreadable.written.hasPrefix(" ")
            let what = unreadable.written.isEmpty ? "obs-migrate: comment without a directive"
                : spaced && unreadable.suggestion != nil ? "space after obs-migrate: before '\(unreadable.written.dropFirst())'"
                : spaced ? "'obs-migrate:\(unreadable.written)' names no directive"
                : "unknown directive 'obs-migrate:\(unreadable.written)'"
            return finding(context, unreadable.range, "\(what) (\(hint)): it suppresses nothing", fix: nil)
        }
        let keys = RuleRegistry.all.flatMap { [$0.metadata.code, $0.metadata.name] } + ["all"]
        for directive in comments.directives {
            var reasonReported = false
            for key in directive.keys where !key.isAll && RuleRegistry.rule(key.text) == nil {
                let meant = Spelling.closest(key.text, among: keys) ?? Spelling.closest(key.text.uppercased(), among: keys)
                // Words that are no code are most likely a reason written without its `--`: one finding says so.
                let isReason = meant == nil && !key.text.uppercased().hasPrefix("OBS")
                if isReason && reasonReported { continue }
                reasonReported = reasonReported || isReason
                let hint = meant.map { " (did you mean \($0)?)" } ?? (isReason ? " (a reason goes after --)" : "")
                result.append(finding(context, key.range,
                                      "unknown rule '\(key.text)' in obs-migrate:\(directive.spelling)\(hint): it suppresses nothing",
                                      fix: nil))
            }
        }
        return result
    }
}
