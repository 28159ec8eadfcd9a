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

/// `obs-migrate fix`: the migration as a diff, or applied in place with `--write`.
enum FixCommand {
    static let maxRounds = 6

    static let specs: [OptionSpec] = CommonOptions.specs + [
        .flag("--write", short: "-w", "Rewrite the files in place instead of printing a diff"),
        .option("--stdin-filename", "PATH", "With `fix -`: the path standard input's content is fixed as; the fixed text goes to standard output"),
    ]

    static var help: String {
        """
        USAGE: obs-migrate fix [--write] [options] [PATH...]

        Prints a unified diff of the migration (exit 1 when it would change something, 0 when
        not). With --write, rewrites the files in place (each atomically, permissions kept), then
        lists what it changed and what it left for a person (exit 1 when something is left).
        With --format json, github, sarif, codeclimate, checkstyle or junit, prints what is (or
        would be) left for a person in that format instead of the diff and the list. What is left
        of rules the project made "info" does not count (unless --strict).

        `obs-migrate fix [--stdin-filename PATH] -` fixes standard input as the file PATH (the rest
        of the project read from disk to decide) and prints the fixed text, for editors; what is
        left for a person goes to standard error (exit 1 when something is left).

        OPTIONS:
        \(ArgumentParser.helpLines(specs))
        """
    }

    /// The outcome of fixing in memory: the project as fixed, what its changed files held
    /// before, and the analysis of the final state (what is left).
    struct Plan {
        /// The loaded project with the changed files replaced by their fixed versions.
        var project: LoadedProject
        /// By changed file: what it held when read.
        var originals: [Int: OriginalContent]
        var fixedCount: Int
        var final: Analysis

        /// The new contents of the changed files.
        var fixed: [Int: [UInt8]] { originals.keys.reduce(into: [:]) { $0[$1] = project.files[$1].bytes } }
        /// The contents the changed files had, when the plan kept them (see `OriginalContent`).
        var original: [Int: [UInt8]] { originals.compactMapValues(\.bytes) }
    }

    /// A changed file's content as read: its bytes for a diff, or only their digest for
    /// `fix --write`, which reads the file again before replacing it anyway.
    struct OriginalContent {
        var digest: ContentDigest
        var bytes: [UInt8]?
    }

