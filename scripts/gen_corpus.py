#!/usr/bin/env python3
"""Deterministic synthetic SwiftUI corpus generator for obs-migrate benchmarks.

    python3 scripts/gen_corpus.py --out DIR --megabytes N [--seed S] [--force] [--monorepo]

Writes a fake (non-compiling but realistic-looking) SwiftUI app of about N MB
(1 MB = 1,000,000 bytes; the result is within a few KB of the target) into DIR.
The app is a folder tree of .swift files, 100-1500 lines each:

    <App>/App/...                      @main App, root view, app delegate
    <App>/Shared/{Models,Views,Utilities}/...
    <App>/Features/<Name>/Models/      ObservableObject models + Codable entities
    <App>/Features/<Name>/Views/       SwiftUI views (@StateObject, @ObservedObject, ...)
    <App>/Features/<Name>/Extensions/  extensions, some `extension X: ObservableObject {}`
    <App>/Features/<Name>/Services/    async/await networking, no SwiftUI
    <App>/Features/<Name>/Utilities/   algorithms and parsers, no SwiftUI
    <App>Tests/...                     XCTest cases
    Packages/<Kit>/Sources/<Kit>/...   plain Swift modules

--monorepo lays each feature out as a Swift package of its own (Packages/<Name>Feature/,
with a Package.swift whose platforms are below Observation's) and gives each a wiring file:
a generic function constrained to ObservableObject, called there, and an
`.environmentObject(session.current)` whose value the tool cannot type, through a member name
every feature declares. These are the shapes of real monorepos that made the project-wide
decisions superlinear (low deployment targets x models x project folders, untyped values x
types, many constrained names x files); without the flag the corpus is unchanged.

Determinism: all randomness comes from one random.Random(seed); no set/dict
iteration order of hashed strings, no clock, no filesystem order is used, so the
same arguments always give byte-identical output (for a given Python version).

Refuses to write into a non-empty DIR unless --force (which writes over files
with the same names and leaves any other files in place).
"""

import argparse
import math
import os
import random
import re
import sys
import time

MB = 1_000_000
MIN_LINES = 100
MAX_LINES = 1500
HARD_CAP = MAX_LINES - 40  # filler stops here; mandatory tails are shorter than 40 lines

# ---------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------

APPS = ["Acme", "Nimbus", "Pebble", "Lighthouse", "Orbit", "Juniper", "Kestrel", "Marble"]
COMPANIES = ["Acme Corp", "Nimbus Labs GmbH", "Pebble & Co", "Lighthouse Software AB",
             "Orbit Studio SARL", "Juniper Apps Ltd"]
AUTHORS = ["Jane Appleseed", "José Müller", "Zoë Ångström", "田中 太郎", "Priya Raman",
           "Łukasz Nowak", "Chloé Dubois", "Sven Øvergaard", "Ahmed Al-Farsi", "Emily Chen",
           "Mateo García", "Søren Kierkegaard", "Ana Luísa Conceição", "Kim Min-jun"]
FEATURE_A = ["Inbox", "Profile", "Checkout", "Library", "Player", "Search", "Onboarding",
             "Calendar", "Gallery", "Messages", "Wallet", "Map", "Weather", "Fitness",
             "Recipes", "Notes", "Tasks", "Reader", "Store", "Tickets", "Travel", "Health",
             "Camera", "Chat", "Contacts", "Files", "News", "Podcasts", "Courses", "Orders",
             "Billing", "Budget", "Habits", "Journal", "Photos", "Rewards", "Support"]
FEATURE_B = ["", "Detail", "Editor", "Browser", "Dashboard", "Composer", "History", "Picker",
             "Summary", "Overview", "Feed", "Inspector", "Timeline", "Archive", "Sync",
             "Sharing", "Export", "Filters", "Review", "Queue", "Insights", "Planner"]
NOUNS = ["account", "order", "message", "photo", "album", "track", "playlist", "note", "task",
         "project", "invoice", "customer", "product", "review", "comment", "event", "ticket",
         "booking", "route", "station", "recipe", "ingredient", "workout", "session", "device",
         "sensor", "reading", "document", "folder", "contact", "transaction", "budget",
         "category", "tag", "location", "trip", "article", "channel", "episode", "podcast",
         "course", "lesson", "quiz", "badge", "reward", "coupon", "shipment", "warehouse",
         "reminder", "habit", "entry", "attachment", "draft", "thread", "member", "team",
         "invitation", "subscription", "payment", "receipt"]
ADJS = ["recent", "pinned", "shared", "archived", "favorite", "pending", "active", "draft",
        "featured", "local", "remote", "cached", "selected", "filtered", "sorted", "visible",
        "hidden", "primary", "secondary", "offline", "flagged", "muted", "upcoming", "overdue"]
VERBS = ["load", "refresh", "reload", "fetch", "sync", "save", "delete", "archive", "restore",
         "update", "apply", "reset", "validate", "submit", "toggle", "select", "export",
         "import", "merge", "prepare", "normalize", "rebuild", "schedule", "prefetch"]
LOCALS = ["count", "total", "index", "offset", "limit", "threshold", "score", "weight",
          "elapsed", "remaining", "candidate", "result", "buffer", "cursor", "window", "delta",
          "ratio", "key", "label", "title", "summary", "identifier", "token", "chunk", "batch",
          "page", "row", "column", "width", "height", "accumulator", "pivot", "lowerBound",
          "upperBound", "checksum", "attempt", "deadline", "budget", "spacing", "stride"]
SF_SYMBOLS = ["star.fill", "trash", "square.and.arrow.up", "folder", "tray.full", "bell.badge",
              "gearshape", "person.crop.circle", "magnifyingglass", "arrow.clockwise",
              "checkmark.circle.fill", "exclamationmark.triangle", "heart", "bookmark",
              "paperplane", "calendar", "clock.arrow.circlepath", "line.3.horizontal.decrease"]
UNICODE_STRINGS = ["Grüße aus München 👋", "Café crème ☕️", "日本語のテキスト", "Ça marche ✅",
                   "Señor Müller’s “Übersicht”", "Добро пожаловать", "🎉 Neue Funktionen",
                   "Ελληνικά κείμενα", "مرحبا بالعالم", "naïve façade — résumé", "中文 标题 🚀",
                   "Ærøskøbing → Örebro", "🇯🇵 東京 · 大阪", "Zürich – Genève"]
UNICODE_IDENTS = ["café", "größe", "über", "naïve", "日本", "résumé", "straße", "ñandú", "δ", "π"]
TODO_TAGS = ["TODO", "FIXME", "HACK", "NOTE", "XXX"]
TICKETS = ["#{n}", "JIRA-{n}", "APP-{n}", "rdar://{n}", "FB{n}"]


def cap(s):
    return s[:1].upper() + s[1:]


def low(s):
    return s[:1].lower() + s[1:]


def plural(n):
    if n.endswith("y") and n[-2:-1] not in "aeiou":
        return n[:-1] + "ies"
    if n.endswith(("s", "x", "ch", "sh")):
        return n + "es"
    return n + "s"


# ---------------------------------------------------------------------------
# Tiny template engine: @@key@@ placeholders (Swift uses $ and {} heavily).
# ---------------------------------------------------------------------------

_TPL_CACHE = {}
_TPL_RE = re.compile(r"@@(\w+)@@")


def tpl(text, kw):
    parts = _TPL_CACHE.get(text)
    if parts is None:
        parts = _TPL_RE.split(text)
        _TPL_CACHE[text] = parts
    out = parts[:]
    for i in range(1, len(out), 2):
        out[i] = kw[out[i]]
    return "".join(out).split("\n")


def ind(lines, n=1):
    p = "    " * n
    return [p + l if l else l for l in lines]


class Ctx:
    """Per-feature naming context; also works as a dict for templates."""

    def __init__(self, **kw):
        self.d = kw

    def __getitem__(self, k):
        return self.d[k]

    def with_(self, **kw):
        d = dict(self.d)
        d.update(kw)
        return Ctx(**d)


# ---------------------------------------------------------------------------
# Random Swift statements / expressions (gives endless non-repeating bodies)
# ---------------------------------------------------------------------------

def ticket(r):
    return r.choice(TICKETS).format(n=r.randint(100, 99999))


def comment_line(r, c):
    k = r.random()
    if k < 0.35:
        return "// %s(%s): %s" % (r.choice(TODO_TAGS), ticket(r), r.choice([
            "remove once the backend returns sorted results",
            "this runs on every keystroke; measure before optimising",
            "handle the empty state separately",
            "the server sometimes sends duplicates, dedupe by id",
            "revisit after the @Observable migration",
            "move into the service layer",
            "Locale-sensitive – check with the ü/ß folks",
            "avoid the extra copy of %s" % c["items"],
        ]))
    if k < 0.7:
        return "// " + r.choice([
            "Keep the order stable so diffing in the list stays cheap.",
            "Clamp to the valid range; the API is 1-based.",
            "Fast path: nothing changed since the last pass.",
            "We intentionally ignore cancellation here.",
            "Matches the behaviour of the legacy Objective-C implementation.",
            "See the design doc for why this is not a Set.",
            "Compute once, the formatter is expensive.",
            "Both branches must leave `isLoading` consistent.",
            "Don't use `$%s` here, it would fire the publisher twice." % c["items"],
            "Swift’s String indices are not Ints — walk with index(after:).",
        ])
    return "// " + r.choice(["swiftlint:disable:next force_unwrapping",
                             "swiftlint:disable:next cyclomatic_complexity",
                             "periphery:ignore", "-" * r.randint(20, 70)])


def expr_int(r, c):
    return r.choice([
        "%s.count" % c["items"],
        "%s.filter { $0.isFavorite }.count" % c["items"],
        "max(0, %s - %s)" % (r.choice(LOCALS), r.choice(LOCALS)),
        "min(%s, %d)" % (r.choice(LOCALS), r.choice([8, 16, 32, 64, 100, 256, 1_000])),
        "%s.reduce(0) { $0 + $1.%s }" % (c["items"], c["int_field"]),
        "(%s + %s) / 2" % (r.choice(LOCALS), r.choice(LOCALS)),
        "Int(%s.rounded(.down))" % r.choice(LOCALS),
        "%s.firstIndex(where: { $0.id == %s.id }) ?? 0" % (c["items"], c["e"]),
        str(r.choice([0, 1, 2, 10, 42, 255, 1_024, 86_400])),
        "%s.distance(from: %s.startIndex, to: %s)" % (c["items"], c["items"], r.choice(LOCALS)),
    ])


def expr_bool(r, c):
    return r.choice([
        "%s.isEmpty" % c["items"],
        "!%s.isEmpty" % c["items"],
        "%s > %s" % (r.choice(LOCALS), r.choice(LOCALS)),
        "%s.isFavorite && !%s.title.isEmpty" % (c["e"], c["e"]),
        "query.count >= 2",
        "isLoading",
        "%s == nil" % r.choice(LOCALS),
        "%s.createdAt < Date().addingTimeInterval(-86_400 * %d)" % (c["e"], r.randint(1, 30)),
        "%s.contains(where: { $0.id == %s.id })" % (c["items"], c["e"]),
        "(%s %% 2 == 0) || %s.isMultiple(of: 3)" % (r.choice(LOCALS), r.choice(LOCALS)),
        "Task.isCancelled",
        "ProcessInfo.processInfo.isLowPowerModeEnabled",
    ])


def expr_str(r, c):
    e, es = c["e"], c["es_lc"]
    return r.choice([
        '"\\(%s) \\(%s == 1 ? "%s" : "%s")"' % ("count", "count", c["e_lc"], es),
        '"\\(isLoading ? "Loading…" : "\\(%s.count) results")"' % c["items"],
        '"%s-\\(%s.id.uuidString.prefix(8))"' % (c["lower"], e),
        '%s.title.trimmingCharacters(in: .whitespacesAndNewlines)' % e,
        'String(localized: "%s.%s.title")' % (c["lower"], r.choice(VERBS)),
        '"%s"' % r.choice(UNICODE_STRINGS),
        '[%s.title, %s.subtitle ?? ""].joined(separator: " · ")' % (e, e),
        '"\\(%s.title) (\\(%s.createdAt.formatted(date: .abbreviated, time: .omitted)))"' % (e, e),
        'String(format: "%%.2f%%%%", %s * 100)' % r.choice(LOCALS),
        '#"\\#(%s.title) said "hi""#' % e,
        '"\\(%s ? "✓" : "\\(%s)")"' % (r.choice(["isValid", "isEmpty", "flag", "done"]),
                                       r.choice(LOCALS)),
    ])


def stmt_let(r, c):
    name = r.choice(LOCALS)
    k = r.random()
    if k < 0.3:
        return ["let %s = %s" % (name, expr_int(r, c))]
    if k < 0.5:
        return ["let %s = %s" % (name, expr_str(r, c))]
    if k < 0.6:
        return ["var %s = %s" % (name, expr_int(r, c))]
    if k < 0.75:
        return ["let %s = %s" % (name, r.choice([
            "%s.filter { $0.isFavorite }.sorted { $0.createdAt > $1.createdAt }" % c["items"],
            "%s.map(\\.title)" % c["items"],
            "Dictionary(grouping: %s, by: { $0.%s })" % (c["items"], c["group_field"]),
            "%s.prefix(%d)" % (c["items"], r.choice([3, 5, 10, 20])),
            "%s.lazy.compactMap { $0.subtitle }.first" % c["items"],
            "Set(%s.map(\\.id))" % c["items"],
            "%s.enumerated().map { ($0.offset, $0.element.title) }" % c["items"],
        ]))]
    if k < 0.85:
        return ["let %s: [%s] = %s" % (name, c["E"], r.choice([
            "[]", "%s.reversed()" % c["items"],
            "%s.filter { !$0.title.isEmpty }" % c["items"],
        ]))]
    return ["let %s = %s" % (name, expr_bool(r, c))]


