import ObsMigrateCore

/// `path:line:col: severity: message [CODE]`, the format swiftc and Xcode use, then a summary.
public enum TextReporter {
    public struct Style: Sendable {
        public var color: Bool
        /// Every note at its own place (`--show-all-notes`); by default a finding's notes of
        /// one message are one note at the first place, with the count.
        public var allNotes: Bool
        public init(color: Bool, allNotes: Bool = false) {
            self.color = color
            self.allNotes = allNotes
        }
    }

    /// A finding's notes as printed: each message once, at its first place, in the order of
    /// first places (the reasons a person acts on first stay first), with how many places it
    /// has; all of them, each with a count of 1, when `all`.
    static func groupedNotes(_ notes: [FindingNote], all: Bool) -> [(note: FindingNote, count: Int)] {
        guard !all, notes.count > 1 else { return notes.map { ($0, 1) } }
        var result: [(note: FindingNote, count: Int)] = []
        var position: [String: Int] = [:]
        for note in notes {
            if let k = position[note.message] {
                result[k].count += 1
            } else {
                position[note.message] = result.count
                result.append((note, 1))
            }
        }
        return result
    }

    public static func line(_ d: Diagnostic, style: Style = Style(color: false)) -> String {
        lines([d], style: style)
    }

    /// The diagnostics' lines joined by newlines (no newline after the last). Written as bytes
    /// into one buffer: a large project prints tens of thousands of lines, and interpolating
    /// each (a String per part) cost several times as much.
    public static func lines(_ diagnostics: [Diagnostic], style: Style = Style(color: false)) -> String {
        var out = TextBuffer()
        out.bytes.reserveCapacity(diagnostics.count * 160)
        for k in diagnostics.indices {  // by index: a diagnostic copied whole retains each of its strings
            if k > 0 { out.write("\n") }
            out.paint(style, "1") {
                $0.write(diagnostics[k].path)
                $0.write(":")
                $0.write(diagnostics[k].line)
                $0.write(":")
                $0.write(diagnostics[k].column)
                $0.write(":")
            }
            out.write(" ")
            switch diagnostics[k].finding.severity {
            case .error: out.paint(style, "1;31") { $0.write("error") }
            case .warning: out.paint(style, "1;33") { $0.write("warning") }
            case .info: out.paint(style, "1;34") { $0.write("info") }
            }
            out.write(": ")
            out.write(diagnostics[k].finding.message)
            out.write(" [")
            out.paint(style, "36") { $0.write(diagnostics[k].finding.code) }
            out.write("]")
            // swiftc's form: `path:line:col: note: message`, at the note's place or the finding's.
            for (note, count) in groupedNotes(diagnostics[k].finding.notes, all: style.allNotes) {
                out.write("\n")
                out.paint(style, "1") {
                    if let path = note.path {
                        $0.write(path); $0.write(":"); $0.write(note.line); $0.write(":"); $0.write(note.column)
                    } else {
                        $0.write(diagnostics[k].path); $0.write(":"); $0.write(diagnostics[k].line); $0.write(":"); $0.write(diagnostics[k].column)
                    }
                    $0.write(":")
                }
                out.write(" ")
                out.paint(style, "1;30") { $0.write("note") }
                out.write(": ")
                out.write(note.message)
                if count > 1 {
                    out.write(" (at ")
                    out.write(count)
                    out.write(" places; --show-all-notes lists them)")
                }
            }
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Text built as UTF-8 bytes.
    struct TextBuffer {
        var bytes: [UInt8] = []

        mutating func write(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func write(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// A non-negative number in decimal.
        mutating func write(_ number: Int) {
            guard number > 0 else { bytes.append(UInt8(ascii: "0")); return }
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, more than Int has
            var count = 0
            var rest = UInt(number)
            withUnsafeMutableBytes(of: &digits) { buffer in
                while rest > 0 {
                    count += 1
                    buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                bytes.append(contentsOf: buffer[(buffer.count - count)...])
            }
        }

        /// `body`'s text wrapped in an ANSI SGR colour code when the style has colour.
        mutating func paint(_ style: Style, _ code: StaticString, _ body: (inout TextBuffer) -> Void) {
            guard style.color else { return body(&self) }
            write("\u{1B}[")
            write(code)
            write("m")
            body(&self)
            write("\u{1B}[0m")
        }
    }

    /// Counts for the closing line and `--statistics`, added up as findings stream past.
    public struct Tally: Sendable {
        public struct Rule: Sendable { var name: String; var count = 0; var fixable = 0 }
        var byCode: [String: Rule] = [:]
        public private(set) var total = 0
        var fixable = 0
        /// Findings a project made `info`: reported, but they do not fail the run.
        public private(set) var informational = 0
        var files = Set<String>()

        public init() {}

        /// Runs on the thread that writes the output, once per file: by index (a diagnostic
        /// copied whole retains each of its strings), and each path hashed once per run of it.
        public mutating func add(_ diagnostics: [Diagnostic]) {
            var lastPath: String? = nil
            for k in diagnostics.indices {
                total += 1
                if diagnostics[k].finding.severity == .info { informational += 1 }
                let code = diagnostics[k].finding.code
                byCode[code, default: Rule(name: diagnostics[k].finding.ruleName)].count += 1
                if diagnostics[k].finding.isFixable {
                    fixable += 1
                    byCode[code]!.fixable += 1
                }
                if diagnostics[k].path != lastPath {
                    lastPath = diagnostics[k].path
                    files.insert(diagnostics[k].path)
                }
            }
        }
    }

    /// One closing line: counts by rule, how many are fixable, and the command that fixes them.
    /// `failed`: the paths that could not be checked (their errors are printed already): with
    /// none checked there is nothing to sum up, and "no patterns found" is never said of them.
    public static func summary(_ tally: Tally, filesChecked: Int, failed: Int = 0, fixCommand: String = "obs-migrate fix --write") -> String {
        let unchecked = failed == 0 ? "" : " \(failed) path\(failed == 1 ? "" : "s") could not be checked (see the error\(failed == 1 ? "" : "s") above)."
        if tally.total == 0 {
            if failed > 0 {
                return filesChecked == 0 ? "" : "No ObservableObject patterns found in the \(filesChecked) file\(filesChecked == 1 ? "" : "s") checked;" + unchecked
            }
            return "No ObservableObject patterns found (\(filesChecked) file\(filesChecked == 1 ? "" : "s") checked)."
        }
        let manual = tally.total - tally.fixable
        let files = tally.files.count
        let counts = tally.byCode.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count)" }.joined(separator: ", ")
        var text = "Found \(tally.total) issue\(tally.total == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (\(counts))"
        var parts: [String] = []
        if tally.fixable > 0 { parts.append("\(tally.fixable) fixable with `\(fixCommand)`") }
        if manual > 0 { parts.append("\(manual) need\(manual == 1 ? "s" : "") a person") }
        text += ": " + parts.joined(separator: ", ") + "."
        if tally.informational > 0 {
            let n = tally.informational
            text += " \(n) of them \(n == 1 ? "is info and does" : "are info and do") not fail the run."
        }
        return text + unchecked
    }

    /// What `--statistics`'s marks say, printed under its lines.
    public static func statisticsLegend(fixCommand: String = "obs-migrate fix --write") -> String {
        "[*] all fixable with `\(fixCommand)`, [-] some fixable, [ ] none fixable (a person decides)"
    }

    /// `--statistics`: one line per rule, ruff-style: count, code, whether `fix` fixes them
    /// (see `statisticsLegend`), name.
    public static func statistics(_ tally: Tally) -> String {
        let groups = tally.byCode.sorted { $0.key < $1.key }
        let width = String(groups.map { $0.value.count }.max() ?? 0).count
        return groups.map { code, rule in
            let count = String(rule.count)
            let mark = rule.fixable == rule.count ? "[*]" : rule.fixable == 0 ? "[ ]" : "[-]"
            return String(repeating: " ", count: width - count.count) + count + "\t\(code)\t\(mark) \(rule.name)"
        }.joined(separator: "\n")
    }
}
