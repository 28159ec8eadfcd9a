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

// MARK: - Findings located for machine-readable output

/// A position in a file: 1-based line, 1-based column counted in UTF-8 bytes (as the text
/// output and swiftc count), and the same column counted in UTF-16 code units (for SARIF).
public struct SourcePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var utf16Column: Int
}

/// One edit of a fix: the original text from `start` to `end` is replaced with `content`.
public struct LocatedEdit: Sendable, Equatable {
    public var start: SourcePosition
    public var end: SourcePosition
    public var content: String
}

/// A finding with everything the machine-readable reporters print.
public struct ReportedFinding: Sendable {
    /// As the text output prints it (path relative to the working directory when inside it).
    public var diagnostic: Diagnostic
    /// Relative to the project root with `/` separators; absolute when the file is outside it.
    public var projectPath: String
    public var isInsideRoot: Bool
    public var start: SourcePosition
    public var end: SourcePosition
    /// The fix's edits in the file as it is on disk; nil when there is no fix (or, in `fix`'s
    /// diff mode, when the edits would apply to text that is not on disk).
    public var edits: [LocatedEdit]?
    /// The content of the finding's first line, blanks trimmed: what identifies it across edits
    /// elsewhere in the file (the baseline's and Code Climate's fingerprints).
    public var lineContent: String = ""

    public var code: String { diagnostic.finding.code }
    public var name: String { diagnostic.finding.ruleName }
    public var severity: Severity { diagnostic.finding.severity }
    public var message: String { diagnostic.finding.message }
    public var fixable: Bool { diagnostic.finding.isFixable }
}

/// Byte offsets → positions in one file's bytes.
struct PositionTable {
    let bytes: [UInt8]
    let lines: LineTable

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineTable(bytes)
    }

    var lineCount: Int { lines.starts.count }

    func lineStart(_ line: Int) -> Int { lines.starts[max(0, min(line - 1, lines.starts.count - 1))] }

    /// Bytes of a line without its terminator.
    func lineLength(_ line: Int) -> Int {
        let start = lineStart(line)
        var end = line < lines.starts.count ? lines.starts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end - start
    }

    func position(of offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        let (line, column) = lines.location(of: offset)
        let start = lineStart(line)
        let utf16 = String(decoding: bytes[start..<offset], as: UTF8.self).utf16.count
        return SourcePosition(line: line, column: column, utf16Column: utf16 + 1)
    }
}

