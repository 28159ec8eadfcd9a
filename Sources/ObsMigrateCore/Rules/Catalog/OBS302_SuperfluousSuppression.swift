/// OBS302: a suppression comment that suppresses nothing (SwiftLint's
/// `superfluous_disable_command`), or an `enable` that ends no region.
public struct SuperfluousSuppression: SuppressionRule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS302",
        name: "superfluous-suppression",
        severity: .warning,
        fix: .never,
        summary: "A suppression comment covers no finding, or an enable comment ends no region.",
        rationale: """
            A suppression left where nothing is reported hides the next finding that appears there, \
            and one on the wrong line (`disable-next-line` above a blank line, `disable-line` on the \
            line before the finding) does not suppress what it was written for. The rule reports, at \
            the comment (or at each of its codes that covers nothing while others do), each `disable`, `disable-line`, \
            `disable-next-line` and `disable-previous-line` that covers no finding of the rule it names, \
            and each `enable` with no region of that rule open above it. A suppression that keeps a \
            model as it is (its fix is not applied) covers that fix's finding, so it is not reported. \
            Comments naming a rule that did not run (`--select`, `--ignore`) are not judged, nor those \
            naming OBS301 or OBS302. Turn it off like any rule (`--ignore OBS302`, `"ignore"` in the \
            configuration), or for some lines with `// obs-migrate:disable OBS302`.
            """,
        triggering: [
            "import SwiftUI\n\nstruct Plain {\n    // obs-migrate:disable-next-line OBS102\n    var value = 0\n}\n",
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    // obs-migrate:disable-line OBS102\n    @Published var value = 0\n}\n",
            "import SwiftUI\n\n// obs-migrate:enable OBS102\nstruct Plain {\n    var value = 0\n}\n",
        ],
        nonTriggering: [
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    // obs-migrate:disable-next-line OBS102\n    @Published var value = 0\n}\n",
            "import SwiftUI\n\n// obs-migrate:disable published-property\nfinal class Keep: ObservableObject {\n    @Published var value = 0\n}\n// obs-migrate:enable published-property\n",
            "import SwiftUI\n\nfinal class Keep: ObservableObject {\n    @Published var value = 0 // obs-migrate:disable-line OBS102\n}\n",
        ],
        examples: [])

    public func check(_ context: RuleContext, usage: SuppressionUsage) -> [Finding] {
        let directives = context.file.suppressions.comments.directives
        guard !directives.isEmpty else { return [] }
        let covered = usage.covered.union(coveredWhileDeciding(context))
        let migrationCodes = RuleRegistry.all.filter { !($0 is any SuppressionRule) }.map(\.metadata.code)
        let allRan = migrationCodes.allSatisfy(usage.ranCodes.contains)
        var result: [Finding] = []
        for (d, directive) in directives.enumerated() where directive.kind != .enable {
            let refs = directive.keys.isEmpty ? [Suppressions.KeyRef(directive: d, key: nil)]
                : directive.keys.indices.map { Suppressions.KeyRef(directive: d, key: $0) }
            let judged = refs.filter { ref in
                guard let k = ref.key else { return allRan }
                let key = directive.keys[k]
                if key.isAll { return allRan }
                guard let rule = RuleRegistry.rule(key.text) else { return false }  // OBS301 says so
                return !(rule is any SuppressionRule) && usage.ranCodes.contains(rule.metadata.code)
            }
            let unused = judged.filter { !covered.contains($0) }
            guard !unused.isEmpty else { continue }
            let written = "obs-migrate:\(directive.spelling)" + directive.keys.map { " " + $0.text }.joined()
            if unused.count == refs.count {
                let codes = unused.compactMap { ref in ref.key.flatMap { directive.keys[$0].isAll ? nil : Self.canonical(directive.keys[$0]) } }
                let named = codes.count == unused.count ? codes.joined(separator: " or ") + " finding" : "finding"
                result.append(finding(context, directive.range,
                                      "\(written) suppresses nothing: no \(named) \(place(d, directives, key: unused.count == 1 ? unused[0].key : nil)); remove it",
                                      fix: nil))
            } else {
                for ref in unused {
                    let key = directive.keys[ref.key!]
                    result.append(finding(context, key.range,
                                          "'\(key.text)' in \(written) suppresses nothing: no \(Self.shown(ref, directive)) \(place(d, directives, key: ref.key)); remove it from the comment",
                                          fix: nil))
                }
            }
        }
        return result + endsOfNothing(context, directives)
    }

    /// "OBS102 finding", or "finding" for every rule.
    static func shown(_ ref: Suppressions.KeyRef, _ directive: SuppressionDirective) -> String {
        guard let k = ref.key, !directive.keys[k].isAll else { return "finding" }
        return "\(RuleRegistry.rule(directive.keys[k].text)?.metadata.code ?? directive.keys[k].text) finding"
    }

    /// Where the directive (or its key) suppresses: its line, or its region.
    func place(_ d: Int, _ directives: [SuppressionDirective], key: Int?) -> String {
        let directive = directives[d]
        if let line = directive.coveredLine { return "on line \(line)" }
        let keys = key.map { [directive.keys[$0]] } ?? directive.keys
        let ends = Set(keys.isEmpty ? [regionEnd(d, nil, directives)] : keys.map { regionEnd(d, $0, directives) })
        guard ends.count == 1, let end = ends.first else { return "in its region" }
        guard let end else { return "from line \(directive.line) to the end of the file" }
        return end - 1 <= directive.line ? "on line \(directive.line)" : "from line \(directive.line) to line \(end - 1)"
    }

    /// The line of the `enable` that ends the region `key` of directive `d` opens (nil: the end of the file).
    func regionEnd(_ d: Int, _ key: SuppressionDirective.Key?, _ directives: [SuppressionDirective]) -> Int? {
        let rule = key.flatMap { $0.isAll ? nil : Self.canonical($0) }
        return directives[(d + 1)...].first { e in
            e.kind == .enable && (e.coversAll || (rule != nil && e.keys.contains { Self.canonical($0) == rule }))
        }?.line
    }

    /// A key's rule code (`published-property` is OBS102), or the key itself when it names none.
    static func canonical(_ key: SuppressionDirective.Key) -> String {
        RuleRegistry.rule(key.text)?.metadata.code ?? key.text
    }

    /// `enable` comments (or their keys) with no `disable` region of the rule open above them.
    func endsOfNothing(_ context: RuleContext, _ directives: [SuppressionDirective]) -> [Finding] {
        var open: Set<String> = []  // rule codes, "*" for every rule
        var result: [Finding] = []
        for directive in directives {
            let keys: [SuppressionDirective.Key?] = directive.keys.isEmpty ? [nil] : directive.keys
            switch directive.kind {
            case .disable:
                for key in keys { open.insert(key.map { $0.isAll ? "*" : Self.canonical($0) } ?? "*") }
            case .enable:
                var idle: [SuppressionDirective.Key?] = []
                for key in keys {
                    if let key, !key.isAll, RuleRegistry.rule(key.text) == nil { continue }  // OBS301 says so
                    let rule = key.map { $0.isAll ? "*" : Self.canonical($0) } ?? "*"
                    if rule == "*" {
                        if open.isEmpty { idle.append(key) }
                        open.removeAll()
                    } else {
                        if !open.contains(rule) && !open.contains("*") { idle.append(key) }
                        open.remove(rule)
                    }
                }
                guard !idle.isEmpty else { continue }
                let written = "obs-migrate:\(directive.spelling)" + directive.keys.map { " " + $0.text }.joined()
                if idle.count == keys.count {
                    result.append(finding(context, directive.range,
                                          "\(written) ends no region: no obs-migrate:disable\(idle.count == 1 && idle[0] != nil && !idle[0]!.isAll ? " of " + Self.canonical(idle[0]!) : "") is open above it; remove it",
                                          fix: nil))
                } else {
                    for case let key? in idle {
                        result.append(finding(context, key.range,
                                              "'\(key.text)' in \(written) ends no region: no obs-migrate:disable of \(Self.canonical(key)) is open above it; remove it from the comment",
                                              fix: nil))
                    }
                }
            case .disableLine, .disableNextLine, .disablePreviousLine:
                continue
            }
        }
        return result
    }

    /// The keys that kept a model as it is while the decisions were taken (`Engine.settle`): the
    /// fix they suppressed is gone from this run, since its model no longer migrates.
    func coveredWhileDeciding(_ context: RuleContext) -> Set<Suppressions.KeyRef> {
        let suppressions = context.file.suppressions
        var table: LineTable? = nil
        var result: Set<Suppressions.KeyRef> = []
        var seen: Set<String> = []
        for model in context.index.models.values {
            for blocker in model.blockers {
                guard case .fixSuppressedByComment(let code) = blocker.reason, let site = blocker.site,
                      site.file == context.fileIndex, seen.insert("\(site.offset) \(code)").inserted,
                      let rule = RuleRegistry.rule(code) else { continue }
                if table == nil { table = context.file.lineTable }
                let line = table!.location(of: site.offset).line
                result.formUnion(suppressions.covering(code: rule.metadata.code, name: rule.metadata.name, line: line))
            }
        }
        return result
    }
}
