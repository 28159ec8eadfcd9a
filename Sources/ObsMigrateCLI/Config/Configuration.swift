#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport
import ObsMigrateCore

/// `.obs-migrate.json`: the project's settings, found by walking up from the first PATH to the
/// project root (or given with `--config FILE`). Every key is optional:
///
/// ```json
/// {
///   "select": ["OBS1", "OBS201"],
///   "ignore": ["observed-object-default-value"],
///   "exclude": ["Generated", "**/*.generated.swift"],
///   "per-path-ignores": {"Legacy/**": ["OBS104", "OBS106"]},
///   "minimum-deployment-target": {"iOS": 18},
///   "respect-gitignore": true,
///   "observable-placement": "own-line",
///   "publishers": "keep",
///   "severity": {"OBS207": "error", "OBS209": "info"},
///   "strict": false
/// }
/// ```
///
/// Unknown keys and values of the wrong type are errors naming the key and the file.
public struct Configuration: Sendable {
    public static let fileName = ".obs-migrate.json"
    public static let keys = ["select", "ignore", "exclude", "per-path-ignores", "minimum-deployment-target", "respect-gitignore",
                              "observable-placement", "publishers", "severity", "strict"]

    /// Absolute path of the file, and how messages show it.
    public var path: String
    public var shownPath: String
    public var select: [String]?
    public var ignore: [String]?
    public var exclude: [String]?
    /// In the order written: glob → rule codes or names.
    public var perPathIgnores: [(glob: String, rules: [String])] = []
    public var minimumDeploymentTarget: [String: Int]?
    public var respectGitignore: Bool?
    /// Where `fix` writes `@Observable` (nil, or "auto": as the project's own classes have it).
    public var observablePlacement: ObservablePlacement?
    /// What a `$x` publisher used where no observer can replace it does to its model: "bridge"
    /// (nil: the property keeps a Combine publisher of its own) or "keep" (the model stays).
    public var bridgesPublishers: Bool?
    /// In the order written: rule code, name, prefix or `ALL` → how its findings are reported.
    public var severities: [(key: String, severity: Severity)] = []
    /// `--strict` for every run: every finding is an error.
    public var strict: Bool?

    /// Observation's own floor: a configured minimum may raise these, never lower them.
    public static let observationMinimums: [String: Int] = ProjectIndex.observationMinimums

