#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif

/// `obs-migrate fix`: the migration as a diff, or applied in place with `--write`.
enum FixCommand {
    static let maxRounds = 6

    static let specs: [OptionSpec] = CommonOptions.specs + [
        .flag("--write", short: "-w", "Rewrite the files in place instead of printing a diff"),
    ]

    static var help: String {
        """
        USAGE: obs-migrate fix [--write] [options] [PATH...]

        Prints a unified diff of the migration (exit 1 when it would change something, 0 when
        not). With --write, rewrites the files in place (each atomically, permissions kept), then
        lists what it changed and what it left for a person (exit 1 when something is left).
        With --format json, github or sarif, prints what is (or would be) left for a person in
        that format instead of the diff and the list.

        OPTIONS:
        \(ArgumentParser.helpLines(specs))
        """
    }

    /// The outcome of fixing in memory: final contents of changed files, and the analysis of
    /// the final state (what is left).
    struct Plan {
        var project: LoadedProject
        var original: [Int: [UInt8]]
        var fixed: [Int: [UInt8]]
        var fixedCount: Int
        var final: Analysis
    }

    /// Applies fixes round after round, re-scanning and re-checking the whole project each
    /// time, until a round changes nothing.
    /// `perPathIgnores` are re-applied to every rewritten file, so they keep blocking their
    /// models in later rounds (a rescanned file only has its own suppression comments).
    static func plan(_ project: LoadedProject, selection: RuleSelection, minimumTargets: [String: Int]? = nil,
                     perPathIgnores: PerPathIgnores = PerPathIgnores()) throws -> Plan {
        var files = project.files
        var original: [Int: [UInt8]] = [:]
        var fixedCount = 0
        let rules = Engine.enabledRules(selection)
        for round in 0...maxRounds {
            let index = Engine.settle(files: files, selection: selection, unusable: project.unusable,
                                      minimumTargets: minimumTargets, rewriting: Set(project.reported))
            // Each file's findings and edits live only in the worker that applies them: memory
            // holds one file's edits per core, never the whole project's.
            // The rewritten file is scanned right there too, in parallel.
            let results = parallelMap(Array(project.reported.indices)) { k -> (file: ProjectFile?, fixed: Int, findings: [Finding]) in
                let f = project.reported[k]
                let found = Engine.findings(in: f, index: index, rules: rules)
                guard index.files[f].isUnderstood else { return (nil, 0, found) }
                let edits = found.compactMap(\.fix).flatMap { $0 }
                guard !edits.isEmpty else { return (nil, 0, found) }
                let outcome = Fixer.apply(edits, to: index.files[f].bytes)
                guard outcome.bytes != index.files[f].bytes else { return (nil, 0, found) }
                let rewritten = ProjectFile(path: index.files[f].path, bytes: outcome.bytes)
                return (perPathIgnores.applied(to: rewritten, absolutePath: project.absolutePaths[f], root: project.root),
                        found.filter(\.isFixable).count, [])
            }
            if results.allSatisfy({ $0.file == nil }) {
                let final = Analysis(index: index, findings: results.map(\.findings), reported: project.reported)
                return Plan(project: project, original: original, fixed: original.keys.reduce(into: [:]) { $0[$1] = files[$1].bytes },
                            fixedCount: fixedCount, final: final)
            }
            if round == maxRounds { break }
            for (k, result) in results.enumerated() {
                guard let rewritten = result.file else { continue }
                let f = project.reported[k]
                guard rewritten.isUnderstood else {
                    throw UsageError("internal error: the fix for \(files[f].path) produced text the lexer cannot read; nothing written")
                }
                if original[f] == nil { original[f] = files[f].bytes }
                files[f] = rewritten
                fixedCount += result.fixed
            }
        }
        throw UsageError("the fixes did not converge after \(maxRounds) rounds; nothing written")
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "fix")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        let options = try CommonOptions(parsed, currentDirectory: console.currentDirectory)
        let progress = ProgressLine(console: console, enabled: !options.quiet)
        defer { progress.finish() }
        progress.update("reading Swift files")
        let (project, hadProblems) = Timings.measure("load") { options.load(console: progress.console) }
        progress.update("fixing \(ProgressLine.count(project.files.count)) files")
        // With --write, files that cannot be written are set aside first (FileWriter.swift).
        let (plan, unwritable) = try Timings.measure("plan") { try planWritable(project, writing: parsed.has("--write")) { project in
            try FixCommand.plan(project, selection: options.selection, minimumTargets: options.minimumTargets,
                                perPathIgnores: options.perPathIgnores)
        } }
        progress.finish()
        if let message = project.changedDuringRun { throw UsageError(message + "; nothing written") }
        ProcessLifetime.keep(plan)
        let changed = plan.fixed.keys.sorted { project.files[$0].path < project.files[$1].path }
        let left = Engine.diagnostics(plan.final)
        let style = TextReporter.Style(color: console.useColor)

