import ObsMigrateSupport
import ObsMigrateCore

/// `obs-migrate rules` and `obs-migrate explain CODE`.
enum InfoCommands {
    static let rulesHelp = "USAGE: obs-migrate rules [--markdown]\n\nLists every rule: code, name, severity, whether it fixes, summary.\n--markdown prints rules.md."
    static let explainHelp = "USAGE: obs-migrate explain <CODE|NAME>\n\nPrints a rule's documentation, as in rules.md."

    static func rules(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: [.flag("--help", short: "-h", "Show this help"),
                                                            .flag("--markdown", "Print rules.md")], command: "rules")
        if parsed.has("--help") { console.out(rulesHelp); return ExitCode.clean }
        if parsed.has("--markdown") { console.out(RuleDocs.document(), terminator: false); return ExitCode.clean }
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)' for 'rules'") }
        let nameWidth = RuleRegistry.all.map(\.metadata.name.count).max()!
        for rule in RuleRegistry.all {
            let m = rule.metadata
            let fix = m.fix == .never ? "report" : "fix"
            console.out("\(m.code)  \(m.name.padding(nameWidth))  \(m.severity.rawValue.padding(7))  \(fix.padding(6))  \(m.summary)")
        }
        return ExitCode.clean
    }

    static func explain(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: [.flag("--help", short: "-h", "Show this help")], command: "explain")
        if parsed.has("--help") { console.out(explainHelp); return ExitCode.clean }
        guard parsed.positionals.count == 1, let key = parsed.positionals.first else {
            throw UsageError("explain takes one rule code or name, e.g. 'obs-migrate explain OBS104'")
        }
        guard let rule = RuleRegistry.rule(key) else {
            let suggestion = ArgumentParser.closest(key, among: RuleRegistry.all.flatMap { [$0.metadata.code, $0.metadata.name] })
            throw UsageError("unknown rule '\(key)'" + (suggestion.map { " (did you mean \($0)?)" } ?? ""))
        }
        console.out(RuleDocs.markdown(rule.metadata))
        return ExitCode.clean
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