public enum FindingLocator {
    /// The findings of an analysis, located in the files that analysis read (for `check`, and
    /// for `fix --write`, whose final analysis is of the files as written).
    public static func locate(_ diagnostics: [Diagnostic], analysis: Analysis, project: LoadedProject) -> [ReportedFinding] {
        var tables: [Int: PositionTable] = [:]
        return diagnostics.map { d in
            let f = d.finding.file
            let table = tables[f] ?? PositionTable(analysis.index.files[f].bytes)
            tables[f] = table
            let (path, inside) = projectPath(file: f, project: project)
            let edits = d.finding.fix.map { edits in
                edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }.map {
                    LocatedEdit(start: table.position(of: $0.range.lowerBound), end: table.position(of: $0.range.upperBound),
                                content: $0.replacement)
                }
            }
            var located = ReportedFinding(diagnostic: d, projectPath: path, isInsideRoot: inside,
                                          start: table.position(of: d.finding.range.lowerBound),
                                          end: table.position(of: d.finding.range.upperBound), edits: edits)
            located.lineContent = Baseline.entry(path: path, code: d.finding.code, bytes: table.bytes, offset: d.finding.range.lowerBound).line
            return located
        }
    }

    /// The findings of the final state of an in-memory fix, located in the files as they still
    /// are on disk (`fix` without `--write`): a line the fix kept maps to its original line, a
    /// line it changed to the original line at the same place in the diff. Sites quoted in
    /// messages (`at Models/Search.swift:12:9`) are mapped the same way. Fix edits are left out:
    /// they would apply to the fixed text, not to the file on disk.
    public static func locateInOriginals(_ diagnostics: [Diagnostic], final analysis: Analysis, original: [Int: [UInt8]],
                                         project: LoadedProject) -> [ReportedFinding] {
        var located = locate(diagnostics, analysis: analysis, project: project)
        guard !original.isEmpty else { return located }
        let mappers = original.map { f, old in
            (path: analysis.index.files[f].path, file: f, mapper: LineMapper(old: old, new: analysis.index.files[f].bytes))
        }
        for k in located.indices {
            let f = located[k].diagnostic.finding.file
            if let mapper = mappers.first(where: { $0.file == f })?.mapper {
                let start = mapper.map(located[k].start)
                var end = mapper.map(located[k].end)
                if (end.line, end.column) < (start.line, start.column) { end = start }
                located[k].start = start
                located[k].end = end
                located[k].diagnostic.line = start.line
                located[k].diagnostic.column = start.column
                located[k].diagnostic.endLine = end.line
                located[k].diagnostic.endColumn = end.column
                located[k].edits = nil
            }
            for (path, _, mapper) in mappers where located[k].diagnostic.finding.message.contains(path + ":") {
                located[k].diagnostic.finding.message = mapper.mapSites(of: path, in: located[k].diagnostic.finding.message)
            }
            for n in located[k].diagnostic.finding.notes.indices {
                guard let path = located[k].diagnostic.finding.notes[n].path,
                      let mapper = mappers.first(where: { $0.path == path })?.mapper else { continue }
                let p = mapper.map(line: located[k].diagnostic.finding.notes[n].line, column: located[k].diagnostic.finding.notes[n].column)
                located[k].diagnostic.finding.notes[n].line = p.line
                located[k].diagnostic.finding.notes[n].column = p.column
            }
        }
        return located.sorted { ($0.diagnostic.path, $0.start.line, $0.start.column, $0.code) < ($1.diagnostic.path, $1.start.line, $1.start.column, $1.code) }
    }

    /// Positions in a fixed text → positions in the original.
    struct LineMapper {
        let table: PositionTable
        let lines: [(line: Int, kept: Bool)]

        init(old: [UInt8], new: [UInt8]) {
            table = PositionTable(old)
            lines = FindingLocator.lineMap(old: old, new: new)
        }

        func map(_ p: SourcePosition) -> SourcePosition { map(line: p.line, column: p.column) }

        func map(line: Int, column: Int) -> SourcePosition {
            let target = lines[max(0, min(line - 1, lines.count - 1))]
            let column = target.kept ? column : min(column, table.lineLength(target.line) + 1)
            return table.position(of: table.lineStart(target.line) + column - 1)
        }

        /// Rewrites `PATH:LINE:COLUMN` in a message (PATH not preceded by more of a path).
        func mapSites(of path: String, in message: String) -> String {
            var out = ""
            var rest = Substring(message)
            let pathChars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-")
            while let found = rest.firstRangeOfText(path + ":") {
                out += rest[..<found.lowerBound]
                let standalone = out.last.map { !pathChars.contains($0) } ?? true
                var tail = rest[found.upperBound...]
                let line = tail.prefix { $0.isASCII && $0.isNumber }
                tail = tail.dropFirst(line.count)
                if standalone, !line.isEmpty, tail.first == ":", case let columnText = tail.dropFirst().prefix(while: { $0.isASCII && $0.isNumber }),
                   !columnText.isEmpty, let l = Int(line), let c = Int(columnText) {
                    let p = map(line: l, column: c)
                    out += "\(path):\(p.line):\(p.column)"
                    rest = tail.dropFirst(1 + columnText.count)
                } else {
                    out += rest[found]
                    rest = rest[found.upperBound...]
                }
            }
            return out + rest
        }
    }

    /// For each line of `new` (index 0 = line 1): the 1-based line of `old` it came from, and
    /// whether it is unchanged.
    static func lineMap(old: [UInt8], new: [UInt8]) -> [(line: Int, kept: Bool)] {
        let a = UnifiedDiff.Lines(old), b = UnifiedDiff.Lines(new)
        var map = [(line: Int, kept: Bool)](repeating: (1, false), count: max(b.count, 1))
        let lastOld = max(a.count, 1)
        // A run of changes pairs its k-th inserted line with its k-th deleted one (the last when
        // fewer were deleted); a pure insertion maps to the original line that follows it.
        var deleted: [Int] = [], inserted: [(i: Int, j: Int)] = []
        func flush() {
            for (k, entry) in inserted.enumerated() {
                let line = deleted.isEmpty ? entry.i : deleted[min(k, deleted.count - 1)]
                map[entry.j] = (min(line + 1, lastOld), false)
            }
            deleted.removeAll()
            inserted.removeAll()
        }
        for step in UnifiedDiff.editScript(a, b) {
            switch step.tag {
            case .delete: deleted.append(Int(step.a))
            case .insert: inserted.append((Int(step.a), Int(step.b)))
            case .keep:
                flush()
                map[Int(step.b)] = (Int(step.a) + 1, true)
            }
        }
        flush()
        // A file ending with a line break has one more (empty) line in LineTable's count.
        map.append((lastOld + (old.last == 0x0A || old.last == 0x0D ? 1 : 0), new.last == 0x0A || new.last == 0x0D))
        return map
    }

    package static func projectPath(file f: Int, project: LoadedProject) -> (String, Bool) {
        let absolute = project.absolutePaths[f]
        let root = project.root.hasSuffix("/") ? project.root : project.root + "/"
        if absolute.hasPrefix(root) { return (String(absolute.dropFirst(root.count)), true) }
        return (absolute, false)
    }
}

