#!/usr/bin/env bash
# FollowBench: builds the corpus (music21 scores, fluidsynth renderings, takes of every kind), follows every take
# with Tonmeister (release build) and with the Sync Toolbox, and prints both figures for docs/benchmarks.md; then the
# tuning pieces' wrong-piece refusal sets (short takes against other scores, slow-attack takes) and the tuning split
# at other reference pitches.
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
# The wrong-piece refusal sets of the tuning pieces (docs/follow.md): short takes against other chorales' scores, and
# slow-attack takes (organ, strings, choir, winds), right and wrong.
wrong="$corpus-wrong-short" slow="$corpus-slow"
[ -f "$wrong/manifest.json" ] || python3 "$root/Benchmarks/FollowBench/make_wrong_short.py" "$corpus" "$wrong"
[ -f "$slow/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_slow_takes.py" "$slow"
for set in "$wrong" "$slow"; do
  echo "== Tonmeister, $(basename "$set")"
  "$root/.build/release/FollowBench" "$set" --split tune --onset-weight 0.6 --json "$set/tonmeister.json" | tail -14
done
# The tuning split's takes at other reference pitches (A = 415, 430, 443, 466 Hz; docs/follow.md, "Reference pitch").
tuned="$corpus-tuned"
[ -f "$tuned/a466/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_tuned_takes.py" "$corpus" "$tuned"
for pitch in 415 430 443 466; do
  echo "== Tonmeister, tuning split at A = $pitch Hz"
  "$root/.build/release/FollowBench" "$tuned/a$pitch" --split tune --onset-weight 0.6 --json "$tuned/tonmeister-a$pitch.json" | tail -14
done
# The tuning split's takes in three synthetic rooms (studio, hall, church; docs/follow.md, "Reverberant rooms").
reverb="$corpus-reverb"
[ -f "$reverb/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_reverb_takes.py" "$corpus" "$reverb" --split tune
echo "== Tonmeister, tuning split in reverberant rooms"
"$root/.build/release/FollowBench" "$reverb" --split tune --onset-weight 0.6 --json "$reverb/tonmeister.json" | tail -14
# The tuning split as a recorder's files sound in a session: the slate, tuning, a choir's given chord, talk after
# (docs/follow.md, "A recorder's file"); espeak-ng (Debian) speaks the slate.
dpkg -s espeak-ng >/dev/null 2>&1 || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"; DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends espeak-ng >/dev/null; }
session="$corpus-session"
[ -f "$session/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_session_takes.py" "$corpus" "$session" --split tune
echo "== Tonmeister, tuning split in a session's sounds"
"$root/.build/release/FollowBench" "$session" --split tune --onset-weight 0.6 --json "$session/tonmeister.json" | tail -14
# The tuning split stopped inside a bar, the recorder rolling on (docs/follow.md, "A take stopped inside a bar").
stopped="$corpus-stopped"
[ -f "$stopped/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_stopped_takes.py" "$corpus" "$stopped" --split tune
echo "== Tonmeister, tuning split stopped inside a bar"
"$root/.build/release/FollowBench" "$stopped" --split tune --onset-weight 0.6 --json "$stopped/tonmeister.json" | tail -14
# The tuning chorales through a copy of their score with one part's bars running over or short of the others'
# (docs/follow.md, "Parts that run over or fall short of the others").
parts="$corpus-parts"
[ -f "$parts/manifest.json" ] || python3 "$root/Benchmarks/FollowBench/make_part_length_takes.py" "$corpus" "$parts" --split tune --pieces 4 --kinds complete,insert
echo "== Tonmeister, tuning chorales with a part running over or short"
"$root/.build/release/FollowBench" "$parts" --split tune --onset-weight 0.6 --tap --json "$parts/tonmeister.json" | tail -14
# As a session places them: the producer's tap chooses between passes of the same bars (docs/follow.md, "Inside a repeat").
for set in "$slow" "$reverb"; do
  echo "== Tonmeister, $(basename "$set"), with the tap (--tap)"
  "$root/.build/release/FollowBench" "$set" --split tune --onset-weight 0.6 --tap --json "$set/tonmeister-tap.json" | tail -14
done
# As a session judges its takes: the pitch of its long, sure takes (A = 440 Hz in these sets) is the grid of each take
# (docs/follow.md, "One pitch for the session's takes").
for set in "$slow" "$session"; do
  echo "== Tonmeister, $(basename "$set"), with the session's pitch (--session-pitch 440)"
  "$root/.build/release/FollowBench" "$set" --split tune --onset-weight 0.6 --session-pitch 440 --json "$set/tonmeister-session-pitch.json" | tail -14
done
# Chamber music (docs/follow.md, "String quartets"): movements of Haydn, Mozart and Beethoven quartets, with the tap
# choosing the pass as a session does.
chamber="$corpus-chamber"
[ -f "$chamber/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_chamber_takes.py" "$chamber"
for split in tune held-out; do
  echo "== Tonmeister, string quartets, $split, with the tap (--tap)"
  "$root/.build/release/FollowBench" "$chamber" --split "$split" --onset-weight 0.6 --tap --json "$chamber/tonmeister-tap-$split.json" | tail -14
done
# Vocal polyphony (Monteverdi, Palestrina) and a solo line (fiddle tunes) (docs/follow.md, "Vocal polyphony and a solo
# line"), with the tap.
poly="$corpus-polyphony"
[ -f "$poly/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_polyphony_takes.py" "$poly"
for split in tune held-out; do
  echo "== Tonmeister, polyphony and solo lines, $split, with the tap (--tap)"
  "$root/.build/release/FollowBench" "$poly" --split "$split" --onset-weight 0.6 --tap --json "$poly/tonmeister-tap-$split.json" | tail -14
done
# Ensemble realism (docs/follow.md, "Ensemble realism"): the tuning chorales and the quartets' tuning movements played
# as an ensemble plays them (onset asynchrony with a lead voice, vibrato, swells, velocity waves, legato, breaths), and
# the same takes without it (`--effects none`); tuning material only.
ensemble="$corpus-ensemble"
for effects in all none; do
  [ -f "$ensemble/$effects/quartets/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_ensemble_takes.py" "$ensemble/$effects" --effects "$effects"
  echo "== Tonmeister, chorales as an ensemble plays them (effects: $effects)"
  "$root/.build/release/FollowBench" "$ensemble/$effects/chorales" --split tune --onset-weight 0.6 --json "$ensemble/tonmeister-$effects-chorales.json" | tail -14
  echo "== Tonmeister, quartets as an ensemble plays them (effects: $effects), with the tap (--tap)"
  "$root/.build/release/FollowBench" "$ensemble/$effects/quartets" --split tune --onset-weight 0.6 --tap --json "$ensemble/tonmeister-$effects-quartets.json" | tail -14
done
echo "== Sync Toolbox, held-out"
"$venv/bin/python" "$root/Benchmarks/FollowBench/synctoolbox_bench.py" "$corpus" --split held-out --json "$corpus/synctoolbox-held-out.json"
echo "== Sync Toolbox, string quartets, held-out (the quartets' own playing order)"
"$venv/bin/python" "$root/Benchmarks/FollowBench/synctoolbox_bench.py" "$chamber" --split held-out --own-order --json "$chamber/synctoolbox-held-out.json"
# Human performances (docs/follow.md, "Human performances"): ASAP's piano performances, when a checkout of
# github.com/fosfrancesco/asap-dataset is named by ASAP_DIR; its tuning half, its held-out half, and short takes of
# its tuning pieces against other pieces' scores.
if [ -n "${ASAP_DIR:-}" ] && [ -f "$ASAP_DIR/metadata.csv" ]; then
  asap="$corpus-asap"
  [ -f "$asap/manifest.json" ] || "$venv/bin/python" "$root/Benchmarks/FollowBench/make_asap_takes.py" "$ASAP_DIR" "$asap" --pieces 40 --longest 360
  [ -f "$asap-wrong/manifest.json" ] || python3 "$root/Benchmarks/FollowBench/make_wrong_short.py" "$asap" "$asap-wrong"
  for split in tune held-out; do
    echo "== Tonmeister, ASAP human performances, $split"
    "$root/.build/release/FollowBench" "$asap" --split "$split" --onset-weight 0.6 --json "$asap/tonmeister-$split.json" | tail -14
  done
  echo "== Tonmeister, ASAP short takes against other pieces"
  "$root/.build/release/FollowBench" "$asap-wrong" --split tune --onset-weight 0.6 --json "$asap-wrong/tonmeister.json" | tail -14
fi
