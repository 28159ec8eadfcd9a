#!/usr/bin/env bash
# Type-check, with the real @Observable macro, each Swift file under DIR... that holds
# @Observable (after `obs-migrate fix --write` on a real app), and print only the errors the
# Observation macros raise. Each file is checked on its own against the compile oracle's
# stand-in SwiftUI and Combine (Tests/ObsMigrateTests/Oracle/Stubs); imports of other modules
# are blanked, so the app's own types are unknown and those errors are ignored: what is left
# is what the macro itself rejects (`var a = 0, b = 0`, an observer-only override, ...).
#
#   scripts/macro_check.sh /tmp/app-after-fix
#
# Prints nothing and exits 0 when the macro accepts every file; exits 1 otherwise.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 2; }
REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for module in Combine SwiftUI; do
    swiftc -emit-module -parse-as-library -swift-version 5 -module-name "$module" -I "$work" \
        -emit-module-path "$work/$module.swiftmodule" "$REPO_ROOT/Tests/ObsMigrateTests/Oracle/Stubs/$module.swift"
done
macro_errors='error:.*(macro|ObservationTracked|ObservationIgnored|init accessor|_\$observation|declaration name)'
failed=0
while IFS= read -r -d '' file; do
    grep -q '@Observable' "$file" || continue
    sed -E 's/^(@testable |@_exported |@preconcurrency )?import +([A-Za-z_][A-Za-z0-9_.]*).*$/__IMPORT__ \2/' "$file" \
        | awk '$1 == "__IMPORT__" { if ($2 ~ /^(Foundation|SwiftUI|Combine|Observation)$/) print "import " $2; else print ""; next } { print }' \
        > "$work/checked.swift"
    errors=$(swiftc -typecheck -parse-as-library -swift-version 5 -I "$work" -Xfrontend -import-module -Xfrontend Combine \
        -diagnostic-style llvm "$work/checked.swift" 2>&1 | grep -E "$macro_errors" | grep -v "no macro named" || true)
    if [[ -n "$errors" ]]; then
        failed=1
        printf '%s\n' "$errors" | sed "s|$work/checked.swift|$file|"
    fi
done < <(find "$@" -name '*.swift' -type f -print0)
exit $failed
