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

/// Which rules report, by code or name.
public struct RuleSelection: Sendable {
    public var select: [String]
    public var ignore: [String]

    public init(select: [String] = [], ignore: [String] = []) {
        self.select = select
        self.ignore = ignore
    }

    public func isEnabled(_ m: RuleMetadata) -> Bool {
        func matches(_ key: String) -> Bool {
            m.codeMatches(key) || key == m.name || key.uppercased() == "ALL"
                || (key.count < m.code.count && m.code.hasPrefix(key.uppercased()))  // `OBS1` selects OBS1xx
        }
        if !select.isEmpty, !select.contains(where: matches) { return false }
        return !ignore.contains(where: matches)
    }
}

/// A finding, located for output.
public struct Diagnostic: Sendable {
    public var finding: Finding
    public var path: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
}

/// The result of analysing a project: the index with every decision, and the findings of the
/// reported files.
public struct Analysis: Sendable {
    public var index: ProjectIndex
    public var findings: [[Finding]]  // per reported file, parallel to `reported`
    public var reported: [Int]

    package init(index: ProjectIndex, findings: [[Finding]], reported: [Int]) {
        self.index = index
        self.findings = findings
        self.reported = reported
    }
}

public enum Engine {
    /// The rules whose findings are behaviour the migration changes (see `RuleMetadata.reportsBehaviourChange`).
    public static let behaviourChangeCodes: Set<String> = Set(RuleRegistry.all.filter(\.metadata.reportsBehaviourChange).map(\.metadata.code))
    public static let fixRuleCodes: Set<String> = Set(RuleRegistry.all.filter { $0.metadata.fix != .never }.map(\.metadata.code))

    /// Builds the index, settles the decisions that suppressions, deselected rules and unusable
    /// files impose, and runs the rules on the reported files.
    /// `rewriting`: when only some files will be rewritten (`fix` on some paths), a model
    /// migrates only if every file its migration edits is among them.
    public static func analyze(files: [ProjectFile], reported: [Int], selection: RuleSelection,
                               unusable: [(path: String, bytes: [UInt8]?, reason: String)] = [],
                               policy: MigrationPolicy = MigrationPolicy(), rewriting: Set<Int>? = nil) -> Analysis {
        let index = settle(files: files, selection: selection, unusable: unusable,
                           policy: policy, rewriting: rewriting)
        let rules = enabledRules(selection)
        let findings = Timings.measure("rules") {
            parallelMap(reported) { f in Engine.findings(in: f, index: index, rules: rules) }
        }
        return Analysis(index: index, findings: findings, reported: reported)
    }

    package static func enabledRules(_ selection: RuleSelection) -> [any Rule] {
        RuleRegistry.all.filter { selection.isEnabled($0.metadata) }
    }

    /// The index with every decision taken: what `analyze` knows before it runs the rules.
    /// `unwritable` (`fix --write`): why file f cannot be written (a short reason, and the
    /// message that reports it), or nil when it can. A model whose migration edits such a file
    /// stays, as for a file outside the run; the index lists the files that kept one.
    public static func settle(files: [ProjectFile], selection: RuleSelection,
                              unusable: [(path: String, bytes: [UInt8]?, reason: String)] = [],
                              policy: MigrationPolicy = MigrationPolicy(), rewriting: Set<Int>? = nil,
                              unwritable: ((Int) -> (reason: String, message: String)?)? = nil) -> ProjectIndex {
        var index = Timings.measure("index") { ProjectIndex(files: files, policy: policy) }
        Timings.note("types: \(index.declared.count) names, \(index.bySimpleName.count) simple names, \(index.extensionsOf.count) extended")
        Timings.note("files whose tokens were let go: \(files.filter(\.tokensDropped).count) of \(files.count), lexed again: \(ProjectFile.lexedAgain)")
        Timings.measure("settle: unusable files") { index.addBlockers(blockersFromUnusable(unusable, index: index)) }
        index.unusableFiles = unusable
        if let rewriting, rewriting.count < files.count {
            var outside: [String: [Blocker]] = [:]
            for (name, touched) in index.filesTouchedByMigration() {
                guard let other = touched.filter({ !rewriting.contains($0) }).min() else { continue }
                outside[name] = [Blocker(.editsFileOutsideRun(path: files[other].path), site: nil)]
            }
            Timings.measure("settle: files outside the run") { index.addBlockers(outside) }
        }
        let fixRules = RuleRegistry.all.filter { $0.metadata.fix != .never }
        let deselected = fixRules.contains { !selection.isEnabled($0.metadata) }
        let candidates = deselected ? Array(files.indices) : files.indices.filter { !files[$0].suppressions.isEmpty }
        // A fix that may not be applied blocks its model everywhere; repeat until stable.
        for round in 0..<8 where !candidates.isEmpty {
            let current = index
            let extra = parallelMap(candidates) { f -> [String: [Blocker]] in
                let index = current
                var out: [String: [Blocker]] = [:]
                guard index.mayReport(f) else { return out }
                let context = RuleContext(index: index, fileIndex: f)
                var table: LineTable? = nil
                for rule in fixRules {
                    for finding in rule.check(context) where finding.fix != nil {
                        guard let model = finding.model, index.models[model] != nil else { continue }
                        if table == nil { table = files[f].lineTable }
                        let line = table!.location(of: finding.range.lowerBound).line
                        let suppressed = files[f].suppressions.suppresses(code: rule.metadata.code, name: rule.metadata.name, line: line)
                        if suppressed || !selection.isEnabled(rule.metadata) {
                            let byComment = files[f].suppressions.suppressedByComment(code: rule.metadata.code, name: rule.metadata.name, line: line)
                            let code = rule.metadata.code
                            let why: BlockReason = !suppressed ? .fixNotSelected(code: code)
                                : byComment ? .fixSuppressedByComment(code: code) : .fixIgnoredByConfiguration(code: code)
                            out[model, default: []].append(Blocker(why, site: Site(file: f, offset: finding.range.lowerBound)))
                        }
                    }
                }
                return out
            }
            var merged: [String: [Blocker]] = [:]
            for dict in extra { for (k, v) in dict where index.models[k]?.migrates ?? false { merged[k, default: []] += v } }
            Timings.note("settle: suppression round \(round + 1) blocked \(merged.count)")
            if merged.isEmpty { break }
            index.addBlockers(merged)
        }
        // Last, so that only files the migration still edits are checked and reported. Blocking
        // only takes edits away, so no decision above needs taking again.
        if let unwritable { Timings.measure("settle: unwritable files") { blockUnwritable(&index, unwritable) } }
        return index
    }

