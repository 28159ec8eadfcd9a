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
import ObsMigrateReport

/// `--color`: whether the text output is coloured.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    public static func parse(_ value: String?) throws -> ColorChoice {
        guard let value else { return .auto }
        if let choice = ColorChoice(rawValue: value.lowercased()) { return choice }
        let names = allCases.map(\.rawValue)
        let suggestion = ArgumentParser.closest(value.lowercased(), among: names).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown value '\(value)' for --color\(suggestion); use one of \(names.joined(separator: ", "))")
    }
}

/// `--format`: how `check` and `fix` print findings.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif, codeclimate, checkstyle, junit

    public static func parse(_ value: String?) throws -> OutputFormat {
        guard let value else { return .text }
        if let format = OutputFormat(rawValue: value.lowercased()) { return format }
        let names = allCases.map(\.rawValue)
        let suggestion = ArgumentParser.closest(value.lowercased(), among: names).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown format '\(value)' for --format\(suggestion); use one of \(names.joined(separator: ", "))")
    }

    /// Findings in a machine-readable format (not `.text`). Empty when a format prints nothing
    /// for no findings (github).
    public func render(_ findings: [ReportedFinding], root: String) -> String {
        switch self {
        case .text: TextReporter.lines(findings.map(\.diagnostic))
        case .json: JSONReporter.render(findings)
        case .github: GitHubReporter.render(findings)
        case .sarif: SarifReporter.render(findings, root: root)
        case .codeclimate: CodeClimateReporter.render(findings)
        case .checkstyle: CheckstyleReporter.render(findings)
        case .junit: JUnitReporter.render(findings)
        }
    }
}

extension CommonOptions {
    /// Reads the configuration file (`--config FILE`, or the nearest `.obs-migrate.json` from
    /// the first PATH up to the project root; none with `--no-config`) and merges it under the
    /// command line: `--select`, `--ignore` and `--exclude` given on the command line replace
    /// the file's values, as in ruff.
    mutating func applyConfiguration(_ parsed: ParsedArguments, currentDirectory cwd: String) throws {
        format = try OutputFormat.parse(parsed.last("--format"))
        color = try ColorChoice.parse(parsed.last("--color"))
        severities = SeverityPolicy([], strict: parsed.has("--strict"))
        if parsed.has("--no-config") {
            if parsed.last("--config") != nil { throw UsageError("--config and --no-config cannot be used together") }
            return
        }
        let config: Configuration
        if let file = parsed.last("--config") {
            let absolute = ProjectLoader.absolutePath(file, cwd: cwd)
            guard FileManager.default.fileExists(atPath: absolute) else { throw UsageError("--config \(file): no such file") }
            config = try Configuration.load(path: absolute, shownPath: ProjectLoader.displayPath(absolute, cwd: cwd))
        } else {
            let first = ProjectLoader.absolutePath(paths.first ?? ".", cwd: cwd)
            let start = isDirectory(atPath: first) == true ? first : first.deletingLastPathComponent
            let explicitRoot = projectRoot.map { ProjectLoader.absolutePath($0, cwd: cwd) }
            let boundary = explicitRoot.flatMap { start == $0 || start.hasPrefix($0 + "/") ? $0 : nil }
                ?? ProjectLoader.gitRoot(above: start)
            guard let found = Configuration.discover(from: start, boundary: boundary)
                    ?? explicitRoot.flatMap({ Configuration.discover(from: $0, boundary: $0) }) else { return }
            config = try Configuration.load(path: found, shownPath: ProjectLoader.displayPath(found, cwd: cwd))
            // The file marks the project root when neither --project-root nor a git root does.
            if projectRoot == nil, boundary == nil {
                projectRoot = found.deletingLastPathComponent
            }
        }
        configPath = config.path
        if parsed.values["--select"] == nil, let select = config.select { selection.select = select }
        if parsed.values["--ignore"] == nil, let ignore = config.ignore { selection.ignore = ignore }
        if parsed.values["--exclude"] == nil, let exclude = config.exclude { excludes = exclude }
        perPathIgnores = PerPathIgnores(config.perPathIgnores)
        policy.minimums = config.minimumDeploymentTarget
        policy.observablePlacement = config.observablePlacement
        if let bridges = config.bridgesPublishers { policy.bridgesPublishers = bridges }
        if !parsed.has("--no-respect-gitignore"), let respect = config.respectGitignore { respectsGitignore = respect }
        severities = SeverityPolicy(config.severities, strict: parsed.has("--strict") || config.strict == true)
    }
}
