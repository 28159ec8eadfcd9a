#!/usr/bin/env python3
"""Measure obs-migrate against a real app that its authors migrated to Observation by hand.

Given a git repository and the commits before and after the authors' migration, this script
extracts both trees into a work folder (nothing of the app is kept in this repository), runs
`obs-migrate check --format json` and `obs-migrate fix --write` on a copy of the "before" tree,
and prints:

1. the models (classes that are ObservableObject): how many the tool migrates and how many it
   keeps, with every reason it gives for keeping one, tallied by kind (names and places removed);
2. agreement with the authors: the changed lines of every Swift file, authors' (before -> after)
   and tool's (before -> tool output), as multisets of whitespace-trimmed lines, counting only
   lines that mention Observation or Combine data flow (the words in OBSERVATION_WORDS), so
   that unrelated feature and formatting edits in the same commit do not count. A removed line
   is reproduced when the tool removed it too, an added line when the tool added the same line.
   "reproduced" is over the authors' lines; "precision" is over the tool's;
   The same is printed "spelling-normalized": each file's attribute-only lines joined to the
   line they annotate and leading attributes sorted first (`spelled_alike`), so that
   `@Observable` on a line of its own and `@Observable final class M` count as one edit, and
   `@Environment(M.self) var m: M` as `@Environment(M.self) var m`;
3. files the tool changed that the authors did not touch.

The detail file (WORKDIR/missed.txt) lists, per file, the authors' lines the tool did not
reproduce, to show what is left; WORKDIR/differing.txt lists the tool's changed lines that the
authors did not write, to read for wrong or merely different rewrites.

Usage:
  scripts/real_app_eval.py --repo /path/to/IceCubesApp.git --before 4189a59c^ --after 4189a59c \\
      --binary .build/release/obs-migrate --workdir /tmp/eval-icecubes [--raise-targets] \\
      [--fix-arg=--bump-deployment-target]

--raise-targets raises iOS/macOS/tvOS/watchOS targets in Package.swift, project.pbxproj and
.xcconfig files of the "before" tree first, as the authors did (for a tool without
--bump-deployment-target). Only the standard library is used.
"""
import argparse
import collections
import difflib
import json
import os
import re
import shutil
import subprocess
import sys

OBSERVATION_WORDS = re.compile(
    r"ObservableObject|Published|StateObject|ObservedObject|EnvironmentObject|environmentObject|"
    r"Observable|Observation|Environment|Bindable|@State\b|objectWillChange|ObservationIgnored|"
    r"DEPLOYMENT_TARGET|\.iOS\(|\.macOS\(|\.environment\(")


def extract(repo, commit, dest):
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    archive = subprocess.run(["git", "-C", repo, "archive", commit], capture_output=True)
    if archive.returncode == 0:
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
        return
    # A partial clone without some large blobs (images, designs): take only what the tool reads.
    listing = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "-z", "--name-only", commit],
                             check=True, capture_output=True).stdout.decode().split("\0")
    wanted = [p for p in listing if p.endswith((".swift", ".xcconfig", "/project.pbxproj", ".gitignore"))]
    for path in wanted:
        blob = subprocess.run(["git", "-C", repo, "cat-file", "blob", f"{commit}:{path}"], check=True, capture_output=True).stdout
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(blob)


