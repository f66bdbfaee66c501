#!/usr/bin/env bash
# Runs PlanBench (release) and writes the "plan" section of docs/benchmarks.md.
# SCRATCH_PATH chooses the build directory (default .build).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build}"
if ! log=$(swift build -c release --product PlanBench --scratch-path "$scratch" 2>&1); then echo "$log" >&2; exit 1; fi
"$scratch/release/PlanBench" docs/benchmarks.md
