#!/usr/bin/env bash
# Lay out a fixed list of public Swift repositories, at pinned commits, as one tree to measure
# obs-migrate on real code (scripts/bench.sh --real DEST). Nothing of them belongs in this
# repository: put DEST outside it.
#
#   scripts/real_corpus.sh DEST MIRROR_DIR      # MIRROR_DIR holds <owner>+<name>/repo git dirs
#   scripts/real_corpus.sh DEST GIT_DIR...      # or name the git dirs (bare or not) one by one
#
# DEST/<owner>+<name>/ gets the files obs-migrate reads (*.swift, *.xcconfig, project.pbxproj)
# of each repository at its pinned commit; DEST/MANIFEST.tsv records, per repository, its name,
# commit, files, bytes and lines, in the order of the list below: its first 4 repositories hold
# a quarter of the lines and its first 7 half (bench.sh's scaling rows). A git dir is matched to
# a repository by holding its pinned commit. Fails (exit 2) when a repository is missing, so
# that every run of the benchmark measures the same tree; REAL_CORPUS_PARTIAL=1 skips them.
# (A mirror without some large blobs, images and the like, is enough: only sources are read.)
set -euo pipefail

die() { echo "real_corpus.sh: error: $*" >&2; exit 2; }
note() { echo "real_corpus.sh: $*" >&2; }

# owner/name commit (HEAD of each repository as fetched on 2026-11-26)
PINNED=(
    "swiftlang/swift-syntax a8b1c535647243d603b6772e7e8306c993a0c188"
    "damus-io/damus 9d287c7cc7f6835b5d7b57a7bea348cc385dee9a"
    "nook-browser/Nook 16133882e6e66f963b60b8bdca2f5cd928536202"
    "OneBusAway/otpkit 7cd110ae966ac626de1b84a5624cc030ec5df1be"
    "home-assistant/iOS d722d7811aec72397d05837477c5f146943b6248"
    "element-hq/element-x-ios 5d0343c480a8659a1d5669f8e4a13fb37d7528e7"
    "openhab/openhab-ios eb34c7f5d031ab81ed2c1558a39a3aff5887fd76"
    "Automattic/pocket-casts-ios c23892d1f47bc44d422fa06c389b49820aa04dd3"
    "Ranchero-Software/NetNewsWire 834decfad37802ef24d8a74897427a9eee57afdd"
    "mastodon/mastodon-ios a9e088a9c7b88720fed5eefdd2dc1606b5f21dc8"
    "jellyfin/Swiftfin 3944680cf13d7c2c6bb8658ab8d79c151a4b045e"
    "pointfreeco/swift-composable-architecture d34c1dfe7a4b13ba96c37f8b78f7dc9432dd0471"
    "CodeEditApp/CodeEdit cec6287a49a0a460cd7cab17f254eebc3ada828e"
    "pointfreeco/isowords c727d3a7c49cf0c98f2fa4f24c562f81e30165f7"
    "exelban/stats 1ab6adb58a1ed3e9f6fffbb62af38d64ac3a53f5"
    "Dimillian/IceCubesApp 0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618"
    "ilyas-hallak/readeck-ios 5c05745ee2b2f7cb87d265015cff13760bf8ea68"
    "sapoepsilon/Whispera 0c314ec37d25b713a77e51d01fbdaf9257dc813c"
    "ImaginativeShohag/Why-Not-SwiftUI 6b54f1ef0281d334ec7e589830f52ee54fd95ef8"
    "vinhnx/Clendar 3f2cf4fcb4412173996bc8aa02e484347c8d5b59"
    "Doraemoe/LANreader 2c7186ba2a3914104f36e80e2f3b992483d583a1"
    "jordanbaird/Ice 11edd39115f3f43a83ae114b5348df6a0e1741cf"
    "0si43/PiecesOfPaper 611a177a0f8ff69bd52dbd61e7b48ae2d42e552a"
    "Whisky-App/Whisky fd5480a76b3ebfe3419a1ab86ca3695f5cc328f8"
    "hirobe/HonnyakuWWDC 5040a90fb2419c5b2fe0cea394daf0bed11c99fc"
)

(( $# >= 2 )) || { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2; exit 2; }
command -v git >/dev/null || die "git not found"
DEST=$1; shift
REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd -P)
case "$DEST/" in
    "$REPO_ROOT/"*) rmdir "$DEST" 2>/dev/null || true; die "DEST $DEST is inside this repository: put it outside" ;;
esac

# The candidate git dirs: <owner>+<name>/repo below a mirror folder, or the given dirs.
CANDIDATES=()
if (( $# == 1 )) && [[ -d $1 ]] && ! git -C "$1" rev-parse -q --absolute-git-dir >/dev/null 2>&1; then
    for d in "$1"/*/repo "$1"/*/.git "$1"/*.git; do [[ -e $d ]] && CANDIDATES+=("$d"); done
else
    for d in "$@"; do
        d=$(git -C "$d" rev-parse --absolute-git-dir 2>/dev/null) || die "not a git dir: $d"
        CANDIDATES+=("$d")
    done
fi

# git_dir_with REPO COMMIT -> a candidate holding that commit, one named like REPO first.
git_dir_with() {
    local d
    for d in "${CANDIDATES[@]}"; do
        [[ $d == *"${1/\//+}"* ]] && git --git-dir="$d" cat-file -e "$2^{commit}" 2>/dev/null && { echo "$d"; return; }
    done
    for d in "${CANDIDATES[@]}"; do
        git --git-dir="$d" cat-file -e "$2^{commit}" 2>/dev/null && { echo "$d"; return; }
    done
    return 1
}

manifest="$DEST/MANIFEST.tsv.tmp"
printf 'repository\tcommit\tfiles\tbytes\tlines\n' > "$manifest"
missing=0
for entry in "${PINNED[@]}"; do
    read -r repo commit <<< "$entry"
    folder="$DEST/${repo/\//+}"
    if ! gitdir=$(git_dir_with "$repo" "$commit"); then
        note "missing: $repo at $commit"
        missing=$((missing + 1))
        continue
    fi
    rm -rf "$folder"
    mkdir -p "$folder"
    # Only the files obs-migrate reads, named literally (in batches, for long lists).
    git --git-dir="$gitdir" ls-tree -r -z --name-only "$commit" \
        | grep -z -E '\.swift$|\.xcconfig$|\.xcodeproj/project\.pbxproj$' \
        | GIT_LITERAL_PATHSPECS=1 xargs -0 -r sh -c 'g=$0 c=$1 f=$2; shift 2; git --git-dir="$g" archive "$c" -- "$@" | tar -x -C "$f"' \
            "$gitdir" "$commit" "$folder" \
        || die "git archive failed for $repo"
    read -r files bytes < <(find "$folder" -type f -printf '%s\n' | awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }')
    lines=$(find "$folder" -type f -print0 | xargs -0 -r cat | wc -l)
    printf '%s\t%s\t%d\t%d\t%d\n' "$repo" "$commit" "$files" "$bytes" "$lines" >> "$manifest"
    note "$repo: $files files, $lines lines"
done
if (( missing > 0 )) && [[ ${REAL_CORPUS_PARTIAL:-0} != 1 ]]; then
    die "$missing repositories missing (fetch them, or set REAL_CORPUS_PARTIAL=1)"
fi
mv "$manifest" "$DEST/MANIFEST.tsv"
awk -F'\t' 'NR > 1 { n++; f += $3; b += $4; l += $5 }
    END { printf "real_corpus.sh: %d repositories, %d files, %d bytes, %d lines\n", n, f, b, l }' "$DEST/MANIFEST.tsv" >&2