    /// Keeps each model whose migration edits a file that cannot be written, leaves alone the
    /// deployment targets set in such a file, and lists those files on the index
    /// (`unwritableFiles`), each checked once.
    static func blockUnwritable(_ index: inout ProjectIndex, _ unwritable: (Int) -> (reason: String, message: String)?) {
        var checked: [Int: (reason: String, message: String)?] = [:]
        var blockers: [String: [Blocker]] = [:]
        var keptOne: Set<Int> = []
        for (name, touched) in index.filesTouchedByMigration() where index.models[name]!.migrates {
            for f in touched.sorted() {
                if checked[f] == nil { checked[f] = .some(unwritable(f)) }
                guard let problem = checked[f]! else { continue }
                keptOne.insert(f)
                if blockers[name] == nil {
                    blockers[name] = [Blocker(.editsUnwritableFile(path: index.files[f].path, why: problem.reason), site: nil)]
                }
            }
        }
        // A target is raised alongside the others even when none of its models migrates (or it
        // holds none): where its file cannot be written, it is left as it is, and reported. (The
        // models it holds stay: their migration edits that file.)
        if index.bumpsLowTargets {
            for t in index.lowDeploymentTargets.indices {
                let f = index.lowDeploymentTargets[t].site.file
                if checked[f] == nil { checked[f] = .some(unwritable(f)) }
                guard let problem = checked[f]! else { continue }
                index.lowDeploymentTargets[t].unwritable = problem.reason
                keptOne.insert(f)
            }
        }
        index.unwritableFiles = keptOne.map { (file: $0, message: checked[$0]!!.message) }
            .sorted { index.files[$0.file].path < index.files[$1.file].path }
        index.addBlockers(blockers)
    }

    /// One file's findings, suppressions applied, in source order.
    /// From this size a file's rules run in parallel.
    static let parallelRulesBytes = 1 << 20

