import ObsMigrateCore
import ObsMigrateSupport

/// `--format github`: GitHub Actions workflow commands, one per finding, which the runner
/// turns into annotations on the pull request:
/// `::warning file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=OBS101::message`.
public enum GitHubReporter {
    public static func line(_ f: ReportedFinding) -> String {
        let command = switch f.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
        let properties = [
            ("file", f.projectPath), ("line", String(f.start.line)), ("col", String(f.start.column)),
            ("endLine", String(f.end.line)), ("endColumn", String(f.end.column)), ("title", f.code),
        ].map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        // Notes go on lines of their own in the annotation's message.
        let notes = JSONReporter.notes(f).map { "\n\($0.path):\($0.line):\($0.column): note: \($0.message)" }.joined()
        return "::\(command) \(properties)::\(escapeData(f.message + notes))"
    }

    public static func render(_ findings: [ReportedFinding]) -> String {
        findings.map(line).joined(separator: "\n")
    }

    /// A command's message: `%`, CR and LF are percent-encoded (as @actions/core does).
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as a message, and also `:` and `,`, which separate properties.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}
