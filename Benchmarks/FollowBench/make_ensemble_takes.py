#!/usr/bin/env python3
"""Makes the tuning pieces' takes as an ensemble plays them: the chorales of make_corpus.py's tuning split and the
string quartets' tuning movements (make_chamber_takes.py), performed with make_corpus.py's tempo model and then
played with what a rendering of a score lacks and an ensemble's playing has:

  asynchrony  the voices of a chord do not start together: per performance a lead voice (the top voice more often
              than the others), per chord a spread of 10–50 ms between its first and last onset, the lead voice
              first (now and then another voice leads), the others after it in a random order; the chord's
              onsets are centred on where the tempo model put it, so the lead voice comes early
  vibrato     ±20–50 cents at 5–7 Hz (MIDI pitch bend, fluidsynth's ±2 semitone range), drawn per note, starting
              0.1–0.3 s into the note and fading in over 0.2 s
  swell       expression (CC11) over notes of 0.8 s or longer: a messa di voce (soft, loud, soft), a crescendo or a
              diminuendo, from and to 45–80 of 127
  velocity    each voice's loudness in slow waves (periods of 6–16 s), the top voice a little louder, ±7 per note
  legato      a note held 20–80 ms into the next one of its voice (another pitch), as a bow change or a slur does
  breath      a long note now and then released 0.12–0.35 s early, as a singer or a wind player breathes

Every effect draws from its own random stream (seeded by piece, performance and effect), and the performance's
timing, the takes' cuts and the room noise from make_corpus.py's and make_chamber_takes.py's streams, so the same
takes can be rendered with any set of effects: `--effects none` gives the plain takes to compare with, `--effects
vibrato` only one effect. Strings, choir and winds only: every ensemble sustains, so all effects apply.

Truth: a downbeat's time is the EARLIEST onset of the notes struck on it (the first sound heard; the tempo model's
time when no note starts on it). Beside it every truth item has "lead" (the onset of the performance's lead voice on
that downbeat, else the earliest), "mean" (the chord's mean onset) and "nominal" (the tempo model's time), so the
errors against the other definitions follow from FollowBench's JSON (error + time - lead).

Cut as make_corpus.py and make_chamber_takes.py cut (complete, partial, insert, false start, through a repeat), in
OUT/chorales and OUT/quartets with a manifest each, every take of split "tune", and, of kind "wrong-piece", the
chorales' second complete takes and the quartets' short takes against the next piece's score.

    make_ensemble_takes.py OUT [--effects all|none|asynchrony,vibrato,...] [--only chorales|quartets]
    FollowBench OUT/chorales --split tune --onset-weight 0.6;  FollowBench OUT/quartets --split tune --onset-weight 0.6 --tap

Needs music21, mido and numpy (FollowBench's venv) and fluidsynth with fluid-soundfont-gm and timgm6mb-soundfont.
"""
import math
import os
import random
import sys

import mido
from music21 import bar, corpus

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_chamber_takes as mct  # noqa: E402
import make_corpus as mc  # noqa: E402

EFFECTS = ["asynchrony", "vibrato", "swell", "velocity", "legato", "breath"]
CHORD = 0.035  # s: onsets of the tempo model closer than this are one chord (make_corpus jitters them by 8 ms)
GRID = 0.02  # s between two pitch-bend or expression messages of a sounding channel


def chords(events):
    """The events' indices grouped into chords: onsets within CHORD of the group's first."""
    order = sorted(range(len(events)), key=lambda k: events[k][2])
    groups = []
    for k in order:
        if groups and events[k][2] - events[groups[-1][0]][2] < CHORD:
            groups[-1].append(k)
        else:
            groups.append([k])
    return groups


