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

/// Options shared by `check` and `fix`, and the project they load.
struct CommonOptions {
    static let specs: [OptionSpec] = [
        .option("--project-root", "DIR", "Root of the project to read for decisions (default: the git root, or the current directory)"),
        .option("--select", "CODES", "Only these rules (codes or names, comma-separated; `OBS1` selects OBS1xx)"),
        .option("--ignore", "CODES", "Not these rules"),
        .option("--exclude", "GLOB", "Skip files and folders matching GLOB (repeatable)"),
        .flag("--no-respect-gitignore", "Read the files .gitignore ignores too (by default they are not part of the project)"),
        .flag("--quiet", short: "-q", "Print findings only, no summary"),
        .option("--format", "FORMAT", "Output format: text (default), json, github (Actions annotations), sarif, codeclimate (GitLab Code Quality), checkstyle or junit"),
        .option("--output", "FILE", "Write the report (what would go to standard output) to FILE, replaced atomically (`-`: standard output); the exit status is the same"),
        .flag("--strict", "Report every finding as an error, as SwiftLint's --strict does: findings configured as info then fail the run too"),
        .flag("--absolute-paths", "Show every path as an absolute path, in every format (by default relative to the working directory, or to the project root in machine formats)"),
        .option("--color", "WHEN", "Colour the text output: auto (default: on a terminal, unless NO_COLOR is set and not empty), always or never"),
        .flag("--show-all-notes", "In text output, a note line for every place of a reason (by default one per reason of a finding, with the count of its places)"),
        .option("--config", "FILE", "Read settings from FILE instead of the nearest .obs-migrate.json"),
        .flag("--no-config", "Ignore .obs-migrate.json files"),
        .flag("--bump-deployment-target", "Raise deployment targets below iOS 17 / macOS 14 / tvOS 17 / watchOS 10 (Package.swift, project.pbxproj, .xcconfig) as part of the fix"),
        .flag("--help", short: "-h", "Show this help"),
    ]

    var paths: [String]
    var projectRoot: String?
    var selection: RuleSelection
    var excludes: [String]
    var quiet: Bool
    /// `--show-all-notes`: text output lists every place of a reason.
    var showsAllNotes: Bool
    /// Set by `applyConfiguration` (Config/RunSettings.swift).
    var format: OutputFormat = .text
    var color: ColorChoice = .auto
    var configPath: String? = nil
    var perPathIgnores = PerPathIgnores()
    var policy: MigrationPolicy = MigrationPolicy()
    /// Whether the files git ignores stay out of the project (config `respect-gitignore`).
    var respectsGitignore = true
    /// The project's `severity` settings and `--strict`.
    var severities = SeverityPolicy()
    /// `--absolute-paths`.
    var showsAbsolutePaths: Bool

    init(_ parsed: ParsedArguments, currentDirectory: String = FileManager.default.currentDirectoryPath) throws {
        paths = parsed.positionals.isEmpty ? ["."] : parsed.positionals
        projectRoot = parsed.last("--project-root")
        selection = RuleSelection(select: parsed.list("--select"), ignore: parsed.list("--ignore"))
        excludes = parsed.list("--exclude")
        quiet = parsed.has("--quiet")
        showsAllNotes = parsed.has("--show-all-notes")
        showsAbsolutePaths = parsed.has("--absolute-paths")
        policy.bumpsLowTargets = parsed.has("--bump-deployment-target")
        respectsGitignore = !parsed.has("--no-respect-gitignore")
        for key in selection.select + selection.ignore where !RuleKeys.isKnown(key) {
            throw UsageError("unknown rule '\(key)'" + (RuleKeys.suggestion(key).map { " (did you mean \($0)?)" } ?? ""))
        }
        if let root = projectRoot {
            guard isDirectory(atPath: ProjectLoader.absolutePath(root, cwd: currentDirectory)) == true else {
                throw UsageError("--project-root \(root): no such directory")
            }
        }
        try applyConfiguration(parsed, currentDirectory: currentDirectory)
    }

    /// Loads the project; problems go to standard error. Returns nil when nothing could be read.
    func load(console: Console, overrides: [String: [UInt8]] = [:]) -> (LoadedProject, hadProblems: Bool) {
        var options = LoadOptions(paths: paths, projectRoot: projectRoot, excludes: excludes,
                                  currentDirectory: console.currentDirectory, overrides: overrides)
        if respectsGitignore { options.ignoredBelowRoot = Git.ignoredPaths }
        options.showsAbsolutePaths = showsAbsolutePaths
        var project = ProjectLoader.load(options)
        perPathIgnores.apply(to: &project)
        for problem in project.problems { console.error("\(problem.path): \(problem.message)") }
        for problem in project.skipped { console.warning("\(problem.path): \(problem.message)") }
        if project.reported.isEmpty && project.problems.isEmpty && !quiet {
            console.warning("no Swift files found in \(paths.joined(separator: ", "))")
        }
        return (project, !project.problems.isEmpty)
    }

    /// Findings for a machine format: with `--absolute-paths`, each file by its absolute path
    /// (by default, relative to the project root).
    func shown(_ findings: [ReportedFinding], project: LoadedProject) -> [ReportedFinding] {
        guard showsAbsolutePaths else { return findings }
        return findings.map { f in
            var f = f
            f.projectPath = project.absolutePaths[f.diagnostic.finding.file]
            f.isInsideRoot = false
            return f
        }
    }
}
