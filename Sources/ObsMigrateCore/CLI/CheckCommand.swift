/// `obs-migrate check`: report every legacy pattern, project-wide decisions included.
enum CheckCommand {
    static let specs: [OptionSpec] = CommonOptions.specs + [
        .flag("--statistics", "Print counts by rule instead of findings"),
        .flag("--staged", "Check the staged content of the staged Swift files (what `git commit` records)"),
    ]

    static var help: String {
        """
        USAGE: obs-migrate check [options] [PATH...]

        Reports ObservableObject, @Published, @StateObject, @ObservedObject, @EnvironmentObject and
        .environmentObject uses, and the patterns that need a person, as
        `path:line:col: severity: message [OBS###]`. PATH defaults to the current directory.
        With --staged, checks what `git commit` would record: the staged content of the staged
        Swift files (under PATH, when given); the rest of the project is read from disk to decide.
        Exit status: 0 nothing found, 1 findings, 2 usage or I/O error.

        OPTIONS:
        \(ArgumentParser.helpLines(specs))

        Suppress a finding with `// obs-migrate:disable-next-line OBS102` on the line before it, or
        a whole file with `// obs-migrate:disable OBS101`. A suppressed fix keeps its model as it is.
        """
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "check")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        var options = try CommonOptions(parsed, currentDirectory: console.currentDirectory)
        if parsed.has("--statistics"), options.format == .github || options.format == .sarif {
            throw UsageError("--statistics prints text or json, not \(options.format.rawValue)")
        }
        var overrides: [String: [UInt8]] = [:]
        if parsed.has("--staged") {
            guard let staged = try options.useStagedFiles(positionals: parsed.positionals, console: console) else {
                return ExitCode.clean
            }
            overrides = staged
        }
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
                                      deployment: options.deployment, rewriting: rewriting)
            progress.finish()
            ProcessLifetime.keep(index)
            let statisticsOnly = parsed.has("--statistics")
            let style = TextReporter.Style(color: console.useColor(options.color))
            var tally = TextReporter.Tally()
            Timings.measure("rules and output") {
                Engine.streamDiagnostics(index: index, reported: project.reported, selection: options.selection,
                    transform: { diagnostics in
                        (diagnostics, statisticsOnly ? "" : TextReporter.lines(diagnostics, style: style))
                    },
                    deliver: { diagnostics, lines in
                        tally.add(diagnostics)
                        if !statisticsOnly { console.out(lines) }
                    })
            }
            if let message = project.changedDuringRun { throw UsageError(message) }
            if statisticsOnly, tally.total > 0 { console.out(TextReporter.statistics(tally)) }
            if !options.quiet {
                let summary = TextReporter.summary(tally, filesChecked: project.reported.count, failed: project.problems.count)
                if !summary.isEmpty { console.out(summary) }
            }
            if hadProblems { return ExitCode.error }
            return tally.total == 0 ? ExitCode.clean : ExitCode.findings
        }
        let analysis = Engine.analyze(files: project.files, reported: project.reported, selection: options.selection,
                                      unusable: project.unusable, deployment: options.deployment,
                                      rewriting: rewriting)
        progress.finish()
        if let message = project.changedDuringRun { throw UsageError(message) }
        ProcessLifetime.keep(analysis)
        let diagnostics = Timings.measure("diagnostics") { Engine.diagnostics(analysis) }
        ProcessLifetime.keep(diagnostics)
        let output = parsed.has("--statistics") ? JSONReporter.statistics(diagnostics)
            : options.format.render(FindingLocator.locate(diagnostics, analysis: analysis, project: project), root: project.root)
        if !output.isEmpty { console.out(output) }
        if hadProblems { return ExitCode.error }
        return diagnostics.isEmpty ? ExitCode.clean : ExitCode.findings
    }
}
