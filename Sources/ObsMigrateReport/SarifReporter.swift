import ObsMigrateSupport
import ObsMigrateCore

/// `--format sarif`: a SARIF 2.1.0 log with one run, as GitHub code scanning and other SARIF
/// viewers read it. Every registry rule is a `reportingDescriptor` (so `ruleIndex` is stable);
/// locations are relative to `%SRCROOT%`, the project root; columns are UTF-16 code units, the
/// SARIF default, stated in `columnKind`.
public enum SarifReporter {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let srcRoot = "%SRCROOT%"

    /// A finding's edits are one part of a project-wide migration: applied alone (a view's
    /// `@StateObject` without its model's `@Observable`) they may not compile.
    public static let fixDescription = "Part of the project-wide migration; apply it with `obs-migrate fix --write`, "
        + "which applies it together with the fixes for the same model in other files."

    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    public static func rule(_ m: RuleMetadata) -> JSONValue {
        .obj([
            "id": .string(m.code),
            "name": .string(m.name),
            "shortDescription": .obj(["text": .string(m.summary)]),
            "fullDescription": .obj(["text": .string(m.rationale)]),
            "help": .obj(["text": .string(m.rationale), "markdown": .string(RuleDocs.markdown(m))]),
            "defaultConfiguration": .obj(["level": .string(level(m.severity))]),
            "properties": .obj(["fix": .string(m.fix.rawValue)]),
        ])
    }

    static func region(_ start: SourcePosition, _ end: SourcePosition) -> JSONValue {
        .obj(["startLine": .int(start.line), "startColumn": .int(start.utf16Column),
              "endLine": .int(end.line), "endColumn": .int(end.utf16Column)])
    }

    static func artifactLocation(_ f: ReportedFinding) -> JSONValue {
        f.isInsideRoot
            ? .obj(["uri": .string(uriPath(f.projectPath)), "uriBaseId": .string(srcRoot)])
            : .obj(["uri": .string("file://" + uriPath(f.projectPath))])
    }

    /// A note's path (as the text output prints it, like the finding's) as an artifact location:
    /// the finding's own path tells what to put before it to be relative to the project root.
    /// An absolute path (`--absolute-paths`) is a `file://` URI.
    static func projectURI(of path: String, like f: ReportedFinding) -> JSONValue? {
        if path.hasPrefix("/") { return .obj(["uri": .string("file://" + uriPath(path))]) }
        guard f.isInsideRoot, f.projectPath.hasSuffix(f.diagnostic.path), !path.hasPrefix("/"), !path.hasPrefix("..") else { return nil }
        let prefix = f.projectPath.dropLast(f.diagnostic.path.count)
        return .obj(["uri": .string(uriPath(prefix + path)), "uriBaseId": .string(srcRoot)])
    }

    public static func result(_ f: ReportedFinding) -> JSONValue {
        let ruleIndex = RuleRegistry.all.firstIndex { $0.metadata.code == f.code } ?? -1
        var pairs: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(f.code)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level(f.severity))),
            ("message", .obj(["text": .string(f.message)])),
            ("locations", .array([.obj(["physicalLocation": .obj([
                "artifactLocation": artifactLocation(f),
                "region": region(f.start, f.end),
            ])])])),
        ]
        let notes = JSONReporter.notes(f)
        if !notes.isEmpty {
            // Every reason a model is blocked, each where it is (a line: notes carry no UTF-16 column).
            pairs.append(("relatedLocations", .array(notes.enumerated().map { k, n in
                var location: [(key: String, value: JSONValue)] = [("id", .int(k + 1)), ("message", .obj(["text": .string(n.message)]))]
                if let uri = projectURI(of: n.path, like: f) {
                    location.append(("physicalLocation", .obj(["artifactLocation": uri, "region": .obj(["startLine": .int(n.line)])])))
                }
                return .object(location)
            })))
        }
        if let edits = f.edits, !edits.isEmpty {
            pairs.append(("fixes", .array([.obj([
                "description": .obj(["text": .string(fixDescription)]),
                "artifactChanges": .array([.obj([
                    "artifactLocation": artifactLocation(f),
                    "replacements": .array(edits.map { e in
                        .obj(["deletedRegion": region(e.start, e.end), "insertedContent": .obj(["text": .string(e.content)])])
                    }),
                ])]),
            ])])))
        }
        return .object(pairs)
    }

    /// The whole log. `root` is the project root's absolute path (`%SRCROOT%`).
    public static func render(_ findings: [ReportedFinding], root: String) -> String {
        let rootURI = "file://" + uriPath(root.hasSuffix("/") ? root : root + "/")
        let run: JSONValue = .obj([
            "tool": .obj(["driver": .obj([
                "name": .string("obs-migrate"),
                "version": .string(ToolVersion.current),
                "semanticVersion": .string(ToolVersion.current),
                "rules": .array(RuleRegistry.all.map { rule($0.metadata) }),
            ])]),
            "originalUriBaseIds": .obj([srcRoot: .obj(["uri": .string(rootURI)])]),
            "columnKind": .string("utf16CodeUnits"),
            "results": .array(findings.map(result)),
        ])
        return JSONValue.obj(["$schema": .string(schema), "version": .string("2.1.0"), "runs": .array([run])]).encoded()
    }

    /// A path as a URI reference: unreserved characters, sub-delimiters, `@` and `/` as they
    /// are, everything else (`:`, `%`, space, `#`, `?`, non-ASCII) percent-encoded as UTF-8.
    public static func uriPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "-._~/!$&'()*+,;=@".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
