#!/usr/bin/env python3
"""List which folders of the package's targets use which, the cycles among them, and whether
each target uses only the targets Package.swift lets it depend on.

The folders are those of Sources/<Target>/ for every library and executable target of
Package.swift: Sources/ObsMigrateCore/Lexer is the folder Lexer, of the target ObsMigrateCore.
Files directly in a target's folder make a folder named after the target, without its
"ObsMigrate" prefix (Sources/ObsMigrateSupport/*.swift is the folder Support).

A folder uses another when one of its files names a top-level type, function or constant
declared there (comments and string literals are left out). The names are found with regular
expressions, not a parser: good enough to see the layering, not a proof. A file's
`import <Target>` of a target of this package counts as a use of that target too.

The layering rule: a folder may use a folder of its own target, or of a target that its
target lists in `dependencies:` in Package.swift; anything else (a layer above, or a layer
below that is not declared) is a violation.

Usage: scripts/folder_deps.py [--names] [--fail-on-cycles] [--fail-on-layering] [--root DIR]
  --names             show, for each edge, the names that make it
  --fail-on-cycles    exit 1 when folders use each other in a cycle
  --fail-on-layering  exit 1 when a target uses a target it does not depend on
  --root DIR          the package to look at (default: this script's package)
"""
import os
import re
import sys
from collections import defaultdict

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated(?:\(unsafe\))?)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)", re.M)
COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"', re.S)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(\w+)\s*$", re.M)
TARGET_CALL = re.compile(r"\.(target|executableTarget|testTarget|plugin|binaryTarget|systemLibrary|macro|library|executable)\(\s*name:\s*\"([^\"]+)\"")
DEPENDENCIES = re.compile(r"dependencies:\s*\[(.*?)\]", re.S)


def read_targets(root):
    """{target: [direct dependencies]} for the library and executable targets of Package.swift."""
    manifest = COMMENT_OR_STRING.sub(lambda m: m.group(0) if m.group(0).startswith('"') else " ",
                                     open(os.path.join(root, "Package.swift"), encoding="utf-8").read())
    calls = list(TARGET_CALL.finditer(manifest))
    targets = {}
    for i, call in enumerate(calls):
        kind, name = call.group(1), call.group(2)
        if kind not in ("target", "executableTarget"):
            continue
        body = manifest[call.end():calls[i + 1].start() if i + 1 < len(calls) else len(manifest)]
        listed = DEPENDENCIES.search(body)
        targets[name] = re.findall(r"\"([^\"]+)\"", listed.group(1)) if listed else []
    return targets


def main():
    args = sys.argv[1:]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if "--root" in args:
        root = args[args.index("--root") + 1]
    targets = read_targets(root)
    if not targets:
        sys.exit("folder_deps.py: no targets found in " + os.path.join(root, "Package.swift"))

    folder_target = {}  # folder -> target
    files = []  # (path, folder)
    for target in sorted(targets):
        base = os.path.join(root, "Sources", target)
        if not os.path.isdir(base):
            sys.exit(f"folder_deps.py: no folder Sources/{target} for the target {target}")
        for directory, _, names in os.walk(base):
            for n in sorted(names):
                if not n.endswith(".swift"):
                    continue
                path = os.path.join(directory, n)
                relative = os.path.relpath(path, base)
                if os.sep in relative:
                    folder = relative.split(os.sep)[0]
                else:
                    folder = target[len("ObsMigrate"):] if target.startswith("ObsMigrate") and target != "ObsMigrate" else target
                if folder_target.setdefault(folder, target) != target:
                    sys.exit(f"folder_deps.py: the folder name {folder} is in both {folder_target[folder]} and {target}")
                files.append((path, folder))

    declared_in = {}
    texts = {}
    imports = defaultdict(set)  # (folder, imported target) -> files
    for path, folder in sorted(files):
        text = open(path, encoding="utf-8").read()
        texts[path] = (folder, COMMENT_OR_STRING.sub(" ", text))
        for name in DECLARATION.findall(text):
            declared_in.setdefault(name, folder)
        for module in IMPORT.findall(texts[path][1]):
            if module in targets:
                imports[(folder, module)].add(os.path.relpath(path, root))
    edges = defaultdict(set)
    for path, (here, text) in texts.items():
        for name in set(IDENTIFIER.findall(text)):
            there = declared_in.get(name)
            if there and there != here:
                edges[(here, there)].add(name)
    graph = defaultdict(set)
    for (a, b) in edges:
        graph[a].add(b)
    folders = sorted(set(folder_target))
    for a in folders:
        uses = sorted(graph[a])
        print(f"{a} -> {', '.join(uses) if uses else '(nothing)'}")
        if "--names" in args:
            for b in uses:
                print(f"    {b}: {', '.join(sorted(edges[(a, b)]))}")

    # Strongly connected components (Tarjan): a component of more than one folder is a cycle.
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in folders:
        if v not in index:
            visit(v)
    cycles = [c for c in comps if len(c) > 1]
    print("cycles: " + ("; ".join(" <-> ".join(c) for c in cycles) if cycles else "none"))

    # Per target: the folders it holds, the targets its folders use (by name or by import), the
    # targets Package.swift lets it use; a use outside its own and those is a violation.
    print()
    violations = []
    for target in sorted(targets):
        own = [f for f in folders if folder_target[f] == target]
        used = defaultdict(set)  # used target -> "Folder -> Folder" or "import" reasons
        for (a, b), names in edges.items():
            if folder_target[a] == target and folder_target[b] != target:
                used[folder_target[b]].add(f"{a} -> {b} ({', '.join(sorted(names))})")
        for (a, module), paths in imports.items():
            if folder_target[a] == target and module != target:
                used[module].add(f"{a}: import {module} ({', '.join(sorted(paths))})")
        allowed = targets[target]
        print(f"target {target} [{', '.join(own)}]: uses {', '.join(sorted(used)) or '(nothing)'}; "
              f"depends on {', '.join(allowed) or '(nothing)'}")
        for other in sorted(used):
            if other not in allowed:
                for reason in sorted(used[other]):
                    violations.append(f"{target} uses {other}, which it does not depend on: {reason}")
    print("layering: " + ("ok" if not violations else f"{len(violations)} violations"))
    for v in violations:
        print("  " + v)

    status = 0
    if cycles and "--fail-on-cycles" in args:
        status = 1
    if violations and "--fail-on-layering" in args:
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
