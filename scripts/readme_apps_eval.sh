#!/usr/bin/env bash
# Re-measure the README's "Tried on real apps" table (issue 31) with a given obs-migrate binary.
#
#   scripts/readme_apps_eval.sh BINARY OUTDIR [APPS_TSV]
#
# APPS_TSV defaults to readme_apps.tsv beside this script; a line is: app, owner/name, commit,
# subfolder to check ("." for the whole repository), note; lines starting with # are skipped.
# Each repository must be at /work/.mirror/<owner>+<name>/repo (where `fetch github:owner/name`
# puts it; MIRRORS=dir overrides the root). OUTDIR must be outside any git repository.
#
# Per app, in OUTDIR/<app>/:
#   tree/        the files obs-migrate reads (*.swift, *.xcconfig, project.pbxproj, .gitignore,
#                .obs-migrate.json) at the commit, by git archive, in a fresh `git init` (so
#                that .gitignore applies as in a checkout)
#   check.txt    `check --bump-deployment-target --project-root tree tree/SUBFOLDER`
#   fixed/       a copy of tree/ after `fix --write --bump-deployment-target` (fix.txt)
#   macro.txt    scripts/macro_check.sh (beside this script) on fixed/SUBFOLDER
#   second.diff  `fix --bump-deployment-target` once more on fixed/: must be empty
# and OUTDIR/obs-migrate, the copy of BINARY that was measured (binary.txt says which).
# Models are OBS101 findings (one per class declaration); migrated are those ending
# "(fixable)"; a kept model's reason is its message after "keeps ObservableObject: " up to
# " at " or " [", grouped with names, $publishers and quoted text replaced (as
# real_app_eval.py's reason_kind does). Prints a table, the totals and the reasons.
# SUMMARY_ONLY=1 prints them again from OUTDIR/results.tsv without measuring.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
usage="usage: readme_apps_eval.sh BINARY OUTDIR [APPS_TSV]"
binary="$(readlink -f "${1:?$usage}")"
outdir="$(readlink -m "${2:?$usage}")"
apps="${3:-$here/readme_apps.tsv}"
mirrors="${MIRRORS:-/work/.mirror}"
[ -x "$binary" ] || { echo "no binary at $binary" >&2; exit 2; }
[ -f "$apps" ] || { echo "no list at $apps" >&2; exit 2; }
mkdir -p "$outdir"
if git -C "$outdir" rev-parse --git-dir >/dev/null 2>&1; then
  echo "OUTDIR $outdir is inside a git repository: put it outside" >&2; exit 2
fi
files='\.swift$|\.xcconfig$|\.xcodeproj/project\.pbxproj$|(^|/)\.gitignore$|(^|/)\.obs-migrate\.json$'
results="$outdir/results.tsv"
[ -n "${SUMMARY_ONLY:-}" ] || {
: > "$results"
# Measure a copy of the binary, which its checkout may rebuild while this runs.
cp "$binary" "$outdir/obs-migrate" && { echo "$binary"; ls -l --time-style=full-iso "$binary"; sha256sum "$binary"; } > "$outdir/binary.txt"
binary="$outdir/obs-migrate"

while IFS=$'\t' read -r app repo commit sub note; do
  case "$app" in ''|\#*) continue ;; esac
  dir="$outdir/$(printf '%s' "$app" | tr -c 'A-Za-z0-9._-' '_')"
  git_dir="$mirrors/${repo/\//+}/repo"
  [ -d "$git_dir/.git" ] && git_dir="$git_dir/.git"
  if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "skip $app: no commit $commit at $git_dir (fetch github:$repo)" >&2
    printf '%s\tnot measured: no commit %s in %s\n' "$app" "$commit" "$git_dir" >> "$results"
    continue
  fi
  echo "== $app ($repo $commit $sub)" >&2
  rm -rf "$dir"
  mkdir -p "$dir/tree"
  git --git-dir="$git_dir" ls-tree -r -z --name-only "$commit" \
    | grep -z -E "$files" \
    | GIT_LITERAL_PATHSPECS=1 xargs -0 -r sh -c 'g=$0 c=$1 d=$2; shift 2; git --git-dir="$g" archive "$c" -- "$@" | tar -x -C "$d"' \
        "$git_dir" "$commit" "$dir/tree" 2> "$dir/archive.err" || true
  # A snapshot lacks blobs of 4 MiB and more (git archive may name one it passed over): check
  # that every wanted file arrived.
  wanted=$(git --git-dir="$git_dir" ls-tree -r --name-only "$commit" | grep -c -E "$files" || true)
  got=$(find "$dir/tree" \( -type f -o -type l \) | wc -l)
  [ "$wanted" -eq "$got" ] || echo "warning: $app: $got of $wanted files exported (see $dir/archive.err)" >&2
  git init -q "$dir/tree"
  cp -a "$dir/tree" "$dir/fixed"
  tree="$dir/tree" fixed="$dir/fixed"
  [ "$sub" != . ] || sub=""

  status=0
  "$binary" check --bump-deployment-target --project-root "$tree" "$tree${sub:+/$sub}" > "$dir/check.txt" 2> "$dir/check.err" || status=$?
  check_ok=yes; [ "$status" -le 1 ] || check_ok="check exit $status"
  status=0
  "$binary" fix --write --bump-deployment-target --project-root "$fixed" "$fixed${sub:+/$sub}" > "$dir/fix.txt" 2> "$dir/fix.err" || status=$?
  fix_ok=yes; [ "$status" -le 1 ] || fix_ok="fix exit $status"
  status=0
  "$here/macro_check.sh" "$fixed${sub:+/$sub}" > "$dir/macro.txt" 2>&1 || status=$?
  macro="ok"
  if [ "$status" -ne 0 ]; then
    # Errors in a file the fix left as it was are the authors' code (an @Observable class of
    # theirs whose module, blanked by macro_check, imported Observation), not the tool's.
    errors=$(grep -c ': error:' "$dir/macro.txt" || true) changed=0
    while IFS= read -r f; do
      cmp -s "$f" "$tree/${f#"$fixed"/}" || changed=$((changed + $(grep -c -F "$f:" "$dir/macro.txt")))
    done < <(sed -n 's/:[0-9]*:[0-9]*: error:.*//p' "$dir/macro.txt" | sort -u)
    macro="$errors errors, $changed in files the fix changed"
    [ "$errors" -gt 0 ] || macro="failed (exit $status, see macro.txt)"
  fi
  status=0
  "$binary" fix --bump-deployment-target --project-root "$fixed" "$fixed${sub:+/$sub}" > "$dir/second.diff" 2> "$dir/second.err" || status=$?
  second="$(sed -n 's|^+++ b/||p; s|^+++ ||p' "$dir/second.diff" | sed "s|^$fixed/||" | sort -u | tr '\n' ' ')"
  [ "$status" -le 1 ] || second="exit $status $second"
  [ -n "$second" ] || second="none"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$app" "$dir" "$macro" "$second" "$check_ok" "$fix_ok" >> "$results"
done < "$apps"
}

