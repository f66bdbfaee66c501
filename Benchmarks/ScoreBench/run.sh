#!/usr/bin/env bash
# Times rendering and detection against pdftocairo and pdftoppm on the 20-page bundled score and writes
# the "scores" section of docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
"$root/scripts/install-deps"
command -v pdftocairo >/dev/null || { apt-get install -y -qq poppler-utils >/dev/null; }
[ -x /usr/bin/time ] || { apt-get install -y -qq time >/dev/null; }
# The release binary as shipped: the Swift runtime linked in, so each process starts without loading it.
if ! log=$(swift build -c release --static-swift-stdlib --product tonmeister 2>&1); then echo "$log" >&2; exit 1; fi
python3 Benchmarks/ScoreBench/score_bench.py .build/release/tonmeister Scores/bench-20pages.pdf docs/benchmarks.md \
  Tests/ScoreDocumentTests/Corpus