    public static func load(path: String, shownPath: String) throws -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            let directory = isDirectory(atPath: path)
            throw UsageError("\(shownPath): " + (directory == nil ? "no such file" : directory! ? "is a directory, not a file" : "cannot read file"))
        }
        return try parse([UInt8](data), path: path, shownPath: shownPath)
    }

    public static func parse(_ bytes: [UInt8], path: String, shownPath: String) throws -> Configuration {
        func fail(_ message: String) -> UsageError { UsageError("\(shownPath): \(message)") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw fail("invalid JSON at \(error.description)")
        }
        guard case .object(let pairs) = value else {
            throw fail("expected a JSON object ({...}) at the top level, found \(value.kindName)")
        }
        var config = Configuration(path: path, shownPath: shownPath)

        func strings(_ value: JSONValue, _ key: String, what: String) throws -> [String] {
            guard case .array(let items) = value else { throw fail("'\(key)' must be an array of \(what), not \(value.kindName)") }
            return try items.map { item in
                guard case .string(let s) = item else { throw fail("'\(key)' must be an array of \(what), but it holds \(item.kindName)") }
                guard !s.trimmingSpaces().isEmpty else { throw fail("'\(key)' holds an empty string") }
                return s
            }
        }
        func rules(_ value: JSONValue, _ key: String) throws -> [String] {
            let list = try strings(value, key, what: "rule codes or names (strings)")
            for rule in list where !RuleKeys.isKnown(rule) {
                throw fail("unknown rule '\(rule)' in '\(key)'" + (RuleKeys.suggestion(rule).map { " (did you mean \($0)?)" } ?? ""))
            }
            return list
        }

        for (key, value) in pairs {
            switch key {
            case "select": config.select = try rules(value, key)
            case "ignore": config.ignore = try rules(value, key)
            case "exclude": config.exclude = try strings(value, key, what: "globs (strings)")
            case "per-path-ignores":
                guard case .object(let entries) = value else {
                    throw fail("'per-path-ignores' must be an object mapping globs to arrays of rule codes, not \(value.kindName)")
                }
                for (glob, codes) in entries {
                    guard !glob.trimmingSpaces().isEmpty else { throw fail("'per-path-ignores' has an empty glob") }
                    config.perPathIgnores.append((glob, try rules(codes, "per-path-ignores.\(glob)")))
                }
            case "minimum-deployment-target":
                guard case .object(let entries) = value else {
                    throw fail("'minimum-deployment-target' must be an object mapping platforms to major versions (e.g. {\"iOS\": 17}), not \(value.kindName)")
                }
                var targets: [String: Int] = [:]
                let platforms = observationMinimums.keys.sorted()
                for (platform, version) in entries {
                    guard let floor = observationMinimums[platform] else {
                        let suggestion = platforms.first { $0.lowercased() == platform.lowercased() }
                            ?? Spelling.closest(platform, among: platforms)
                        throw fail("unknown platform '\(platform)' in 'minimum-deployment-target'"
                            + (suggestion.map { " (did you mean '\($0)'?)" } ?? " (known: \(platforms.joined(separator: ", ")))"))
                    }
                    guard case .int(let major) = version else {
                        throw fail("'minimum-deployment-target.\(platform)' must be a whole number (a major version such as \(floor)), not \(version.kindName)")
                    }
                    guard major >= floor else {
                        throw fail("'minimum-deployment-target.\(platform)' is \(major), but Observation needs \(platform) \(floor) or later")
                    }
                    targets[platform] = major
                }
                config.minimumDeploymentTarget = targets
            case "respect-gitignore":
                guard case .bool(let respect) = value else { throw fail("'respect-gitignore' must be true or false, not \(value.kindName)") }
                config.respectGitignore = respect
            case "observable-placement":
                let choices = ObservablePlacement.allCases.map(\.rawValue) + ["auto"]
                guard case .string(let text) = value, choices.contains(text) else {
                    guard case .string(let text) = value else {
                        throw fail("'observable-placement' must be \"inline\", \"own-line\" or \"auto\", not \(value.kindName)")
                    }
                    let suggestion = Spelling.closest(text, among: choices).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw fail("'observable-placement' must be \"inline\", \"own-line\" or \"auto\", not \"\(text)\"\(suggestion)")
                }
                config.observablePlacement = ObservablePlacement(rawValue: text)
            case "publishers":
                let choices = ["bridge", "keep"]
                guard case .string(let text) = value, choices.contains(text) else {
                    guard case .string(let text) = value else { throw fail("'publishers' must be \"bridge\" or \"keep\", not \(value.kindName)") }
                    let suggestion = Spelling.closest(text, among: choices).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw fail("'publishers' must be \"bridge\" or \"keep\", not \"\(text)\"\(suggestion)")
                }
                config.bridgesPublishers = text == "bridge"
            case "severity":
                guard case .object(let entries) = value else {
                    throw fail("'severity' must be an object mapping rule codes or names to \"error\", \"warning\" or \"info\" (e.g. {\"OBS207\": \"error\"}), not \(value.kindName)")
                }
                let levels = Severity.allCases.map(\.rawValue)
                for (rule, level) in entries {
                    guard RuleKeys.isKnown(rule) else {
                        throw fail("unknown rule '\(rule)' in 'severity'" + (RuleKeys.suggestion(rule).map { " (did you mean \($0)?)" } ?? ""))
                    }
                    guard case .string(let text) = level else {
                        throw fail("'severity.\(rule)' must be \"error\", \"warning\" or \"info\", not \(level.kindName)")
                    }
                    guard let severity = Severity(rawValue: text.lowercased()) else {
                        let suggestion = Spelling.closest(text.lowercased(), among: levels).map { " (did you mean \"\($0)\"?)" } ?? ""
                        throw fail("'severity.\(rule)' must be \"error\", \"warning\" or \"info\", not \"\(text)\"\(suggestion)")
                    }
                    config.severities.append((rule, severity))
                }
            case "strict":
                guard case .bool(let strict) = value else { throw fail("'strict' must be true or false, not \(value.kindName)") }
                config.strict = strict
            default:
                let suggestion = Spelling.closest(key, among: keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("unknown key '\(key)'\(suggestion)")
            }
        }
        return config
    }

    /// The nearest `.obs-migrate.json` in `start` or a directory above it, not looking above
    /// `boundary` (when `start` is inside it).
    public static func discover(from start: String, boundary: String?) -> String? {
        var dir = start
        while true {
            let candidate = (dir == "/" ? "" : dir) + "/" + fileName
            if isDirectory(atPath: candidate) == false { return candidate }
            if dir == boundary || dir == "/" || dir.isEmpty { return nil }
            let parent = dir.deletingLastPathComponent
            if parent == dir { return nil }
            dir = parent.isEmpty ? "/" : parent
        }
    }
}

/// Rule keys as `--select`, `--ignore` and the configuration accept them: a code (any case), a
/// name, a code prefix (`OBS1`), or `ALL`.
enum RuleKeys {
    static func isKnown(_ key: String) -> Bool {
        key.uppercased() == "ALL" || RuleRegistry.all.contains {
            $0.metadata.codeMatches(key) || $0.metadata.name == key
                || ($0.metadata.code.hasPrefix(key.uppercased()) && key.uppercased().hasPrefix("OBS"))
        }
    }

    static func suggestion(_ key: String) -> String? {
        Spelling.closest(key, among: RuleRegistry.all.flatMap { [$0.metadata.code, $0.metadata.name] })
    }

    /// The codes a key stands for.
    static func codes(_ key: String) -> [String] {
        RuleRegistry.all.filter { RuleSelection(select: [key]).isEnabled($0.metadata) }.map(\.metadata.code)
    }
}