def stmt_simple(r, c):
    k = r.random()
    if k < 0.25:
        return stmt_let(r, c)
    if k < 0.35:
        return [comment_line(r, c)]
    if k < 0.5:
        return ['logger.debug("%s \\(%s, privacy: .public)")' % (
            r.choice(["processed", "skipping", "merging", "retrying", "resolved", "cache hit for"]),
            r.choice(LOCALS))]
    if k < 0.6:
        return ["%s.append(%s)" % (r.choice(LOCALS), c["e"])]
    if k < 0.7:
        return ["%s += %s" % (r.choice(LOCALS), expr_int(r, c))]
    if k < 0.8:
        return ["%s = %s" % (r.choice(LOCALS), expr_str(r, c))]
    if k < 0.9:
        return ["assert(%s, \"%s\")" % (expr_bool(r, c), r.choice([
            "invariant violated", "must be called on the main actor", "unexpected state"]))]
    return ["_ = %s" % expr_int(r, c)]


def gen_body(r, c, n, depth=0):
    out = []
    for _ in range(n):
        k = r.random()
        if depth < 2 and k < 0.14:
            out.append("if %s {" % expr_bool(r, c))
            out += ind(gen_body(r, c, r.randint(1, 3), depth + 1))
            if r.random() < 0.3:
                out.append("} else if %s {" % expr_bool(r, c))
                out += ind(gen_body(r, c, r.randint(1, 2), depth + 1))
            if r.random() < 0.5:
                out.append("} else {")
                out += ind(gen_body(r, c, r.randint(1, 2), depth + 1))
            out.append("}")
        elif depth < 2 and k < 0.24:
            v = c["e"] if r.random() < 0.6 else r.choice(LOCALS)
            coll = c["items"] if v == c["e"] else "0..<%s" % r.choice(LOCALS)
            where = (" where %s" % expr_bool(r, c)) if r.random() < 0.25 else ""
            out.append("for %s in %s%s {" % (v, coll, where))
            out += ind(gen_body(r, c, r.randint(1, 3), depth + 1))
            out.append("}")
        elif depth < 2 and k < 0.29:
            out.append("switch sortOrder {")
            cases = ["newest", "oldest", "title", "favoritesFirst"]
            r.shuffle(cases)
            for cs in cases[:r.randint(2, 4)]:
                out.append("case .%s:" % cs)
                case_body = gen_body(r, c, r.randint(1, 2), depth + 1)
                if all(l.lstrip().startswith(("//", "#")) for l in case_body):
                    case_body.append("break")  # a case needs a statement
                out += ind(case_body)
            out.append("default:")
            out.append("    break")
            out.append("}")
        elif depth < 2 and k < 0.32:
            out.append("while %s {" % expr_bool(r, c))
            out += ind(gen_body(r, c, r.randint(1, 2), depth + 1))
            out.append("    %s += 1" % r.choice(LOCALS))
            out.append("}")
        elif k < 0.38:
            out.append("guard let %s = %s else {" % (
                r.choice(LOCALS), r.choice(["%s.first" % c["items"], "selected%s" % c["E"],
                                            "%s.last(where: { $0.isFavorite })" % c["items"],
                                            "Int(%s)" % r.choice(LOCALS)])))
            out.append("    " + r.choice(["return", "return nil", "continue", "break",
                                          "throw %sError.invalidState" % c["F"]]))
            out.append("}")
        elif k < 0.40 and depth < 2:
            out.append("#if DEBUG")
            out.append('print("[%s] \\(#function): \\(%s)")' % (c["F"], r.choice(LOCALS)))
            out.append("#endif")
        else:
            out += stmt_simple(r, c)
    return out


# ---------------------------------------------------------------------------
# Comments
# ---------------------------------------------------------------------------

def doc_comment(r, c, what, params=()):
    out = ["/// %s" % what]
    if r.random() < 0.6:
        out.append("///")
        out.append("/// " + r.choice([
            "The result is cached until `invalidate()` is called.",
            "Safe to call repeatedly; subsequent calls are coalesced.",
            "Runs on the main actor because it mutates published state.",
            "Complexity: O(*n* log *n*) where *n* is the number of %s." % c["es_lc"],
            "Mirrors the server’s ordering — don’t “fix” it locally.",
            "Used by `%sView` and the widget extension." % c["F"],
        ]))
    if params:
        out.append("///")
        out.append("/// - Parameters:")
        for p in params:
            out.append("///   - %s: %s" % (p, r.choice([
                "The item to operate on.", "Whether to bypass the cache.",
                "Maximum number of results.", "A closure invoked on completion.",
                "The identifier, as returned by the API."])))
    if r.random() < 0.3:
        out.append("/// - Returns: %s" % r.choice(["`true` if anything changed.",
                                                  "The matching elements, possibly empty.",
                                                  "A localized, user-facing string."]))
    return out


def legacy_block(r, c):
    """Commented-out legacy code that mentions the old API (must not be rewritten)."""
    k = r.random()
    M = c["M"]
    if k < 0.4:
        return [
            "// Legacy implementation, kept for reference until %s lands:" % ticket(r),
            "// final class Legacy%s: ObservableObject {" % M,
            "//     @Published var %s: [%s] = []" % (c["items"], c["E"]),
            "//     @Published var isLoading = false",
            "//     let objectWillChange = ObservableObjectPublisher()",
            "//",
            "//     func reload() {",
            "//         objectWillChange.send()",
            "//     }",
            "// }",
        ]
    if k < 0.75:
        return [
            "/*",
            " Old view wiring (pre-2023):",
            "",
            "     struct Legacy%sView: View {" % c["F"],
            "         @ObservedObject var model: %s" % M,
            "         @EnvironmentObject var settings: SettingsModel",
            "         /* nested comment: we used to pass `$model.query` here */",
            "     }",
            "",
            " Remember: @Published + ObservableObject is the Combine-era API.",
            "*/",
        ]
    return [
        "/* %s: switch to @Observable once the minimum deployment target allows it." % r.choice(
            ["NOTE", "TODO", "MIGRATION"]),
         " /* Inner: `@StateObject private var model = %s()` becomes `@State`. */" % M,
        "   Tracking issue: %s */" % ticket(r),
    ]


def header(r, c, filename):
    k = r.random()
    y = r.randint(2019, 2024)
    if k < 0.6:
        return ["//", "//  %s" % filename, "//  %s" % c["app"], "//",
                "//  Created by %s on %02d.%02d.%d." % (r.choice(AUTHORS), r.randint(1, 28),
                                                     r.randint(1, 12), y),
                "//  Copyright © %d %s. All rights reserved." % (y, r.choice(COMPANIES)),
                "//", ""]
    if k < 0.8:
        return ["// %s — part of %s" % (filename, c["app"]),
                "// SPDX-License-Identifier: MIT", ""]
    if k < 0.9:
        return ["/*", " * Copyright (c) 2019–%d %s" % (y, r.choice(COMPANIES)), " *",
                ' * Licensed under the Apache License, Version 2.0 (the "License");',
                " * you may not use this file except in compliance with the License.",
                " * You may obtain a copy of the License at",
                " *", " *     http://www.apache.org/licenses/LICENSE-2.0", " */", ""]
    return []


# ---------------------------------------------------------------------------
# Model file
# ---------------------------------------------------------------------------

T_SORT_ENUM = r'''
/// How `@@M@@` orders its @@es_lc@@.
enum @@F@@SortOrder: String, CaseIterable, Identifiable, Codable {
    case newest
    case oldest
    case title
    case favoritesFirst = "favorites_first"

    var id: String { rawValue }

    var localizedName: LocalizedStringKey {
        switch self {
        case .newest: return "Newest first"
        case .oldest: return "Oldest first"
        case .title: return "Title (A–Z)"
        case .favoritesFirst: return "Favorites ★ first"
        }
    }

    func areInIncreasingOrder(_ lhs: @@E@@, _ rhs: @@E@@) -> Bool {
        switch self {
        case .newest: return lhs.createdAt > rhs.createdAt
        case .oldest: return lhs.createdAt < rhs.createdAt
        case .title: return lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending
        case .favoritesFirst:
            if lhs.isFavorite != rhs.isFavorite { return lhs.isFavorite }
            return lhs.createdAt > rhs.createdAt
        }
    }
}
'''

T_ERROR_ENUM = r'''
enum @@F@@Error: LocalizedError, Equatable {
    case invalidState
    case notFound(id: @@E@@.ID)
    case validationFailed(field: String, reason: String)
    case server(status: Int, message: String?)

    var errorDescription: String? {
        switch self {
        case .invalidState:
            return "Something went wrong. Please try again."
        case .notFound(let id):
            return "Couldn’t find \(id)."
        case let .validationFailed(field, reason):
            return "\(field): \(reason)"
        case .server(let status, let message):
            return "Server error \(status)\(message.map { ": \($0)" } ?? "")"
        }
    }
}
'''

T_M_LOAD = r'''
func @@verb@@(force: Bool = false) async {
    guard !isLoading || force else { return }
    isLoading = true
    defer { isLoading = false }
    do {
        let fetched = try await service.fetch@@Es@@(page: currentPage, pageSize: pageSize)
        if force {
            @@items@@ = fetched
        } else {
            @@items@@.append(contentsOf: fetched.filter { item in !@@items@@.contains(where: { $0.id == item.id }) })
        }
        currentPage += 1
        lastUpdated = Date()
        errorMessage = nil
    } catch is CancellationError {
        // The view went away; nothing to report.
    } catch let error as URLError where error.code == .notConnectedToInternet {
        errorMessage = "You’re offline. Showing \(@@items@@.count) cached \(@@items@@.count == 1 ? "@@e_lc@@" : "@@es_lc@@")."
    } catch {
        errorMessage = "Couldn't load @@es_lc@@: \(error.localizedDescription)"
        logger.error("load failed: \(String(describing: error), privacy: .public)")
    }
}
'''

T_M_REFRESH = r'''
func refresh() async {
    currentPage = 0
    await @@verb@@(force: true)
}
'''

T_M_DELETE = r'''
func delete(at offsets: IndexSet) {
    let removed = offsets.map { @@items@@[$0] }
    @@items@@.remove(atOffsets: offsets)
    if let selected = selected@@E@@, removed.contains(where: { $0.id == selected.id }) {
        selected@@E@@ = nil
    }
    Task { [service] in
        for @@e@@ in removed {
            try? await service.delete(@@e@@.id)
        }
    }
}
'''

T_M_DELETE_OWC = r'''
func delete(at offsets: IndexSet) {
    objectWillChange.send()
    pendingDeletions.formUnion(offsets.map { @@items@@[$0].id })
    @@items@@.remove(atOffsets: offsets)
}
'''

T_M_TOGGLE = r'''
func toggleFavorite(_ @@e@@: @@E@@) {
    guard let index = @@items@@.firstIndex(where: { $0.id == @@e@@.id }) else {
        logger.warning("toggleFavorite: unknown id \(@@e@@.id.uuidString)")
        return
    }
    @@items@@[index].isFavorite.toggle()
    if sortOrder == .favoritesFirst {
        @@items@@.sort(by: sortOrder.areInIncreasingOrder)
    }
}
'''

T_M_MOVE = r'''
func move(from source: IndexSet, to destination: Int) {
    @@items@@.move(fromOffsets: source, toOffset: destination)
    sortOrder = .title // manual order overrides sorting
}
'''

T_M_FILTER = r'''
private func applyFilter(_ text: String) {
    let needle = text.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: .current)
    guard !needle.isEmpty else {
        visible@@Es@@ = @@items@@
        return
    }
    visible@@Es@@ = @@items@@.filter { @@e@@ in
        @@e@@.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: .current).contains(needle)
            || (@@e@@.subtitle?.localizedCaseInsensitiveContains(needle) ?? false)
    }
}
'''

T_M_VALIDATE = r'''
/// Validates the draft before submitting. Accepts letters (including ä, ø, ß), digits and a few symbols.
func validateDraft() throws -> String {
    let title = draftTitle.trimmingCharacters(in: .whitespaces)
    guard title.count >= 3 else {
        throw @@F@@Error.validationFailed(field: "title", reason: "must be at least 3 characters")
    }
    let pattern = #"^[\p{L}\p{N} ._\-'’]{3,64}$"#
    guard title.range(of: pattern, options: .regularExpression) != nil else {
        throw @@F@@Error.validationFailed(field: "title", reason: #"only letters, digits and ".-_" allowed"#)
    }
    return title
}
'''

T_M_EXPORT = r'''
func exportCSV() -> String {
    var csv = """
    id,title,created,favorite
    # exported by @@app@@ on \(Date().formatted(.iso8601))
    # "quotes" and \(showsArchived ? "archived" : "active") rows only

    """
    for @@e@@ in @@items@@ {
        let escaped = @@e@@.title.replacingOccurrences(of: "\"", with: "\"\"")
        csv += "\(@@e@@.id.uuidString),\"\(escaped)\",\(@@e@@.createdAt.timeIntervalSince1970),\(@@e@@.isFavorite)\n"
    }
    return csv
}
'''

T_M_COMPUTED = r'''
var isEmpty: Bool { @@items@@.isEmpty && !isLoading }

var summary: String {
    let count = @@items@@.count
    return "\(count) \(count == 1 ? "@@e_lc@@" : "@@es_lc@@")\(showsArchived ? " (incl. archived)" : "")"
}

var grouped: [(key: String, value: [@@E@@])] {
    Dictionary(grouping: @@items@@) { String($0.title.prefix(1)).uppercased() }
        .sorted { $0.key < $1.key }
}
'''

T_M_POLL = r'''
func startPolling(every interval: Duration = .seconds(30)) {
    pollingTask?.cancel()
    pollingTask = Task { [weak self] in
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard let self else { return }
            await self.refresh()
        }
    }
}

func stopPolling() {
    pollingTask?.cancel()
    pollingTask = nil
}
'''

