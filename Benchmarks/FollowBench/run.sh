#!/usr/bin/env bash
# FollowBench: builds the corpus (music21 scores, fluidsynth renderings, takes of every kind), follows every take
# with Tonmeister (release build) and with the Sync Toolbox, and prints both figures for docs/benchmarks.md.
# Installs fluidsynth, fluid-soundfont-gm, timgm6mb-soundfont (Debian) and music21, mido, synctoolbox (PyPI) when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="${1:-$root/.build/follow-corpus}"
venv="$root/.build/follow-venv"
# The renderer and its two soundfonts (Debian), installed when missing.
missing=()
for p in fluidsynth fluid-soundfont-gm timgm6mb-soundfont; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q music21 mido synctoolbox; }
[ -f "$corpus/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_corpus.py" "$corpus"
(cd "$root" && swift build -c release --product FollowBench >/dev/null)
for split in tune held-out; do
  echo "== Tonmeister, $split"
  "$root/.build/release/FollowBench" "$corpus" --split "$split" --onset-weight 0.6 --json "$corpus/tonmeister-$split.json" | tail -14
done
echo "== Sync Toolbox, held-out"
"$venv/bin/python" "$root/Benchmarks/FollowBench/synctoolbox_bench.py" "$corpus" --split held-out --json "$corpus/synctoolbox-held-out.json"
