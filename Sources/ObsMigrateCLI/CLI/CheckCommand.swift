#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import ObsMigrateSupport
import ObsMigrateCore
import ObsMigrateReport

/// `obs-migrate check`: report every legacy pattern, project-wide decisions included.
enum CheckCommand {
    static let specs: [OptionSpec] = CommonOptions.specs + [
        .flag("--statistics", "Print counts by rule instead of findings"),
        .flag("--staged", "Check the staged content of the staged Swift files (what `git commit` records)"),
        .option("--stdin-filename", "PATH", "With `check -`: the path standard input's content is checked as (for messages, configuration and the project)"),
        .option("--baseline", "FILE", "Report only findings that are not in FILE (written by --write-baseline)"),
        .option("--write-baseline", "FILE", "Record today's findings in FILE, to be left out by --baseline (prints only what it wrote; exit 0)"),
        .option("--fail-on", "SEVERITY", "The lowest severity that fails the run: warning (default) or error (warnings pass, as in SwiftLint and the build-tool plugin)"),
    ]

    static var help: String {
        """
        USAGE: obs-migrate check [options] [PATH...]
               obs-migrate check [options] [--stdin-filename PATH] -

        Reports ObservableObject, @Published, @StateObject, @ObservedObject, @EnvironmentObject and
        .environmentObject uses, and the patterns that need a person, as
        `path:line:col: severity: message [OBS###]`. PATH defaults to the current directory.
        With --staged, checks what `git commit` would record: the staged content of the staged
        Swift files (under PATH, when given); the rest of the project is read from disk to decide.
        Exit status: 0 nothing found, 1 findings, 2 usage or I/O error. Findings of rules the
        project made "info" (`"severity": {"OBS207": "info"}` in .obs-migrate.json) are reported
        but do not fail the run; with --strict every finding is an error and fails it. With
        --fail-on error only error findings fail it (the build-tool plugin runs so).

        OPTIONS:
        \(ArgumentParser.helpLines(specs))

        SUPPRESSING (comments; rule codes or names, `all` or none for every rule, a reason after --):
          // obs-migrate:disable OBS102                from its line to an enable, or the end of the file
          // obs-migrate:enable OBS102                 ends that region
          // obs-migrate:disable-line OBS102           its own line (after the code)
          // obs-migrate:disable-next-line OBS102      the next line
          // obs-migrate:disable-previous-line OBS102  the line before
        SwiftLint's disable:this, disable:next and disable:previous are read too. A suppressed fix is
        not applied and keeps its model as it is everywhere; fix decides with the same comments. An
        unknown directive or rule is reported (OBS301), and so is a suppression that covers no
        finding or an enable that ends no region (OBS302).
        """
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "check")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        return try ReportFile.redirecting(parsed.last("--output"), console: console) { try run(parsed, console: $0) }
    }

    static func run(_ parsed: ParsedArguments, console: Console) throws -> Int32 {
        var parsed = parsed
        // `check -`: standard input, checked as the file named by --stdin-filename (as ruff and
        // SwiftLint do), with the rest of the project read from disk to decide.
        var stdinOverride: [String: [UInt8]] = [:]
        if parsed.positionals.contains("-") {
            guard parsed.positionals == ["-"], !parsed.has("--staged") else {
                throw UsageError("`-` (standard input) is checked alone, without other PATHs or --staged")
            }
            guard let bytes = console.standardInput() else { throw UsageError("cannot read standard input") }
            let name = parsed.last("--stdin-filename") ?? "stdin.swift"
            stdinOverride[ProjectLoader.absolutePath(name, cwd: console.currentDirectory)] = bytes
            parsed.positionals = [name]
        } else if parsed.last("--stdin-filename") != nil {
            throw UsageError("--stdin-filename goes with `check -` (standard input)")
        }
        var options = try CommonOptions(parsed, currentDirectory: console.currentDirectory)
        let failureThreshold = try SeverityPolicy.failureThreshold(parsed.last("--fail-on"))
        if parsed.has("--statistics"), options.format == .github || options.format == .sarif {
            throw UsageError("--statistics prints text or json, not \(options.format.rawValue)")
        }
        var overrides = stdinOverride
        if parsed.has("--staged") {
            guard let staged = try options.useStagedFiles(positionals: parsed.positionals, console: console) else {
                return ExitCode.clean
            }
            overrides = staged
        }
        let baseline = try parsed.last("--baseline").map { try readBaseline($0, cwd: console.currentDirectory) }
        let writeBaseline = parsed.last("--write-baseline")
        let progress = ProgressLine(console: console, enabled: !options.quiet)
        progress.update("reading Swift files")
        let (project, hadProblems) = Timings.measure("load") { options.load(console: progress.console, overrides: overrides) }
        progress.update("checking \(ProgressLine.count(project.files.count)) files")
        // Decided as `fix` on the same paths would: what is called fixable here, fix rewrites.
        let rewriting = Set(project.reported)
        if options.format == .text {
            // Streamed a round of files at a time: a large project's findings are never all in
            // memory, and rendering runs on all cores. Only the counts are kept.
            let index = Engine.settle(files: project.files, selection: options.selection, unusable: project.unusable,
                                      policy: options.policy, rewriting: rewriting)
            progress.finish()
            ProcessLifetime.keep(index)
            let statisticsOnly = parsed.has("--statistics")
            let style = TextReporter.Style(color: console.useColor(options.color), allNotes: options.showsAllNotes)
            var tally = TextReporter.Tally()
            let matcher = baseline.map(Baseline.Matcher.init)
            let recording = writeBaseline != nil
            var baselined = 0
            var failing = 0
            let severities = options.severities
            var recorded: [Baseline.Entry] = []
            Timings.measure("rules and output") {
                Engine.streamDiagnostics(index: index, reported: project.reported, selection: options.selection,
                    transform: { found in
                        let (diagnostics, matched, entries) = applyBaseline(severities.apply(found), matcher: matcher, recording: recording, index: index, project: project)
                        return (diagnostics, statisticsOnly || recording ? "" : TextReporter.lines(diagnostics, style: style), matched, entries)
                    },
                    deliver: { diagnostics, lines, matched, entries in
                        tally.add(diagnostics)
                        failing += diagnostics.count { SeverityPolicy.fails($0, from: failureThreshold) }
                        baselined += matched
                        recorded += entries
                        if !statisticsOnly, !recording, !diagnostics.isEmpty { console.out(lines) }
                    })
            }
            if let writeBaseline { try saveBaseline(Baseline(entries: recorded), to: writeBaseline, cwd: console.currentDirectory, console: console) }
            if let message = project.changedDuringRun { throw UsageError(message) }
            // Recording a baseline is the step that accepts today's findings: it reports what it
            // wrote, not the findings, and succeeds (a CI step under `set -e` goes on).
            if recording { return hadProblems ? ExitCode.error : ExitCode.clean }
            // What was checked with `--bump-deployment-target` is fixable with it.
            let fixCommand = "obs-migrate fix --write" + (options.policy.bumpsLowTargets ? " --bump-deployment-target" : "")
            if statisticsOnly, tally.total > 0 {
                console.out(TextReporter.statistics(tally))
                if !options.quiet { console.out(TextReporter.statisticsLegend(fixCommand: fixCommand)) }
            }
            if !options.quiet {
                var summary = TextReporter.summary(tally, filesChecked: project.reported.count, failed: project.problems.count, fixCommand: fixCommand)
                if baseline != nil, !summary.isEmpty {
                    let known = "\(baselined) known issue\(baselined == 1 ? " is" : "s are") in the baseline."
                    summary = tally.total == 0 && project.problems.isEmpty
                        ? "No new ObservableObject patterns found (\(project.reported.count) file\(project.reported.count == 1 ? "" : "s") checked); " + known
                        : summary + " " + known
                }
                if !summary.isEmpty { console.out(summary) }
            }
            if hadProblems { return ExitCode.error }
            return failing == 0 ? ExitCode.clean : ExitCode.findings
        }
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: options.selection,
                                      unusable: project.unusable, policy: options.policy,
                                      rewriting: rewriting)
        progress.finish()
        if let message = project.changedDuringRun { throw UsageError(message) }
        ProcessLifetime.keep(analysis)
        let all = Timings.measure("diagnostics") { options.severities.apply(Engine.diagnostics(analysis)) }
        let (diagnostics, _, entries) = applyBaseline(all, matcher: baseline.map(Baseline.Matcher.init), recording: writeBaseline != nil,
                                                      index: analysis.index, project: project)
        if let writeBaseline {
            try saveBaseline(Baseline(entries: entries), to: writeBaseline, cwd: console.currentDirectory, console: console)
            return hadProblems ? ExitCode.error : ExitCode.clean
        }
        ProcessLifetime.keep(diagnostics)
        let output = parsed.has("--statistics") ? JSONReporter.statistics(diagnostics)
            : options.format.render(options.shown(FindingLocator.locate(diagnostics, analysis: analysis, project: project), project: project),
                                    root: project.root)
        if !output.isEmpty { console.out(output) }
        if hadProblems { return ExitCode.error }
        return diagnostics.contains { SeverityPolicy.fails($0, from: failureThreshold) } ? ExitCode.findings : ExitCode.clean
    }

    // MARK: Baseline

    static func readBaseline(_ path: String, cwd: String) throws -> Baseline {
        let absolute = ProjectLoader.absolutePath(path, cwd: cwd)
        switch FileSystem.readRegularFile(absolute, maxBytes: 1 << 30) {
        case .success(let bytes):
            return try Baseline.decode(bytes, name: path)
        case .failure(let failure):
            let why: String
            switch failure {
            case .system(let error) where error.code == ENOENT: why = "no such file (write one with --write-baseline)"
            case .system(let error): why = "cannot read the file (\(error.message))"
            case .notRegular(let kind): why = "is \(kind), not a file"
            case .brokenLink: why = "a symbolic link to a file that does not exist"
            case .linkLoop: why = "a loop of symbolic links"
            case .tooLarge(let size): why = "too large for a baseline (\(size) bytes)"
            }
            throw UsageError("--baseline \(path): \(why)")
        }
    }

    static func saveBaseline(_ baseline: Baseline, to path: String, cwd: String, console: Console) throws {
        let absolute = ProjectLoader.absolutePath(path, cwd: cwd)
        do {
            try Data(baseline.encoded().utf8).write(to: URL(fileURLWithPath: absolute), options: .atomic)
        } catch {
            throw UsageError("--write-baseline \(path): cannot write the file (\(describe(error)))")
        }
        console.note("wrote \(baseline.entries.count) finding\(baseline.entries.count == 1 ? "" : "s") to the baseline \(path)")
    }

    /// The diagnostics (of one file, or of all) less those the baseline holds, how many it held,
    /// and, when recording, every diagnostic's baseline entry.
    static func applyBaseline(_ diagnostics: [Diagnostic], matcher: Baseline.Matcher?, recording: Bool,
                              index: ProjectIndex, project: LoadedProject) -> ([Diagnostic], Int, [Baseline.Entry]) {
        guard matcher != nil || recording else { return (diagnostics, 0, []) }
        var kept: [Diagnostic] = [], entries: [Baseline.Entry] = []
        var matchers: [Int: Baseline.Matcher] = [:]
        var matched = 0
        for d in diagnostics {
            let f = d.finding.file
            let path = FindingLocator.projectPath(file: f, project: project).0
            let entry = Baseline.entry(path: path, code: d.finding.code, bytes: index.files[f].bytes, offset: d.finding.range.lowerBound)
            if recording { entries.append(entry) }
            if let matcher {
                if matchers[f] == nil { matchers[f] = matcher.forFile(path) }
                if matchers[f]!.absorbs(entry) { matched += 1; continue }
            }
            kept.append(d)
        }
        return (kept, matched, entries)
    }
}
