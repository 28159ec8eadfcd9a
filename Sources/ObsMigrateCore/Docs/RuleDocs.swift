/// Rule documentation from the rules' metadata: `explain` prints it, `rules.md` is made of it.
public enum RuleDocs {
    public static func markdown(_ m: RuleMetadata) -> String {
        var text = "## \(m.code) `\(m.name)`\n\n"
        text += "\(m.summary)\n\n"
        text += "- Severity: \(m.severity.rawValue)\n"
        text += "- Fix: \(m.fix.rawValue)\n\n"
        text += "\(m.rationale)\n"
        if let example = m.triggering.first {
            text += "\n**Triggers on:**\n\n```swift\n\(example.trimmedTrailingNewlines)\n```\n"
        }
        if let example = m.nonTriggering.first {
            text += "\n**Does not trigger on:**\n\n```swift\n\(example.trimmedTrailingNewlines)\n```\n"
        }
        let reasons = BlockReason.examples.filter { $0.rule == m.code && !$0.isConsequence }
        if !reasons.isEmpty {
            text += "\n**Keeps a model an ObservableObject when** (the reason `check` gives, with example names):\n\n"
            for reason in reasons { text += "- \(reason.message)\n" }
        }
        for example in m.examples {
            text += "\n**Before:**\n\n```swift\n\(example.before.trimmedTrailingNewlines)\n```\n"
            text += "\n**After `obs-migrate fix --write`:**\n\n```swift\n\(example.after.trimmedTrailingNewlines)\n```\n"
        }
        return text
    }

    /// The whole `rules.md`.
    public static func document() -> String {
        var text = "# obs-migrate rules\n\n"
        text += "<!-- Generated from the rule metadata in Sources/ObsMigrateCore/Rules/Catalog; do not edit by hand. -->\n"
        text += "<!-- Regenerate with: swift run obs-migrate rules --markdown > rules.md -->\n\n"
        text += "| Code | Name | Severity | Fix | Summary |\n|---|---|---|---|---|\n"
        for rule in RuleRegistry.all {
            let m = rule.metadata
            text += "| [\(m.code)](#\(m.code.lowercased())-\(m.name)) | `\(m.name)` | \(m.severity.rawValue) | \(m.fix == .never ? "report only" : "yes") | \(m.summary) |\n"
        }
        for rule in RuleRegistry.all { text += "\n" + markdown(rule.metadata) }
        text += "\n## Why a model keeps ObservableObject\n\n"
        text += "Every reason `check` can give (with example names), the rule whose finding marks the place to change, "
        text += "and whether it is a consequence of another decision (listed after the others).\n\n"
        text += "| Reason | Rule | Consequence |\n|---|---|---|\n"
        for reason in BlockReason.examples {
            text += "| \(reason.message) | \(reason.rule ?? "-") | \(reason.isConsequence ? "yes" : "no") |\n"
        }
        return text
    }
}

extension String {
    var trimmedTrailingNewlines: String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
