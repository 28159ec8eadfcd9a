import Foundation
import XCTest
@testable import ObsMigrateSupport
@testable import ObsMigrateCore
@testable import ObsMigrateReport
@testable import ObsMigrateCLI

/// `obs-migrate plan`: what it predicts is checked against what the engine does once a person
/// has resolved a blocker in the code, against `check`'s own findings, and its three formats
/// against each other (the HTML page also as a real browser renders it).
final class PlanTests: XCTestCase {
    static let sample = "sample-app/bookshelf/input"
    static let twoPackages = "plan/two-packages/input"

    /// A copy of a fixture's input, to run in and to edit.
    func project(_ fixture: String, _ name: String) throws -> URL {
        let dir = FixtureSupport.scratch("plan-" + name)
        try FixtureSupport.copy(FixtureSupport.fixturesRoot.appendingPathComponent(fixture), to: dir)
        return dir
    }

    func planJSON(in dir: URL, _ extra: [String] = []) throws -> JSONValue {
        let run = runTool(["plan", "--project-root", ".", "--format", "json", "."] + extra, cwd: dir.path)
        XCTAssertEqual(run.code, 0, run.err)
        return try JSONParser.parse(Array(run.out.utf8))
    }

    /// The models `check` says stay (OBS101's "keeps ObservableObject") and migrate ("(fixable)").
    func checkDecisions(in dir: URL) -> (blocked: Int, fixable: Int) {
        // All rules: deselecting a fix keeps its models (`fixNotSelected`).
        let lines = runTool(["check", "--project-root", ".", "--color", "never", "-q", "."], cwd: dir.path).out
            .split(separator: "\n").filter { $0.hasSuffix("[OBS101]") }
        return (lines.count { $0.contains(" keeps ObservableObject") }, lines.count { $0.contains("(fixable)") && !$0.contains("extension adds") })
    }

    // MARK: The sample app