T_M_SAMPLE = r'''
#if DEBUG
func loadSampleData() {
    @@items@@ = [
        @@E@@(title: "Grüße aus Köln", subtitle: "Ünïcödé everywhere"),
        @@E@@(title: "日本の@@e_lc@@", subtitle: "東京 → 大阪"),
        @@E@@(title: "Crème brûlée 🍮", subtitle: nil),
        @@E@@(title: #"Raw "quoted" \n title"#, subtitle: "multi\nline"),
    ]
    lastUpdated = .now
}
#else
func loadSampleData() {}
#endif
'''

T_M_DEINIT = r'''
deinit {
    pollingTask?.cancel()
}
'''

T_M_BIND = r'''
private func bind() {
    $query
        .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
        .removeDuplicates()
        .sink { [weak self] text in
            guard let self else { return }
            self.applyFilter(text)
        }
        .store(in: &cancellables)

    $@@items@@
        .combineLatest($sortOrder)
        .map { items, order in items.sorted(by: order.areInIncreasingOrder) }
        .receive(on: DispatchQueue.main)
        .assign(to: &$results)

    NotificationCenter.default.publisher(for: .@@lower@@DidChange)
        .sink { [weak self] _ in self?.objectWillChange.send() }
        .store(in: &cancellables)
}
'''

T_M_BIND2 = r'''
private func bind() {
    $draftTitle
        .map { $0.count >= 3 }
        .removeDuplicates()
        .assign(to: &$canSubmit)

    $selected@@E@@
        .compactMap { $0?.id }
        .sink { [weak self] id in
            self?.logger.debug("selected \(id.uuidString)")
        }
        .store(in: &cancellables)

    $query
        .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
        .sink { [weak self] _ in self?.currentPage = 0 }
        .store(in: &cancellables)
}
'''

T_M_HANDLE = r'''
func handle(_ event: @@F@@Event) {
    switch event {
    case .appeared:
        Task { await @@verb@@() }
    case .selected(let @@e@@):
        selected@@E@@ = @@e@@
    case .deleted(let ids) where ids.isEmpty:
        break
    case .deleted(let ids):
        @@items@@.removeAll { ids.contains($0.id) }
    case let .searched(text, scope):
        query = text
        logger.info("search \(text, privacy: .private) in \(scope.rawValue)")
    case .dismissedError:
        errorMessage = nil
    @unknown default:
        assertionFailure("unhandled event \(event)")
    }
}
'''

T_EVENT_ENUM = r'''
enum @@F@@Event {
    case appeared
    case selected(@@E@@)
    case deleted(ids: Set<@@E@@.ID>)
    case searched(String, scope: SearchScope)
    case dismissedError
}
'''

T_NOTIF_EXT = r'''
extension Notification.Name {
    static let @@lower@@DidChange = Notification.Name("com.acme.@@lower@@.didChange")
}
'''

T_FILTER_MODEL = r'''
/// Filter state shared by the list and the filter sheet.
final class @@F@@FilterModel: ObservableObject {
    @Published var includeArchived = false
    @Published var minimumScore: Double = 0.5
    @Published var tags: Set<String> = []
    @Published var dateRange: ClosedRange<Date>? = nil

    var isActive: Bool {
        includeArchived || minimumScore > 0.5 || !tags.isEmpty || dateRange != nil
    }

    func reset() {
        includeArchived = false
        minimumScore = 0.5
        tags.removeAll()
        dateRange = nil
    }
}
'''

T_PAGER = r'''
/// A small generic pager used by several list screens.
@MainActor
final class @@F@@Pager<Element: Identifiable & Hashable>: ObservableObject {
    @Published private(set) var elements: [Element] = []
    @Published private(set) var isExhausted = false
    @Published var pageSize: Int = 25

    private let loadPage: (Int, Int) async throws -> [Element]
    private var nextPage = 0

    init(loadPage: @escaping (Int, Int) async throws -> [Element]) {
        self.loadPage = loadPage
    }

    func loadMoreIfNeeded(current element: Element?) async {
        guard !isExhausted else { return }
        if let element, let index = elements.firstIndex(of: element), index < elements.count - 5 {
            return
        }
        do {
            let page = try await loadPage(nextPage, pageSize)
            elements.append(contentsOf: page)
            isExhausted = page.count < pageSize
            nextPage += 1
        } catch {
            isExhausted = true
        }
    }
}
'''

T_SUBCLASS = r'''
#if DEBUG
/// Preview model with canned data; never touches the network.
final class @@F@@PreviewModel: @@M@@ {
    override func @@verb@@(force: Bool = false) async {
        loadSampleData()
    }
}
#endif
'''

T_CUSTOM_OWC_CLASS = r'''
/// Hand-rolled publisher: only notifies when the visible state actually changes.
final class @@F@@Badge: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()

    private(set) var count = 0 {
        willSet {
            if newValue != count { objectWillChange.send() }
        }
    }

    func update(with @@es_lc_id@@: [@@E@@]) {
        count = @@es_lc_id@@.filter { !$0.isFavorite }.count
    }
}
'''

PUBLISHED_EXTRAS = [
    ["@Published var selection = Set<@@E@@.ID>()"],
    ["@Published var tags: [String] = []"],
    ["@Published private(set) var progress: Double = 0"],
    ["@Published var isPresentingEditor = false"],
    ["@Published var highlightedID: @@E@@.ID? = nil"],
    ["@Published var scope: SearchScope = .all"],
    ["@Published var counts: [String: Int] = [:]"],
    ["@Published private(set) var syncState: SyncState = .idle"],
    ["@Published var banner: Banner? {", "    didSet { scheduleBannerDismissal() }", "}"],
    ["@Published var filter = @@F@@Filter()"],
    ["@Published var lastError: Error?"],
    ["@Published var pendingChanges: [UUID: String] = [:] // id → new title"],
    ["@Published var selectedTab: Tab = .overview"],
    ["@Published var zoom: CGFloat = 1.0 {", "    didSet { zoom = min(max(zoom, 0.5), 4) }", "}"],
    ["@Published var größe: CGFloat = 14"],
    ["@Published var café = \"☕️\""],
    ["@Published var 日付: Date = .now"],
]

APPSTORAGE = [
    '@AppStorage("@@lower@@.showsPreview") var showsPreview = true',
    '@AppStorage("@@lower@@.lastTab") private var lastTab: Int = 0',
    '@AppStorage("@@lower@@.sort") var storedSort: String = @@F@@SortOrder.newest.rawValue',
    '@AppStorage("@@lower@@.compact", store: .group) var isCompact: Bool = false',
    '@AppStorage("@@lower@@.lastSync") private var lastSyncTimestamp: Double = 0',
]


def work_method(r, c):
    """A randomly generated method with control flow."""
    verb = r.choice(VERBS)
    adj = r.choice(ADJS)
    name = "%s%s%s" % (verb, cap(adj), cap(plural(r.choice(NOUNS))))
    k = r.random()
    params = []
    if k < 0.3:
        sig = "func %s()" % name
    elif k < 0.55:
        sig = "func %s(matching %s: %s)" % (name, c["e"], c["E"])
        params = [c["e"]]
    elif k < 0.75:
        sig = "private func %s(limit: Int = %d) -> [%s]" % (name, r.choice([10, 25, 50]), c["E"])
        params = ["limit"]
    elif k < 0.9:
        sig = "func %s(force: Bool) async throws" % name
        params = ["force"]
    else:
        sig = "@discardableResult\nfunc %s(_ ids: [%s.ID], completion: (() -> Void)? = nil) -> Bool" % (
            name, c["E"])
        params = ["ids", "completion"]
    out = []
    if r.random() < 0.5:
        out += doc_comment(r, c, "%s %s %s." % (cap(verb), adj, c["es_lc"]), params)
    out += sig.split("\n")
    out[-1] += " {"
    body = gen_body(r, c, r.randint(4, 14))
    if "-> [" in sig:
        body.append("return Array(%s.prefix(limit))" % c["items"])
    elif "-> Bool" in sig:
        body.append("completion?()")
        body.append("return %s" % expr_bool(r, c))
    out += ind(body)
    out.append("}")
    return out


def model_members(r, c):
    """Fixed part of the main model class body."""
    out = ["// MARK: - Published state", ""]
    q = r.random()
    if q < 0.3:
        out += ['@Published var query: String = "" {', "    didSet {",
                "        guard query != oldValue else { return }",
                "        currentPage = 0", "    }", "}"]
    elif q < 0.6:
        out.append('@Published var query = ""')
    else:
        out.append('@Published var query: String = ""')
    out.append("@Published private(set) var %s: [%s] = []" % (c["items"], c["E"]))
    out.append("@Published var visible%s: [%s] = []" % (c["Es"], c["E"]))
    out.append("@Published var selected%s: %s?" % (c["E"], c["E"]))
    if r.random() < 0.3:
        out += ["@Published var isLoading = false {", "    didSet {",
                "        if isLoading { loadStartedAt = Date() }",
                "    }", "}"]
    else:
        out.append("@Published var isLoading = false")
    out.append(r.choice(["@Published var errorMessage: String?",
                         "@Published var errorMessage: String? = nil"]))
    out.append("@Published var sortOrder: %sSortOrder = .newest" % c["F"])
    out.append("@Published private(set) var lastUpdated: Date?")
    out.append('@Published var draftTitle = ""')
    out.append("@Published var showsArchived = false")
    if c["combine"]:
        out.append("@Published private(set) var results: [%s] = []" % c["E"])
        if c["bind2"]:
            out.append("@Published private(set) var canSubmit = false")
    extras = list(range(len(PUBLISHED_EXTRAS)))
    r.shuffle(extras)
    for i in extras[:r.randint(0, 5)]:
        out += tpl("\n".join(PUBLISHED_EXTRAS[i]), c)
    out += ["", "// MARK: - Persisted preferences", ""]
    apps = list(APPSTORAGE)
    r.shuffle(apps)
    for a in apps[:r.randint(1, 3)]:
        out += tpl(a, c)
    out += ["", "// MARK: - Dependencies", ""]
    out.append("private let service: %sServicing" % c["F"])
    out.append('private let logger = Logger(subsystem: "com.acme.%s", category: "%s")' % (
        c["app"].lower(), c["F"]))
    out.append("private var currentPage = 0")
    out.append("private let pageSize = %d" % r.choice([20, 25, 30, 50]))
    out.append("private var loadStartedAt: Date?")
    out.append("private var pollingTask: Task<Void, Never>?")
    if c["combine"]:
        out.append("private var cancellables = Set<AnyCancellable>()")
        out.append("private var pendingDeletions = Set<%s.ID>()" % c["E"])
    if c["generic"]:
        out.append("let pager: %sPager<%s>" % (c["F"], c["E"]))
    out.append("")
    out += ["lazy var dateFormatter: DateFormatter = {",
            "    let formatter = DateFormatter()",
            "    formatter.dateStyle = .%s" % r.choice(["medium", "short", "long"]),
            "    formatter.timeStyle = .%s" % r.choice(["none", "short"]),
            '    formatter.locale = Locale(identifier: "%s")' % r.choice(
                ["en_US_POSIX", "de_DE", "fr_FR", "ja_JP"]),
            "    return formatter", "}()"]
    if r.random() < 0.5:
        out += ["", "private lazy var decoder: JSONDecoder = {",
                "    let decoder = JSONDecoder()",
                "    decoder.dateDecodingStrategy = .iso8601",
                "    decoder.keyDecodingStrategy = .convertFromSnakeCase",
                "    return decoder", "}()"]
    out += ["", "// MARK: - Init", ""]
    init_sig = "init(service: %sServicing = %sService(), id: %s.ID? = nil)" % (c["F"], c["F"], c["E"])
    out.append(init_sig + " {")
    out.append("    self.service = service")
    if c["generic"]:
        out.append("    self.pager = %sPager { page, size in try await service.fetch%s(page: page, pageSize: size) }" % (
            c["F"], c["Es"]))
    if c["kind"] == "nsobject":
        out.append("    super.init()")
    out.append("    if let id {")
    out.append("        self.selected%s = %s.placeholder(id: id)" % (c["E"], c["E"]))
    out.append("    }")
    if c["combine"]:
        out.append("    bind()")
    out.append("}")
    if c["combine"]:
        out += tpl(T_M_BIND2 if c["bind2"] else T_M_BIND, c)
    return out


MODEL_METHODS = [T_M_LOAD, T_M_REFRESH, T_M_TOGGLE, T_M_MOVE, T_M_FILTER, T_M_VALIDATE,
                 T_M_EXPORT, T_M_COMPUTED, T_M_POLL, T_M_SAMPLE, T_M_HANDLE]


class FileBuilder:
    """Collects lines and tracks size; `room()` says whether to keep filling."""

    def __init__(self, target_lines, budget_bytes):
        self.lines = []
        self.nbytes = 0
        self.target = min(target_lines, MAX_LINES - 60)
        self.budget = budget_bytes

    def add(self, lines):
        # Collapse runs of blank lines (and leading blanks) as we go, so that
        # len(self.lines) is the file's final line count.
        out = self.lines
        prev_blank = not out or out[-1] == ""
        nbytes = 0
        for l in lines:
            if l == "":
                if prev_blank:
                    continue
                prev_blank = True
            else:
                prev_blank = False
            out.append(l)
            nbytes += len(l) + 1
        self.nbytes += nbytes

    def try_add(self, lines):
        """Add a filler block unless it would push the file past the hard cap."""
        if len(self.lines) + len(lines) > HARD_CAP:
            return False
        self.add(lines)
        return True

    def room(self, share=1.0, reserve=0):
        n = len(self.lines) + reserve
        if n < MIN_LINES + 3:
            return True
        return n < self.target * share and self.nbytes < self.budget * share