    public static func findings(in f: Int, index: ProjectIndex, rules: [any Rule]) -> [Finding] {
        let file = index.files[f]
        // A file where no rule can report may still have obs-migrate: comments to check
        // (OBS301, OBS302); its tokens stay let go.
        let rulesMayReport = index.mayReport(f)
        guard rulesMayReport || !file.suppressions.comments.isEmpty else { return [] }
        let context = RuleContext(index: index, fileIndex: f)
        var result: [Finding] = []
        var table: LineTable? = nil
        // A big file runs its rules on both cores: a project of one huge file has nothing
        // else to run in parallel. (Rule order is kept, so the output is the same.)
        let perRule = !rulesMayReport ? []
            : file.bytes.count >= Self.parallelRulesBytes
            ? parallelMap(Array(rules.indices)) { rules[$0].check(context) }
            : rules.map { $0.check(context) }
        // Which comments covered a finding: a comment that covered none is reported (OBS302).
        var covered: Set<Suppressions.KeyRef> = []
        for found in perRule {
            for finding in found {
                if !file.suppressions.isEmpty {
                    if table == nil { table = file.lineTable }
                    let line = table!.location(of: finding.range.lowerBound).line
                    let keys = file.suppressions.covering(code: finding.code, name: finding.ruleName, line: line)
                    covered.formUnion(keys)
                    if !keys.isEmpty || file.suppressions.ignoredByConfiguration(code: finding.code, name: finding.ruleName) { continue }
                }
                result.append(finding)
            }
        }
        if !file.suppressions.comments.isEmpty {
            let usage = SuppressionUsage(covered: covered, ranCodes: Set(rules.map(\.metadata.code)))
            for case let rule as any SuppressionRule in rules {
                for finding in rule.check(context, usage: usage) {
                    if table == nil { table = file.lineTable }
                    let line = table!.location(of: finding.range.lowerBound).line
                    if !file.suppressions.suppressesByName(code: finding.code, name: finding.ruleName, line: line) { result.append(finding) }
                }
            }
        }
        return result.sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }

    /// A file that could not be read or understood may hide uses of any model named in it.
    static func blockersFromUnusable(_ unusable: [(path: String, bytes: [UInt8]?, reason: String)],
                                     index: ProjectIndex) -> [String: [Blocker]] {
        var result: [String: [Blocker]] = [:]
        guard !unusable.isEmpty else { return result }
        // Each name's bytes made once, searched with memmem (the generic search took 0.17 s for
        // two files against a real tree's models).
        let needles = index.models.map { (name: $0.key, bytes: Array($0.value.simpleName.utf8)) }
        for item in unusable {
            for (name, needle) in needles {
                let named: Bool
                if let bytes = item.bytes {
                    named = needle.isEmpty || ByteSearch.firstOffset(of: needle, in: bytes, range: bytes.indices) != nil
                } else {
                    named = true  // unreadable: anything may be in it
                }
                if named { result[name, default: []].append(Blocker(.fileUnusable(path: item.path, why: item.reason), site: nil)) }
            }
        }
        return result
    }

    /// Locates findings for output (1-based line and UTF-8 column), ordered by path, line,
    /// column and code. Each file's findings are already in source order, so only the files
    /// are sorted; files are located in parallel.
    public static func diagnostics(_ analysis: Analysis) -> [Diagnostic] {
        let withFindings = analysis.reported.indices.filter { !analysis.findings[$0].isEmpty }
        let perFile = parallelMap(withFindings) { k -> [Diagnostic] in
            locate(analysis.findings[k], in: analysis.index.files[analysis.reported[k]])
        }
        let order = perFile.indices.sorted { perFile[$0][0].path < perFile[$1][0].path }
        var out: [Diagnostic] = []
        out.reserveCapacity(perFile.reduce(0) { $0 + $1.count })
        for k in order { out += perFile[k] }
        return out
    }

    /// One file's findings located, ordered by line, column and code.
    static func locate(_ findings: [Finding], in source: ProjectFile) -> [Diagnostic] {
        let table = source.lineTable
        return findings.map { finding in
            let (line, column) = table.location(of: finding.range.lowerBound)
            let (endLine, endColumn) = table.location(of: finding.range.upperBound)
            return Diagnostic(finding: finding, path: source.path, line: line, column: column,
                              endLine: endLine, endColumn: endColumn)
        }.sorted { ($0.line, $0.column, $0.finding.code) < ($1.line, $1.column, $1.finding.code) }
    }

    /// Files per round of `streamDiagnostics`: enough to keep both cores busy, few enough that
    /// a round's findings stay small.
    static let streamChunk = 128

    /// What `analyze` and `diagnostics` give, handed over in the same order (by path, then
    /// position) a round of files at a time, so only one round's findings are ever alive.
    /// The rules, locating and `transform` (rendering, say) run on all cores; `deliver` runs
    /// on the caller's thread, once per file with findings.
    public static func streamDiagnostics<T: Sendable>(index: ProjectIndex, reported: [Int], selection: RuleSelection,
                                                      transform: @Sendable ([Diagnostic]) -> T, deliver: (T) -> Void) {
        let rules = enabledRules(selection)
        let order = reported.sorted { index.files[$0].path < index.files[$1].path }
        var from = 0
        while from < order.count {
            let round = Array(order[from..<min(from + streamChunk, order.count)])
            from += round.count
            let results = parallelMap(Array(round.indices)) { k -> T? in
                let found = findings(in: round[k], index: index, rules: rules)
                return found.isEmpty ? nil : transform(locate(found, in: index.files[round[k]]))
            }
            for case let result? in results { deliver(result) }
        }
    }
}

