import ObsMigrateSupport

/// Declarative options for one command: flags (no value) and options (with a value, repeatable
/// where the command accepts lists). Parsing is ours: no ArgumentParser.
public struct OptionSpec: Sendable {
    public var name: String          // "--select"
    public var short: String?        // "-q"
    public var takesValue: Bool
    public var valueName: String
    public var help: String

    public static func flag(_ name: String, short: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, takesValue: false, valueName: "", help: help)
    }

    public static func option(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, takesValue: true, valueName: valueName, help: help)
    }
}

public struct ParsedArguments: Sendable, Equatable {
    public var flags: Set<String> = []
    public var values: [String: [String]] = [:]
    public var positionals: [String] = []

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    public func last(_ option: String) -> String? { values[option]?.last }
    /// All values of a repeatable option, comma-separated lists split.
    public func list(_ option: String) -> [String] {
        (values[option] ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } }.filter { !$0.isEmpty }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

public enum ArgumentParser {
    /// `--name value`, `--name=value`, `-q`, and `--` ending options.
    public static func parse(_ args: [String], specs: [OptionSpec], command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            var name = arg
            var inline: String? = nil
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name || $0.short == name }) else {
                let suggestion = closest(name, among: specs.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option '\(name)' for '\(command)'\(suggestion)")
            }
            if spec.takesValue {
                let value: String
                if let inline {
                    value = inline
                } else if i < args.count {
                    value = args[i]
                    i += 1
                } else {
                    throw UsageError("option '\(spec.name)' needs a value (\(spec.valueName))")
                }
                result.values[spec.name, default: []].append(value)
            } else {
                if inline != nil { throw UsageError("option '\(spec.name)' takes no value") }
                result.flags.insert(spec.name)
            }
        }
        return result
    }

    /// The candidate at edit distance ≤ 2, for "did you mean".
    public static func closest(_ word: String, among candidates: [String]) -> String? {
        Spelling.closest(word, among: candidates)
    }

    /// Help lines for options, aligned.
    public static func helpLines(_ specs: [OptionSpec]) -> String {
        let heads = specs.map { spec -> String in
            var head = spec.short.map { "\($0), " } ?? ""
            head += spec.name
            if spec.takesValue { head += " \(spec.valueName)" }
            return head
        }
        let width = (heads.map(\.count).max() ?? 0) + 2
        return zip(heads, specs).map { head, spec in
            "  " + head + String(repeating: " ", count: width - head.count) + spec.help
        }.joined(separator: "\n")
    }
}
