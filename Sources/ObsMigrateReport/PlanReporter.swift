import ObsMigrateSupport
import ObsMigrateCore

/// `obs-migrate plan` rendered: text for the terminal, JSON for tools (schema in the README,
/// "Planning a migration"), and one self-contained HTML page (inline CSS and SVG, no script).
public enum PlanReporter {
    public static let jsonVersion = 1

    // MARK: Text

    /// The `top` best blockers, then a table of the modules with a bar each.
    public static func text(_ plan: MigrationPlan, top: Int, color: Bool) -> String {
        func paint(_ code: String, _ s: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let total = plan.models.count
        var out = paint("1", "Migration plan: \(count(total, "model")) in \(count(plan.modules.count, "module"))")
            + ": \(paint("32", "\(plan.migrated) migrated")), \(paint("33", "\(plan.fixable) fixable now")), \(paint("31", "\(plan.blocked) blocked"))\n"
        if plan.blockers.isEmpty {
            out += plan.blocked == 0 ? "\nNothing blocks a model: `obs-migrate fix --write` migrates every one left.\n" : "\n"
        } else {
            let shown = plan.blockers.prefix(max(0, top))
            out += "\n" + paint("1", "Blockers, in the order to resolve them") + " (\(shown.count) of \(plan.blockers.count)):\n"
            for (k, item) in shown.enumerated() {
                let place = item.place.map { "\($0.path):\($0.line):\($0.column)" } ?? "(no place in the sources)"
                let more = item.morePlaces.isEmpty ? "" : " (and \(item.morePlaces.count) more place\(item.morePlaces.count == 1 ? "" : "s"))"
                out += "\(String(repeating: " ", count: k < 9 ? 2 : 1))\(k + 1). \(paint("1", place))\(item.code.map { " [\($0)]" } ?? "")\(more)\n"
                out += "     \(item.reason)\n"
                out += "     " + paint(item.unblocks.isEmpty ? "2" : "32", effect(item)) + "\n"
                if let step = stepEffect(item, rank: k + 1, toMigrate: total - plan.migrated) { out += "     " + paint("32", step) + "\n" }
                if item.action != item.reason { out += "     what to do: \(item.action)\n" }
            }
            if plan.blockers.count > shown.count {
                out += "  ... and \(plan.blockers.count - shown.count) more (--top N shows more; --format json or html lists all)\n"
            }
        }
        guard !plan.modules.isEmpty else { return out }
        let width = max(6, plan.modules.map(\.name.count).max()!)
        let barWidth = 24, largest = plan.modules.map(\.total).max()!
        out += "\n" + paint("1", pad("Module", width) + "  migrated  fixable  blocked  progress") + "\n"
        for m in plan.modules {
            let parts = [m.migrated, m.fixable, m.blocked]
            // Scaled to the largest module, and never too short to show each kind it has.
            var cells = barCells(parts, width: max(parts.count { $0 > 0 }, barWidth * m.total / max(1, largest)), total: m.total)
            for k in parts.indices where parts[k] > 0 && cells[k] == 0 { cells[k] = 1 }
            let bar = paint("32", String(repeating: color ? "█" : "#", count: cells[0]))
                + paint("33", String(repeating: color ? "█" : "+", count: cells[1]))
                + paint("31", String(repeating: color ? "█" : "x", count: cells[2]))
            out += pad(m.name, width) + "  " + right(m.migrated, 8) + "  " + right(m.fixable, 7) + "  " + right(m.blocked, 7)
                + "  " + bar + " \(percent(m.migrated + m.fixable, of: m.total))% migrated after fix\n"
        }
        if !color { out += String(repeating: " ", count: width + 30) + "(# migrated, + fixable now, x blocked)\n" }
        return out
    }

    /// "migrates 2 models (A, B) and 7 sites", or what it holds when it frees nothing alone.
    static func effect(_ item: MigrationPlan.Item) -> String {
        if !item.unblocks.isEmpty {
            return "resolving it migrates \(count(item.unblocks.count, "model")) (\(names(item.unblocks))) and \(count(item.unblockedSites, "site"))"
        }
        return "one of the reasons holding \(names(item.holds)); resolving it alone migrates no model"
    }

    /// What the step frees with the ones above it, when that is more than it frees alone.
    static func stepEffect(_ item: MigrationPlan.Item, rank: Int, toMigrate: Int) -> String? {
        guard !item.freesWithAbove.isEmpty else { return nil }
        let steps = rank == 1 ? "#1" : "#1-#\(rank)"
        let after = "after \(steps): \(item.fixableAfter) of the \(count(toMigrate, "model")) to migrate fixable"
        guard item.freesWithAbove != item.unblocks else { return after }
        let above = rank == 2 ? "#1" : "#1-#\(rank - 1)"
        return "with \(above) resolved too, it migrates \(count(item.freesWithAbove.count, "model")) (\(names(item.freesWithAbove)))"
            + " and \(count(item.sitesWithAbove, "site")); " + after
    }

    static func names(_ list: [String], limit: Int = 4) -> String {
        list.count <= limit ? list.joined(separator: ", ") : list.prefix(limit).joined(separator: ", ") + " and \(list.count - limit) more"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    static func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
    static func right(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: " ", count: max(0, width - s.count)) + s }
    static func percent(_ part: Int, of total: Int) -> Int { total == 0 ? 100 : part * 100 / total }

    /// Cells of a bar `width` long shared out by `parts` (which add up to `total`).
    static func barCells(_ parts: [Int], width: Int, total: Int) -> [Int] {
        guard total > 0, width > 0 else { return parts.map { _ in 0 } }
        var cells = parts.map { $0 * width / total }
        // The cells left over go to the largest remainders.
        let order = parts.indices.sorted { parts[$0] * width % total > parts[$1] * width % total }
        for k in order.prefix(width - cells.reduce(0, +)) { cells[k] += 1 }
        return cells
    }

    // MARK: JSON

    public static func json(_ plan: MigrationPlan) -> String {
        func place(_ p: MigrationPlan.Place?) -> JSONValue {
            guard let p else { return .null }
            return .obj(["path": .string(p.projectPath), "line": .int(p.line), "column": .int(p.column)])
        }
        let modules: [JSONValue] = plan.modules.map { m in
            .obj(["name": .string(m.name), "migrated": .int(m.migrated), "fixable": .int(m.fixable), "blocked": .int(m.blocked), "total": .int(m.total)])
        }
        let blockers: [JSONValue] = plan.blockers.enumerated().map { k, item in
            .obj(["rank": .int(k + 1), "reason": .string(item.reason), "code": item.code.map(JSONValue.string) ?? .null,
                  "place": place(item.place), "action": .string(item.action),
                  "unblocks": .obj(["models": .array(item.unblocks.map(JSONValue.string)), "sites": .int(item.unblockedSites)]),
                  "more_places": .array(item.morePlaces.map(place)),
                  "holds": .array(item.holds.map(JSONValue.string)), "modules": .array(item.modules.map(JSONValue.string)),
                  "counterfactual": .string(item.counterfactual.rawValue),
                  "with_above": .obj(["models": .array(item.freesWithAbove.map(JSONValue.string)), "sites": .int(item.sitesWithAbove),
                                      "fixable_after": .int(item.fixableAfter), "counterfactual": .string(item.stepCounterfactual.rawValue)])])
        }
        let models: [JSONValue] = plan.models.map { m in
            .obj(["name": .string(m.name), "module": .string(m.module), "state": .string(m.state.rawValue), "place": place(m.place),
                  "sites": .int(m.sites), "blockers": .array(m.blockers.map { .int($0 + 1) })])
        }
        return JSONValue.obj([
            "version": .int(jsonVersion),
            "totals": .obj(["models": .int(plan.models.count), "migrated": .int(plan.migrated), "fixable": .int(plan.fixable), "blocked": .int(plan.blocked)]),
            "modules": .array(modules), "blockers": .array(blockers), "models": .array(models),
        ]).encoded()
    }

    // MARK: HTML

    static let colors = (migrated: "#2e7d32", fixable: "#f9a825", blocked: "#c62828")

    /// One page, nothing fetched: the totals, a stacked bar per module (SVG), the ranked
    /// blockers and the blocked models. The counts are in `data-` attributes too, for tools.
    public static func html(_ plan: MigrationPlan, title: String) -> String {
        let e = XML.escape
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title>
            <style>
            body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; margin: 24px 32px; max-width: 1100px; }
            h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
            .totals span { display: inline-block; margin-right: 18px; font-size: 16px; }
            .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
            table { border-collapse: collapse; width: 100%; }
            th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e3e3e6; vertical-align: top; }
            th { font-size: 13px; color: #555; font-weight: 600; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            code { font: 13px Menlo, Consolas, monospace; background: #f3f3f5; padding: 1px 4px; border-radius: 3px; }
            .muted { color: #666; } .small { font-size: 13px; }
            svg text { font: 13px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: #1d1d1f; }
            </style>
            </head>
            <body>
            <h1>\(e(title))</h1>

            """
        let swatch = { (c: String) in "<span class=\"swatch\" style=\"background:\(c)\"></span>" }
        out += "<p class=\"totals\" id=\"totals\" data-models=\"\(plan.models.count)\" data-migrated=\"\(plan.migrated)\" data-fixable=\"\(plan.fixable)\" data-blocked=\"\(plan.blocked)\">"
        out += "<span>\(plan.models.count) models in \(plan.modules.count) modules</span>"
        out += "<span>\(swatch(colors.migrated))<b class=\"migrated\">\(plan.migrated)</b> migrated</span>"
        out += "<span>\(swatch(colors.fixable))<b class=\"fixable\">\(plan.fixable)</b> fixable now</span>"
        out += "<span>\(swatch(colors.blocked))<b class=\"blocked\">\(plan.blocked)</b> blocked</span></p>\n"

        out += "<h2>Progress per module</h2>\n" + chart(plan.modules)

        out += "<h2>Blockers, in the order to resolve them</h2>\n"
        if plan.blockers.isEmpty {
            out += "<p class=\"muted\">Nothing blocks a model.</p>\n"
        } else {
            out += "<table id=\"blockers\">\n<tr><th>#</th><th>Place</th><th>Why models stay, and what to do</th><th>Frees alone</th><th>Sites</th><th>With those above</th><th>Fixable after</th><th>Holds</th></tr>\n"
            for (k, item) in plan.blockers.enumerated() {
                let place = item.place.map { "\($0.projectPath):\($0.line):\($0.column)" } ?? "—"
                out += "<tr class=\"blocker\" data-rank=\"\(k + 1)\" data-unblocks=\"\(item.unblocks.count)\" data-sites=\"\(item.unblockedSites)\" data-holds=\"\(item.holds.count)\""
                    + " data-with-above=\"\(item.freesWithAbove.count)\" data-fixable-after=\"\(item.fixableAfter)\">"
                let more = item.morePlaces.isEmpty ? "" : " <span class=\"small muted\">and \(item.morePlaces.count) more</span>"
                out += "<td class=\"n\">\(k + 1)</td><td><code>\(e(place))</code>\(item.code.map { " <span class=\"small muted\">\(e($0))</span>" } ?? "")\(more)</td>"
                out += "<td>\(e(item.reason))"
                if item.action != item.reason { out += "<br><span class=\"small muted\">\(e(item.action))</span>" }
                out += "</td><td class=\"n\" title=\"\(e(item.unblocks.joined(separator: ", ")))\">\(item.unblocks.count)</td>"
                out += "<td class=\"n\">\(item.unblockedSites)</td>"
                out += "<td class=\"n\" title=\"\(e(item.freesWithAbove.joined(separator: ", ")))\">\(item.freesWithAbove.isEmpty ? "" : "+\(item.freesWithAbove.count)")</td>"
                out += "<td class=\"n\">\(item.fixableAfter) of \(plan.models.count - plan.migrated)</td>"
                out += "<td class=\"small\">\(e(names(item.holds, limit: 6)))</td></tr>\n"
            }
            out += "</table>\n<p class=\"small muted\">Frees alone: the models that would migrate if that blocker alone were resolved"
                + " (found by deciding again without it, or from the recorded hierarchy, family and forwarding links); sites: the wrapper properties,"
                + " injections, wrapper initialisers and <code>$x</code> uses <code>fix</code> would then rewrite. With those above: the models it frees"
                + " once the blockers ranked above it are resolved too; fixable after: the models <code>fix</code> migrates once all of them are."
                + " Holds: the models it is one of the reasons of.</p>\n"
        }
        let blocked = plan.models.filter { $0.state == .blocked }
        if !blocked.isEmpty {
            out += "<h2>Blocked models</h2>\n<table id=\"models\">\n<tr><th>Model</th><th>Module</th><th>Declared at</th><th>Blockers (rank)</th></tr>\n"
            for m in blocked {
                let place = m.place.map { "\($0.projectPath):\($0.line)" } ?? "—"
                out += "<tr class=\"model\" data-state=\"blocked\"><td>\(e(m.name))</td><td>\(e(m.module))</td><td><code>\(e(place))</code></td>"
                out += "<td>\(m.blockers.map { "#\($0 + 1)" }.joined(separator: ", "))</td></tr>\n"
            }
            out += "</table>\n"
        }
        out += "<p class=\"small muted\">Made by obs-migrate plan. Fixable now: what <code>obs-migrate fix --write</code> migrates today.</p>\n</body>\n</html>\n"
        return out
    }

    /// One stacked bar per module, scaled to the largest module, with its counts written beside it.
    static func chart(_ modules: [MigrationPlan.Module]) -> String {
        guard !modules.isEmpty else { return "<p class=\"muted\">No models.</p>\n" }
        let e = XML.escape
        let label = min(260, max(80, 8 * modules.map(\.name.count).max()! + 16)), barWidth = 420, row = 30, top = 26
        let width = label + barWidth + 240, height = top + row * modules.count + 6
        let largest = max(1, modules.map(\.total).max()!)
        var svg = "<svg id=\"chart\" role=\"img\" aria-label=\"Progress per module\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        var x = label
        for (name, color) in [("migrated", colors.migrated), ("fixable now", colors.fixable), ("blocked", colors.blocked)] {
            svg += "<rect x=\"\(x)\" y=\"4\" width=\"11\" height=\"11\" rx=\"2\" fill=\"\(color)\"/><text x=\"\(x + 16)\" y=\"14\">\(name)</text>\n"
            x += 16 + 8 * name.count + 20
        }
        for (k, m) in modules.enumerated() {
            let y = top + k * row
            svg += "<g class=\"module\" data-module=\"\(e(m.name))\" data-migrated=\"\(m.migrated)\" data-fixable=\"\(m.fixable)\" data-blocked=\"\(m.blocked)\">"
            svg += "<title>\(e(m.name)): \(m.migrated) migrated, \(m.fixable) fixable now, \(m.blocked) blocked</title>"
            svg += "<text x=\"\(label - 10)\" y=\"\(y + 16)\" text-anchor=\"end\">\(e(m.name))</text>"
            var at = label
            let full = barWidth * m.total / largest
            for (n, color, cls) in [(m.migrated, colors.migrated, "migrated"), (m.fixable, colors.fixable, "fixable"), (m.blocked, colors.blocked, "blocked")] where n > 0 {
                let w = max(2, full * n / max(1, m.total))
                svg += "<rect class=\"\(cls)\" x=\"\(at)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"20\" fill=\"\(color)\"/>"
                at += w
            }
            svg += "<text class=\"counts\" x=\"\(at + 8)\" y=\"\(y + 17)\">\(m.migrated) / \(m.fixable) / \(m.blocked)</text></g>\n"
        }
        return svg + "</svg>\n"
    }
}
