/// `path:line:col: severity: message [CODE]`, the format swiftc and Xcode use, then a summary.
public enum TextReporter {
    public struct Style: Sendable {
        public var color: Bool
        public init(color: Bool) { self.color = color }

        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    }

    public static func line(_ d: Diagnostic, style: Style = Style(color: false)) -> String {
        let severity = d.finding.severity == .error ? style.paint("error", "1;31") : style.paint("warning", "1;33")
        let location = style.paint("\(d.path):\(d.line):\(d.column):", "1")
        return "\(location) \(severity): \(d.finding.message) [\(style.paint(d.finding.code, "36"))]"
    }

    /// Counts for the closing line and `--statistics`, added up as findings stream past.
    public struct Tally: Sendable {
        public struct Rule: Sendable { var name: String; var count = 0; var fixable = 0 }
        var byCode: [String: Rule] = [:]
        public private(set) var total = 0
        var fixable = 0
        var files = Set<String>()

        public init() {}

        /// Runs on the thread that writes the output, once per file: by index (a diagnostic
        /// copied whole retains each of its strings), and each path hashed once per run of it.
        public mutating func add(_ diagnostics: [Diagnostic]) {
            var lastPath: String? = nil
            for k in diagnostics.indices {
                total += 1
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
    public static func summary(_ tally: Tally, filesChecked: Int) -> String {
        if tally.total == 0 {
            return "No ObservableObject patterns found (\(filesChecked) file\(filesChecked == 1 ? "" : "s") checked)."
        }
        let manual = tally.total - tally.fixable
        let files = tally.files.count
        let counts = tally.byCode.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count)" }.joined(separator: ", ")
        var text = "Found \(tally.total) issue\(tally.total == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (\(counts))"
        var parts: [String] = []
        if tally.fixable > 0 { parts.append("\(tally.fixable) fixable with `obs-migrate fix --write`") }
        if manual > 0 { parts.append("\(manual) need\(manual == 1 ? "s" : "") a person") }
        text += ": " + parts.joined(separator: ", ") + "."
        return text
    }

    /// `--statistics`: one line per rule, ruff-style.
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