def build_model_file(r, c, fb):
    fb.add(header(r, c, c["M"] + ".swift"))
    imports = ["import Foundation"]
    if c["combine"] or r.random() < 0.4:
        imports.append("import Combine")
    imports.append("import SwiftUI")
    if r.random() < 0.6:
        imports.append("import OSLog")
    else:
        imports.append("import os")
    fb.add(imports + [""])
    if r.random() < 0.5:
        fb.add(tpl(T_SORT_ENUM, c))
        sort_done = True
    else:
        sort_done = False
    fb.add(doc_comment(r, c, "Owns the state of the %s screen." % c["lower"]))
    if c["mainactor"]:
        fb.add(["@MainActor"])
    kind = c["kind"]
    if kind == "nsobject":
        decl = "final class %s: NSObject, ObservableObject {" % c["M"]
    elif kind == "open":
        decl = "class %s: ObservableObject {" % c["M"]
    elif kind == "split":
        decl = "final class %s {" % c["M"]
    elif kind == "identifiable":
        decl = "final class %s: ObservableObject, Identifiable {" % c["M"]
    else:
        decl = "final class %s: ObservableObject {" % c["M"]
    fb.add([decl])
    fb.add(ind(model_members(r, c)))
    fb.add(["", "    // MARK: - Actions", ""])
    methods = list(MODEL_METHODS)
    r.shuffle(methods)
    # load/refresh always present so views can call them
    methods.remove(T_M_LOAD)
    methods.remove(T_M_REFRESH)
    methods = [T_M_LOAD, T_M_REFRESH] + methods
    methods.append(T_M_DELETE_OWC if c["combine"] else T_M_DELETE)
    first = True
    for m in methods:
        if not first and not fb.room(0.7, 12):
            break
        first = False
        fb.add(ind(tpl(m, c)))
    while fb.room(0.75, 12):
        if not fb.try_add(ind(work_method(r, c) + [""])):
            break
    if c["kind"] == "nsobject" or r.random() < 0.4:
        fb.add(ind(tpl(T_M_DEINIT, c)))
    fb.add(["}", ""])
    if not sort_done:
        fb.add(tpl(T_SORT_ENUM, c))
    fb.add(tpl(T_ERROR_ENUM, c))
    fb.add(tpl(T_EVENT_ENUM, c))
    fb.add(tpl(T_NOTIF_EXT, c) + [""])
    if c["generic"]:
        fb.add(tpl(T_PAGER, c))
    if c["kind"] == "open":
        fb.add(tpl(T_SUBCLASS, c))
    extras = [T_FILTER_MODEL, T_CUSTOM_OWC_CLASS]
    for t in extras:
        if r.random() < 0.25:
            fb.add(tpl(t, c))
    if r.random() < 0.35:
        fb.add(legacy_block(r, c) + [""])
    while fb.room(1.0, 6):
        if not fb.try_add(top_level_filler(r, c) + [""]):
            break


# ---------------------------------------------------------------------------
# Plain Swift blocks (algorithms, parsers, helpers) -- no SwiftUI
# ---------------------------------------------------------------------------

T_LRU = r'''
/// A simple least-recently-used cache. Not thread-safe; wrap in an actor if shared.
final class @@P@@LRUCache<Key: Hashable, Value> {
    private final class Node {
        let key: Key
        var value: Value
        var prev: Node?
        var next: Node?
        init(key: Key, value: Value) { self.key = key; self.value = value }
    }

    private var nodes: [Key: Node] = [:]
    private var head: Node?
    private var tail: Node?
    let capacity: Int

    init(capacity: Int = @@n@@) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? {
        get {
            guard let node = nodes[key] else { return nil }
            moveToFront(node)
            return node.value
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    func insert(_ value: Value, for key: Key) {
        if let node = nodes[key] {
            node.value = value
            moveToFront(node)
            return
        }
        let node = Node(key: key, value: value)
        nodes[key] = node
        pushFront(node)
        if nodes.count > capacity, let last = tail {
            remove(last.key)
        }
    }

    func remove(_ key: Key) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        node.prev?.next = node.next
        node.next?.prev = node.prev
        if head === node { head = node.next }
        if tail === node { tail = node.prev }
    }

    private func pushFront(_ node: Node) {
        node.next = head
        head?.prev = node
        head = node
        if tail == nil { tail = node }
    }

    private func moveToFront(_ node: Node) {
        guard head !== node else { return }
        remove(node.key)
        nodes[node.key] = node
        node.prev = nil
        pushFront(node)
    }
}
'''

T_LEVENSHTEIN = r'''
/// Edit distance between two strings, compared by `Character` (grapheme clusters),
/// so "é" and "e\u{301}" count as equal and 🇯🇵 is a single step.
func @@p@@EditDistance(_ a: String, _ b: String) -> Int {
    let lhs = Array(a), rhs = Array(b)
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
        current[0] = i
        for j in 1...rhs.count {
            let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1,        // deletion
                             current[j - 1] + 1,     // insertion
                             previous[j - 1] + cost) // substitution
        }
        swap(&previous, &current)
    }
    return previous[rhs.count]
}
'''

T_BSEARCH = r'''
extension RandomAccessCollection {
    /// Index of the first element for which `predicate` is true, assuming the
    /// collection is partitioned (all false, then all true).
    func @@p@@PartitionIndex(where predicate: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var high = endIndex
        while low != high {
            let mid = index(low, offsetBy: distance(from: low, to: high) / 2)
            if try predicate(self[mid]) {
                high = mid
            } else {
                low = index(after: mid)
            }
        }
        return low
    }
}
'''

T_CSV = r'''
/// Minimal RFC 4180 CSV parser. Handles quoted fields, escaped quotes ("") and CRLF.
struct @@P@@CSVParser {
    enum ParseError: Error, CustomStringConvertible {
        case unterminatedQuote(line: Int)
        case unexpectedCharacter(Character, line: Int)

        var description: String {
            switch self {
            case .unterminatedQuote(let line): return "line \(line): unterminated quote"
            case let .unexpectedCharacter(c, line): return "line \(line): unexpected '\(c)'"
            }
        }
    }

    var separator: Character = ","

    func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil

        while let ch = pending ?? iterator.next() {
            pending = nil
            switch (ch, inQuotes) {
            case ("\"", false) where field.isEmpty:
                inQuotes = true
            case ("\"", true):
                if let next = iterator.next() {
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        pending = next
                    }
                } else {
                    inQuotes = false
                }
            case (separator, false):
                row.append(field)
                field = ""
            case ("\n", false), ("\r\n", false):
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                line += 1
            case ("\"", false):
                throw ParseError.unexpectedCharacter(ch, line: line)
            default:
                field.append(ch)
            }
        }
        if inQuotes { throw ParseError.unterminatedQuote(line: line) }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
'''

T_LEXER = r'''
/// Tokens for the tiny expression language used by smart filters,
/// e.g. `title ~ "café" && (score > 3 || tag == "日本")`.
enum @@P@@Token: Equatable {
    case identifier(String)
    case number(Double)
    case string(String)
    case op(String)
    case lparen, rparen
    case eof
}

struct @@P@@Lexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func next() throws -> @@P@@Token {
        skipWhitespace()
        guard position < scalars.count else { return .eof }
        let c = scalars[position]
        switch c {
        case "(":
            position += 1
            return .lparen
        case ")":
            position += 1
            return .rparen
        case "\"":
            return .string(try readString())
        case "0"..."9":
            return .number(readNumber())
        case "&", "|", "=", "!", "<", ">", "~":
            return .op(readOperator())
        default:
            if CharacterSet.letters.contains(c) || c == "_" {
                return .identifier(readIdentifier())
            }
            throw LexerError.unexpected(Character(c), at: position)
        }
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, CharacterSet.whitespacesAndNewlines.contains(scalars[position]) {
            position += 1
        }
    }

    private mutating func readString() throws -> String {
        position += 1 // opening quote
        var out = String.UnicodeScalarView()
        while position < scalars.count {
            let c = scalars[position]
            position += 1
            if c == "\\", position < scalars.count {
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(escaped)
                }
            } else if c == "\"" {
                return String(out)
            } else {
                out.append(c)
            }
        }
        throw LexerError.unterminatedString
    }

    private mutating func readNumber() -> Double {
        let start = position
        while position < scalars.count, ("0"..."9").contains(scalars[position]) || scalars[position] == "." {
            position += 1
        }
        return Double(String(String.UnicodeScalarView(scalars[start..<position]))) ?? 0
    }

    private mutating func readOperator() -> String {
        let start = position
        while position < scalars.count, "&|=!<>~".unicodeScalars.contains(scalars[position]) {
            position += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    private mutating func readIdentifier() -> String {
        let start = position
        while position < scalars.count,
              CharacterSet.alphanumerics.contains(scalars[position]) || scalars[position] == "_" {
            position += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    enum LexerError: Error {
        case unexpected(Character, at: Int)
        case unterminatedString
    }
}
'''

T_DIJKSTRA = r'''
/// Binary min-heap keyed by `Priority`.
struct @@P@@Heap<Element, Priority: Comparable> {
    private var storage: [(element: Element, priority: Priority)] = []

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }

    mutating func push(_ element: Element, priority: Priority) {
        storage.append((element, priority))
        siftUp(from: storage.count - 1)
    }

    mutating func pop() -> (element: Element, priority: Priority)? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let top = storage.removeLast()
        if !storage.isEmpty { siftDown(from: 0) }
        return top
    }

    private mutating func siftUp(from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child].priority < storage[parent].priority else { return }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var candidate = parent
            if left < storage.count, storage[left].priority < storage[candidate].priority { candidate = left }
            if right < storage.count, storage[right].priority < storage[candidate].priority { candidate = right }
            if candidate == parent { return }
            storage.swapAt(parent, candidate)
            parent = candidate
        }
    }
}

/// Shortest distances from `source` in a weighted graph (non-negative weights).
func @@p@@ShortestPaths<Node: Hashable>(
    from source: Node,
    edges: [Node: [(to: Node, weight: Double)]]
) -> [Node: Double] {
    var distances: [Node: Double] = [source: 0]
    var queue = @@P@@Heap<Node, Double>()
    queue.push(source, priority: 0)
    while let (node, distance) = queue.pop() {
        if distance > distances[node, default: .infinity] { continue }
        for edge in edges[node] ?? [] {
            let candidate = distance + edge.weight
            if candidate < distances[edge.to, default: .infinity] {
                distances[edge.to] = candidate
                queue.push(edge.to, priority: candidate)
            }
        }
    }
    return distances
}
'''

T_RETRY = r'''
/// Retries `operation` with exponential backoff and full jitter.
func @@p@@WithRetry<T>(
    maxAttempts: Int = @@n3@@,
    baseDelay: Duration = .milliseconds(@@ms@@),
    shouldRetry: (Error) -> Bool = { ($0 as? URLError)?.code != .cancelled },
    _ operation: () async throws -> T
) async throws -> T {
    var attempt = 0
    while true {
        do {
            return try await operation()
        } catch {
            attempt += 1
            guard attempt < maxAttempts, shouldRetry(error) else { throw error }
            let exponent = Double(1 << min(attempt, 10))
            let jitter = Double.random(in: 0...1)
            let delay = baseDelay * (exponent * jitter)
            try await Task.sleep(for: delay)
        }
    }
}
'''

T_SEMVER = r'''
/// Semantic version, e.g. "2.10.0-beta.1". Build metadata is ignored for ordering.
struct @@P@@Version: Comparable, CustomStringConvertible, Codable, Hashable {
    var major: Int
    var minor: Int
    var patch: Int
    var prerelease: [String] = []

    init?(_ string: String) {
        let pattern = #"^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string))
        else { return nil }
        func group(_ i: Int) -> String? {
            guard let range = Range(match.range(at: i), in: string) else { return nil }
            return String(string[range])
        }
        guard let major = group(1).flatMap(Int.init), let minor = group(2).flatMap(Int.init) else {
            return nil
        }
        self.major = major
        self.minor = minor
        self.patch = group(3).flatMap(Int.init) ?? 0
        self.prerelease = group(4)?.split(separator: ".").map(String.init) ?? []
    }

    var description: String {
        "\(major).\(minor).\(patch)\(prerelease.isEmpty ? "" : "-\(prerelease.joined(separator: "."))")"
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true): return false
        case (true, false): return false
        case (false, true): return true
        case (false, false):
            for (a, b) in zip(lhs.prerelease, rhs.prerelease) where a != b {
                if let x = Int(a), let y = Int(b) { return x < y }
                return a < b
            }
            return lhs.prerelease.count < rhs.prerelease.count
        }
    }
}
'''

T_RINGBUFFER = r'''
/// Fixed-capacity ring buffer; overwrites the oldest element when full.
struct @@P@@RingBuffer<Element>: Sequence {
    private var storage: [Element?]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        storage = Array(repeating: nil, count: capacity)
    }

    var capacity: Int { storage.count }
    var isFull: Bool { count == capacity }

    mutating func append(_ element: Element) {
        storage[(head + count) % capacity] = element
        if isFull {
            head = (head + 1) % capacity
        } else {
            count += 1
        }
    }

    func makeIterator() -> AnyIterator<Element> {
        var index = 0
        return AnyIterator {
            guard index < self.count else { return nil }
            defer { index += 1 }
            return self.storage[(self.head + index) % self.capacity]
        }
    }
}
'''

T_TOPO = r'''
/// Kahn's algorithm. Returns `nil` when the graph has a cycle.
func @@p@@TopologicalOrder<Node: Hashable & Comparable>(_ dependencies: [Node: Set<Node>]) -> [Node]? {
    var indegree: [Node: Int] = [:]
    var dependents: [Node: [Node]] = [:]
    for (node, deps) in dependencies {
        indegree[node, default: 0] += deps.count
        for dep in deps {
            indegree[dep, default: 0] += 0
            dependents[dep, default: []].append(node)
        }
    }
    var ready = indegree.filter { $0.value == 0 }.map(\.key).sorted()
    var order: [Node] = []
    order.reserveCapacity(indegree.count)
    while !ready.isEmpty {
        let node = ready.removeFirst()
        order.append(node)
        for next in dependents[node, default: []].sorted() {
            indegree[next]! -= 1
            if indegree[next] == 0 {
                ready.append(next)
            }
        }
    }
    return order.count == indegree.count ? order : nil
}
'''

