#!/usr/bin/env bash
# Runs TheoryBench (release) and the same work in music21 (in a private venv), then writes docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
venv="$root/Benchmarks/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import music21" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q music21
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! log=$(swift build -c release --static-swift-stdlib --product TheoryBench 2>&1); then echo "$log" >&2; exit 1; fi
# Three paired runs (Tonmeister, then music21 on the same cases); the report gives the median of each row.
for run in 1 2 3; do
  mkdir -p "$work/$run"
  .build/release/TheoryBench "$work/$run"
  "$venv/bin/python" Benchmarks/TheoryBench/music21_bench.py "$work/$run"
done
"$venv/bin/python" Benchmarks/TheoryBench/music21_bench.py report docs/benchmarks.md "$work/1" "$work/2" "$work/3"
