#!/usr/bin/env bash
# Benchmark obs-migrate on deterministic synthetic corpora (scripts/gen_corpus.py).
#
#   scripts/bench.sh            # base 25 MB: corpora of 25, 50 and 100 MB + a ~1M-line git repo
#   scripts/bench.sh --quick    # base 1 MB: smoke run (1, 2, 4 MB + a small git repo)
#   scripts/bench.sh --write    # only `fix --write` against `fix` (the diff) on a tree of
#                               # WRITE_FILES (default 20,000) small files of one model each
#   scripts/bench.sh --real DIR # real code: DIR laid out by scripts/real_corpus.sh (below)
#
# Environment:
#   BASE_MB=N        base corpus size in MB (1 MB = 1,000,000 bytes); sizes are 1x, 2x, 4x.
#                    Ignored with --quick, which always uses 1.
#   STAGED_MB=N      size of the `check --staged` repository (default 38, about 1M lines;
#                    2 with --quick).
#   SEED=S           generator seed (default 1).
#   CHECK_RUNS=N     runs per `check` / `check --staged` measurement, best is reported (default 3).
#   OBS_MIGRATE=PATH use this binary instead of building; skips `swift build -c release`.
#   WRITE_FILES=N    files of the --write tree (default 20000, 200 to a folder).
#   WRITE_RUNS=N     timed `fix --write` runs, each on a fresh copy (default 3).
#
# What it does: builds the release binary, generates (or reuses) corpora under bench/corpus/
# (gitignored; a corpus is reused when its <dir>.stamp marker matches size, seed and the
# generator's hash), then times with /usr/bin/time -v:
#   check --project-root C C        best of CHECK_RUNS, stdout to /dev/null, exit 0 or 1 accepted
#   fix --write --project-root S S  on a fresh `cp -r` scratch copy S (copy not timed), one run
#   check --staged                  inside a git repo with one modified, staged file
#   fix --project-root C C          the diff of the 1x corpus, one run
#   check (monorepo)                the 1x size generated with --monorepo (packages, low targets)
#   one file, one line              the 2x corpus as one file (check, and fix's diff); 100,000
#                                   @Published properties on one line (check, fix --write)
# With --write: `fix` (the diff, best of CHECK_RUNS) and `fix --write` (WRITE_RUNS runs, each on
# a fresh copy) of the many-file tree, then one more `fix --write` under
# `strace -f -c -e trace=fsync,fdatasync,rename,renameat2` for the count of flushes per file
# written (strace slows that run, which is not timed).
# --real DIR: the repositories of DIR/MANIFEST.tsv (scripts/real_corpus.sh; kept outside this
# repository), each one by one, then the prefixes of the list holding a quarter, half and all
# of the lines as one tree (the scaling rows). Per row: `cat` of the same files (the floor for
# reading them), `check` (best of CHECK_RUNS), `fix --write` on a scratch copy next to DIR
# (copy not timed, one run); then the CPU of each phase (OBS_MIGRATE_TIMINGS) of `check` on the
# whole tree, and the sum of the repositories' `check` CPU against the whole tree's.
#
# Wall time is measured around the command with $EPOCHREALTIME (ms resolution); cpu_s is GNU
# time's user + system seconds; peak RSS is its "Maximum resident set size". Set
# OBS_MIGRATE_TIMINGS=1 to have the tool print its own phase timings to stderr (kept in
# bench/corpus/_logs). It prints figures only and asserts nothing about
# speed; it fails loudly if the tool exits with anything but 0/1, or dies from a signal.
set -euo pipefail

die() { echo "bench.sh: error: $*" >&2; exit 2; }
note() { echo "bench.sh: $*" >&2; }

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }

QUICK=0
WRITE_MODE=0
REAL=""
while (( $# > 0 )); do
    case "$1" in
        --quick) QUICK=1 ;;
        --write) WRITE_MODE=1 ;;
        --real)
            (( $# > 1 )) || die "--real needs a folder (laid out by scripts/real_corpus.sh)"
            REAL=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
    shift
done
if [[ -n $REAL ]]; then
    [[ -f $REAL/MANIFEST.tsv ]] || die "no MANIFEST.tsv in $REAL (lay it out with scripts/real_corpus.sh)"
    REAL=$(cd "$REAL" && pwd -P)
    case "$REAL/" in
        "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)/"*) die "--real $REAL is inside this repository: real code stays outside it" ;;
    esac
fi

ORIG_PWD=$PWD
REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$REPO_ROOT"

GEN="$REPO_ROOT/scripts/gen_corpus.py"
CORPUS_ROOT="$REPO_ROOT/bench/corpus"
SEED=${SEED:-1}
CHECK_RUNS=${CHECK_RUNS:-3}
if (( QUICK )); then
    BASE_MB=1
    STAGED_MB=${STAGED_MB:-2}
else
    BASE_MB=${BASE_MB:-25}
    STAGED_MB=${STAGED_MB:-38}
fi

is_number() { [[ $1 =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v x="$1" 'BEGIN { exit !(x > 0) }'; }
is_number "$BASE_MB" || die "BASE_MB must be a positive number, got '$BASE_MB'"
is_number "$STAGED_MB" || die "STAGED_MB must be a positive number, got '$STAGED_MB'"
[[ $SEED =~ ^[0-9]+$ ]] || die "SEED must be a non-negative integer, got '$SEED'"
[[ $CHECK_RUNS =~ ^[1-9][0-9]*$ ]] || die "CHECK_RUNS must be a positive integer, got '$CHECK_RUNS'"

# ---------------------------------------------------------------------------
# Prerequisites
# ---------------------------------------------------------------------------

[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (install GNU time)"
time_probe=$(/usr/bin/time -v true 2>&1 >/dev/null) || true
[[ $time_probe == *"Maximum resident set size"* ]] \
    || die "/usr/bin/time does not support -v (GNU time required)"
command -v python3 >/dev/null || die "python3 not found"
command -v git >/dev/null || die "git not found"
[[ -f $GEN ]] || die "generator not found at $GEN"

if [[ -n ${OBS_MIGRATE:-} ]]; then
    if [[ $OBS_MIGRATE == */* ]]; then
        [[ $OBS_MIGRATE == /* ]] || OBS_MIGRATE="$ORIG_PWD/$OBS_MIGRATE"
        BIN=$OBS_MIGRATE
    else
        BIN=$(command -v "$OBS_MIGRATE") || die "OBS_MIGRATE=$OBS_MIGRATE not found in PATH"
    fi
    note "using OBS_MIGRATE=$BIN (skipping swift build)"
else
    command -v swift >/dev/null || die "swift not found in PATH"
    note "building: swift build -c release"
    swift build -c release >&2 || die "swift build -c release failed"
    BIN="$REPO_ROOT/.build/release/obs-migrate"
fi
[[ -f $BIN && -x $BIN ]] || die "obs-migrate binary not found or not executable: $BIN"

mkdir -p "$CORPUS_ROOT"
LOG_DIR="$CORPUS_ROOT/_logs"
mkdir -p "$LOG_DIR"
GEN_HASH=$(sha256sum "$GEN" | cut -c1-16)

# ---------------------------------------------------------------------------
# Corpora
# ---------------------------------------------------------------------------

# corpus_stats DIR -> "files bytes lines" of the .swift files (ignores .git)
corpus_stats() {
    local dir=$1 fb lines
    fb=$(find "$dir" -name .git -prune -o -type f -name '*.swift' -printf '%s\n' \
        | awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }')
    lines=$(find "$dir" -name .git -prune -o -type f -name '*.swift' -print0 | xargs -0 -r cat | wc -l)
    echo "$fb $lines"
}

# ensure_corpus NAME MB [git|monorepo] -> prints the corpus directory.
# Reuses bench/corpus/NAME if bench/corpus/NAME.stamp holds the same key.
ensure_corpus() {
    local name=$1 mb=$2 kind=${3:-plain}
    local dir="$CORPUS_ROOT/$name" stamp="$CORPUS_ROOT/$name.stamp"
    local key="gen_corpus megabytes=$mb seed=$SEED gen=$GEN_HASH kind=$kind"
    if [[ -d $dir && -f $stamp && "$(head -n 1 "$stamp")" == "$key" ]]; then
        note "reusing corpus $name"
        echo "$dir"
        return
    fi
    rm -rf "$dir" "$dir.tmp" "$stamp"
    note "generating corpus $name ($mb MB, seed $SEED)"
    python3 "$GEN" --out "$dir.tmp" --megabytes "$mb" --seed "$SEED" $([[ $kind == monorepo ]] && echo --monorepo) >&2 \
        || die "corpus generation failed for $name"
    if [[ $kind == git ]]; then
        (
            cd "$dir.tmp"
            git init -q
            git add -A
            git -c user.name=bench -c user.email=bench@example.invalid \
                -c commit.gpgsign=false commit -q -m "synthetic corpus" --no-verify
        ) >&2 || die "could not create the git repository for $name"
    fi
    mv "$dir.tmp" "$dir"
    echo "$key" > "$stamp"
    echo "$dir"
}

# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

now() { echo "${EPOCHREALTIME/,/.}"; }

# run_timed LABEL DIR CMD...  (runs CMD in DIR, stdout to /dev/null)
# Sets R_WALL (seconds), R_CPU (user + system seconds), R_RSS_KB, R_RC. Dies unless the tool
# exited 0 or 1, or 2 for files that do not parse only.
run_timed() {
    local label=$1 dir=$2; shift 2
    local safe=${label//[^A-Za-z0-9_.-]/_}
    local tlog="$LOG_DIR/$safe.time" elog="$LOG_DIR/$safe.stderr"
    local t0 t1 rc=0
    t0=$(now)
    ( cd "$dir" && exec /usr/bin/time -v -o "$tlog" "$@" >/dev/null 2>"$elog" ) || rc=$?
    t1=$(now)
    R_WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    R_RSS_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tlog" 2>/dev/null || true)
    # CPU seconds (user + system): steadier than wall time on a shared machine.
    R_CPU=$(awk -F': ' '/User time \(seconds\)/ { u = $2 } /System time \(seconds\)/ { s = $2 }
        END { printf "%.2f", u + s }' "$tlog" 2>/dev/null || echo 0)
    R_RC=$rc
    local signal
    signal=$(awk '/Command terminated by signal/ { print $NF }' "$tlog" 2>/dev/null || true)
    # Exit 2 because files of real code do not parse (TCA's tutorials keep steps with unbalanced
    # braces) is the tool working: each is reported and left alone. Any other error is a failure.
    local unparsed_only=0
    if (( rc == 2 )) && [[ -z $signal ]] && grep -q '^obs-migrate: error: ' "$elog" \
        && ! grep '^obs-migrate: error: ' "$elog" | grep -qv 'file not understood, left unchanged$'; then
        unparsed_only=1
    fi
    if [[ -n $signal ]] || (( rc != 0 && rc != 1 && !unparsed_only )); then
        echo "bench.sh: FAILED: $label" >&2
        echo "  command: $*" >&2
        echo "  cwd:     $dir" >&2
        if [[ -n $signal ]]; then
            echo "  crashed: killed by signal $signal (exit $rc)" >&2
        else
            echo "  exit status $rc (expected 0 = clean or 1 = findings)" >&2
        fi
        echo "  last lines of stderr ($elog):" >&2
        tail -n 20 "$elog" | sed 's/^/    /' >&2 || true
        exit 1
    fi
    [[ -n $R_RSS_KB ]] || die "could not read peak RSS from $tlog"
}

# best_of LABEL DIR CMD...  runs CMD CHECK_RUNS times (run_timed, each noted as LABEL).
# Sets B_WALL and B_CPU of the fastest run, B_RSS_KB the largest peak, B_RC the last exit status.
best_of() {
    local label=$1; shift
    B_WALL="" B_CPU="" B_RSS_KB=0 B_RC=""
    for run in $(seq 1 "$CHECK_RUNS"); do
        run_timed "$label-$run" "$@"
        note "$label run $run: ${R_WALL}s (cpu ${R_CPU}s), ${R_RSS_KB} KiB, exit $R_RC"
        if [[ -z $B_WALL ]] || awk -v a="$R_WALL" -v b="$B_WALL" 'BEGIN { exit !(a < b) }'; then
            B_WALL=$R_WALL B_CPU=$R_CPU B_RUN=$run
        fi
        if (( R_RSS_KB > B_RSS_KB )); then B_RSS_KB=$R_RSS_KB; fi
        B_RC=$R_RC
    done
}

TABLE=()
add_row() { # size cmd files bytes lines wall cpu rss_kb note
    local size=$1 cmd=$2 files=$3 bytes=$4 lines=$5 wall=$6 cpu=$7 rss=$8 extra=$9
    TABLE+=("$(awk -v s="$size" -v c="$cmd" -v f="$files" -v b="$bytes" -v l="$lines" \
        -v w="$wall" -v u="$cpu" -v r="$rss" -v n="$extra" 'BEGIN {
            mbs = (w > 0) ? sprintf("%.1f", b / 1e6 / w) : "inf"
            printf "%-6s %-6s %7d %12d %10d %9.3f %9s %7.2f %10.1f %9.2f  %s",
                   s, c, f, b, l, w, mbs, u, r / 1024, (b > 0 ? r * 1024 / b : 0), n
        }')")
}

# ---------------------------------------------------------------------------
# --write: fix --write against fix (the diff) on many small files
# ---------------------------------------------------------------------------

if (( WRITE_MODE )); then
    WRITE_FILES=${WRITE_FILES:-20000}
    WRITE_RUNS=${WRITE_RUNS:-3}
    [[ $WRITE_FILES =~ ^[1-9][0-9]*$ ]] || die "WRITE_FILES must be a positive integer, got '$WRITE_FILES'"
    [[ $WRITE_RUNS =~ ^[1-9][0-9]*$ ]] || die "WRITE_RUNS must be a positive integer, got '$WRITE_RUNS'"
    tree="$CORPUS_ROOT/many-models-$WRITE_FILES"
    if [[ ! -f $tree.stamp ]]; then
        rm -rf "$tree"
        note "generating $WRITE_FILES one-model files in $tree"
        python3 - "$tree" "$WRITE_FILES" <<'PY' || die "could not generate the --write tree"
import os, sys
out, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    folder = os.path.join(out, "Feature%03d" % (i // 200))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Model%05d.swift" % i), "w") as f:
        f.write("import SwiftUI\n\nfinal class Model%05d: ObservableObject {\n"
                "    @Published var count = 0\n    @Published var title = \"m%d\"\n}\n\n"
                "struct Screen%05d: View {\n    @StateObject var model = Model%05d()\n"
                "    var body: some View { Text(model.title) }\n}\n" % (i, i, i, i))
PY
        touch "$tree.stamp"
    fi
    read -r files bytes lines < <(corpus_stats "$tree")
    best_of "write-diff" "$REPO_ROOT" "$BIN" fix --project-root "$tree" "$tree"
    add_row 1x diff "$files" "$bytes" "$lines" "$B_WALL" "$B_CPU" "$B_RSS_KB" "fix (the diff), best of $CHECK_RUNS, exit $B_RC"
    diff_wall=$B_WALL
    scratch="$CORPUS_ROOT/_write-scratch"
    walls=()
    # Every run's copy is made before the first timed run, and none is removed until the end: on
    # a file system without a journal (this project's machine), ext4 passes over the inodes freed
    # in the last minutes when it creates files, so removing a copy just before a run made each
    # run slower than the one before (5.8, 7.2, 8.6 s), a cost no user's tree has.
    rm -rf "$scratch"-*
    for run in $(seq 0 "$WRITE_RUNS"); do cp -r "$tree" "$scratch-$run"; done
    sync
    for run in $(seq 1 "$WRITE_RUNS"); do
        run_timed "write-$run" "$REPO_ROOT" "$BIN" fix --write --project-root "$scratch-$run" "$scratch-$run"
        written=$(diff -rq "$tree" "$scratch-$run" | wc -l || true)
        add_row 1x write "$files" "$bytes" "$lines" "$R_WALL" "$R_CPU" "$R_RSS_KB" "fix --write run $run, exit $R_RC, $written files written"
        walls+=("$R_WALL")
    done
    scratch="$scratch-0"
    command -v strace >/dev/null || die "strace not found (apt-get install strace)"
    slog="$LOG_DIR/write-strace.txt"
    (cd "$REPO_ROOT" && strace -f -c -e trace=fsync,fdatasync,rename,renameat2 -o "$slog" \
        "$BIN" fix --write --project-root "$scratch" "$scratch" >/dev/null 2>&1) || true
    written=$(diff -rq "$tree" "$scratch" | wc -l || true)
    rm -rf "$CORPUS_ROOT/_write-scratch"-*
    echo
    echo "obs-migrate benchmark --write: $BIN"
    echo "$files files, $(nproc) cores, $(uname -srm)"
    echo
    printf '%-6s %-6s %7s %12s %10s %9s %9s %7s %10s %9s  %s\n' \
        size cmd files bytes lines wall_s MB/s cpu_s rss_MiB rss/bytes note
    printf '%s\n' "${TABLE[@]}"
    echo
    best_write=$(printf '%s\n' "${walls[@]}" | sort -g | head -n 1)
    awk -v w="$best_write" -v d="$diff_wall" 'BEGIN { printf "fix --write / fix (diff): %.2fx (best %.3f s against %.3f s)\n", w / d, w, d }'
    awk -v n="$written" '
        $NF ~ /^(fsync|fdatasync|rename|renameat2)$/ { calls[$NF] = $4 }
        END {
            printf "system calls of one fix --write (strace -f -c), %d files written:\n", n
            for (c in calls) printf "  %-10s %8d  (%.2f per file written)\n", c, calls[c], (n > 0 ? calls[c] / n : 0)
        }' "$slog"
    exit 0
fi

# ---------------------------------------------------------------------------
# Real code (--real DIR)
# ---------------------------------------------------------------------------

# source_files DIR -> NUL-separated paths of the files obs-migrate reads below DIR.
source_files() {
    find "$1" -type f \( -name '*.swift' -o -name '*.xcconfig' -o -path '*.xcodeproj/project.pbxproj' \) -print0
}

# phase_cpu LOG LABEL -> the cpu seconds OBS_MIGRATE_TIMINGS printed for LABEL (empty if none).
phase_cpu() {
    awk -v label="$2" 'index($0, "obs-migrate: timing: " label " ") == 1 {
        sub(/.*, cpu /, ""); sub(/ s.*/, ""); print; exit }' "$1"
}

REAL_TABLE=()
# real_row NAME DIR FILES BYTES LINES: cat, check, fix --write of DIR; sets CHECK_CPU.
real_row() {
    local name=$1 dir=$2 files=$3 bytes=$4 lines=$5 safe=${1//[^A-Za-z0-9_.-]/_}
    run_timed "real-cat-$safe" "$dir" bash -c "find . -type f \( -name '*.swift' -o -name '*.xcconfig' -o -path '*.xcodeproj/project.pbxproj' \) -print0 | xargs -0 cat"
    local cat_wall=$R_WALL
    best_of "real-check-$safe" "$REPO_ROOT" env OBS_MIGRATE_TIMINGS=1 "$BIN" check --project-root "$dir" "$dir"
    local wall=$B_WALL cpu=$B_CPU rss=$B_RSS_KB
    local decide log="$LOG_DIR/real-check-$safe-$B_RUN.stderr"
    decide=$(phase_cpu "$log" "index: decide")
    # The tool's own CPU of the run (ms resolution; GNU time's is 10 ms), when it printed it.
    cpu=$(phase_cpu "$log" "total")
    [[ -n $cpu ]] || cpu=$B_CPU
    local scratch="$REAL_SCRATCH/$safe"
    rm -rf "$scratch"
    mkdir -p "$REAL_SCRATCH"
    cp -r "$dir" "$scratch"
    run_timed "real-fix-$safe" "$REPO_ROOT" "$BIN" fix --write --project-root "$scratch" "$scratch"
    rm -rf "$scratch"
    CHECK_CPU=$cpu
    REAL_TABLE+=("$(awk -v n="$name" -v f="$files" -v b="$bytes" -v l="$lines" -v c="$cat_wall" -v w="$wall" \
        -v u="$cpu" -v d="${decide:-0}" -v r="$rss" -v fw="$R_WALL" -v fu="$R_CPU" 'BEGIN {
            printf "%-44s %6d %9d %8d %7.3f %8.3f %7.3f %7.3f %8.1f %6.2f %8.3f %7.2f %6.2f",
                   n, f, l, b / 1e3, c, w, u, d, r / 1024, (b > 0 ? r * 1024 / b : 0), fw, fu, (u > 0 ? fu / u : 0)
        }')")
}

real_mode() {
    REAL_SCRATCH=${REAL_SCRATCH:-$(dirname "$REAL")/.bench-scratch}
    local sum_cpu=0 total_lines
    total_lines=$(awk -F'\t' 'NR > 1 { l += $5 } END { print l }' "$REAL/MANIFEST.tsv")
    local names=() lines=()
    while IFS=$'\t' read -r repo commit files bytes nlines; do
        [[ $repo == repository ]] && continue
        names+=("${repo/\//+}")
        lines+=("$nlines")
        [[ -d $REAL/${repo/\//+} ]] || die "$REAL/${repo/\//+} missing: lay the tree out again"
        note "real: $repo"
        real_row "$repo" "$REAL/${repo/\//+}" "$files" "$bytes" "$nlines"
        sum_cpu=$(awk -v a="$sum_cpu" -v b="$CHECK_CPU" 'BEGIN { printf "%.3f", a + b }')
    done < "$REAL/MANIFEST.tsv"
    # The scaling rows: the first repositories of the list up to a quarter and half of the
    # lines (hard links, not copies), and the whole tree.
    local part k acc dir files bytes
    SCALING=()
    for part in 4 2 1; do
        acc=0 k=0
        if (( part == 1 )); then
            dir=$REAL
        else
            dir="$REAL_SCRATCH/part-1of$part"
            rm -rf "$dir"
            mkdir -p "$dir"
            while (( k < ${#names[@]} )) && (( acc * part < total_lines )); do
                cp -al "$REAL/${names[k]}" "$dir/${names[k]}"
                acc=$((acc + lines[k]))
                k=$((k + 1))
            done
        fi
        read -r files bytes < <(source_files "$dir" | xargs -0 -r stat -c %s | awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }')
        local nl
        nl=$(source_files "$dir" | xargs -0 -r cat | wc -l)
        local label="1/$part of the lines ($k repositor$( (( k == 1 )) && echo y || echo ies))"
        (( part == 1 )) && label="all ${#names[@]} repositories as one tree"
        note "real: $label"
        real_row "$label" "$dir" "$files" "$bytes" "$nl"
        (( part == 1 )) || rm -rf "$dir"
        ALL_CPU=$CHECK_CPU
        SCALING+=("$(awk -v p="$part" -v l="$nl" -v u="$CHECK_CPU" 'BEGIN {
            printf "  1/%d: %8d lines, check cpu %6.3f s, %.3f s per million lines", p, l, u, (l > 0 ? u * 1e6 / l : 0) }')")
    done
    rmdir "$REAL_SCRATCH" 2>/dev/null || true

    echo
    echo "obs-migrate benchmark on real code: $BIN"
    echo "$REAL (MANIFEST.tsv: ${#names[@]} repositories), $(nproc) cores, $(uname -srm), load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "cat: the same files to /dev/null; check: best of $CHECK_RUNS (cpu_s: the tool's own, user + system); decide: its decide step; fix: fix --write on a copy, 1 run (GNU time's cpu)"
    echo
    printf '%-44s %6s %9s %8s %7s %8s %7s %7s %8s %6s %8s %7s %6s\n' \
        repository files lines kB cat_s check_s cpu_s decide rss_MiB rss/B fix_s fix_cpu fix/ch
    printf '%s\n' "${REAL_TABLE[@]}"
    echo
    awk -v s="$sum_cpu" -v a="$ALL_CPU" 'BEGIN {
        printf "check cpu: the repositories one by one %.3f s in all; as one tree %.3f s (%.2fx)\n", s, a, (s > 0 ? a / s : 0) }'
    echo "scaling (the same check, on the first repositories of the list up to that share of the lines):"
    printf '%s\n' "${SCALING[@]}"
    echo
    echo "check of the whole tree, cpu by phase (OBS_MIGRATE_TIMINGS, first run; peak = resident high-water mark so far):"
    grep -E 'obs-migrate: timing: [a-z]' "$LOG_DIR/real-check-all_${#names[@]}_repositories_as_one_tree-1.stderr" \
        | grep -v 'timing: types:\|timing: files whose' \
        | sed -E 's/^obs-migrate: timing: //; s/ [0-9.]+ s, cpu ([0-9.]+) s, resident [0-9]+ MiB, peak ([0-9]+ MiB)/|\1|\2/' \
        | awk -F'|' '{ printf "  %-48s cpu %s s  peak %s\n", $1, $2, $3 }'
}

if [[ -n $REAL ]]; then
    real_mode
    exit 0
fi

# ---------------------------------------------------------------------------
# check / fix on 1x, 2x, 4x
# ---------------------------------------------------------------------------

for mult in 1 2 4; do
    mb=$(awk -v b="$BASE_MB" -v m="$mult" 'BEGIN { printf "%g", b * m }')
    corpus=$(ensure_corpus "gen-${mb}mb-s$SEED" "$mb")
    read -r files bytes lines < <(corpus_stats "$corpus")
    label="${mult}x"

    best_of "check-${mb}MB" "$REPO_ROOT" "$BIN" check --project-root "$corpus" "$corpus"
    add_row "$label" check "$files" "$bytes" "$lines" "$B_WALL" "$B_CPU" "$B_RSS_KB" \
        "best of $CHECK_RUNS, exit $B_RC"

    scratch="$CORPUS_ROOT/_scratch"
    rm -rf "$scratch"
    cp -r "$corpus" "$scratch"
    run_timed "fix-$mb" "$REPO_ROOT" "$BIN" fix --write --project-root "$scratch" "$scratch"
    note "fix --write ${mb} MB: ${R_WALL}s, ${R_RSS_KB} KiB, exit $R_RC"
    changed=$(diff -rq "$corpus" "$scratch" | wc -l || true)
    add_row "$label" fix "$files" "$bytes" "$lines" "$R_WALL" "$R_CPU" "$R_RSS_KB" \
        "1 run, exit $R_RC, $changed files changed"
    rm -rf "$scratch"
done

# The same size laid out as a monorepo (gen_corpus.py --monorepo: a package per feature with
# low deployment targets, a constrained generic function and an untyped injection in each):
# the shapes of real trees that made the decisions superlinear.
corpus=$(ensure_corpus "mono-${BASE_MB}mb-s$SEED" "$BASE_MB" monorepo)
read -r files bytes lines < <(corpus_stats "$corpus")
best_of "check-mono-${BASE_MB}MB" "$REPO_ROOT" "$BIN" check --project-root "$corpus" "$corpus"
add_row "1x-mr" check "$files" "$bytes" "$lines" "$B_WALL" "$B_CPU" "$B_RSS_KB" "the 1x size as a monorepo, best of $CHECK_RUNS, exit $B_RC"

# ---------------------------------------------------------------------------
# Shapes that were once quadratic: fix's diff mode, one file holding a whole corpus, and
# many declarations on one line
# ---------------------------------------------------------------------------

corpus=$(ensure_corpus "gen-${BASE_MB}mb-s$SEED" "$BASE_MB")
read -r files bytes lines < <(corpus_stats "$corpus")
run_timed "diff-$BASE_MB" "$REPO_ROOT" "$BIN" fix --project-root "$corpus" "$corpus"
add_row "1x" diff "$files" "$bytes" "$lines" "$R_WALL" "$R_CPU" "$R_RSS_KB" "fix without --write (the diff), 1 run, exit $R_RC"

mb2=$(awk -v b="$BASE_MB" 'BEGIN { printf "%g", b * 2 }')
corpus=$(ensure_corpus "gen-${mb2}mb-s$SEED" "$mb2")
one="$CORPUS_ROOT/_one-file"
rm -rf "$one"
mkdir -p "$one"
(cd "$corpus" && find . -name '*.swift' ! -name Package.swift -print0 | sort -z | xargs -0 cat) > "$one/All.swift"
read -r files bytes lines < <(corpus_stats "$one")
best_of "one-file" "$REPO_ROOT" "$BIN" check --project-root "$one" "$one"
add_row "2x-1f" check "$files" "$bytes" "$lines" "$B_WALL" "$B_CPU" "$B_RSS_KB" "the 2x corpus in one file, best of $CHECK_RUNS, exit $B_RC"
run_timed "one-file-diff" "$REPO_ROOT" "$BIN" fix --project-root "$one" "$one"
add_row "2x-1f" diff "$files" "$bytes" "$lines" "$R_WALL" "$R_CPU" "$R_RSS_KB" "the same, fix without --write, 1 run, exit $R_RC"
rm -rf "$one"

line="$CORPUS_ROOT/_one-line"
rm -rf "$line"
mkdir -p "$line"
python3 -c '
import sys
n = int(sys.argv[1])
body = " ".join("@Published var p%d = 0;" % i for i in range(n))
open(sys.argv[2], "w").write("import Combine\nfinal class M: ObservableObject { " + body + " }\n")
' 100000 "$line/OneLine.swift"
read -r files bytes lines < <(corpus_stats "$line")
best_of "one-line" "$REPO_ROOT" "$BIN" check --project-root "$line" "$line"
add_row "1line" check "$files" "$bytes" "$lines" "$B_WALL" "$B_CPU" "$B_RSS_KB" "100k @Published on one line, best of $CHECK_RUNS, exit $B_RC"
run_timed "one-line-fix" "$REPO_ROOT" "$BIN" fix --write --project-root "$line" "$line"
add_row "1line" fix "$files" "$bytes" "$lines" "$R_WALL" "$R_CPU" "$R_RSS_KB" "the same, fix --write, 1 run, exit $R_RC"
rm -rf "$line"

# ---------------------------------------------------------------------------
# check --staged in a ~1M-line repository
# ---------------------------------------------------------------------------

repo=$(ensure_corpus "staged-${STAGED_MB}mb-s$SEED" "$STAGED_MB" git)
(
    cd "$repo"
    git reset -q --hard HEAD
    git clean -qfdx
) || die "could not reset $repo"
read -r s_files s_bytes s_lines < <(corpus_stats "$repo")
target=$(cd "$repo" && git ls-files -- '*Model.swift' | awk 'NR == 1')
[[ -n $target ]] || die "no *Model.swift file in $repo"
printf '\n// bench: staged edit\nfinal class BenchStagedEditModel: ObservableObject {\n    @Published var benchCounter = 0\n}\n' \
    >> "$repo/$target"
(cd "$repo" && git add -- "$target") || die "git add failed in $repo"

best_of "staged" "$repo" "$BIN" check --staged
(cd "$repo" && git reset -q --hard HEAD) || true

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

echo
echo "obs-migrate benchmark: $BIN"
echo "base ${BASE_MB} MB (1 MB = 10^6 bytes), seed $SEED, $(nproc) cores, $(uname -srm)"
echo
printf '%-6s %-6s %7s %12s %10s %9s %9s %7s %10s %9s  %s\n' \
    size cmd files bytes lines wall_s MB/s cpu_s rss_MiB rss/bytes note
printf '%s\n' "${TABLE[@]}"
echo
awk -v f="$s_files" -v b="$s_bytes" -v l="$s_lines" -v w="$B_WALL" -v u="$B_CPU" -v r="$B_RSS_KB" \
    -v n="$CHECK_RUNS" -v rc="$B_RC" -v t="$target" 'BEGIN {
    printf "check --staged: repo of %d files, %d bytes, %d lines; 1 staged file (%s)\n", f, b, l, t
    printf "  wall %.3f s (best of %d; cpu %.2f s), peak RSS %.1f MiB, exit %s\n", w, n, u, r / 1024, rc
}'
