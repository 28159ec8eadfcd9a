#!/usr/bin/env bash
# Re-measure the held-out apps (README "Held out", issue 29) with a given obs-migrate binary.
#
#   scripts/heldout_eval.sh BINARY OUTDIR [APPS_TSV]
#
# APPS_TSV defaults to heldout_apps.tsv, else apps.tsv, beside this script; a line is: app,
# owner/name, commit before and after the authors' migration, extra real_app_eval.py arguments,
# set (heldout; heldout2 to heldout6 for the second to sixth sets, found later; issue29-suspect for apps that match the ones issue 29 was written from), note.
# Each repository must be at /work/.mirror/<owner>+<name>/repo (where `fetch github:owner/name`
# puts it; MIRRORS=dir overrides the root). real_app_eval.py is taken from the nearest folder
# above BINARY that has scripts/ (the checkout it was built in), or from EVAL=path.
# OUTDIR/<app>/ keeps eval.txt (the script's output), missed.txt, differing.txt, the before,
# after and tool trees, and before-check.json / after-check.json (the binary's `check` of the
# two trees: models are OBS101 names; the authors migrated those no longer ObservableObject).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$(readlink -f "${1:?usage: heldout_eval.sh BINARY OUTDIR [APPS_TSV]}")"
outdir="$(readlink -m "${2:?usage: heldout_eval.sh BINARY OUTDIR [APPS_TSV]}")"
apps="${3:-}"
[ -n "$apps" ] || { [ -f "$here/heldout_apps.tsv" ] && apps="$here/heldout_apps.tsv" || apps="$here/apps.tsv"; }
mirrors="${MIRRORS:-/work/.mirror}"
eval_script="${EVAL:-}"
if [ -z "$eval_script" ]; then  # the checkout the binary was built in: the nearest folder above it with scripts/
  d="$(dirname "$binary")"
  while [ "$d" != / ] && [ ! -f "$d/scripts/real_app_eval.py" ]; do d="$(dirname "$d")"; done
  eval_script="$d/scripts/real_app_eval.py"
fi
[ -x "$binary" ] || { echo "no binary at $binary" >&2; exit 2; }
[ -f "$eval_script" ] || { echo "no real_app_eval.py at $eval_script (set EVAL=)" >&2; exit 2; }
mkdir -p "$outdir"
rm -f "$outdir/.order"

while IFS=$'\t' read -r app repo before after extra set note; do
  case "$app" in ''|\#*) continue ;; esac
  git_dir="$mirrors/${repo/\//+}/repo"
  if [ ! -d "$git_dir" ]; then echo "skip $app: no mirror at $git_dir (fetch github:$repo)" >&2; continue; fi
  work="$outdir/$app"
  mkdir -p "$work"
  # shellcheck disable=SC2086
  python3 "$eval_script" --repo "$git_dir" --before "$before" --after "$after" \
      --binary "$binary" --workdir "$work" $extra > "$work/eval.txt" 2> "$work/eval.err" || echo "eval failed for $app" >&2
  # The authors' tree as the tool sees it: which models are still ObservableObject after their migration.
  fix_args=$(printf '%s\n' $extra | sed -n 's/^--fix-arg=//p')
  # shellcheck disable=SC2086
  "$binary" check --format json --project-root "$work/after" "$work/after" $fix_args > "$work/after-check.json" 2>/dev/null || true
  # shellcheck disable=SC2086
  "$binary" check --format json --project-root "$work/before" "$work/before" $fix_args > "$work/before-check.json" 2>/dev/null || true
  printf '%s\t%s\n' "$app" "$set" >> "$outdir/.order"
done < "$apps"

python3 - "$outdir" <<'PY'
import json, os, re, sys, collections
out = sys.argv[1]
seen, rows = set(), []
for line in open(os.path.join(out, ".order")):
    app, group = line.rstrip("\n").split("\t")
    if app in seen:
        continue
    seen.add(app)
    text = open(os.path.join(out, app, "eval.txt")).read()
    m = re.search(r"models: (\d+) migrate, (\d+) keep", text)
    migrate, keep = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    r = re.search(r"reproduced (\d+) of (\d+)", text)
    p = re.search(r"of the tool's (\d+) changed lines, (\d+) agree", text)
    reproduced, authors = (int(r.group(1)), int(r.group(2))) if r else (0, 0)
    tool, agree = (int(p.group(1)), int(p.group(2))) if p else (0, 0)
    n = re.search(r"spelling-normalized.*?reproduced (\d+) of (\d+).*?of the tool's (\d+), (\d+) agree", text)
    alike = dict(zip(("r2", "a2", "t2", "g2"), map(int, n.groups()))) if n else dict(r2=0, a2=0, t2=0, g2=0)
    kinds = collections.Counter()
    block = text.split("blocking reasons (models per kind):", 1)
    if len(block) == 2:
        for l in block[1].splitlines()[1:]:
            km = re.match(r"\s+(\d+)\s+(.*)", l)
            if not km:
                break
            kinds[km.group(2)] += int(km.group(1))
    # Models (OBS101 names) before; the authors migrated those that are no ObservableObject in
    # their tree (a class they deleted or renamed counts as migrated); the tool those it can fix.
    def names(path, fixable_only=False):
        try:
            found = json.load(open(path))
        except Exception:
            return set()
        return {f["message"].split(" ")[0] for f in found
                if f.get("code") == "OBS101" and (f.get("fixable") or not fixable_only)}
    models = names(os.path.join(out, app, "before-check.json"))
    by_tool = names(os.path.join(out, app, "before-check.json"), fixable_only=True)
    by_authors = models - names(os.path.join(out, app, "after-check.json"))
    rows.append(dict(app=app, group=group, models=len(models), by_authors=len(by_authors),
                     by_tool=len(by_tool), both=len(by_tool & by_authors), reproduced=reproduced,
                     authors=authors, tool=tool, agree=agree, kinds=kinds, **alike))
pct = lambda a, b: f"{100.0 * a / b:.0f}%" if b else "n/a"
print("| app | set | models | migrated by the authors | by the tool | by both | authors' lines reproduced | tool's lines agreeing | reproduced, spelling-normalized | agreeing, spelling-normalized |")
print("|---|---|---|---|---|---|---|---|---|---|")
line = lambda name, group, r: (f"| {name} | {group} | {r['models']} | {r['by_authors']} | {r['by_tool']} | {r['both']} | "
    f"{r['reproduced']} / {r['authors']} ({pct(r['reproduced'], r['authors'])}) | {r['agree']} / {r['tool']} ({pct(r['agree'], r['tool'])}) | "
    f"{r['r2']} / {r['a2']} ({pct(r['r2'], r['a2'])}) | {r['g2']} / {r['t2']} ({pct(r['g2'], r['t2'])}) |")
for r in rows:
    print(line(r["app"], r["group"], r))
groups = sorted({r["group"] for r in rows})
for group in groups:
    g = [r for r in rows if r["group"] == group]
    total = {k: sum(r[k] for r in g) for k in ("models", "by_authors", "by_tool", "both", "reproduced", "authors", "agree", "tool", "r2", "a2", "t2", "g2")}
    print(line(f"**all {len(g)}**", group, total))
print()
for group in groups:
    g = [r for r in rows if r["group"] == group]
    kinds = collections.Counter()
    for r in g:
        kinds.update(r["kinds"])
    print(f"\nreasons that keep models ({group}, models per kind):")
    for kind, n in kinds.most_common():
        print(f"  {n:4}  {kind}")
    print()
PY
rm -f "$outdir/.order"