T_RATELIMIT = r'''
/// Token-bucket rate limiter shared by all requests to one host.
actor @@P@@RateLimiter {
    private let capacity: Double
    private let refillPerSecond: Double
    private var tokens: Double
    private var lastRefill = ContinuousClock.now

    init(requestsPerSecond: Double = @@n3@@, burst: Double = @@n@@) {
        capacity = burst
        refillPerSecond = requestsPerSecond
        tokens = burst
    }

    func acquire() async throws {
        while true {
            refill()
            if tokens >= 1 {
                tokens -= 1
                return
            }
            let wait = (1 - tokens) / refillPerSecond
            try await Task.sleep(for: .milliseconds(Int(wait * 1_000)))
        }
    }

    private func refill() {
        let now = ContinuousClock.now
        let elapsed = lastRefill.duration(to: now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(capacity, tokens + seconds * refillPerSecond)
        lastRefill = now
    }
}
'''

T_MARKDOWN = r'''
/// Very small Markdown-ish inline parser: **bold**, _italic_, `code` and [links](url).
enum @@P@@Inline: Equatable {
    case text(String)
    case bold(String)
    case italic(String)
    case code(String)
    case link(title: String, url: URL)
}

func @@p@@ParseInline(_ source: String) -> [@@P@@Inline] {
    let rules: [(String, (Substring, Substring?) -> @@P@@Inline?)] = [
        (#"\*\*(.+?)\*\*"#, { m, _ in .bold(String(m)) }),
        (#"_(.+?)_"#, { m, _ in .italic(String(m)) }),
        (#"`([^`]+)`"#, { m, _ in .code(String(m)) }),
        (#"\[([^\]]+)\]\(([^)\s]+)\)"#, { m, u in u.flatMap { URL(string: String($0)) }.map { .link(title: String(m), url: $0) } }),
    ]
    var result: [@@P@@Inline] = []
    var rest = source[...]
    outer: while !rest.isEmpty {
        for (pattern, make) in rules {
            guard let regex = try? Regex(pattern),
                  let match = try? regex.prefixMatch(in: rest),
                  let first = match.output[1].substring
            else { continue }
            let second = match.output.count > 2 ? match.output[2].substring : nil
            if let node = make(first, second) {
                result.append(node)
                rest = rest[match.range.upperBound...]
                continue outer
            }
        }
        let ch = rest.removeFirst()
        if case .text(let s)? = result.last {
            result[result.count - 1] = .text(s + String(ch))
        } else {
            result.append(.text(String(ch)))
        }
    }
    return result
}
'''

T_HEX = r'''
extension Data {
    /// Lower-case hex, e.g. "deadbeef".
    var @@p@@HexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Base64URL without padding (RFC 4648 §5).
    var @@p@@Base64URL: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(@@p@@Hex hex: String) {
        guard hex.count.isMultiple(of: 2) else { return nil }
        var data = Data(capacity: hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            data.append(byte)
            index = next
        }
        self = data
    }
}
'''

T_DATES = r'''
enum @@P@@DateMath {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .current
        calendar.firstWeekday = 2 // Monday
        return calendar
    }()

    /// "vor 3 Tagen", "in 2 hours", "gerade eben" – depends on the locale.
    static func relative(_ date: Date, to reference: Date = .now, locale: Locale = .current) -> String {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = locale
        formatter.unitsStyle = .full
        if abs(date.timeIntervalSince(reference)) < 60 {
            return locale.language.languageCode == "de" ? "gerade eben" : "just now"
        }
        return formatter.localizedString(for: date, relativeTo: reference)
    }

    static func startOfWeek(for date: Date) -> Date {
        let components = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return calendar.date(from: components) ?? date
    }

    static func days(in range: ClosedRange<Date>) -> [Date] {
        var days: [Date] = []
        var current = calendar.startOfDay(for: range.lowerBound)
        while current <= range.upperBound {
            days.append(current)
            guard let next = calendar.date(byAdding: .day, value: 1, to: current) else { break }
            current = next
        }
        return days
    }
}
'''

T_STRINGS = r'''
extension String {
    /// "Crème Brûlée" → "creme-brulee"; "日本 語" → "日本-語".
    var @@p@@Slug: String {
        let folded = folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        var lastWasDash = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash, !out.isEmpty {
                out.append("-")
                lastWasDash = true
            }
        }
        return lastWasDash ? String(out.dropLast()) : out
    }

    /// Truncates to `limit` characters, appending "…" when shortened.
    func @@p@@Truncated(to limit: Int) -> String {
        guard count > limit else { return self }
        return String(prefix(max(0, limit - 1))) + "…"
    }

    var @@p@@Initials: String {
        split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined().uppercased()
    }
}
'''

T_DEBOUNCER = r'''
/// Debounces async work without Combine.
@MainActor
final class @@P@@Debouncer {
    private var task: Task<Void, Never>?
    private let delay: Duration

    init(delay: Duration = .milliseconds(@@ms@@)) {
        self.delay = delay
    }

    func schedule(_ action: @escaping @MainActor () async -> Void) {
        task?.cancel()
        task = Task { [delay] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return // cancelled by a newer call
            }
            await action()
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
    }
}
'''

T_JSONVALUE = r'''
/// Loosely-typed JSON for endpoints whose schema we don't control.
enum @@P@@JSONValue: Codable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([@@P@@JSONValue])
    case object([String: @@P@@JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([@@P@@JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: @@P@@JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    subscript(key: String) -> @@P@@JSONValue? {
        if case .object(let dict) = self { return dict[key] }
        return nil
    }

    subscript(index: Int) -> @@P@@JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }
}
'''

PLAIN_BLOCKS = [T_LRU, T_LEVENSHTEIN, T_BSEARCH, T_CSV, T_LEXER, T_DIJKSTRA, T_RETRY, T_SEMVER,
                T_RINGBUFFER, T_TOPO, T_RATELIMIT, T_MARKDOWN, T_HEX, T_DATES, T_STRINGS,
                T_DEBOUNCER, T_JSONVALUE]


def plain_kw(r, c):
    pre = r.choice(ADJS) + cap(r.choice(NOUNS)) + str(r.randint(1, 999))
    return c.with_(P=cap(pre), p=low(pre), n=str(r.choice([16, 32, 64, 128, 500])),
                   n3=str(r.randint(2, 6)), ms=str(r.choice([150, 250, 300, 500, 800])))


def plain_function(r, c):
    """A generated free function or static helper with a random body."""
    verb, adj, noun = r.choice(VERBS), r.choice(ADJS), r.choice(NOUNS)
    name = "%s%s%s" % (verb, cap(adj), cap(plural(noun)))
    out = doc_comment(r, c, "%s the %s %s." % (cap(verb), adj, plural(noun)), [c["items"]])
    ret = r.choice(["", " -> Int", " -> [%s]" % c["E"], " throws -> String", " async -> Bool"])
    out.append("func %s(_ %s: [%s], sortOrder: %sSortOrder = .newest)%s {" % (
        name, c["items"], c["E"], c["F"], ret))
    body = gen_body(r, c, r.randint(5, 16))
    if ret == " -> Int":
        body.append("return %s" % expr_int(r, c))
    elif ret.startswith(" -> ["):
        body.append("return %s.sorted(by: sortOrder.areInIncreasingOrder)" % c["items"])
    elif "String" in ret:
        body.append("return %s" % expr_str(r, c))
    elif "Bool" in ret:
        body.append("return %s" % expr_bool(r, c))
    out += ind(body)
    out.append("}")
    return out


def plain_block(r, c):
    if r.random() < 0.55:
        return tpl(r.choice(PLAIN_BLOCKS), plain_kw(r, c))
    if r.random() < 0.5:
        return plain_function(r, c)
    # an enum namespace of helpers
    name = "%s%sHelpers%d" % (c["F"], cap(r.choice(NOUNS)), r.randint(1, 99))
    out = ["enum %s {" % name]
    for _ in range(r.randint(2, 4)):
        f = plain_function(r, c)
        f = [("static " + l) if l.startswith("func ") else l for l in f]
        out += ind(f) + [""]
    out[-1] = "}"
    return out


def top_level_filler(r, c):
    k = r.random()
    if k < 0.1:
        return ["// MARK: - %s" % r.choice(["Helpers", "Private", "Formatting", "Sorting",
                                            "Parsing", "Networking", "Caching"]), ""] + plain_block(r, c)
    if k < 0.15:
        return ["#if DEBUG"] + plain_function(r, c) + ["#else"] + [
            "func debugDump%d() {}" % r.randint(1, 9999), "#endif"]
    return plain_block(r, c)


# ---------------------------------------------------------------------------
# Entity (Models/<E>.swift) -- plain Codable types
# ---------------------------------------------------------------------------

T_ENTITY = r'''
/// A @@e_lc@@ as returned by `GET /v2/@@es_lc@@`.
struct @@E@@: Identifiable, Codable, Hashable, Sendable {
    let id: UUID
    var title: String
    var subtitle: String?
    var createdAt: Date
    var updatedAt: Date?
    var isFavorite: Bool
    var @@int_field@@: Int
    var @@group_field@@: String
    var tags: [String]
    var status: Status
    var amount: Decimal?
    var metadata: [String: String]

    enum Status: String, Codable, CaseIterable, Sendable {
        case draft, active, archived
        case deleted = "soft_deleted"
    }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case subtitle = "sub_title"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case isFavorite = "is_favorite"
        case @@int_field@@
        case @@group_field@@
        case tags
        case status
        case amount
        case metadata = "meta"
    }

    init(
        id: UUID = UUID(),
        title: String,
        subtitle: String? = nil,
        createdAt: Date = .now,
        isFavorite: Bool = false,
        @@int_field@@: Int = 0,
        @@group_field@@: String = "",
        tags: [String] = [],
        status: Status = .active,
        amount: Decimal? = nil,
        metadata: [String: String] = [:]
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.createdAt = createdAt
        self.isFavorite = isFavorite
        self.@@int_field@@ = @@int_field@@
        self.@@group_field@@ = @@group_field@@
        self.tags = tags
        self.status = status
        self.amount = amount
        self.metadata = metadata
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? "Untitled"
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        isFavorite = try container.decodeIfPresent(Bool.self, forKey: .isFavorite) ?? false
        @@int_field@@ = try container.decodeIfPresent(Int.self, forKey: .@@int_field@@) ?? 0
        @@group_field@@ = try container.decodeIfPresent(String.self, forKey: .@@group_field@@) ?? ""
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        status = (try? container.decode(Status.self, forKey: .status)) ?? .active
        amount = try container.decodeIfPresent(Decimal.self, forKey: .amount)
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
    }

    static func placeholder(id: UUID) -> @@E@@ {
        @@E@@(id: id, title: "…", subtitle: nil, createdAt: .distantPast)
    }
}
'''

T_ENTITY_SAMPLES = r'''
extension @@E@@ {
    static let samples: [@@E@@] = [
        @@E@@(title: "@@u1@@", subtitle: "Sample #1", isFavorite: true, tags: ["demo", "ünïcode"]),
        @@E@@(title: "@@u2@@", subtitle: nil, @@int_field@@: 3),
        @@E@@(title: "Plain ASCII title", subtitle: "With \"escaped\" quotes"),
        @@E@@(title: #"Raw \(not interpolated)"#, metadata: ["emoji": "🧪", "lang": "日本語"]),
    ]

    static let sampleJSON = """
    [
      {
        "id": "9F1C8E2A-3B4D-4E5F-8A6B-7C8D9E0F1A2B",
        "title": "@@u1@@",
        "sub_title": null,
        "created_at": "2024-02-29T12:00:00Z",
        "is_favorite": true,
        "tags": ["a", "b"],
        "status": "active",
        "meta": { "source": "fixture \\(not interpolated)" }
      }
    ]
    """
}
'''

T_ENTITY_EXT = r'''
extension @@E@@: Comparable {
    static func < (lhs: @@E@@, rhs: @@E@@) -> Bool {
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }
}

extension @@E@@: CustomStringConvertible {
    var description: String {
        "@@E@@(\(title.debugDescription), \(isFavorite ? "★" : "☆"), \(status.rawValue))"
    }
}
'''

T_PAYLOAD = r'''
/// Server push payloads for @@es_lc@@.
enum @@E@@Change: Codable, Equatable {
    case inserted(@@E@@)
    case updated(id: UUID, fields: [String: String])
    case removed(id: UUID)
    case reset

    private enum CodingKeys: String, CodingKey { case type, payload, id, fields }
    private enum Kind: String, Codable { case inserted, updated, removed, reset }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .type) {
        case .inserted: self = .inserted(try c.decode(@@E@@.self, forKey: .payload))
        case .updated:
            self = .updated(id: try c.decode(UUID.self, forKey: .id),
                            fields: try c.decode([String: String].self, forKey: .fields))
        case .removed: self = .removed(id: try c.decode(UUID.self, forKey: .id))
        case .reset: self = .reset
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .inserted(let value):
            try c.encode(Kind.inserted, forKey: .type)
            try c.encode(value, forKey: .payload)
        case let .updated(id, fields):
            try c.encode(Kind.updated, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(fields, forKey: .fields)
        case .removed(let id):
            try c.encode(Kind.removed, forKey: .type)
            try c.encode(id, forKey: .id)
        case .reset:
            try c.encode(Kind.reset, forKey: .type)
        }
    }
}
'''


def build_entity_file(r, c, fb):
    fb.add(header(r, c, c["E"] + ".swift"))
    fb.add(["import Foundation", ""])
    u = list(UNICODE_STRINGS)
    fb.add(tpl(T_ENTITY, c) + [""])
    fb.add(tpl(T_ENTITY_SAMPLES, c.with_(u1=r.choice(u), u2=r.choice(u))) + [""])
    if fb.room():
        fb.add(tpl(T_ENTITY_EXT, c) + [""])
    if fb.room():
        fb.add(tpl(T_PAYLOAD, c) + [""])
    while fb.room(1.0, 6):
        if not fb.try_add(top_level_filler(r, c) + [""]):
            break


# ---------------------------------------------------------------------------
# Service file -- async/await networking, no SwiftUI
# ---------------------------------------------------------------------------