python3 - "$results" <<'PY'
import collections, os, re, sys

def kind(text):
    text = re.sub(r"\(and \d+\+? more reasons?\)", "", text)
    text = re.sub(r"\([^()]*\.swift\b[^()]*\)", "(files)", text)
    text = re.sub(r"\$[A-Za-z_][A-Za-z0-9_]*", "$x", text)
    text = re.sub(r"'[^']*'", "'x'", text)
    text = re.sub(r"`[^`]*`", "`x`", text)
    text = re.sub(r"\b[A-Z][A-Za-z0-9_]*\b", "X", text)
    text = re.sub(r"\bname [A-Za-z_][A-Za-z0-9_]*'s type", "name x's type", text)
    return " ".join(text.split())

rows, reasons, bad = [], collections.Counter(), []
for line in open(sys.argv[1]):
    app, *rest = line.rstrip("\n").split("\t")
    if len(rest) < 5:
        rows.append((app, None, None, rest[0] if rest else "not measured", "", ""))
        continue
    d, macro, second, check_ok, fix_ok = rest
    models = fixable = 0
    for l in open(os.path.join(d, "check.txt"), errors="replace"):
        l = l.rstrip("\n")
        if not l.endswith("[OBS101]"):
            continue
        models += 1
        if l[: -len("[OBS101]")].rstrip().endswith("(fixable)"):
            fixable += 1
        elif " keeps ObservableObject: " in l:
            r = l.split(" keeps ObservableObject: ", 1)[1]
            r = re.split(r" at | \[", r, 1)[0]
            reasons[kind(r)] += 1
        else:
            reasons["(no reason given) " + kind(l.split(": ", 2)[-1])] += 1
    problems = ", ".join(p for p in (check_ok, fix_ok) if p != "yes")
    rows.append((app, fixable, models, macro, second, problems))
    if not (macro == "ok" or macro.endswith(", 0 in files the fix changed")) or second != "none" or problems:
        bad.append((app, d, macro, second, problems))

pct = lambda a, b: f"{100.0 * a / b:.0f}%" if b else "n/a"
print("| app | migrated / all | macro_check | second fix changes |")
print("|---|---|---|---|")
tf = tm = 0
for app, f, m, macro, second, problems in rows:
    if m is None:
        print(f"| {app} | {macro} | | |")
        continue
    tf, tm = tf + f, tm + m
    print(f"| {app} | {f} / {m} | {macro} | {second.strip()}{' (' + problems + ')' if problems else ''} |")
print(f"| **all {sum(1 for r in rows if r[2] is not None)}** | {tf} / {tm} ({pct(tf, tm)}) | | |")
print("\nreasons that keep models (OBS101 findings per kind):")
for k, n in reasons.most_common():
    print(f"  {n:4}  {k}")
if bad:
    print("\nto read (OUTDIR/<app>/macro.txt, second.diff, *.err):")
    for app, d, macro, second, problems in bad:
        print(f"  {app}: macro_check {macro}; second fix: {second.strip()}; {problems or ''} ({d})")
PY