def asynchrony(events, voices, rng):
    """Per-chord onset offsets (s) of every event, and the performance's lead voice."""
    lead = rng.choices(range(voices), weights=[3] + [1] * (voices - 1))[0]
    offsets = [0.0] * len(events)
    for group in chords(events):
        present = sorted({events[k][0] for k in group})
        if len(present) < 2:
            continue
        spread = rng.uniform(0.010, 0.050)
        first = lead if lead in present and rng.random() < 0.8 else rng.choice(present)
        others = [v for v in present if v != first]
        rng.shuffle(others)
        by_voice = {first: 0.0, others[0]: spread}
        for v in others[1:]:
            by_voice[v] = rng.uniform(0, spread)
        centre = sum(by_voice.values()) / len(by_voice)
        for k in group:
            offsets[k] = by_voice[events[k][0]] - centre
    return offsets, lead


def realise(events, voices, effects, seed):
    """The performance's events with the effects applied (onsets, releases and velocities), each note's vibrato and
    swell (None when off), and the lead voice (None without asynchrony)."""
    def stream(effect):
        return random.Random(f"{seed}-{effect}")

    notes = [list(e) for e in events]  # voice, pitch, on, off, velocity
    lead = None
    if "asynchrony" in effects:
        offsets, lead = asynchrony(events, voices, stream("asynchrony"))
        for n, o in zip(notes, offsets):
            n[2] = max(0.0, n[2] + o)
            n[3] = n[3] + o
    if "velocity" in effects:
        rng = stream("velocity")
        waves = [(rng.uniform(6, 16), rng.uniform(0, 2 * math.pi)) for _ in range(voices)]
        for n in notes:
            period, phase = waves[n[0]]
            n[4] = int(max(35, min(120, 78 + 14 * math.sin(2 * math.pi * n[2] / period + phase)
                                   + (6 if n[0] == 0 else 0) + rng.gauss(0, 7))))
    breathed = set()
    if "breath" in effects:
        rng = stream("breath")
        for k, n in enumerate(notes):
            if n[3] - n[2] >= 0.5 and rng.random() < 0.2:
                n[3] -= min(rng.uniform(0.12, 0.35), 0.5 * (n[3] - n[2]))
                breathed.add(k)
    if "legato" in effects:
        rng = stream("legato")
        for v in range(voices):
            mine = sorted((k for k, n in enumerate(notes) if n[0] == v), key=lambda k: notes[k][2])
            for k, j in zip(mine, mine[1:]):
                a, b = notes[k], notes[j]
                if k in breathed or b[2] - a[2] < CHORD or b[2] - a[3] > 0.08 or a[1] == b[1]:
                    continue
                if rng.random() < 0.8:
                    a[3] = max(a[3], b[2] + rng.uniform(0.02, 0.08))
    # A repeated pitch of a voice is released before it sounds again (a note-off would end the new note).
    for v in range(voices):
        mine = sorted((n for n in notes if n[0] == v), key=lambda n: n[2])
        for a in mine:
            later = [b[2] for b in mine if b[1] == a[1] and b[2] > a[2] + 1e-6]
            if later and a[3] > min(later) - 0.01:
                a[3] = max(a[2] + 0.03, min(later) - 0.01)
    vibrato = [None] * len(notes)
    if "vibrato" in effects:
        rng = stream("vibrato")
        vibrato = [(rng.uniform(20, 50), rng.uniform(5, 7), rng.uniform(0.1, 0.3), rng.uniform(0, 2 * math.pi))
                   for _ in notes]
    swell = [None] * len(notes)
    if "swell" in effects:
        rng = stream("swell")
        for k, n in enumerate(notes):
            if n[3] - n[2] >= 0.8 and rng.random() < 0.7:
                low, end = rng.uniform(45, 80), rng.uniform(45, 80)
                swell[k] = rng.choice([(low, 127, end), (low, 127, 127), (127, 127, end)])
    return [tuple(n) for n in notes], vibrato, swell, lead


