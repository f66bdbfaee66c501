#!/usr/bin/env bash
# Before/after figures of the kept libraries (FreeType for glyph boxes, libjpeg-turbo for JPEG scans; issue 30):
# layout detection on the corpus by the commit before they landed (default fb35b44^, our own CFF reader and JPEG
# decoder) and by this checkout, each built the same way (scripts/fuzz-detect-driver: swiftc -O) and run in the
# same run, file by file, alternating. Writes the "kept-libraries" section of docs/benchmarks.md.
#
#   Benchmarks/ScoreBench/kept-libraries.sh [BEFORE_COMMIT] [RUNS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
before="${1:-fb35b44^}"
runs="${2:-3}"
scratch="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$scratch/before" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
git -C "$root" worktree add --detach "$scratch/before" "$before" >/dev/null
# Both sides run the same driver, without the printed bar numbers (not in the older tree): detection only.
for tree in "$root" "$scratch/before"; do
    mkdir -p "$tree/Fuzz" "$tree/scripts"
    grep -v numberedAsPrinted "$root/Fuzz/DetectDriver.swift" > "$tree/Fuzz/BenchDriver.swift"
    sed -e 's|Fuzz/DetectDriver.swift|Fuzz/BenchDriver.swift|g' -e 's|/detect-driver"|/bench-driver"|' \
        -e 's|-I Sources/CSystemZlib|-I Sources/CSystemZlib -I Sources/CZlib|' "$root/scripts/fuzz-detect-driver" > "$tree/scripts/bench-driver"
    chmod +x "$tree/scripts/bench-driver"
done
after_bin="$("$root/scripts/bench-driver")"
before_bin="$("$scratch/before/scripts/bench-driver")"
rm -f "$root/Fuzz/BenchDriver.swift" "$root/scripts/bench-driver"
python3 "$root/Benchmarks/ScoreBench/kept_libraries.py" "$before_bin" "$after_bin" "$(git -C "$root" rev-parse --short "$before")" \
    "$runs" "$root/Tests/ScoreDocumentTests/Corpus" "$root/docs/benchmarks.md"
