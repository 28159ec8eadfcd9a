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
