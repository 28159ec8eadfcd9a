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

    /// One closing line: counts by rule, how many are fixable, and the command that fixes them.
    public static func summary(_ diagnostics: [Diagnostic], filesChecked: Int) -> String {
        if diagnostics.isEmpty {
            return "No ObservableObject patterns found (\(filesChecked) file\(filesChecked == 1 ? "" : "s") checked)."
        }
        let byRule = Dictionary(grouping: diagnostics, by: { $0.finding.code }).map { ($0.key, $0.value.count) }.sorted { $0.0 < $1.0 }
        let fixable = diagnostics.filter { $0.finding.isFixable }.count
        let manual = diagnostics.count - fixable
        let files = Set(diagnostics.map(\.path)).count
        let counts = byRule.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        var text = "Found \(diagnostics.count) issue\(diagnostics.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (\(counts))"
        var parts: [String] = []
        if fixable > 0 { parts.append("\(fixable) fixable with `obs-migrate fix --write`") }
        if manual > 0 { parts.append("\(manual) need\(manual == 1 ? "s" : "") a person") }
        text += ": " + parts.joined(separator: ", ") + "."
        return text
    }

    /// `--statistics`: one line per rule, ruff-style.
    public static func statistics(_ diagnostics: [Diagnostic]) -> String {
        let groups = Dictionary(grouping: diagnostics, by: { $0.finding.code }).sorted { $0.key < $1.key }
        let width = String(groups.map { $0.value.count }.max() ?? 0).count
        return groups.map { code, items in
            let count = String(items.count)
            let fixable = items.filter { $0.finding.isFixable }.count
            let mark = fixable == items.count ? "[*]" : fixable == 0 ? "[ ]" : "[-]"
            return String(repeating: " ", count: width - count.count) + count + "\t\(code)\t\(mark) \(items[0].finding.ruleName)"
        }.joined(separator: "\n")
    }
}