def controls(notes, vibrato, swell):
    """Pitch-bend and expression messages (time in s, message) of every channel on a GRID while a note sounds: the
    latest note struck on the channel leads both."""
    messages = []
    for channel in sorted({min(n[0], 14) for n in notes}):
        mine = sorted((k for k, n in enumerate(notes) if min(n[0], 14) == channel), key=lambda k: notes[k][2])
        if all(vibrato[k] is None for k in mine) and all(swell[k] is None for k in mine):
            continue
        last_bend, last_cc, j, sounding = None, None, 0, []
        t, end = 0.0, max(notes[k][3] for k in mine) + GRID
        while t < end:
            while j < len(mine) and notes[mine[j]][2] <= t:
                sounding.append(mine[j])
                j += 1
            sounding = [k for k in sounding if notes[k][3] > t]
            bend, cc = 0, 127
            if sounding:
                k = sounding[-1]
                on, off = notes[k][2], notes[k][3]
                if vibrato[k] is not None:
                    depth, rate, delay, phase = vibrato[k]
                    ramp = min(1.0, max(0.0, (t - on - delay) / 0.2))
                    cents = depth * ramp * math.sin(2 * math.pi * rate * (t - on) + phase)
                    bend = int(round(cents / 200 * 8191))
                if swell[k] is not None:
                    start, middle, stop = swell[k]
                    x = (t - on) / max(1e-6, off - on)
                    cc = int(round(start + (middle - start) * 2 * x if x < 0.5 else middle + (stop - middle) * (2 * x - 1)))
                    cc = max(0, min(127, cc))
            if bend != last_bend:
                messages.append((t, mido.Message("pitchwheel", channel=channel, pitch=bend)))
                last_bend = bend
            if cc != last_cc:
                messages.append((t, mido.Message("control_change", channel=channel, control=11, value=cc)))
                last_cc = cc
            t += GRID
    return messages


def write_midi(notes, path, ensemble, voices, messages):
    """make_corpus.write_midi's file with the control messages merged in (before a note struck at the same tick)."""
    mc.write_midi(notes, path, ensemble, voices)
    mid = mido.MidiFile(path)
    track = mid.tracks[0]
    timed, now = [], 0
    for msg in track:
        now += msg.time
        if not msg.is_meta:
            timed.append((now, 1, msg))
    timed += [(int(round(t * 2000)), 0, m) for t, m in messages]
    timed.sort(key=lambda x: (x[0], x[1]))
    track.clear()
    now = 0
    for tick, _, msg in timed:
        track.append(msg.copy(time=tick - now))
        now = tick
    mid.save(path)


def truth_times(events, notes, downbeats, lead):
    """Every downbeat's earliest onset, lead voice's onset, mean onset and the tempo model's time (a downbeat on
    which no note starts: the tempo model's time in all four)."""
    found = []
    for time, _ in downbeats:
        struck = [k for k, e in enumerate(events) if abs(e[2] - time) < CHORD]
        if not struck:
            found.append((time, time, time, time))
            continue
        onsets = [notes[k][2] for k in struck]
        leading = [notes[k][2] for k in struck if notes[k][0] == lead]
        found.append((min(onsets), min(leading) if leading else min(onsets), sum(onsets) / len(onsets), time))
    return found


def render_takes(out, split_name, name, stem_name, perf, score_events, ensemble, soundfont, effects, rng, manifest,
                 cut):
    """One performance rendered with the effects and cut by `cut(rng, audio, times, numbers, take)`."""
    events, downbeats, end, voices = score_events
    notes, vibrato, swell, lead = realise(events, voices, effects, f"{stem_name}-p{perf}")
    stem = os.path.join(out, f"{stem_name}-p{perf}")
    write_midi(notes, stem + ".mid", ensemble, voices, controls(notes, vibrato, swell))
    audio = mc.render(stem + ".mid", stem + ".full.wav", soundfont)
    os.remove(stem + ".full.wav")
    os.remove(stem + ".mid")
    found = truth_times(events, notes, downbeats, lead)
    times = [f[0] for f in found] + [max(end, max(n[3] for n in notes))]
    numbers = [d[1] for d in downbeats]

    def take(kind, a, b, lead_in, tail, prefix=None):
        data, truth = mc.cut_take(rng, audio, times, numbers, a, b, lead_in, tail, prefix)
        for t in truth:  # the other definitions of the downbeat, shifted as the take shifts the earliest onset
            earliest, leading, mean, nominal = found[t["index"]]
            t.update(lead=round(t["time"] + leading - earliest, 4), mean=round(t["time"] + mean - earliest, 4),
                     nominal=round(t["time"] + nominal - earliest, 4))
        file = f"{stem_name}-p{perf}-{kind}.wav"
        mc.write_wav(os.path.join(out, file), data)
        manifest.append({"split": split_name, "piece": stem_name, "score": stem_name + ".musicxml", "take": file,
                         "kind": kind, "ensemble": ensemble, "soundfont": os.path.basename(soundfont),
                         "effects": sorted(effects), "duration": round(len(data) / mc.RATE, 3), "truth": truth})

    cut(rng, audio, times, numbers, take)