def raise_targets(root):
    minimums = {"iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10}
    settings = {"IPHONEOS": 17, "MACOSX": 14, "TVOS": 17, "WATCHOS": 10}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if name == "Package.swift":
                text = open(path, encoding="utf-8").read()
                def bump(m):
                    platform, version = m.group(1), int(m.group(2))
                    return f".{platform}(.v{minimums[platform]})" if version < minimums[platform] else m.group(0)
                new = re.sub(r"\.(iOS|macOS|tvOS|watchOS)\(\.v(\d+)(?:_\d+)?\)", bump, text)
            elif name == "project.pbxproj" or name.endswith(".xcconfig"):
                text = open(path, encoding="utf-8", errors="surrogateescape").read()
                def bump(m):
                    platform, major = m.group(1), int(m.group(3).split(".")[0])
                    return f"{m.group(1)}_DEPLOYMENT_TARGET{m.group(2)}{settings[platform]}.0" if major < settings[platform] else m.group(0)
                new = re.sub(r"(IPHONEOS|MACOSX|TVOS|WATCHOS)_DEPLOYMENT_TARGET(\s*=\s*)(\d+(?:\.\d+)*)", bump, text)
            else:
                continue
            if new != text:
                open(path, "w", encoding="utf-8", errors="surrogateescape").write(new)


def swift_files(root):
    result = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", ".build")]
        for name in names:
            if name.endswith(".swift") or name.endswith(".pbxproj") or name.endswith(".xcconfig"):
                path = os.path.join(folder, name)
                result[os.path.relpath(path, root)] = path
    return result


def read_lines(path):
    if path is None or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


ATTRIBUTE = r"@[A-Za-z_][A-Za-z0-9_.]*(?:\([^()]*\))?"
ATTRIBUTES_ONLY = re.compile(r"^\s*(?:" + ATTRIBUTE + r"\s*)+$")
LEADING_ATTRIBUTES = re.compile(r"^(\s*)((?:" + ATTRIBUTE + r"\s+)+)")


# `@Environment(M.self) var m: M` and `@Environment(M.self) var m` declare the same property.
REDUNDANT_ENVIRONMENT_TYPE = re.compile(r"(@Environment\(([A-Za-z_][A-Za-z0-9_.]*)\.self\).*?\bvar\s+[A-Za-z_][A-Za-z0-9_]*)\s*:\s*\2\b(?![.?!<])")


def spelled_alike(lines):
    """The same code in one spelling: a line of attributes only joined to the line it annotates
    (`@Observable` above `final class M {` is `@Observable final class M {`), and a line's
    leading attributes in sorted order (`@MainActor @Observable` is `@Observable @MainActor`), and
    `@Environment(M.self) var m: M` without its redundant `: M`."""
    result, pending = [], []
    for line in lines:
        if ATTRIBUTES_ONLY.match(line):
            pending.append(line.strip())
            continue
        if pending:
            if not line.strip():
                result.extend(pending)
                pending = []
            else:
                indent = line[:len(line) - len(line.lstrip())]
                line = indent + " ".join(pending) + " " + line.lstrip()
                pending = []
        m = LEADING_ATTRIBUTES.match(line)
        if m:
            attributes = sorted(re.findall(ATTRIBUTE, m.group(2)))
            line = m.group(1) + " ".join(attributes) + " " + line[m.end():]
        result.append(REDUNDANT_ENVIRONMENT_TYPE.sub(r"\1", line))
    return result + pending


def changed(old, new):
    """Removed and added lines (trimmed, observation-related only) as two Counters."""
    removed, added = collections.Counter(), collections.Counter()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            for line in old[i1:i2]:
                if line.strip() and OBSERVATION_WORDS.search(line):
                    removed[line.strip()] += 1
        if tag in ("replace", "insert"):
            for line in new[j1:j2]:
                if line.strip() and OBSERVATION_WORDS.search(line):
                    added[line.strip()] += 1
    return removed, added


def reason_kind(text):
    text = re.sub(r" at \S+:\d+:\d+", "", text)
    text = re.sub(r"\(and \d+\+? more reasons?\)", "", text)
    text = re.sub(r"\$[A-Za-z_][A-Za-z0-9_]*", "$x", text)
    text = re.sub(r"'[^']*'", "'x'", text)
    text = re.sub(r"\b[A-Z][A-Za-z0-9_]*\b", "X", text)
    return text.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", required=True)
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--raise-targets", action="store_true")
    parser.add_argument("--fix-arg", action="append", default=[])
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = os.path.abspath(args.workdir)
    os.makedirs(work, exist_ok=True)
    before, after, tool = (os.path.join(work, n) for n in ("before", "after", "tool"))
    extract(args.repo, args.before, before)
    extract(args.repo, args.after, after)
    if args.raise_targets:
        raise_targets(before)
    if os.path.exists(tool):
        shutil.rmtree(tool)
    # As the checkout has them: a dangling symlink (a build folder's alias) is copied, not followed.
    shutil.copytree(before, tool, symlinks=True)
    for root in (before, tool):
        subprocess.run(["git", "init", "-q", root], check=True)

    # 1. Models.
    check = subprocess.run([binary, "check", "--format", "json", "--project-root", before, before] + args.fix_arg,
                           capture_output=True, text=True)
    findings = json.loads(check.stdout or "[]")
    migrating, blocked, kinds = set(), {}, collections.Counter()
    for f in findings:
        if f["code"] != "OBS101":
            continue
        name = f["message"].split(" ")[0]
        if f["fixable"]:
            migrating.add(name)
        elif " keeps ObservableObject: " in f["message"] and name not in blocked:
            reasons = [n["message"] for n in f.get("notes", [])] or [f["message"].split(" keeps ObservableObject: ", 1)[1]]
            blocked[name] = reasons
            for kind in sorted(set(reason_kind(r) for r in reasons)):
                kinds[kind] += 1
    print(f"models: {len(migrating)} migrate, {len(blocked)} keep ObservableObject")
    for name, reasons in sorted(blocked.items()):
        print(f"  {name}: {reason_kind(reasons[0])}" + (f" (+{len(reasons) - 1} more)" if len(reasons) > 1 else ""))
    print("blocking reasons (models per kind):")
    for kind, count in kinds.most_common():
        print(f"  {count:4}  {kind}")

    # 2. Agreement.
    fix = subprocess.run([binary, "fix", "--write", "--project-root", tool, tool] + args.fix_arg, capture_output=True, text=True)
    if fix.returncode == 2:
        print("fix --write failed:", fix.stderr.strip(), file=sys.stderr)
    files_before, files_after, files_tool = swift_files(before), swift_files(after), swift_files(tool)
    authors_total = reproduced = tool_total = agreeing = 0
    # The same counts with each file in one spelling (`spelled_alike`): edits that differ from
    # the authors' only in where an attribute's line break is, or in attribute order.
    alike = collections.Counter()
    tool_only_files = []
    missed = []
    differing = []
    for rel in sorted(files_before):
        old = read_lines(files_before[rel])
        a_removed, a_added = changed(old, read_lines(files_after.get(rel)))
        t_removed, t_added = changed(old, read_lines(files_tool.get(rel)))
        authors = sum(a_removed.values()) + sum(a_added.values())
        by_tool = sum(t_removed.values()) + sum(t_added.values())
        both = sum((a_removed & t_removed).values()) + sum((a_added & t_added).values())
        before_alike = spelled_alike(old)
        a2_removed, a2_added = changed(before_alike, spelled_alike(read_lines(files_after.get(rel))))
        t2_removed, t2_added = changed(before_alike, spelled_alike(read_lines(files_tool.get(rel))))
        alike["authors"] += sum(a2_removed.values()) + sum(a2_added.values())
        alike["tool"] += sum(t2_removed.values()) + sum(t2_added.values())
        alike["both"] += sum((a2_removed & t2_removed).values()) + sum((a2_added & t2_added).values())
        authors_total += authors
        tool_total += by_tool
        reproduced += both
        agreeing += both
        if by_tool and not authors and read_lines(files_after.get(rel)) == old:
            tool_only_files.append(rel)
        lost = list((a_removed - t_removed).elements()) + ["+ " + l for l in (a_added - t_added).elements()]
        if lost:
            missed.append((rel, lost))
        extra = list((t_removed - a_removed).elements()) + ["+ " + l for l in (t_added - a_added).elements()]
        if extra:
            differing.append((rel, extra))
    pct = lambda a, b: f"{100.0 * a / b:.0f}%" if b else "n/a"
    print(f"reproduced {reproduced} of {authors_total} authors' changed lines ({pct(reproduced, authors_total)})")
    print(f"precision: of the tool's {tool_total} changed lines, {agreeing} agree with the authors ({pct(agreeing, tool_total)})")
    print(f"spelling-normalized (attribute lines joined, attribute order and a redundant @Environment type ignored): reproduced {alike['both']} of {alike['authors']} "
          f"({pct(alike['both'], alike['authors'])}); of the tool's {alike['tool']}, {alike['both']} agree ({pct(alike['both'], alike['tool'])})")
    print(f"files the tool changed that the authors did not: {len(tool_only_files)}")
    for rel in tool_only_files[:20]:
        print(f"  {rel}")
    for name, listed in (("missed.txt", missed), ("differing.txt", differing)):
        with open(os.path.join(work, name), "w", encoding="utf-8") as out:
            for rel, lines in listed:
                out.write(f"== {rel}\n")
                for line in lines:
                    out.write(("  - " if not line.startswith("+ ") else "  ") + line + "\n")
    print(f"lines the tool did not reproduce, per file: {os.path.join(work, 'missed.txt')}")
    print(f"the tool's lines the authors did not write, per file: {os.path.join(work, 'differing.txt')}")


if __name__ == "__main__":
    main()
