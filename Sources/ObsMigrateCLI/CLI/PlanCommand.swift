#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ObsMigrateSupport
import ObsMigrateCore
import ObsMigrateReport

/// `obs-migrate plan`: progress per module and the blockers ranked by what resolving each
/// would let migrate, decided as `check` decides.
enum PlanCommand {
    /// The formats a plan is rendered in (`check`'s machine formats report findings, not plans).
    enum Format: String, CaseIterable { case text, json, html }

    static let specs: [OptionSpec] = CommonOptions.specs.filter { !["--format", "--show-all-notes", "--strict"].contains($0.name) } + [
        .option("--format", "FORMAT", "text (default), json, or html (one self-contained page with a chart per module)"),
        .option("--title", "TEXT", "The HTML page's title (default: \"Migration plan: \" and the project root's folder name)"),
        .option("--top", "N", "In text, the first N blockers (default 10; json and html list all)"),
        .option("--redecide", "N", "Decide again with blockers resolved at most N times for the blockers alone and N for the steps (default 25, fewer for over 10 MB of sources: 25 x 10 MB / size, at least 3); past them, and with 0, weights are read from the recorded links"),
    ]

    static var help: String {
        """
        USAGE: obs-migrate plan [options] [PATH...]

        Shows how far each module has come (models already @Observable, models `fix --write`
        migrates now, models that stay) and the blockers in an order to resolve them: each next
        one frees the most models once those above it are resolved too. For each: its place, why
        models stay, what a person can do there, the models it frees alone and with those above,
        the wrapper properties, injections, wrapper initialisers and $x uses `fix` would then
        rewrite, and how many models are fixable after it. The low deployment targets are one
        blocker (--bump-deployment-target plans as if they were raised). Decided for the whole
        project as `check` decides; PATHs choose the models counted. The weights are found by
        deciding again with the blockers resolved (up to --redecide times each for the blockers
        alone and for the steps), else from the hierarchy, family and forwarding links.
        Modules: SwiftPM targets (Sources/<Target>), else packages or Xcode projects, else the
        top folders under the project root.
        Exit status: 0 (a plan is a report, whatever it holds), 2 usage or I/O error.

        OPTIONS:
        \(ArgumentParser.helpLines(specs))
        """
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "plan")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        return try ReportFile.redirecting(parsed.last("--output"), console: console) { try run(parsed, console: $0) }
    }

    static func run(_ parsed: ParsedArguments, console: Console) throws -> Int32 {
        let format = try parseFormat(parsed.last("--format"))
        let top = try count(parsed.last("--top"), option: "--top", default: 10)
        let chosenLimit = try parsed.last("--redecide").map { try count($0, option: "--redecide", default: 0) }
        var common = parsed
        common.values["--format"] = nil  // CommonOptions knows check's formats, not html
        let options = try CommonOptions(common, currentDirectory: console.currentDirectory)
        let progress = ProgressLine(console: console, enabled: !options.quiet)
        progress.update("reading Swift files")
        let (project, hadProblems) = options.load(console: progress.console)
        progress.update("deciding for \(ProgressLine.count(project.files.count)) files")
        let rewriting = Set(project.reported)
        let redecideLimit = chosenLimit ?? defaultRedecideLimit(sourceBytes: project.files.reduce(0) { $0 + $1.bytes.count })
        func settle(_ policy: MigrationPolicy) -> ProjectIndex {
            Engine.settle(files: project.files, selection: options.selection, unusable: project.unusable, policy: policy, rewriting: rewriting)
        }
        let index = settle(options.policy)
        if let message = project.changedDuringRun { throw UsageError(message) }
        // JSON and HTML name files relative to the project root, or absolute with --absolute-paths.
        let relative = index.files.indices.map { FindingLocator.projectPath(file: $0, project: project).0 }
        let places = PlacePaths(shown: index.files.map(\.path), project: options.showsAbsolutePaths ? project.absolutePaths : relative,
                                relativeToRoot: relative)
        var decided = 0
        let plan = MigrationPlan.compute(index: index, places: places, reported: Set(project.reported), redecideLimit: redecideLimit) { keys in
            decided += 1
            progress.update("deciding again with blockers resolved (\(decided))")
            var policy = options.policy
            policy.waivedBlockers = keys
            let again = settle(policy)
            return Set(again.models.keys.filter { again.models[$0]!.migrates })
        }
        progress.finish()
        switch format {
        case .text:
            console.out(withoutFinalNewline(PlanReporter.text(plan, top: top, color: console.useColor(options.color))))
        case .json:
            console.out(PlanReporter.json(plan))
        case .html:
            let name = project.root.split(separator: "/").last.map(String.init) ?? "project"
            console.out(withoutFinalNewline(PlanReporter.html(plan, title: parsed.last("--title") ?? "Migration plan: \(name)")))
        }
        return hadProblems ? ExitCode.error : ExitCode.clean
    }

    /// `Console.out` ends each write with a newline.
    static func withoutFinalNewline(_ text: String) -> String { text.hasSuffix("\n") ? String(text.dropLast()) : text }

    static func parseFormat(_ value: String?) throws -> Format {
        guard let value else { return .text }
        if let format = Format(rawValue: value.lowercased()) { return format }
        let names = Format.allCases.map(\.rawValue)
        let suggestion = ArgumentParser.closest(value.lowercased(), among: names).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown format '\(value)' for plan --format\(suggestion); use one of \(names.joined(separator: ", "))")
    }

    /// Each decision taken again costs about what `check` spends deciding: 25 of them up to
    /// 10 MB of sources, fewer above (at least 3), so that a plan of a large project costs
    /// about as much as one of 10 MB.
    static func defaultRedecideLimit(sourceBytes: Int) -> Int {
        sourceBytes <= 10_000_000 ? 25 : max(3, 25 * 10_000_000 / sourceBytes)
    }

    static func count(_ value: String?, option: String, default fallback: Int) throws -> Int {
        guard let value else { return fallback }
        guard let n = Int(value), n >= 0 else { throw UsageError("\(option) \(value): not a number of 0 or more") }
        return n
    }
}
