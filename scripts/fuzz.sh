#!/usr/bin/env bash
# Builds the libFuzzer harness (Fuzz/FuzzEntry.swift compiled with the libraries' sources, with
# -sanitize=fuzzer,address) into .build/fuzz and runs it.
#
#   scripts/fuzz.sh [SECONDS] [libFuzzer options...]    default 300 s
#   FUZZ_JOBS=2 scripts/fuzz.sh 3600                    two fuzzing processes
#   .build/fuzz/obs-migrate-fuzz Fuzz/artifacts/crash-…  replay one input
#
# Inputs are up to four Swift files separated by NUL bytes. The run goes on after a crash
# (libFuzzer's fork mode), saving each failing input in Fuzz/artifacts/; new interesting inputs
# accumulate in Fuzz/corpus/. Both are ignored by git. The exit status is 1 when anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-300}"
[ $# -gt 0 ] && shift
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
out=.build/fuzz
bin="$out/obs-migrate-fuzz"
mkdir -p "$out" Fuzz/corpus Fuzz/artifacts

# Build from a snapshot of the sources (they may be edited meanwhile), only when they changed.
# The library targets (Sources/ObsMigrate*) become one module here, so their imports of each
# other go.
rm -rf "$out/src.new"
mkdir -p "$out/src.new"
cp -R Sources/ObsMigrate* "$out/src.new/"
find "$out/src.new" -name '*.swift' -exec sed -i.orig -E '/^(@testable )?import ObsMigrate[A-Za-z]*$/d' {} +
find "$out/src.new" -name '*.orig' -delete
cp Fuzz/FuzzEntry.swift "$out/src.new/"
hash=$(cd "$out/src.new" && find . -name '*.swift' -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
if [ ! -x "$bin" ] || [ "$(cat "$out/hash" 2>/dev/null)" != "$hash" ]; then
    echo "fuzz.sh: building $bin (a minute or two)..."
    start=$(date +%s)
    # shellcheck disable=SC2046
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -module-name ObsMigrateFuzz -package-name ObsMigrateFuzz \
        $(find "$out/src.new" -name '*.swift' | LC_ALL=C sort) -o "$bin.tmp" 2> "$out/build.log"; then
        grep -v "Cannot export local symbol" "$out/build.log" >&2
        exit 2
    fi
    mv "$bin.tmp" "$bin"
    echo "$hash" > "$out/hash"
    echo "fuzz.sh: built in $(( $(date +%s) - start )) s"
fi
rm -rf "$out/src"
mv "$out/src.new" "$out/src"

# Seeds: the small inputs of Fuzz/seeds/, every Swift file of Fixtures/ and Tests/, and each
# fixture's input/ folder as one multi-file project (its first four files, joined by NUL).
seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
while IFS= read -r -d '' f; do
    cp "$f" "$seeds/$(printf %s "$f" | sha1sum | cut -c1-16)"
done < <(find Fuzz/seeds -type f -print0; find Fixtures Tests -name '*.swift' -size -64k -print0)
while IFS= read -r -d '' d; do
    seed="$seeds/project-$(printf %s "$d" | sha1sum | cut -c1-16)"
    : > "$seed"
    first=1
    while IFS= read -r -d '' f; do
        [ $first -eq 1 ] || printf '\0' >> "$seed"
        cat "$f" >> "$seed"
        first=0
    done < <(find "$d" -name '*.swift' -size -16k -print0 | LC_ALL=C sort -z | head -z -n 4)
done < <(find Fixtures -type d -name input -print0)
echo "fuzz.sh: $(ls "$seeds" | wc -l) seeds, $(ls Fuzz/corpus | wc -l) corpus entries, $(ls Fuzz/artifacts | wc -l) artifacts before this run"

before=$(ls Fuzz/artifacts | LC_ALL=C sort)
log="$out/last-run.log"
set +e
"$bin" -fork="${FUZZ_JOBS:-1}" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict=Fuzz/swift.dict -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 \
    "$@" Fuzz/corpus "$seeds" 2>&1 | tee "$log" | grep -E --line-buffered "^#[0-9]+: |DONE|ERROR|crash-|timeout-|oom-|INFO: (fork|seed corpus)"
set -e

new=$(comm -13 <(echo "$before") <(ls Fuzz/artifacts | LC_ALL=C sort) | grep -v '^$' || true)
execs=$(grep -E "^#[0-9]+: " "$log" | tail -1 | sed -E 's/^#([0-9]+):.*/\1/')
echo "fuzz.sh: about ${execs:-0} executions in $seconds s; $(echo -n "$new" | grep -c . || true) new failing inputs"
if [ -n "$new" ]; then
    for a in $new; do
        # The first lines that say what went wrong, from a replay.
        why=$("$bin" "Fuzz/artifacts/$a" 2>&1 | grep -E "property violated|Fatal error|ERROR: AddressSanitizer|SUMMARY" | head -2 | tr '\n' ' ')
        echo "  Fuzz/artifacts/$a: $why"
    done
    exit 1
fi