T_SERVICE = r'''
protocol @@F@@Servicing: Sendable {
    func fetch@@Es@@(page: Int, pageSize: Int) async throws -> [@@E@@]
    func fetch@@E@@(id: @@E@@.ID) async throws -> @@E@@
    func save(_ @@e@@: @@E@@) async throws -> @@E@@
    func delete(_ id: @@E@@.ID) async throws
}

struct @@F@@Service: @@F@@Servicing {
    enum Endpoint {
        case list(page: Int, pageSize: Int)
        case detail(UUID)
        case save(UUID?)
        case delete(UUID)

        var path: String {
            switch self {
            case .list: return "/v2/@@es_lc@@"
            case .detail(let id), .delete(let id): return "/v2/@@es_lc@@/\(id.uuidString.lowercased())"
            case .save(let id?): return "/v2/@@es_lc@@/\(id.uuidString.lowercased())"
            case .save(nil): return "/v2/@@es_lc@@"
            }
        }

        var method: String {
            switch self {
            case .list, .detail: return "GET"
            case .save(.some): return "PUT"
            case .save(.none): return "POST"
            case .delete: return "DELETE"
            }
        }

        var queryItems: [URLQueryItem] {
            guard case let .list(page, pageSize) = self else { return [] }
            return [
                URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "per_page", value: String(pageSize)),
                URLQueryItem(name: "locale", value: Locale.current.identifier),
            ]
        }
    }

    var baseURL = URL(string: "https://api.@@app_lc@@.example.com")!
    var session: URLSession = .shared
    var tokenProvider: @Sendable () async -> String? = { nil }

    func fetch@@Es@@(page: Int, pageSize: Int) async throws -> [@@E@@] {
        try await send(.list(page: page, pageSize: pageSize), as: Page<@@E@@>.self).items
    }

    func fetch@@E@@(id: @@E@@.ID) async throws -> @@E@@ {
        try await send(.detail(id), as: @@E@@.self)
    }

    func save(_ @@e@@: @@E@@) async throws -> @@E@@ {
        try await send(.save(@@e@@.id), body: @@e@@, as: @@E@@.self)
    }

    func delete(_ id: @@E@@.ID) async throws {
        _ = try await send(.delete(id), as: Empty.self)
    }

    // MARK: - Plumbing

    private struct Page<T: Decodable>: Decodable {
        let items: [T]
        let nextCursor: String?

        enum CodingKeys: String, CodingKey {
            case items = "data"
            case nextCursor = "next_cursor"
        }
    }

    private struct Empty: Decodable {}

    private func send<T: Decodable>(_ endpoint: Endpoint, body: (some Encodable)? = Optional<String>.none, as type: T.Type) async throws -> T {
        var components = URLComponents(url: baseURL.appendingPathComponent(endpoint.path), resolvingAgainstBaseURL: false)!
        let query = endpoint.queryItems
        components.queryItems = query.isEmpty ? nil : query
        var request = URLRequest(url: components.url!)
        request.httpMethod = endpoint.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("@@app@@/\(Bundle.main.shortVersion) (\(ProcessInfo.processInfo.operatingSystemVersionString))", forHTTPHeaderField: "User-Agent")
        if let token = await tokenProvider() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let body {
            request.httpBody = try JSONEncoder.api.encode(body)
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        switch http.statusCode {
        case 200..<300:
            if T.self == Empty.self, data.isEmpty { return Empty() as! T }
            return try JSONDecoder.api.decode(T.self, from: data)
        case 401, 403:
            throw @@F@@ServiceError.unauthorized
        case 404:
            throw @@F@@ServiceError.notFound(endpoint.path)
        case 429:
            let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap(Double.init) ?? 1
            throw @@F@@ServiceError.rateLimited(retryAfter: retryAfter)
        default:
            let message = String(data: data, encoding: .utf8)?.prefix(200)
            throw @@F@@ServiceError.http(status: http.statusCode, body: message.map(String.init))
        }
    }
}

enum @@F@@ServiceError: Error, LocalizedError {
    case unauthorized
    case notFound(String)
    case rateLimited(retryAfter: TimeInterval)
    case http(status: Int, body: String?)

    var errorDescription: String? {
        switch self {
        case .unauthorized: return "Please sign in again."
        case .notFound(let path): return "Not found: \(path)"
        case .rateLimited(let seconds): return "Too many requests – retry in \(Int(seconds.rounded(.up)))s."
        case let .http(status, body): return "HTTP \(status)\(body.map { " – \($0)" } ?? "")"
        }
    }
}
'''

T_SERVICE_CACHE = r'''
/// In-memory + on-disk cache for @@es_lc@@ so the list renders instantly on launch.
actor @@F@@Cache {
    private var memory: [@@E@@.ID: @@E@@] = [:]
    private let directory: URL
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("@@lower@@-cache", isDirectory: true)) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func value(for id: @@E@@.ID) -> @@E@@? {
        if let hit = memory[id] { return hit }
        let url = directory.appendingPathComponent(id.uuidString).appendingPathExtension("json")
        guard let data = try? Data(contentsOf: url), let value = try? decoder.decode(@@E@@.self, from: data) else {
            return nil
        }
        memory[id] = value
        return value
    }

    func store(_ values: [@@E@@]) async {
        for value in values {
            memory[value.id] = value
            let url = directory.appendingPathComponent(value.id.uuidString).appendingPathExtension("json")
            do {
                try encoder.encode(value).write(to: url, options: .atomic)
            } catch {
                print("⚠️ cache write failed for \(value.id): \(error)")
            }
        }
    }

    func purge(olderThan age: TimeInterval = 60 * 60 * 24 * @@n3@@) throws {
        let cutoff = Date().addingTimeInterval(-age)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.contentModificationDateKey])
        for file in files {
            let modified = try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
            if modified < cutoff {
                try FileManager.default.removeItem(at: file)
            }
        }
        memory.removeAll(keepingCapacity: true)
    }
}
'''

T_SERVICE_MOCK = r'''
#if DEBUG
struct Mock@@F@@Service: @@F@@Servicing {
    var @@items@@: [@@E@@] = @@E@@.samples
    var latency: Duration = .milliseconds(@@ms@@)
    var failure: Error?

    func fetch@@Es@@(page: Int, pageSize: Int) async throws -> [@@E@@] {
        try await Task.sleep(for: latency)
        if let failure { throw failure }
        let start = min(page * pageSize, @@items@@.count)
        let end = min(start + pageSize, @@items@@.count)
        return Array(@@items@@[start..<end])
    }

    func fetch@@E@@(id: @@E@@.ID) async throws -> @@E@@ {
        guard let match = @@items@@.first(where: { $0.id == id }) else {
            throw @@F@@ServiceError.notFound("/mock/\(id)")
        }
        return match
    }

    func save(_ @@e@@: @@E@@) async throws -> @@E@@ { @@e@@ }
    func delete(_ id: @@E@@.ID) async throws {}
}
#endif
'''


def build_service_file(r, c, fb):
    fb.add(header(r, c, c["F"] + "Service.swift"))
    fb.add(["import Foundation", ""])
    if r.random() < 0.3:
        fb.add(["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif", ""])
    fb.add(tpl(T_SERVICE, c) + [""])
    pk = plain_kw(r, c)
    if fb.room():
        fb.add(tpl(T_SERVICE_CACHE, pk) + [""])
    if fb.room():
        fb.add(tpl(T_SERVICE_MOCK, pk) + [""])
    while fb.room(1.0, 6):
        if not fb.try_add(top_level_filler(r, c) + [""]):
            break


def build_utility_file(r, c, fb, fname):
    fb.add(header(r, c, fname))
    fb.add(["import Foundation", ""])
    blocks = list(PLAIN_BLOCKS)
    r.shuffle(blocks)
    for b in blocks:
        if not fb.room(1.0, 6):
            break
        if not fb.try_add(tpl(b, plain_kw(r, c)) + [""]):
            break
    while fb.room(1.0, 6):
        if not fb.try_add(top_level_filler(r, c) + [""]):
            break


# ---------------------------------------------------------------------------
# Extension file
# ---------------------------------------------------------------------------

T_EXT_MODEL = r'''
extension @@M@@ {
    /// Text for the navigation subtitle, e.g. "12 @@es_lc@@ · updated 5 min ago".
    var navigationSubtitle: String {
        guard let lastUpdated else { return isLoading ? "Loading…" : "Never updated" }
        return "\(@@items@@.count) \(@@items@@.count == 1 ? "@@e_lc@@" : "@@es_lc@@") · updated \(lastUpdated.formatted(.relative(presentation: .named)))"
    }

    var favorites: [@@E@@] {
        @@items@@.filter(\.isFavorite)
    }

    func @@e@@(with id: @@E@@.ID) -> @@E@@? {
        @@items@@.first { $0.id == id }
    }

    func binding(for id: @@E@@.ID) -> Binding<@@E@@>? {
        guard @@items@@.contains(where: { $0.id == id }) else { return nil }
        return Binding(
            get: { self.@@e@@(with: id) ?? .placeholder(id: id) },
            set: { newValue in self.replace(newValue) }
        )
    }

    private func replace(_ newValue: @@E@@) {
        selected@@E@@ = newValue
        draftTitle = newValue.title
    }
}
'''

T_EXT_CONFORMANCE = r'''
// The class itself is declared in @@M@@.swift without the conformance so that
// the non-UI target can compile it; SwiftUI observation is added here.
extension @@M@@: ObservableObject {}
'''

T_EXT_ARRAY = r'''
extension Array where Element == @@E@@ {
    func sorted(by order: @@F@@SortOrder) -> [@@E@@] {
        sorted(by: order.areInIncreasingOrder)
    }

    var totalAmount: Decimal {
        reduce(into: Decimal.zero) { partial, element in partial += element.amount ?? 0 }
    }

    func grouped(by calendar: Calendar = .current) -> [Date: [@@E@@]] {
        Dictionary(grouping: self) { calendar.startOfDay(for: $0.createdAt) }
    }
}
'''

T_EXT_PROTOCOL = r'''
protocol @@F@@Presentable {
    var displayTitle: String { get }
    var displaySubtitle: String? { get }
    var accessibilityText: String { get }
}

extension @@F@@Presentable {
    var accessibilityText: String {
        [displayTitle, displaySubtitle].compactMap { $0 }.joined(separator: ", ")
    }
}

extension @@E@@: @@F@@Presentable {
    var displayTitle: String { title.isEmpty ? "Untitled" : title }
    var displaySubtitle: String? {
        subtitle ?? (isFavorite ? "★ Favorite" : nil)
    }
}
'''

T_EXT_ENV = r'''
private struct @@F@@ModelKey: EnvironmentKey {
    static let defaultValue: @@M@@? = nil
}

extension EnvironmentValues {
    var @@lower@@Model: @@M@@? {
        get { self[@@F@@ModelKey.self] }
        set { self[@@F@@ModelKey.self] = newValue }
    }
}
'''


def build_extension_file(r, c, fb):
    fname = "%s+%s.swift" % (c["M"], r.choice(["Helpers", "Formatting", "Bindings", "Convenience"]))
    fb.add(header(r, c, fname))
    fb.add(["import Foundation", "import SwiftUI", ""])
    if c["kind"] == "split":
        fb.add(tpl(T_EXT_CONFORMANCE, c) + [""])
    elif r.random() < 0.15:
        fb.add(["// Note: conformance moved to the class declaration; the old",
                "// `extension %s: ObservableObject {}` lived here." % c["M"], ""])
    fb.add(["// MARK: - %s conveniences" % c["M"], ""])
    fb.add(tpl(T_EXT_MODEL, c) + [""])
    for t in [T_EXT_ARRAY, T_EXT_PROTOCOL, T_EXT_ENV]:
        if fb.room() and r.random() < 0.8:
            fb.add(tpl(t, c) + [""])
    if r.random() < 0.3:
        fb.add(legacy_block(r, c) + [""])
    while fb.room(1.0, 6):
        k = r.random()
        if k < 0.3:
            # extension of the model with generated methods
            body = []
            for _ in range(r.randint(1, 3)):
                body += work_method(r, c) + [""]
            block = ["extension %s {" % c["M"]] + ind(body[:-1]) + ["}", ""]
        else:
            block = top_level_filler(r, c) + [""]
        if not fb.try_add(block):
            break


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

def view_leaf(r, c, has_item):
    e = "item" if has_item else "model.selected%s" % c["E"]
    opts = [
        'Text(model.summary)',
        'Text("\\(model.%s.count) \\(model.%s.count == 1 ? "%s" : "%s")")' % (
            c["items"], c["items"], c["e_lc"], c["es_lc"]),
        'Text("\\(model.isLoading ? "Loading…" : "\\(model.%s.count) %s")")' % (c["items"], c["es_lc"]),
        'Image(systemName: "%s")' % r.choice(SF_SYMBOLS),
        'Label("%s", systemImage: "%s")' % (r.choice(UNICODE_STRINGS), r.choice(SF_SYMBOLS)),
        'Toggle("Show archived", isOn: $model.showsArchived)',
        'TextField("Title", text: $model.draftTitle)',
        'TextField("Search %s", text: $model.query)' % c["es_lc"],
        'Spacer()',
        'Divider()',
        'Picker("Sort", selection: $model.sortOrder) {\n    ForEach(%sSortOrder.allCases) { order in\n        Text(order.localizedName).tag(order)\n    }\n}' % c["F"],
        'Button("Refresh") {\n    Task { await model.refresh() }\n}',
        'Button {\n    model.draftTitle = ""\n} label: {\n    Label("Clear", systemImage: "xmark.circle.fill")\n}',
        'if model.isLoading {\n    ProgressView()\n        .controlSize(.small)\n}',
        'if let message = model.errorMessage {\n    Text(message)\n        .foregroundStyle(.red)\n}',
        'Text(verbatim: "#\\(%s)")' % r.choice(LOCALS),
    ]
    if has_item:
        opts += [
            'Text(item.title)',
            'Text(item.subtitle ?? "—")',
            'Text(item.createdAt, style: .relative)',
            'Image(systemName: item.isFavorite ? "star.fill" : "star")',
            'Text("\\(item.title)\\(item.isFavorite ? " ★" : "")")',
        ]
    else:
        opts.append('Text(%s?.title ?? "Nothing selected")' % e)
    return r.choice(opts).split("\n")