    /// Applies fixes round after round, re-scanning and re-checking the whole project each
    /// time, until a round changes nothing.
    /// The project is consumed: a rewritten file replaces its original, so that memory holds
    /// one version of each file. With `staging` (`fix --write`), each new content goes to its
    /// temporary file as soon as it is made, and only the originals' digests are kept.
    /// `perPathIgnores` are re-applied to every rewritten file, so they keep blocking their
    /// models in later rounds (a rescanned file only has its own suppression comments).
    /// `unwritable` (`fix --write`): see `Engine.settle`; files that cannot be written keep the
    /// models whose migration edits them, so the plan never changes such a file.
    static func plan(_ project: consuming LoadedProject, selection: RuleSelection, policy: MigrationPolicy = MigrationPolicy(),
                     perPathIgnores: PerPathIgnores = PerPathIgnores(), staging: StagedWrites? = nil,
                     unwritable: ((Int) -> (reason: String, message: String)?)? = nil) throws -> Plan {
        var originals: [Int: OriginalContent] = [:]
        var fixedCount = 0
        for round in 0...maxRounds {
            let rewritten: [RoundOutcome.Rewrite]
            switch fixRound(project, selection: selection, policy: policy,
                            originals: originals.mapValues(\.digest), staging: staging, unwritable: unwritable) {
            case .converged(let final):
                Timings.note("fix: converged in round \(round + 1)")
                return Plan(project: project, originals: originals, fixedCount: fixedCount, final: final)
            case .rewritten(let files):
                rewritten = files
            case .failed(let problem):
                throw UsageError(problem)
            }
            if round == maxRounds { break }
            // The round's index is gone: each original is let go as its rewrite is scanned.
            let absolutePaths = project.absolutePaths, root = project.root
            let scanned = project.files.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let files = buffer  // each worker writes its own files only
                return parallelMap(Array(rewritten.indices)) { k -> (kept: [UInt8]?, problem: String?) in
                    let rewrite = rewritten[k], f = rewrite.file
                    guard let bytes = rewrite.bytes ?? staging?.content(f) else {
                        return (nil, "cannot read back the new content of \(files[f].path) from its temporary file; nothing written")
                    }
                    let kept = rewrite.originalDigest != nil && staging == nil ? files[f].bytes : nil
                    let original = files[f]
                    files[f] = perPathIgnores.applied(to: ProjectFile(path: files[f].path, bytes: bytes),
                                                      absolutePath: absolutePaths[f], root: root)
                    guard files[f].isUnderstood else {
                        return (kept, "internal error: the fix for \(files[f].path) produced text the lexer cannot read; nothing written")
                    }
                    // (Swift sources only: a manifest's or a build setting's target is a literal the fix
                    // raises. The original's tokens are read only then: a let-go file would lex again.)
                    let path = files[f].path
                    guard !path.hasSuffix(".swift") || path.hasSuffix("Package.swift") || Self.readsLiteralsAlike(original.source, files[f].source) else {
                        return (kept, "internal error: the fix for \(files[f].path) would change how a /.../ regex literal, a comment or a string there is read; nothing written")
                    }
                    return (kept, nil)
                }
            }
            for (k, result) in scanned.enumerated() {
                if let problem = result.problem { throw UsageError(problem) }
                let rewrite = rewritten[k]
                if let digest = rewrite.originalDigest { originals[rewrite.file] = OriginalContent(digest: digest, bytes: result.kept) }
                fixedCount += rewrite.fixed
            }
        }
        throw UsageError("the fixes did not converge after \(maxRounds) rounds; nothing written")
    }

    /// Whether a rewrite keeps its file's regex literals, comments and string literals (in any
    /// order: a pipeline made an observer moves some). Whether a `/` opens a regex literal
    /// depends on the token before it, which an edit may change (an import inserted above a
    /// file that opens with one); only a file with a regex literal on either side is compared.
    static func readsLiteralsAlike(_ before: SourceFile, _ after: SourceFile) -> Bool {
        let hasRegex = { (source: SourceFile) in source.sigTokens.contains { $0.kind == .regex } }
        guard hasRegex(before) || hasRegex(after) else { return true }
        func literals(_ source: SourceFile) -> [ArraySlice<UInt8>] {
            let tokens = source.sigTokens.filter { $0.kind == .regex || $0.kind == .string } + source.comments
            return tokens.map { source.bytes[Int($0.start)..<Int($0.end)] }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        return literals(before) == literals(after)
    }

    enum RoundOutcome {
        /// A file the round changed: its new content (nil when staged), how many fixes it
        /// took, and the digest of its original when this is its first change.
        struct Rewrite {
            var file: Int
            var bytes: [UInt8]?
            var fixed: Int
            var originalDigest: ContentDigest?
        }

        /// Nothing left to change: the analysis of the project as it is.
        case converged(Analysis)
        case rewritten([Rewrite])
        /// The round cannot be applied whole (see `fixRound`): why.
        case failed(String)
    }

    /// One round: the rules on every reported file, and their fixes applied in memory.
    /// Each file's findings and edits live only in the worker that applies them: memory holds
    /// one file's edits per core, never the whole project's. The index is released on return
    /// unless the round converged.
    static func fixRound(_ project: LoadedProject, selection: RuleSelection, policy: MigrationPolicy,
                         originals: [Int: ContentDigest], staging: StagedWrites?,
                         unwritable: ((Int) -> (reason: String, message: String)?)? = nil) -> RoundOutcome {
        let rules = Engine.enabledRules(selection)
        let index = Engine.settle(files: project.files, selection: selection, unusable: project.unusable,
                                  policy: policy, rewriting: Set(project.reported), unwritable: unwritable)
        let reported = project.reported, absolutePaths = project.absolutePaths
        let results = parallelMap(Array(reported.indices)) { k -> (rewrite: RoundOutcome.Rewrite?, findings: [Finding], overlap: String?) in
            let f = reported[k]
            let found = Engine.findings(in: f, index: index, rules: rules)
            guard index.files[f].isUnderstood else { return (nil, found, nil) }
            let edits = found.compactMap(\.fix).flatMap { $0 }
            guard !edits.isEmpty else { return (nil, found, nil) }
            let outcome = Fixer.apply(edits, to: index.files[f].bytes)
            // Edits that overlap are a defect of the rewrites: applying the others would leave a
            // migration half done (found by fuzzing a CRLF file), so the run writes nothing.
            if outcome.deferred > 0 {
                return (nil, found, "internal error: the fixes for \(index.files[f].path) overlap (\(outcome.deferred) could not be applied); nothing written")
            }
            guard outcome.bytes != index.files[f].bytes else { return (nil, found, nil) }
            let first = originals[f] == nil ? ContentDigest(index.files[f].bytes) : nil
            var rewrite = RoundOutcome.Rewrite(file: f, bytes: outcome.bytes, fixed: found.filter(\.isFixable).count, originalDigest: first)
            if let staging {
                staging.stageInBackground(f, FileWriter.PendingWrite(path: absolutePaths[f], bytes: outcome.bytes,
                                                                     expectedOriginal: first ?? originals[f]!))
                rewrite.bytes = nil
            }
            return (rewrite, [], nil)
        }
        staging?.finishStaging()
        if let overlap = results.lazy.compactMap(\.overlap).first { return .failed(overlap) }
        if results.allSatisfy({ $0.rewrite == nil }) {
            return .converged(Analysis(index: index, findings: results.map(\.findings), reported: reported))
        }
        return .rewritten(results.compactMap(\.rewrite))
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "fix")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        return try ReportFile.redirecting(parsed.last("--output"), console: console) { try run(parsed, console: $0) }
    }

    static func run(_ parsed: ParsedArguments, console: Console) throws -> Int32 {
        var parsed = parsed
        // `fix -`: standard input, fixed as the file named by --stdin-filename (as `check -`).
        var stdinOverride: [String: [UInt8]] = [:]
        var stdinPath: String? = nil
        if parsed.positionals.contains("-") {
            guard parsed.positionals == ["-"], !parsed.has("--write") else {
                throw UsageError("`-` (standard input) is fixed alone, without other PATHs or --write: the fixed text goes to standard output")
            }
            guard let bytes = console.standardInput() else { throw UsageError("cannot read standard input") }
            let name = parsed.last("--stdin-filename") ?? "stdin.swift"
            stdinPath = ProjectLoader.absolutePath(name, cwd: console.currentDirectory)
            stdinOverride[stdinPath!] = bytes
            parsed.positionals = [name]
        } else if parsed.last("--stdin-filename") != nil {
            throw UsageError("--stdin-filename goes with `fix -` (standard input)")
        }
        let options = try CommonOptions(parsed, currentDirectory: console.currentDirectory)
        let progress = ProgressLine(console: console, enabled: !options.quiet && stdinPath == nil)
        defer { progress.finish() }
        progress.update("reading Swift files")
        var (loaded, hadProblems) = Timings.measure("load") { () -> (LoadedProject?, Bool) in
            options.load(console: progress.console, overrides: stdinOverride)
        }
        if let stdinPath, let project = loaded {
            return try fixStandardInput(project, at: stdinPath, options: options, hadProblems: hadProblems, console: console)
        }
        progress.update("fixing \(ProgressLine.count(loaded?.files.count ?? 0)) files")
        // With --write, a file that cannot be written keeps the models whose migration edits it
        // (Engine.settle). The plan takes the loaded project over, so that a file's original is
        // let go once rewritten; from here on, `plan.project` is the project.
        let writing = parsed.has("--write")
        if writing, let loaded {
            // Before anything is staged: a run killed while writing left its temporary files.
            let folders = Array(Set(loaded.absolutePaths.map(\.deletingLastPathComponent))).sorted()
            let removed = TemporaryFiles.removeLeftovers(inFolders: folders)
            if removed > 0 {
                progress.console.note("removed \(removed) temporary file\(removed == 1 ? "" : "s") (.NAME.obs-migrate-N.tmp) left by an earlier run that did not finish")
            }
        }
        let staging = writing ? StagedWrites(root: loaded!.root) : nil
        defer { staging?.discard() }
        let writability = writing ? FileWriter.writability(absolutePaths: loaded!.absolutePaths, root: loaded!.root) : nil
        let plan = try Timings.measure("plan") {
            try FixCommand.plan(loaded.take()!, selection: options.selection, policy: options.policy,
                                perPathIgnores: options.perPathIgnores, staging: staging, unwritable: writability)
        }
        progress.finish()
        let project = plan.project
        let unwritable = plan.final.index.unwritableFiles.map { FileProblem(path: project.files[$0.file].path, message: $0.message) }
        if let message = project.changedDuringRun { throw UsageError(message + "; nothing written") }
        ProcessLifetime.keep(plan)
        let changed = plan.originals.keys.sorted { project.files[$0].path < project.files[$1].path }
        let left = options.severities.apply(Engine.diagnostics(plan.final))
        let failsOnLeft = left.contains(where: SeverityPolicy.fails)
        let style = TextReporter.Style(color: console.useColor(options.color), allNotes: options.showsAllNotes)

        guard parsed.has("--write") else {
            if options.format != .text {
                // What a person must do, located in the files as they are on disk, instead of the diff.
                let output = options.format.render(options.shown(FindingLocator.locateInOriginals(left, final: plan.final, original: plan.original,
                                                                                                  project: project), project: project), root: project.root)
                if !output.isEmpty { console.out(output) }
                if hadProblems { return ExitCode.error }
                return changed.isEmpty ? ExitCode.clean : ExitCode.findings
            }
            for f in changed {
                let path = project.files[f].path
                // Without --write the plan keeps the originals' bytes.
                console.out(UnifiedDiff.diff(old: plan.originals[f]!.bytes!, new: project.files[f].bytes,
                                             oldName: path, newName: path), terminator: false)
            }
            // What the migration changes in behaviour is said with the diff, at its place on disk;
            // so is a suppression comment not understood, since the diff may change what it meant to keep.
            let behaviourChanges = left.filter { Engine.behaviourChangeCodes.contains($0.finding.code) }
            let unreadSuppressions = left.filter { $0.finding.code == InvalidSuppression.code }
            for located in FindingLocator.locateInOriginals(behaviourChanges + unreadSuppressions, final: plan.final,
                                                            original: plan.original, project: project)
                .sorted(by: { ($0.diagnostic.path, $0.diagnostic.line, $0.diagnostic.column) < ($1.diagnostic.path, $1.diagnostic.line, $1.diagnostic.column) }) {
                console.out(TextReporter.line(located.diagnostic, style: style))
            }
            if !options.quiet, !(hadProblems && changed.isEmpty && left.isEmpty) {
                let files = changed.count
                console.out(files == 0
                    ? "Nothing to fix." + (left.isEmpty ? "" : " \(left.count) issue\(left.count == 1 ? " needs" : "s need") a person (see `obs-migrate check`).")
                    : "Would fix \(plan.fixedCount) issue\(plan.fixedCount == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"); run `obs-migrate fix --write\(options.policy.bumpsLowTargets ? " --bump-deployment-target" : "")` to apply."
                      + (left.isEmpty ? "" : " \(left.count) would be left for a person"
                         + Self.listedAbove(behaviourChanges: behaviourChanges.count, unreadSuppressions: unreadSuppressions.count)))
            }
            if hadProblems { return ExitCode.error }
            return changed.isEmpty ? ExitCode.clean : ExitCode.findings
        }

        for line in Self.failureLines(unwritable.map { ($0.path, $0.message) }) { console.error(line) }
        var failed = !unwritable.isEmpty
        var written: [String] = []
        // All files or none: a migration written to some files only would not compile.
        let failures = Timings.measure("write") { staging!.commit(changed) }
        // One line per kind of failure: a run that loses to another one changing the same files
        // would otherwise print a line for every file of the project.
        var writeFailures: [(path: String, message: String)] = []
        for f in changed {
            if let failure = failures[f] {
                writeFailures.append((project.files[f].path, failure.message))
                failed = true
            } else {
                written.append(project.files[f].path)
            }
        }
        let failureLines = Self.failureLines(writeFailures)
        for line in failureLines { console.error(line) }
        if options.format != .text {
            let output = options.format.render(options.shown(FindingLocator.locate(left, analysis: plan.final, project: project), project: project),
                                               root: project.root)
            if !output.isEmpty { console.out(output) }
            if hadProblems || failed { return ExitCode.error }
            return failsOnLeft ? ExitCode.findings : ExitCode.clean
        }
        if !options.quiet {
            for path in written { console.out("fixed \(path)") }
        }
        for d in left { console.out(TextReporter.line(d, style: style)) }
        if !options.quiet {
            var text = written.isEmpty && failed
                ? "Nothing was written (see the error\(failureLines.count == 1 ? "" : "s") above)."
                : "Fixed \(plan.fixedCount) issue\(plan.fixedCount == 1 ? "" : "s") in \(written.count) file\(written.count == 1 ? "" : "s")."
            if !left.isEmpty { text += " \(left.count) left for a person (listed above)." }
            let informational = left.count { !SeverityPolicy.fails($0) }
            if informational > 0 {
                text += " \(informational) of them \(informational == 1 ? "is info and does" : "are info and do") not fail the run."
            }
            console.out(text)
        }
        if hadProblems || failed { return ExitCode.error }
        return failsOnLeft ? ExitCode.findings : ExitCode.clean
    }

    /// The end of the diff's summary: what it listed above.
    static func listedAbove(behaviourChanges: Int, unreadSuppressions: Int) -> String {
        var parts: [String] = []
        if behaviourChanges > 0 { parts.append("\(behaviourChanges) warning\(behaviourChanges == 1 ? "" : "s") about behaviour") }
        if unreadSuppressions > 0 {
            parts.append("\(unreadSuppressions) suppression comment\(unreadSuppressions == 1 ? "" : "s") that suppress\(unreadSuppressions == 1 ? "es" : "") nothing")
        }
        return parts.isEmpty ? "." : ", with " + parts.joined(separator: " and ") + " (listed above)."
    }

    /// `fix -`: the fixed text of standard input's file on standard output, what is left for a
    /// person on standard error; nothing is written.
    static func fixStandardInput(_ project: LoadedProject, at path: String, options: CommonOptions, hadProblems: Bool,
                                 console: Console) throws -> Int32 {
        guard let f = project.absolutePaths.firstIndex(of: path) else { throw UsageError("cannot read standard input as \(path)") }
        let plan = try FixCommand.plan(project, selection: options.selection, policy: options.policy, perPathIgnores: options.perPathIgnores)
        // `out` ends what it writes with a newline: the file's own last one is left to it (a CR
        // before it stays, so CRLF survives).
        var fixed = plan.project.files[f].bytes
        if fixed.last == 0x0A { fixed.removeLast() }
        console.out(String(decoding: fixed, as: UTF8.self))
        let left = options.severities.apply(Engine.diagnostics(plan.final).filter { $0.finding.file == f })
        for d in left { console.err(TextReporter.line(d, style: TextReporter.Style(color: false))) }
        if hadProblems { return ExitCode.error }
        return left.contains(where: SeverityPolicy.fails) ? ExitCode.findings : ExitCode.clean
    }

    /// One line per file while few share a failure; past `listedFailures`, one line per kind
    /// of failure, so a run that loses to another one does not print a line for every file.
    static func failureLines(_ failures: [(path: String, message: String)], listedFailures: Int = 3) -> [String] {
        var pathsByMessage: [String: [String]] = [:]
        var messages: [String] = []
        for failure in failures {
            if pathsByMessage[failure.message] == nil { messages.append(failure.message) }
            pathsByMessage[failure.message, default: []].append(failure.path)
        }
        return messages.flatMap { message -> [String] in
            let paths = pathsByMessage[message]!
            if paths.count <= listedFailures { return paths.map { "\($0): \(message)" } }
            let named = paths.prefix(listedFailures).joined(separator: ", ")
            return ["\(paths.count) files (\(named) and \(paths.count - listedFailures) more): \(message)"]
        }
    }
}

extension Console {
    /// Writes text that already ends with its own newline.
    func out(_ text: String, terminator: Bool) {
        guard !text.isEmpty else { return }
        out(terminator ? text : String(text.dropLast()))
    }
}
