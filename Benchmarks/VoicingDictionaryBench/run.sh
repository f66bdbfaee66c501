#!/usr/bin/env bash
# Runs VoicingDictionaryBench (release) and mingus's chord-fingering search on the same chords in the same run
# (mingus installed into the private venv Benchmarks/.venv), then writes the "voicing-dictionary" section of
# docs/benchmarks.md. Without PyPI the section has Tonmeister's numbers only.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build}"
venv="$root/Benchmarks/.venv"
python=python3
if [ -x "$venv/bin/python" ] || python3 -m venv "$venv"; then
  python="$venv/bin/python"
  if ! "$python" -c "import mingus" 2>/dev/null && ! "$venv/bin/pip" install -q "mingus==0.6.1"; then
    echo "run.sh: could not install mingus from PyPI; recording Tonmeister's numbers only" >&2
  fi
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! log=$(swift build -c release --scratch-path "$scratch" --product VoicingDictionaryBench 2>&1); then echo "$log" >&2; exit 1; fi
"$scratch/release/VoicingDictionaryBench" "$work"
"$python" Benchmarks/VoicingDictionaryBench/mingus_bench.py "$work" docs/benchmarks.md
