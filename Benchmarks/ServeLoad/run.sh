#!/usr/bin/env bash
# Load and fault check of `tonmeister serve` (release build, loopback only); writes the "serve" section of
# docs/benchmarks.md. Options pass to load.py (--clients 20 --seconds 60 --kill-after 10 --sizes 100,1000,5000 --devices 8 --before OLD-BINARY).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
"$root/scripts/install-deps"
if ! log=$(swift build -c release --static-swift-stdlib --product tonmeister 2>&1); then echo "$log" >&2; exit 1; fi
python3 "$root/Benchmarks/ServeLoad/load.py" --binary "$root/.build/release/tonmeister" --report docs/benchmarks.md "$@"