MODIFIERS = [
    ".font(.headline)", ".font(.subheadline.weight(.semibold))", ".font(.caption)",
    ".foregroundStyle(.secondary)", ".foregroundColor(.accentColor)", ".padding()",
    ".padding(.horizontal, 12)", ".padding(.vertical, 8)",
    ".frame(maxWidth: .infinity, alignment: .leading)", ".lineLimit(2)",
    ".background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))",
    ".opacity(model.isLoading ? 0.5 : 1)", ".animation(.easeInOut(duration: 0.2), value: model.isLoading)",
    ".disabled(model.isLoading)", '.accessibilityLabel(Text("%s"))', ".contentShape(Rectangle())",
    ".redacted(reason: model.isLoading ? .placeholder : [])", ".buttonStyle(.borderedProminent)",
    ".textFieldStyle(.roundedBorder)", ".multilineTextAlignment(.leading)",
]


def view_tree(r, c, depth, has_item):
    if depth >= 3 or r.random() < 0.35:
        lines = view_leaf(r, c, has_item)
    else:
        container = r.choice(["VStack(alignment: .leading, spacing: %d)" % r.choice([4, 8, 12]),
                              "HStack(spacing: %d)" % r.choice([6, 8, 16]), "ZStack", "Group",
                              "ScrollView", "VStack"])
        lines = [container + " {"]
        for _ in range(r.randint(1, 4)):
            lines += ind(view_tree(r, c, depth + 1, has_item))
        lines.append("}")
    if not lines[0].startswith("if "):
        # Xcode style: modifiers after a closing brace line up with the view,
        # modifiers after a one-line view are indented one level.
        pad = "" if lines[-1].endswith("}") else "    "
        for m in r.sample(MODIFIERS, r.choice([0, 0, 1, 1, 2, 3])):
            if "%s" in m:
                m = m % r.choice(UNICODE_STRINGS)
            lines.append(pad + m)
    return lines


T_MAIN_VIEW = r'''
struct @@F@@View: View {
    @StateObject private var model = @@M@@()
    @EnvironmentObject var settings: SettingsModel
    @State private var isPresentingEditor = false
    @State private var path = NavigationPath()
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack(path: $path) {
            List(selection: $model.selected@@E@@) {
                if model.isEmpty {
                    @@F@@EmptyState(model: model)
                }
                ForEach(model.visible@@Es@@) { @@e@@ in
                    NavigationLink(value: @@e@@) {
                        @@F@@Row(item: @@e@@, model: model)
                    }
                    .swipeActions {
                        Button(@@e@@.isFavorite ? "Unfavorite" : "Favorite") {
                            model.toggleFavorite(@@e@@)
                        }
                        .tint(.yellow)
                    }
                }
                .onDelete(perform: model.delete)
            }
            .searchable(text: $model.query, prompt: "Search @@es_lc@@")
            .navigationTitle("@@title@@")
            .navigationSubtitle(model.navigationSubtitle)
            .navigationDestination(for: @@E@@.self) { @@e@@ in
                @@F@@DetailScreen(id: @@e@@.id)
                    .environmentObject(model)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        isPresentingEditor = true
                    } label: {
                        Label("Add", systemImage: "plus")
                    }
                }
            }
            .refreshable { await model.refresh() }
            .task { await model.@@verb@@() }
            .sheet(isPresented: $isPresentingEditor) {
                @@F@@Editor(model: model)
                    .environmentObject(settings)
            }
            .alert("Error", isPresented: .constant(model.errorMessage != nil), presenting: model.errorMessage) { _ in
                Button("OK") { model.errorMessage = nil }
            } message: { message in
                Text(message)
            }
        }
        .environmentObject(model)
    }
}
'''

T_ROW = r'''
struct @@F@@Row: View {
    let item: @@E@@
    @ObservedObject var model: @@M@@
    @EnvironmentObject var settings: SettingsModel

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 12) {
            Image(systemName: item.isFavorite ? "star.fill" : "star")
                .foregroundStyle(item.isFavorite ? .yellow : .secondary)
                .onTapGesture { model.toggleFavorite(item) }
            VStack(alignment: .leading, spacing: 2) {
                Text(item.title)
                    .font(settings.useLargeText ? .title3 : .body)
                if let subtitle = item.subtitle {
                    Text(subtitle)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer()
            Text("\(item.@@int_field@@) \(item.@@int_field@@ == 1 ? "item" : "items")")
                .monospacedDigit()
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel("\(item.title), \(item.isFavorite ? "favorite" : "\(item.status.rawValue)")")
    }
}
'''

T_DETAIL = r'''
struct @@F@@DetailScreen: View {
    @StateObject private var model: @@M@@
    @EnvironmentObject var settings: SettingsModel
    @EnvironmentObject var listModel: @@M@@
    @FocusState private var isTitleFocused: Bool

    init(id: @@E@@.ID) {
        _model = StateObject(wrappedValue: @@M@@(id: id))
    }

    var body: some View {
        Form {
            Section("Details") {
                TextField("Title", text: $model.draftTitle)
                    .focused($isTitleFocused)
                Toggle("Show archived", isOn: $model.showsArchived)
                Picker("Sort order", selection: $model.sortOrder) {
                    ForEach(@@F@@SortOrder.allCases) { order in
                        Text(order.localizedName).tag(order)
                    }
                }
            }
            Section {
                LabeledContent("Created", value: model.selected@@E@@?.createdAt.formatted() ?? "–")
                LabeledContent("In list", value: "\(listModel.@@items@@.count)")
            } footer: {
                Text("Last synced \(model.lastUpdated.map { model.dateFormatter.string(from: $0) } ?? "never")")
            }
        }
        .navigationTitle(model.selected@@E@@?.title ?? "@@E@@")
        .task { await model.@@verb@@() }
        .onAppear { isTitleFocused = model.draftTitle.isEmpty }
    }
}
'''

T_EDITOR = r'''
struct @@F@@Editor: View {
    @ObservedObject var model: @@M@@
    @EnvironmentObject private var settings: SettingsModel
    @Environment(\.dismiss) private var dismiss
    @State private var validationMessage: String?

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $model.draftTitle, axis: .vertical)
                    .lineLimit(1...3)
                Toggle("Haptics", isOn: $settings.hapticsEnabled)
                if let validationMessage {
                    Text(validationMessage)
                        .foregroundStyle(.red)
                }
            }
            .navigationTitle("New @@e_lc@@")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", role: .cancel) { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        do {
                            _ = try model.validateDraft()
                            dismiss()
                        } catch {
                            validationMessage = error.localizedDescription
                        }
                    }
                    .disabled(model.draftTitle.isEmpty)
                }
            }
        }
    }
}
'''

T_EMPTY = r'''
struct @@F@@EmptyState: View {
    @ObservedObject var model: @@M@@

    var body: some View {
        ContentUnavailableView {
            Label(model.query.isEmpty ? "No @@es_lc@@ yet" : "No results for “\(model.query)”", systemImage: "tray")
        } description: {
            Text(model.query.isEmpty ? "@@u1@@" : "Try a different search term.")
        } actions: {
            Button("Reload") {
                Task { await model.refresh() }
            }
        }
    }
}
'''

T_MODIFIER = r'''
struct @@F@@CardStyle: ViewModifier {
    var isHighlighted: Bool
    @Environment(\.colorScheme) private var colorScheme

    func body(content: Content) -> some View {
        content
            .padding(12)
            .background(
                RoundedRectangle(cornerRadius: 14, style: .continuous)
                    .fill(colorScheme == .dark ? Color.white.opacity(0.08) : Color.black.opacity(0.04))
            )
            .overlay {
                if isHighlighted {
                    RoundedRectangle(cornerRadius: 14, style: .continuous)
                        .strokeBorder(Color.accentColor, lineWidth: 2)
                }
            }
    }
}

extension View {
    func @@lower@@Card(highlighted: Bool = false) -> some View {
        modifier(@@F@@CardStyle(isHighlighted: highlighted))
    }
}
'''

T_PREVIEWS = r'''
#Preview("@@F@@ – light") {
    @@F@@View()
        .environmentObject(SettingsModel())
}

#Preview("Row") {
    @@F@@Row(item: @@E@@.samples[0], model: @@M@@())
        .environmentObject(SettingsModel())
        .padding()
}
'''

T_PREVIEWS_OLD = r'''
struct @@pv@@_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            @@pv_init@@
            @@pv_init@@
                .preferredColorScheme(.dark)
                .environment(\.locale, Locale(identifier: "ja_JP"))
        }
        .environmentObject(SettingsModel())
    }
}
'''

T_SUBVIEW_HEAD = r'''
struct @@name@@: View {
    @ObservedObject var model: @@M@@@@extra@@

    var body: some View {'''


def sub_view(r, c):
    name = "%s%s%s" % (c["F"], cap(r.choice(ADJS)), r.choice(
        ["Section", "Card", "Header", "Footer", "Cell", "Badge", "Toolbar", "Panel", "Banner"]))
    has_item = r.random() < 0.4
    extra = []
    if has_item:
        extra.append("    let item: %s" % c["E"])
    k = r.random()
    if k < 0.3:
        extra.append("    @EnvironmentObject var settings: SettingsModel")
    elif k < 0.45:
        extra.append("    @Binding var isExpanded: Bool")
    elif k < 0.6:
        extra.append("    @State private var %s = %s" % (
            r.choice(["isHovering", "showsDetails", "isEditing"]), r.choice(["false", "true"])))
    if r.random() < 0.15:
        extra.append("    @StateObject private var filter = %sFilterModel()" % c["F"])
    out = tpl(T_SUBVIEW_HEAD, c.with_(name=name, extra="".join("\n" + x for x in extra)))
    if r.random() < 0.4:
        out = doc_comment(r, c, "Part of the %s screen." % c["lower"]) + out
    body = view_tree(r, c, 0, has_item)
    out += ind(body, 2)
    out += ["    }"]
    if r.random() < 0.3:
        out += ["", "    @ViewBuilder", "    private var accessory: some View {"]
        out += ind(view_tree(r, c, 1, has_item), 2)
        out += ["    }"]
    if r.random() < 0.2:
        out += ["", "    private func %s() {" % (r.choice(VERBS) + cap(r.choice(NOUNS)))]
        out += ind(gen_body(r, c.with_(items="model.%s" % c["items"]), r.randint(2, 6)), 2)
        out += ["    }"]
    out.append("}")
    return out


def build_view_file(r, c, fb, main):
    fname = c["F"] + ("View.swift" if main else "DetailView.swift")
    fb.add(header(r, c, fname))
    fb.add(["import SwiftUI", ""])
    vc = c.with_(u1=r.choice(UNICODE_STRINGS),
                 pv=c["F"] + ("View" if main else "DetailScreen"),
                 pv_init=("%sView()" % c["F"]) if main else
                 ("%sDetailScreen(id: %s.samples[0].id)" % (c["F"], c["E"])))
    if main:
        fb.add(tpl(T_MAIN_VIEW, vc) + [""])
        fb.add(tpl(T_ROW, vc) + [""])
        fb.add(tpl(T_EMPTY, vc) + [""])
    else:
        fb.add(tpl(T_DETAIL, vc) + [""])
        fb.add(tpl(T_EDITOR, vc) + [""])
        if r.random() < 0.6:
            fb.add(tpl(T_MODIFIER, vc) + [""])
    if r.random() < 0.25:
        fb.add(legacy_block(r, c) + [""])
    while fb.room(0.92, 6):
        if not fb.try_add(sub_view(r, c) + [""]):
            break
    if main:
        fb.add(tpl(T_PREVIEWS if r.random() < 0.6 else T_PREVIEWS_OLD, vc))
    else:
        fb.add(tpl(T_PREVIEWS_OLD, vc))


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------

T_TEST_HEAD = r'''
import XCTest
@testable import @@app@@

@MainActor
final class @@M@@Tests: XCTestCase {
    private var model: @@M@@!

    override func setUp() async throws {
        try await super.setUp()
        model = @@M@@(service: Mock@@F@@Service())
    }

    override func tearDown() async throws {
        model = nil
        try await super.tearDown()
    }

    func testLoadPopulates@@Es@@() async throws {
        await model.@@verb@@()
        XCTAssertFalse(model.@@items@@.isEmpty)
        XCTAssertNil(model.errorMessage)
    }

    func testSummaryPluralisation() {
        model.loadSampleData()
        XCTAssertEqual(model.summary, "\(model.@@items@@.count) @@es_lc@@")
    }

    func testValidateRejectsShortTitles() {
        model.draftTitle = "ab"
        XCTAssertThrowsError(try model.validateDraft()) { error in
            XCTAssertEqual(error as? @@F@@Error, .validationFailed(field: "title", reason: "must be at least 3 characters"))
        }
    }
'''


# A test helper generic over ObservableObject, as suites often have: a model passed to it
# must keep ObservableObject, and finding its calls is a pass over every file of the project.
T_TEST_LEAKS = r'''
    /// Fails when `object` outlives the test: a retain cycle through a subscription.
    private func trackForLeaks<Object: ObservableObject>(_ object: Object, file: StaticString = #filePath,
                                                         line: UInt = #line) {
        addTeardownBlock { [weak object] in
            XCTAssertNil(object, "the model was not released", file: file, line: line)
        }
    }

    func testModelIsReleased() {
        trackForLeaks(model)
    }
'''


