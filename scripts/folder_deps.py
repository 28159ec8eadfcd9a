#!/usr/bin/env python3
"""List which folders of Sources/ObsMigrateCore use which, and the cycles among them.

A folder uses another when one of its files names a top-level type, function or constant
declared there (comments and string literals are left out). The names are found with regular
expressions, not a parser: good enough to see the layering, not a proof.

Usage: scripts/folder_deps.py [--names] [--fail-on-cycles]
  --names           show, for each edge, the names that make it
  --fail-on-cycles  exit 1 when folders use each other in a cycle
"""
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "ObsMigrateCore")
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)", re.M)
COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"', re.S)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def folder_of(path):
    relative = os.path.relpath(path, ROOT)
    return relative.split(os.sep)[0] if os.sep in relative else "(top)"


def main():
    files = []
    for directory, _, names in os.walk(ROOT):
        files += [os.path.join(directory, n) for n in names if n.endswith(".swift")]
    declared_in = {}
    texts = {}
    for path in sorted(files):
        text = open(path, encoding="utf-8").read()
        texts[path] = COMMENT_OR_STRING.sub(" ", text)
        for name in DECLARATION.findall(text):
            declared_in.setdefault(name, folder_of(path))
    edges = defaultdict(set)
    for path, text in texts.items():
        here = folder_of(path)
        for name in set(IDENTIFIER.findall(text)):
            there = declared_in.get(name)
            if there and there != here:
                edges[(here, there)].add(name)
    graph = defaultdict(set)
    for (a, b) in edges:
        graph[a].add(b)
    folders = sorted({f for edge in edges for f in edge})
    for a in folders:
        uses = sorted(graph[a])
        print(f"{a} -> {', '.join(uses) if uses else '(nothing)'}")
        if "--names" in sys.argv:
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
        for w in graph[v]:
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
    if cycles and "--fail-on-cycles" in sys.argv:
        sys.exit(1)


if __name__ == "__main__":
    main()