    func testSampleAppPlanAgreesWithCheckAndWithTheResolvedCode() throws {
        let dir = try project(Self.sample, "sample")
        let plan = try planJSON(in: dir)
        let decided = checkDecisions(in: dir)
        XCTAssertEqual(plan["totals"]?["blocked"], .int(decided.blocked))
        XCTAssertEqual(plan["totals"]?["fixable"], .int(decided.fixable))
        XCTAssertEqual(plan["totals"]?["migrated"], .int(0), "the sample has no @Observable class yet")
        // The module counts add up to the totals, and every model is in one module.
        let modules = plan["modules"]!.items
        for state in ["migrated", "fixable", "blocked"] {
            XCTAssertEqual(modules.map { $0[state]!.int }.reduce(0, +), plan["totals"]![state]!.int, state)
        }
        XCTAssertEqual(modules.map { $0["total"]!.int }.reduce(0, +), plan["models"]!.items.count)

        // First: the one reason SyncService stays; then SettingsStore's two, neither enough alone.
        let blockers = plan["blockers"]!.items
        XCTAssertEqual(blockers.count, 3)
        let first = blockers[0]
        XCTAssertEqual(first["place"]?["path"], .string("Services/SyncService.swift"))
        XCTAssertEqual(first["code"], .string("OBS201"))
        XCTAssertEqual(first["unblocks"]?["models"], .array([.string("SyncService")]))
        XCTAssertEqual(first["counterfactual"], .string("re-decided"))
        for held in blockers.dropFirst() {
            XCTAssertEqual(held["holds"], .array([.string("SettingsStore")]))
            XCTAssertEqual(held["unblocks"]?["models"], .array([]))
            XCTAssertTrue(held["action"]!.string.contains("didSet"), "the place's own advice: \(held["action"]!)")
        }
        // In order: with #2 resolved too, #3 frees SettingsStore, and then every model is fixable.
        let last = blockers[2]["with_above"]!
        XCTAssertEqual(last["models"], .array([.string("SettingsStore")]))
        XCTAssertEqual(last["fixable_after"], .int(decided.fixable + 2))
        XCTAssertEqual(last["counterfactual"], .string("re-decided"))
        XCTAssertEqual(blockers[1]["with_above"]?["models"], .array([]))
        // Each blocked model lists its blockers by rank.
        let settings = plan["models"]!.items.first { $0["name"] == .string("SettingsStore") }!
        XCTAssertEqual(settings["state"], .string("blocked"))
        XCTAssertEqual(settings["blockers"], .array([.int(2), .int(3)]))

        // A person resolves it (the lone send goes): SyncService is fixable, with the sites said.
        let sync = dir.appendingPathComponent("Services/SyncService.swift")
        let line = first["place"]!["line"]!.int
        var lines = try String(contentsOf: sync, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertTrue(lines[line - 1].contains("objectWillChange.send()"), lines[line - 1])
        lines.remove(at: line - 1)
        try lines.joined(separator: "\n").write(to: sync, atomically: true, encoding: .utf8)
        let after = try planJSON(in: dir)
        XCTAssertEqual(after["totals"]?["fixable"], .int(decided.fixable + 1))
        let nowFixable = after["models"]!.items.first { $0["name"] == .string("SyncService") }!
        XCTAssertEqual(nowFixable["state"], .string("fixable"))
        XCTAssertEqual(nowFixable["sites"], first["unblocks"]?["sites"])
    }

    // MARK: Two packages, a blocker in one holding models in both

    func testBlockerInOnePackageHoldsModelsInBoth() throws {
        let dir = try project(Self.twoPackages, "two-packages")
        let plan = try planJSON(in: dir)
        let modules = Dictionary(uniqueKeysWithValues: plan["modules"]!.items.map { ($0["name"]!.string, $0) })
        XCTAssertEqual(Set(modules.keys), ["CoreKit", "FeatureKit"], "modules are the packages' targets")
        XCTAssertEqual(modules["CoreKit"]?["migrated"], .int(1), "Session is @Observable already")
        XCTAssertEqual(modules["CoreKit"]?["fixable"], .int(1))
        XCTAssertEqual(modules["CoreKit"]?["blocked"], .int(1))
        XCTAssertEqual(modules["FeatureKit"]?["blocked"], .int(2))
        let decided = checkDecisions(in: dir)
        XCTAssertEqual(plan["totals"]?["blocked"], .int(decided.blocked))
        XCTAssertEqual(plan["totals"]?["fixable"], .int(decided.fixable))

        let first = plan["blockers"]!.items[0]
        XCTAssertEqual(first["place"]?["path"], .string("Core/Sources/CoreKit/BaseStore.swift"))
        XCTAssertEqual(first["unblocks"]?["models"], .array([.string("BaseStore"), .string("FeedStore")]))
        XCTAssertEqual(first["modules"], .array([.string("CoreKit"), .string("FeatureKit")]))
        // FeedStore's wrappers, injection and environment property: 3 sites, BaseStore has none.
        XCTAssertEqual(first["unblocks"]?["sites"], .int(3))
        XCTAssertEqual(plan["blockers"]!.items[1]["unblocks"]?["models"], .array([.string("Profile")]))
        let feedStore = plan["models"]!.items.first { $0["name"] == .string("FeedStore") }!
        XCTAssertEqual(feedStore["blockers"], .array([.int(1)]), "held through its superclass")

        // --absolute-paths names files by their absolute paths; the modules stay the same.
        let absolute = try planJSON(in: dir, ["--absolute-paths"])
        let path = absolute["blockers"]!.items[0]["place"]!["path"]!.string
        XCTAssertTrue(path.hasPrefix("/") && path.hasSuffix("/Core/Sources/CoreKit/BaseStore.swift"), path)
        XCTAssertEqual(absolute["modules"], plan["modules"])

        // PATHs choose the models counted, decided as `check` on them decides: the base class
        // outside them still holds its subclass, and so does its migration's edit outside them.
        let feature = runTool(["plan", "--project-root", ".", "--format", "json", "Feature"], cwd: dir.path)
        let featurePlan = try JSONParser.parse(Array(feature.out.utf8))
        XCTAssertEqual(featurePlan["modules"]!.items.map { $0["name"]!.string }, ["FeatureKit"])
        let holdingFeedStore = featurePlan["blockers"]!.items.filter { $0["holds"] == .array([.string("FeedStore")]) }
        XCTAssertEqual(holdingFeedStore.map { $0["place"]?["path"] ?? .null }, [.string("Core/Sources/CoreKit/BaseStore.swift"), .null])
        XCTAssertTrue(holdingFeedStore.last!["reason"]!.string.contains("not among the paths of this run"))

        // The links alone rank the same here (nothing hidden behind the blockers).
        let linked = try planJSON(in: dir, ["--redecide", "0"])
        XCTAssertEqual(linked["blockers"]!.items.map { $0["unblocks"]! }, plan["blockers"]!.items.map { $0["unblocks"]! })
        XCTAssertEqual(linked["blockers"]!.items[0]["counterfactual"], .string("linked"))

        // Resolved in the code, both models migrate, one in each package.
        let base = dir.appendingPathComponent("Core/Sources/CoreKit/BaseStore.swift")
        let text = try String(contentsOf: base, encoding: .utf8)
        try text.replacingOccurrences(of: "        objectWillChange.send()\n", with: "        isLoading.toggle()\n").write(to: base, atomically: true, encoding: .utf8)
        let after = try planJSON(in: dir)
        let afterModules = Dictionary(uniqueKeysWithValues: after["modules"]!.items.map { ($0["name"]!.string, $0) })
        XCTAssertEqual(afterModules["CoreKit"]?["fixable"], .int(2))
        XCTAssertEqual(afterModules["FeatureKit"]?["fixable"], .int(1))
        XCTAssertEqual(after["blockers"]!.items.count, 1)
    }

    /// The low deployment targets are one step (`fix --bump-deployment-target` raises them all),
    /// and what the plan says it frees is what the bump lets migrate.
    func testDeploymentTargetsAreOneStepThatTheBumpResolves() throws {
        let dir = try project("deployment/xcode-project-and-packages/input", "deployment")
        let plan = try planJSON(in: dir)
        let blockers = plan["blockers"]!.items
        XCTAssertEqual(blockers.count, 1)
        XCTAssertEqual(blockers[0]["code"], .string("OBS208"))
        XCTAssertEqual(blockers[0]["more_places"]!.items.count, 4, "five settings in the project and packages, one step")
        XCTAssertEqual(plan["totals"]?["fixable"], .int(0))
        let bumped = try planJSON(in: dir, ["--bump-deployment-target"])
        XCTAssertEqual(bumped["blockers"]!.items.count, 0)
        XCTAssertEqual(bumped["totals"]?["fixable"], .int(blockers[0]["unblocks"]!["models"]!.items.count))
        XCTAssertEqual(bumped["totals"]?["fixable"], blockers[0]["with_above"]?["fixable_after"])
    }

    /// The order: what frees most now first; where nothing frees yet, the most models per
    /// blocker left in the groups it holds.
    func testOrderFreesTheMostModelsSoonest() {
        typealias G = PlanOrder.Group
        let freeing = [G(models: 6, sites: 0, items: [0, 1], complete: true), G(models: 1, sites: 4, items: [2], complete: true),
                       G(models: 2, sites: 0, items: [1], complete: true)]
        XCTAssertEqual(PlanOrder.steps(freeing, itemCount: 3),
                       [PlanOrder.Step(item: 1, freed: [2]), PlanOrder.Step(item: 0, freed: [0]), PlanOrder.Step(item: 2, freed: [1])])
        let shares = [G(models: 6, sites: 0, items: [0, 1], complete: true), G(models: 3, sites: 0, items: [2, 3], complete: true)]
        XCTAssertEqual(PlanOrder.steps(shares, itemCount: 4).map(\.item), [0, 1, 2, 3])
        XCTAssertEqual(PlanOrder.steps(shares, itemCount: 4).map(\.freed), [[], [0], [], [1]])
        // A group whose reasons were cut at the cap is never said to be freed.
        let capped = [G(models: 5, sites: 0, items: [0], complete: false), G(models: 1, sites: 0, items: [1], complete: true)]
        XCTAssertEqual(PlanOrder.steps(capped, itemCount: 2), [PlanOrder.Step(item: 1, freed: [1]), PlanOrder.Step(item: 0, freed: [])])
    }

    func testTextPlanListsTheTopBlockersAndTheModules() throws {
        let dir = try project(Self.twoPackages, "text")
        let run = runTool(["plan", "--project-root", ".", "--top", "1", "--color", "never", "."], cwd: dir.path)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.hasPrefix("Migration plan: 5 models in 2 modules: 1 migrated, 1 fixable now, 3 blocked\n"), run.out)
        XCTAssertTrue(run.out.contains("  1. Core/Sources/CoreKit/BaseStore.swift:10:9 [OBS201]\n"), run.out)
        XCTAssertTrue(run.out.contains("resolving it migrates 2 models (BaseStore, FeedStore) and 3 sites"), run.out)
        XCTAssertFalse(run.out.contains("  2. "), "--top 1")
        XCTAssertTrue(run.out.contains("... and 1 more"), run.out)
        XCTAssertTrue(run.out.contains("\nFeatureKit "), run.out)
        XCTAssertFalse(run.out.contains("\u{1B}["), "no colour when not asked")
        let colored = runTool(["plan", "--project-root", ".", "--color", "always", "."], cwd: dir.path)
        XCTAssertTrue(colored.out.contains("\u{1B}[32m"), "colour as `check` does")
        let bad = runTool(["plan", "--format", "sarif", "."], cwd: dir.path)
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("use one of text, json, html"), bad.err)
    }

    // MARK: HTML

    /// The numbers an HTML plan shows: totals, per module and per blocker, from the data
    /// attributes and from the text a reader sees.
    struct PageNumbers: Equatable {
        var totals: [String: Int] = [:]
        var shownTotals: [String: Int] = [:]
        var modules: [String: [String: Int]] = [:]
        var shownModules: [String: String] = [:]
        var blockers: [[String: Int]] = []
    }

    static func numbers(inPage html: String) -> PageNumbers {
        func attributes(_ tag: String) -> [String: String] {
            var out: [String: String] = [:]
            let pattern = try! NSRegularExpression(pattern: "data-([a-z-]+)=\"([^\"]*)\"")
            for m in pattern.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)) {
                out[String(tag[Range(m.range(at: 1), in: tag)!])] = String(tag[Range(m.range(at: 2), in: tag)!])
            }
            return out
        }
        func matches(_ pattern: String) -> [[String]] {
            let re = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            return re.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { m in
                (0..<m.numberOfRanges).map { Range(m.range(at: $0), in: html).map { String(html[$0]) } ?? "" }
            }
        }
        var page = PageNumbers()
        if let totals = matches("<p [^>]*id=\"totals\"[^>]*>").first {
            page.totals = attributes(totals[0]).compactMapValues(Int.init)
        }
        for m in matches("<b class=\"(migrated|fixable|blocked)\">(\\d+)</b>") { page.shownTotals[m[1]] = Int(m[2]) }
        for m in matches("<g [^>]*class=\"module\"[^>]*>.*?<text class=\"counts\"[^>]*>([^<]*)</text>") {
            let a = attributes(m[0])
            let name = a["module"] ?? ""
            page.modules[name] = a.filter { $0.key != "module" }.compactMapValues(Int.init)
            page.shownModules[name] = m[1]
        }
        for m in matches("<tr [^>]*class=\"blocker\"[^>]*>") { page.blockers.append(attributes(m[0]).compactMapValues(Int.init)) }
        return page
    }

    /// What the JSON says, in the page's terms.
    static func numbers(inJSON plan: JSONValue) -> PageNumbers {
        var page = PageNumbers()
        for key in ["models", "migrated", "fixable", "blocked"] { page.totals[key] = plan["totals"]![key]!.int }
        for key in ["migrated", "fixable", "blocked"] { page.shownTotals[key] = plan["totals"]![key]!.int }
        for m in plan["modules"]!.items {
            let counts = ["migrated", "fixable", "blocked"].map { m[$0]!.int }
            page.modules[m["name"]!.string] = Dictionary(uniqueKeysWithValues: zip(["migrated", "fixable", "blocked"], counts))
            page.shownModules[m["name"]!.string] = counts.map(String.init).joined(separator: " / ")
        }
        page.blockers = plan["blockers"]!.items.map { b in
            ["rank": b["rank"]!.int, "unblocks": b["unblocks"]!["models"]!.items.count, "sites": b["unblocks"]!["sites"]!.int, "holds": b["holds"]!.items.count,
             "with-above": b["with_above"]!["models"]!.items.count, "fixable-after": b["with_above"]!["fixable_after"]!.int]
        }
        return page
    }

    func htmlAndJSON(_ fixture: String, _ name: String) throws -> (html: String, json: JSONValue, dir: URL) {
        let dir = try project(fixture, name)
        let page = runTool(["plan", "--project-root", ".", "--format", "html", "--output", "plan.html", "."], cwd: dir.path)
        XCTAssertEqual(page.code, 0, page.err)
        XCTAssertEqual(page.out, "", "--output takes the page")
        let html = try String(contentsOf: dir.appendingPathComponent("plan.html"), encoding: .utf8)
        return (html, try planJSON(in: dir), dir)
    }

    func testHTMLPageIsSelfContainedAndAgreesWithJSON() throws {
        for (fixture, name) in [(Self.sample, "html-sample"), (Self.twoPackages, "html-packages")] {
            let (html, json, _) = try htmlAndJSON(fixture, name)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
            for fetched in ["<script", "src=", "href=", "@import", "url("] {
                XCTAssertFalse(html.contains(fetched), "\(name): nothing loaded from elsewhere (\(fetched))")
            }
            let page = Self.numbers(inPage: html), expected = Self.numbers(inJSON: json)
            XCTAssertFalse(page.modules.isEmpty)
            XCTAssertEqual(page, expected, name)
        }
    }

    /// Chromium from Debian (`apt-get install chromium`; `.ci/run` installs it): the page loads,
    /// renders, and the numbers in the DOM it built equal the JSON's.
    func testHTMLPageRendersInHeadlessChromium() throws {
        guard let browser = Self.browser() else {
            throw XCTSkip("no Chromium found (chromium, chromium-browser, google-chrome on PATH or OBS_MIGRATE_CHROMIUM): `apt-get install -y chromium` to run this test")
        }
        let (_, json, dir) = try htmlAndJSON(Self.twoPackages, "chromium")
        let page = dir.appendingPathComponent("plan.html")
        let shot = dir.appendingPathComponent("plan.png")
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                      "--user-data-dir=" + dir.appendingPathComponent("profile").path]
        let dom = try Self.run(browser, common + ["--dump-dom", page.absoluteString])
        XCTAssertTrue(dom.contains("<svg id=\"chart\""), "the chart is in the rendered DOM")
        XCTAssertEqual(Self.numbers(inPage: dom), Self.numbers(inJSON: json))
        _ = try Self.run(browser, common + ["--window-size=1000,700", "--screenshot=" + shot.path, page.absoluteString])
        let png = try Data(contentsOf: shot)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG was drawn")
        XCTAssertGreaterThan(png.count, 10_000, "more than a blank page")
    }

    static func browser() -> String? {
        if let set = ProcessInfo.processInfo.environment["OBS_MIGRATE_CHROMIUM"], FileManager.default.isExecutableFile(atPath: set) { return set }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

private extension JSONValue {
    var items: [JSONValue] { if case .array(let a) = self { return a }; return [] }
    var int: Int { if case .int(let n) = self { return n }; return -1 }
    var string: String { if case .string(let s) = self { return s }; return "" }
}
