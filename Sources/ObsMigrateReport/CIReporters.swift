import ObsMigrateSupport
import ObsMigrateCore

/// The formats other CI systems read: GitLab's Code Quality report (`codeclimate`), Checkstyle
/// XML (Jenkins' warnings plugin, reviewdog, Danger) and JUnit XML (test report viewers). Each
/// lists the same findings as the text output, one entry per finding.

/// `--format codeclimate`: a JSON array of Code Climate issues, as GitLab's Code Quality
/// widget reads them (description, check_name, fingerprint, severity, location path and line).
public enum CodeClimateReporter {
    public static func render(_ findings: [ReportedFinding]) -> String {
        // Fingerprints must be unique and stable: file, rule and line content (not the line
        // number, which moves with edits above), with a counter for identical lines.
        var seen: [String: Int] = [:]
        let issues = findings.map { f -> JSONValue in
            let key = "\(f.projectPath)\u{0}\(f.code)\u{0}\(f.lineContent)"
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return .obj([
                "type": .string("issue"),
                "check_name": .string("\(f.code) \(f.name)"),
                "description": .string(f.message),
                "categories": .array([.string("Compatibility")]),
                "severity": .string(f.severity == .error ? "major" : f.severity == .warning ? "minor" : "info"),
                "fingerprint": .string(fingerprint(key + "\u{0}\(occurrence)")),
                "location": .obj(["path": .string(f.projectPath), "lines": .obj(["begin": .int(f.start.line), "end": .int(f.end.line)])]),
            ])
        }
        return JSONValue.array(issues).encoded()
    }

    /// 128 bits of two FNV-1a hashes (different offsets) in hex: stable across runs and machines.
    static func fingerprint(_ text: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x84222325cbf29ce4
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
            b = b ^ (b >> 29)
        }
        func hex(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return hex(a) + hex(b)
    }
}

/// Escaping for XML attribute values and text.
enum XML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                // Control characters are not allowed in XML 1.0 at all.
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

/// `--format checkstyle`: Checkstyle's XML, one `<file>` per file with one `<error>` per finding.
public enum CheckstyleReporter {
    public static func render(_ findings: [ReportedFinding]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var k = 0
        while k < findings.count {
            let path = findings[k].projectPath
            out += "  <file name=\"\(XML.escape(path))\">\n"
            while k < findings.count, findings[k].projectPath == path {
                let f = findings[k]
                out += "    <error line=\"\(f.start.line)\" column=\"\(f.start.column)\" severity=\"\(f.severity.rawValue)\""
                    + " message=\"\(XML.escape(f.message))\" source=\"obs-migrate.\(f.code)\"/>\n"
                k += 1
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>"
    }
}

/// `--format junit`: JUnit XML, one failing test case per finding in one test suite (a clean
/// run is a suite with no test cases); a finding a project made `info`, which does not fail the
/// run, is a passing test case whose output says it.
public enum JUnitReporter {
    public static func render(_ findings: [ReportedFinding]) -> String {
        let count = findings.count
        let failures = findings.filter { $0.severity != .info }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"obs-migrate\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"obs-migrate\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for f in findings {
            let name = "\(f.code) \(f.name) at \(f.start.line):\(f.start.column)"
            let text = "\(f.projectPath):\(f.start.line):\(f.start.column): \(f.severity.rawValue): \(f.message) [\(f.code)]"
            out += "    <testcase classname=\"\(XML.escape(f.projectPath))\" name=\"\(XML.escape(name))\" file=\"\(XML.escape(f.projectPath))\" line=\"\(f.start.line)\">\n"
            if f.severity == .info {
                out += "      <system-out>\(XML.escape(text))</system-out>\n"
            } else {
                out += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(XML.escape(f.message))\">\(XML.escape(text))</failure>\n"
            }
            out += "    </testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>"
    }
}