        guard parsed.has("--write") else {
            if options.format != .text {
                // What a person must do, located in the files as they are on disk, instead of the diff.
                let output = options.format.render(FindingLocator.locateInOriginals(left, final: plan.final, original: plan.original,
                                                                                    project: project), root: project.root)
                if !output.isEmpty { console.out(output) }
                if hadProblems { return ExitCode.error }
                return changed.isEmpty ? ExitCode.clean : ExitCode.findings
            }
            for f in changed {
                let path = project.files[f].path
                console.out(UnifiedDiff.diff(old: String(decoding: plan.original[f]!, as: UTF8.self),
                                             new: String(decoding: plan.fixed[f]!, as: UTF8.self),
                                             oldName: path, newName: path), terminator: false)
            }
            if !options.quiet {
                let files = changed.count
                console.out(files == 0
                    ? "Nothing to fix." + (left.isEmpty ? "" : " \(left.count) issue\(left.count == 1 ? " needs" : "s need") a person (see `obs-migrate check`).")
                    : "Would fix \(plan.fixedCount) issue\(plan.fixedCount == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"); run `obs-migrate fix --write` to apply."
                      + (left.isEmpty ? "" : " \(left.count) would be left for a person."))
            }
            if hadProblems { return ExitCode.error }
            return changed.isEmpty ? ExitCode.clean : ExitCode.findings
        }

        for problem in unwritable { console.error("\(problem.path): \(problem.message)") }
        var failed = !unwritable.isEmpty
        var written: [String] = []
        // All files or none: a migration written to some files only would not compile.
        let failures = Timings.measure("write") {
            FileWriter.writeAll(changed.map {
                FileWriter.PendingWrite(path: project.absolutePaths[$0], bytes: plan.fixed[$0]!, expectedOriginal: plan.original[$0]!)
            }, root: project.root)
        }
        for (k, f) in changed.enumerated() {
            if let failure = failures[k] {
                console.error("\(project.files[f].path): \(failure.message)")
                failed = true
            } else {
                written.append(project.files[f].path)
            }
        }
        if options.format != .text {
            let output = options.format.render(FindingLocator.locate(left, analysis: plan.final, project: project), root: project.root)
            if !output.isEmpty { console.out(output) }
            if hadProblems || failed { return ExitCode.error }
            return left.isEmpty ? ExitCode.clean : ExitCode.findings
        }
        if !options.quiet {
            for path in written { console.out("fixed \(path)") }
        }
        for d in left { console.out(TextReporter.line(d, style: style)) }
        if !options.quiet {
            var text = "Fixed \(plan.fixedCount) issue\(plan.fixedCount == 1 ? "" : "s") in \(written.count) file\(written.count == 1 ? "" : "s")."
            if !left.isEmpty { text += " \(left.count) left for a person (listed above)." }
            console.out(text)
        }
        if hadProblems || failed { return ExitCode.error }
        return left.isEmpty ? ExitCode.clean : ExitCode.findings
    }
}

extension Console {
    /// Writes text that already ends with its own newline.
    func out(_ text: String, terminator: Bool) {
        guard !text.isEmpty else { return }
        out(terminator ? text : String(text.dropLast()))
    }
}
