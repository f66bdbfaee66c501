#!/usr/bin/env bash
# Runs FretboardBench (release) and writes the "fretboard" section of docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build}"
if ! log=$(swift build -c release --scratch-path "$scratch" --product FretboardBench 2>&1); then echo "$log" >&2; exit 1; fi
"$scratch/release/FretboardBench" docs/benchmarks.md