def build_test_file(r, c, fb):
    fb.add(header(r, c, c["M"] + "Tests.swift"))
    fb.add(tpl(T_TEST_HEAD, c))
    if r.random() < 0.3:
        fb.add(tpl(T_TEST_LEAKS, c))
    while fb.room(1.0, 4):
        name = "test%s%s%d" % (cap(r.choice(VERBS)), cap(plural(r.choice(NOUNS))), r.randint(1, 99))
        body = gen_body(r, c.with_(items="model.%s" % c["items"]), r.randint(3, 9))
        body.append("XCTAssert%s" % r.choice([
            "True(%s)" % expr_bool(r, c), "Equal(%s, %s)" % (r.choice(LOCALS), r.randint(0, 9)),
            "NotNil(model.selected%s)" % c["E"]]))
        if not fb.try_add(["", "    func %s() async throws {" % name] + ind(body, 2) + ["    }"]):
            break
    fb.add(["}"])


# ---------------------------------------------------------------------------
# Shared / app files
# ---------------------------------------------------------------------------

# Members every ObservableObject gets, unused here: the check for their uses still reads
# every file of the project.
T_SHARED_EXTENSION = [
    "",
    "extension ObservableObject {",
    "    /// The type's name for log lines, without its module.",
    "    var debugTypeName: String { String(describing: type(of: self)) }",
    "}",
]

T_SETTINGS = r'''
import Foundation
import SwiftUI
import Combine

/// App-wide settings, injected with `.environmentObject(settings)` at the root.
final class SettingsModel: ObservableObject {
    @Published var useLargeText = false
    @Published var hapticsEnabled = true
    @Published var useMetric: Bool = Locale.current.measurementSystem == .metric
    @Published var accentColorName: String = "blue" {
        didSet { UserDefaults.standard.set(accentColorName, forKey: "accentColorName") }
    }
    @Published private(set) var signedInUser: String?
    @AppStorage("settings.theme") var theme: String = "system"
    @AppStorage("settings.onboardingDone") var onboardingDone = false

    private var cancellables: Set<AnyCancellable> = []

    init() {
        accentColorName = UserDefaults.standard.string(forKey: "accentColorName") ?? "blue"
        NotificationCenter.default.publisher(for: UserDefaults.didChangeNotification)
            .receive(on: RunLoop.main)
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
    }

    func signIn(as user: String) {
        signedInUser = user
    }

    func signOut() {
        signedInUser = nil
        onboardingDone = false
    }
}

/// Global navigation/app state.
@MainActor
final class AppState: ObservableObject {
    @Published var selectedTab: Tab = .home
    @Published var deepLink: URL?
    @Published var isShowingOnboarding = false

    enum Tab: Hashable {
        case home, search, settings
    }

    func open(_ url: URL) {
        guard url.scheme == "@@app_lc@@" else { return }
        deepLink = url
    }
}

enum SearchScope: String, CaseIterable { case all, titles, tags }
enum SyncState: Equatable { case idle, syncing(progress: Double), failed(String) }
struct Banner: Identifiable, Equatable { let id = UUID(); var text: String }
enum Tab: Hashable { case overview, details, activity }

extension UserDefaults {
    static let group = UserDefaults(suiteName: "group.com.acme.@@app_lc@@")
}

extension Bundle {
    var shortVersion: String {
        infoDictionary?["CFBundleShortVersionString"] as? String ?? "0.0"
    }
}

extension JSONDecoder {
    static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension JSONEncoder {
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
'''

T_APP = r'''
import SwiftUI

@main
struct @@app@@App: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var settings = SettingsModel()
    @StateObject private var appState = AppState()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(settings)
                .environmentObject(appState)
                .onOpenURL { appState.open($0) }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background {
                // Persist lightweight state; heavy work belongs in BGTaskScheduler.
            }
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        #if DEBUG
        print("🚀 @@app@@ launched with \(launchOptions?.count ?? 0) options")
        #endif
        return true
    }
}

struct RootView: View {
    @EnvironmentObject var settings: SettingsModel
    @EnvironmentObject var appState: AppState

    var body: some View {
        TabView(selection: $appState.selectedTab) {
@@tabs@@
        }
        .dynamicTypeSize(settings.useLargeText ? .xxLarge : .large)
        .sheet(isPresented: $appState.isShowingOnboarding) {
            Text("Willkommen! ようこそ 👋")
        }
    }
}
'''


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def pick_lines(r, median, hi=MAX_LINES - 60):
    v = r.lognormvariate(math.log(median), 0.65)
    return int(min(max(v, MIN_LINES + 10), hi))


class Writer:
    def __init__(self, out, r):
        self.out = out
        self.r = r
        self.files = 0
        self.bytes = 0
        self.lines = 0
        self.plain_bytes = 0
        self.made_dirs = set()

    def write(self, relpath, lines):
        r = self.r
        text = "\n".join(lines).strip("\n") + "\n"
        style = r.random()
        if style < 0.03:
            # tab-indented file
            out = []
            for l in text.split("\n"):
                s = l.lstrip(" ")
                n = len(l) - len(s)
                out.append("\t" * (n // 4) + " " * (n % 4) + s)
            text = "\n".join(out)
        nlines = text.count("\n")
        if 0.03 <= style < 0.06:
            text = text.replace("\n", "\r\n")
        data = text.encode("utf-8")
        path = os.path.join(self.out, relpath)
        d = os.path.dirname(path)
        if d not in self.made_dirs:
            os.makedirs(d, exist_ok=True)
            self.made_dirs.add(d)
        with open(path, "wb") as f:
            f.write(data)
        self.files += 1
        self.bytes += len(data)
        self.lines += nlines
        if not ("import SwiftUI" in text or "import Combine" in text
                or "ObservableObject" in text or "@Published" in text):
            self.plain_bytes += len(data)


def make_feature(r, app, name, used_entities):
    noun = r.choice(NOUNS)
    E = cap(noun)
    if E in used_entities:
        E = name + cap(noun)
    used_entities.add(E)
    e = low(E)
    Es = plural(E)
    M = name + r.choice(["Model", "Model", "Model", "ViewModel", "Store"])
    k = r.random()
    kind = ("nsobject" if k < 0.12 else "open" if k < 0.2 else "split" if k < 0.28
            else "identifiable" if k < 0.33 else "final")
    return Ctx(
        app=app, app_lc=app.lower(), F=name, lower=low(name), M=M, E=E, e=e,
        e_lc=noun, es_lc=plural(noun), es_lc_id=plural(noun), Es=Es, items=low(Es),
        title=name if r.random() < 0.7 else "%s ✨" % name,
        verb=r.choice(["load", "reload", "fetch", "sync", "loadPage"]),
        int_field=r.choice(["count", "quantity", "rank", "position", "score", "unreadCount"]),
        group_field=r.choice(["category", "folder", "region", "authorName", "kind"]),
        kind=kind, mainactor=r.random() < 0.4, combine=r.random() < 0.2, bind2=r.random() < 0.3,
        generic=r.random() < 0.15, ms=str(r.choice([150, 250, 300, 500])),
        n3=str(r.randint(2, 7)),
    )


def fill_to_budget(fb, r, c):
    """Like the other fill loops, but skips blocks that would overshoot the byte
    budget noticeably, so the corpus total lands close to the target."""
    misses = 0
    while fb.room(1.0, 6) and misses < 30:
        short = len(fb.lines) < MIN_LINES + 3
        # Small blocks while still short of the minimum line count.
        block = (plain_function(r, c) if short else top_level_filler(r, c)) + [""]
        size = sum(len(l.encode("utf-8")) + 1 for l in block)
        if not short and fb.nbytes + size > fb.budget + 200:
            misses += 1
            continue
        if not fb.try_add(block):
            break


T_PACKAGE = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "{F}Feature",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [.library(name: "{F}Feature", targets: ["{F}Feature"])],
    targets: [.target(name: "{F}Feature")]
)
"""

T_WIRING = """import SwiftUI

/// Hands a model to the feature's views; generic, so any ObservableObject goes.
public func observe{F}<Model: ObservableObject>(_ model: Model) -> Model {{
    model
}}

final class {F}Session {{
    var current = {M}()
}}

struct {F}Wiring {{
    let session: {F}Session

    func attach<V: View>(_ view: V) -> some View {{
        view.environmentObject(session.current)
    }}

    func observed() -> {M} {{
        observe{F}(session.current)
    }}
}}
"""


def monorepo_files(c):
    """The manifest and wiring file of one feature's package (see --monorepo)."""
    return (T_PACKAGE.replace("{F}", c["F"]).split("\n"),
            T_WIRING.format(F=c["F"], M=c["M"]).split("\n"))


def generate(out, target, seed, monorepo=False):
    r = random.Random(seed)
    app = r.choice(APPS)
    w = Writer(out, r)
    used_entities = set()

    def budget():
        return target - w.bytes

    reserve = 16_000  # for the two shared files written last, which absorb the remainder

    def emit(relpath, builder, median, *args):
        b = budget() - reserve
        if b <= 0:
            return False
        fb = FileBuilder(pick_lines(r, median), b)
        builder(r, args[0], fb, *args[1:])
        w.write(relpath, fb.lines)
        return True

    base = Ctx(app=app, app_lc=app.lower())
    features = []
    names_taken = set()
    combos = [(a, b) for a in FEATURE_A for b in FEATURE_B]
    r.shuffle(combos)
    suffix = 1
    fi = 0
    tests_dir = "%sTests" % app
    while budget() > reserve:
        if fi >= len(combos):
            fi = 0
            suffix += 1
        a, b = combos[fi]
        fi += 1
        name = a + b + ("" if suffix == 1 else "V%d" % suffix)
        if name in names_taken:
            continue
        names_taken.add(name)
        c = make_feature(r, app, name, used_entities)
        features.append(c)
        root = "%s/Features/%s" % (app, name)
        if r.random() < 0.08:
            root = "%s/Features/%s/%s" % (app, a, name)  # deeper nesting now and then
        if monorepo:
            package = "Packages/%sFeature" % name
            root = "%s/Sources/%sFeature" % (package, name)
            manifest, wiring = monorepo_files(c)
            w.write("%s/Package.swift" % package, manifest)
            w.write("%s/%sWiring.swift" % (root, name), wiring)
        emit("%s/Models/%s.swift" % (root, c["M"]), build_model_file, 420, c)
        emit("%s/Models/%s.swift" % (root, c["E"]), build_entity_file, 260, c)
        emit("%s/Views/%sView.swift" % (root, name),
             lambda r_, c_, fb: build_view_file(r_, c_, fb, True), 380, c)
        if r.random() < 0.6:
            emit("%s/Views/%sDetailView.swift" % (root, name),
                 lambda r_, c_, fb: build_view_file(r_, c_, fb, False), 260, c)
        emit("%s/Extensions/%s+Helpers.swift" % (root, c["M"]), build_extension_file, 220, c)
        emit("%s/Services/%sService.swift" % (root, name), build_service_file, 330, c)
        if r.random() < 0.7:
            util = "%s%s.swift" % (name, r.choice(["Parsing", "Algorithms", "Formatting",
                                                    "Geometry", "Diffing", "Validation"]))
            emit("%s/Utilities/%s" % (root, util),
                 lambda r_, c_, fb: build_utility_file(r_, c_, fb, util), 360, c)
        if r.random() < 0.25:
            emit("%s/%s/%sTests.swift" % (tests_dir, name, c["M"]), build_test_file, 200, c)
        if r.random() < 0.06:
            kit = "%sKit" % cap(r.choice(NOUNS))
            emit("Packages/%s/Sources/%s/%s%s.swift" % (kit, kit, cap(r.choice(ADJS)),
                                                        cap(r.choice(NOUNS))),
                 lambda r_, c_, fb: build_utility_file(r_, c_, fb, "Kit.swift"), 500, c)

    # Shared files last: they fill whatever budget is left, which keeps the total
    # within about one block (a few KB) of the target.
    fc = features[0] if features else make_feature(r, app, "Home", used_entities)
    fb = FileBuilder(MAX_LINES, max(budget() // 2, 1))
    fb.add(header(r, base, "SettingsModel.swift") + tpl(T_SETTINGS, base) + T_SHARED_EXTENSION)
    fill_to_budget(fb, r, fc)
    w.write("%s/Shared/Models/SettingsModel.swift" % app, fb.lines)

    # The @main app file references the first few features as tabs.
    tabs = []
    for c in features[:6]:
        tabs += ["            %sView()" % c["F"],
                 '                .tabItem { Label("%s", systemImage: "%s") }' % (
                     c["title"], r.choice(SF_SYMBOLS))]
    fb = FileBuilder(MAX_LINES, max(budget(), 1))
    fb.add(header(r, base, "%sApp.swift" % app) + tpl(T_APP, base.with_(tabs="\n".join(tabs))))
    fill_to_budget(fb, r, fc)
    w.write("%s/App/%sApp.swift" % (app, app), fb.lines)
    return w


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="output directory (created)")
    ap.add_argument("--megabytes", required=True, type=float,
                    help="target size in MB (1 MB = 1,000,000 bytes)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--monorepo", action="store_true",
                    help="each feature a package with low deployment targets (see above)")
    ap.add_argument("--force", action="store_true",
                    help="write into a non-empty directory (same-named files are overwritten)")
    args = ap.parse_args(argv)
    if args.megabytes <= 0:
        ap.error("--megabytes must be positive")
    out = args.out
    if os.path.exists(out):
        if not os.path.isdir(out):
            print("gen_corpus: error: %s exists and is not a directory" % out, file=sys.stderr)
            return 2
        if os.listdir(out) and not args.force:
            print("gen_corpus: error: %s is not empty (use --force to write into it anyway)" % out,
                  file=sys.stderr)
            return 2
    os.makedirs(out, exist_ok=True)
    t0 = time.monotonic()
    w = generate(out, int(args.megabytes * MB), args.seed, args.monorepo)
    dt = time.monotonic() - t0
    print("gen_corpus: %d files, %d bytes, %d lines in %s (target %.2f MB, seed %d, "
          "%.0f%% plain Swift, %.1fs)" % (w.files, w.bytes, w.lines, out, args.megabytes,
                                         args.seed, 100.0 * w.plain_bytes / max(w.bytes, 1), dt))
    return 0


if __name__ == "__main__":
    sys.exit(main())
