#!/usr/bin/env bash
# Runs SessionBench (release) and writes the "sessions" section of docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
"$root/scripts/install-deps"
if ! log=$(swift build -c release --static-swift-stdlib --product SessionBench 2>&1); then echo "$log" >&2; exit 1; fi
.build/release/SessionBench docs/benchmarks.md
