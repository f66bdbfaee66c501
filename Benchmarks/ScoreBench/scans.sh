#!/usr/bin/env bash
# Scanned pages against pdftoppm, time and peak memory (see scans.py); writes the "scans" section of docs/benchmarks.md.
#
#   Benchmarks/ScoreBench/scans.sh [BEFORE_BINARY BEFORE_LABEL] [RUNS]
#
# BEFORE_BINARY: a release build of an earlier commit (`swift build -c release --static-swift-stdlib --product
# tonmeister` there), shown beside this checkout's.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
before="-" label="-" runs=3
if [ $# -ge 2 ]; then before="$1" label="$2"; shift 2; fi
[ $# -ge 1 ] && runs="$1"
"$root/scripts/install-deps"
command -v pdftoppm >/dev/null || { apt-get install -y -qq poppler-utils >/dev/null; }
if ! log=$(swift build -c release --static-swift-stdlib --product tonmeister 2>&1); then echo "$log" >&2; exit 1; fi
python3 Benchmarks/ScoreBench/scans.py .build/release/tonmeister "$before" "$label" "$runs" Tests/ScoreDocumentTests/Corpus docs/benchmarks.md
