#!/usr/bin/env bash
# Times Tonmeister's CCITT fax decoder against libtiff's and poppler's (see ccitt.py); writes the "ccitt" section
# of docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ -e /usr/lib/x86_64-linux-gnu/libtiff.so.6 ] || apt-get install -y -qq libtiff6 >/dev/null
python3 "$root/Benchmarks/ScoreBench/ccitt.py" "$("$root/scripts/fuzz-detect-driver")" "$root/Tests/ScoreDocumentTests" \
    "$root/docs/benchmarks.md" "${1:-5}"