// MARK: - JSON reporter

/// `--format json`: one array of findings (see docs/output-and-config.md for the fields).
public enum JSONReporter {
    public static func value(_ f: ReportedFinding) -> JSONValue {
        let fix: JSONValue = f.edits.map { edits in
            .obj(["edits": .array(edits.map { e in
                .obj(["start_line": .int(e.start.line), "start_column": .int(e.start.column),
                      "end_line": .int(e.end.line), "end_column": .int(e.end.column), "content": .string(e.content)])
            })])
        } ?? .null
        return .obj([
            "path": .string(f.diagnostic.path),
            "line": .int(f.start.line), "column": .int(f.start.column),
            "end_line": .int(f.end.line), "end_column": .int(f.end.column),
            "code": .string(f.code), "name": .string(f.name), "severity": .string(f.severity.rawValue),
            "message": .string(f.message), "fixable": .bool(f.fixable), "fix": fix,
            "notes": .array(notes(f).map { n in
                .obj(["message": .string(n.message), "path": .string(n.path), "line": .int(n.line), "column": .int(n.column)])
            }),
        ])
    }

    /// The finding's notes, each at its own place or the finding's.
    static func notes(_ f: ReportedFinding) -> [(message: String, path: String, line: Int, column: Int)] {
        f.diagnostic.finding.notes.map { n in
            n.path == nil ? (n.message, f.diagnostic.path, f.start.line, f.start.column) : (n.message, n.path!, n.line, n.column)
        }
    }

    public static func render(_ findings: [ReportedFinding]) -> String {
        JSONValue.array(findings.map(value)).encoded()
    }

    /// `--statistics --format json`: one object per rule with findings, by code.
    public static func statistics(_ diagnostics: [Diagnostic]) -> String {
        let groups = Dictionary(grouping: diagnostics, by: { $0.finding.code }).sorted { $0.key < $1.key }
        return JSONValue.array(groups.map { code, items in
            .obj(["code": .string(code), "name": .string(items[0].finding.ruleName), "count": .int(items.count),
                  "fixable": .int(items.filter { $0.finding.isFixable }.count)])
        }).encoded()
    }
}