def has_repeat(score):
    return any(isinstance(b, bar.Repeat) for m in score.parts[0].getElementsByClass("Measure")
               for b in (m.leftBarline, m.rightBarline))


def chorales(out, effects):
    """The tuning chorales, twice each (FluidR3 then TimGM6mb), as choir, strings or winds."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(3233)
    manifest = []
    for name in mc.TUNE:
        score = corpus.parse("bach/" + name)
        score.write("musicxml", fp=os.path.join(out, name + ".musicxml"))
        repeat = has_repeat(score)
        for perf in range(2):
            ensemble = rng.choice(["choir", "strings", "winds"])
            events = mc.performance(score, rng)
            render_takes(out, "tune", name, name, perf, events, ensemble, mc.SOUNDFONTS[perf], effects, rng, manifest,
                         lambda r, audio, times, numbers, take: mc.cut_kinds(r, audio, times, take,
                                                                             repeat=repeat and perf == 0))
        print(name, file=sys.stderr)
    complete = [m for m in manifest if m["kind"] == "complete" and m["take"].endswith("p1-complete.wav")]
    wrong = [mc.wrong_piece(m, complete[(k + 1) % len(complete)]["piece"]) for k, m in enumerate(complete)]
    mc.write_manifest(out, manifest, wrong)


def quartets(out, effects):
    """The quartets' tuning movements, as a string quartet and then as winds or a choir."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(3234)
    manifest = []
    for index, name in enumerate(mct.TUNE):
        score = corpus.parse(name)
        stem_name = name.replace("/", "-")
        score.write("musicxml", fp=os.path.join(out, stem_name + ".musicxml"))
        repeat = has_repeat(score)
        for perf in range(2):
            ensemble = "strings" if perf == 0 else rng.choice(["winds", "choir"])
            events = mc.performance(mct.played(score), rng, qpm=mct.beats_per_minute(score))
            render_takes(out, "tune", name, stem_name, perf, events, ensemble, mc.SOUNDFONTS[(perf + index) % 2],
                         effects, rng, manifest,
                         lambda r, audio, times, numbers, take: mct.cut_kinds(r, audio, times, numbers, take, repeat))
        print(name, file=sys.stderr)
    pieces = [mct.stem_of(p) for p in mct.TUNE]
    wrong = [mc.wrong_piece(m, pieces[(pieces.index(m["piece"]) + 1) % len(pieces)]) for m in manifest
             if m["kind"] not in ("complete", "partial")]
    mc.write_manifest(out, manifest, wrong)


def main(argv):
    args = list(argv)
    effects, only = set(EFFECTS), None
    if "--effects" in args:
        k = args.index("--effects")
        chosen = args[k + 1]
        del args[k:k + 2]
        effects = set(EFFECTS) if chosen == "all" else set() if chosen == "none" else set(chosen.split(","))
        if effects - set(EFFECTS):
            sys.exit(f"unknown effects {sorted(effects - set(EFFECTS))}; known: {', '.join(EFFECTS)}")
    if "--only" in args:
        k = args.index("--only")
        only = args[k + 1]
        del args[k:k + 2]
    (out,) = args
    if only in (None, "chorales"):
        chorales(os.path.join(out, "chorales"), effects)
    if only in (None, "quartets"):
        quartets(os.path.join(out, "quartets"), effects)


if __name__ == "__main__":
    main(sys.argv[1:])
