#!/usr/bin/env python3
"""Builds FollowBench's corpus: public-domain scores from music21's bundled corpus, performed with varied timing
(a tempo drawn per performance, slow tempo curves, beat-level rubato, held fermatas, phrase-end ritardandi, chord
spread), rendered by fluidsynth with General MIDI sounds from two Debian soundfonts, and cut into takes of every
kind: complete runs, partial takes, inserts of a few bars, false starts and takes through a repeat.
Truth (every downbeat's time in every take) comes from the rendering. Seeded: the same corpus every time.

Usage: make_corpus.py OUT_DIR   (needs music21, mido, numpy, soundfile-free: writes WAV through the wave module)
"""
import json, math, os, random, subprocess, sys, wave
import numpy as np
import mido
from music21 import corpus, expressions, bar

RATE = 44100
SOUNDFONTS = ["/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/sounds/sf2/TimGM6mb.sf2"]
# (program per voice from the top) ensembles: piano, organ, strings, choir+strings, winds
ENSEMBLES = {"piano": [0, 0, 0, 0], "organ": [19, 19, 19, 19], "strings": [40, 41, 42, 42], "choir": [52, 52, 48, 48],
             "winds": [73, 68, 71, 70]}
TUNE = ["bwv16.6", "bwv164.6", "bwv166.6", "bwv177.4", "bwv179.6", "bwv2.6", "bwv20.11", "bwv245.22", "bwv26.6", "bwv40.8"]
HELD_OUT = ["bwv168.6", "bwv180.7", "bwv194.6", "bwv227.11", "bwv244.15", "bwv66.6"]


def performance(score, rng, qpm=(60, 96)):
    """Note events and downbeats in seconds for the score's repeats expanded, with a human-like tempo map (its mean
    tempo drawn from `qpm`, in quarters per minute)."""
    expanded = score.expandRepeats()
    parts = list(expanded.parts)
    first = parts[0].getElementsByClass("Measure")
    downbeats = [(float(m.offset), str(m.number)) for m in first]
    end_q = float(first[-1].offset + first[-1].duration.quarterLength)
    # Fermata positions (quarter offsets) from every part's notes.
    fermatas = set()
    notes = []
    for voice, part in enumerate(parts):
        for n in part.flatten().notes:
            q = float(n.offset)
            if any(isinstance(e, expressions.Fermata) for e in n.expressions):
                fermatas.add((q, float(n.duration.quarterLength)))
            for p in (n.pitches if n.isChord else [n.pitch]):
                tie = n.tie.type if n.tie else None
                notes.append([voice, p.midi, q, float(n.duration.quarterLength), tie])
    base = 60.0 / rng.uniform(*qpm)  # seconds per quarter
    period = rng.uniform(12, 24)
    phase = rng.uniform(0, 2 * math.pi)
    step = 0.125
    steps = int(end_q / step) + 2
    noise = np.cumsum(np.array([rng.gauss(0, 0.02) for _ in range(steps)]))
    noise = noise - np.convolve(noise, np.ones(64) / 64, mode="same")  # keep the random walk local
    spq = np.empty(steps)
    for k in range(steps):
        q = k * step
        s = base * (1 + 0.12 * math.sin(2 * math.pi * q / period + phase)) * (1 + float(noise[k]))
        for (fq, fd) in fermatas:
            if fq <= q < fq + fd:
                s *= 2.2  # a held fermata: about twice its written length
            elif fq - 2 <= q < fq:
                s *= 1 + 0.25 * (q - (fq - 2)) / 2  # ritardando into it
        spq[k] = max(s, 0.15)
    times = np.concatenate([[0], np.cumsum(spq * step)])

    def t(q):
        k = min(int(q / step), steps - 1)
        return float(times[k] + (q - k * step) * spq[k])

    events = []
    for voice, pitch, q, d, tie in notes:
        if tie in ("stop", "continue"):
            continue
        length = d
        if tie == "start":  # carry a tied note through its continuations
            for other in notes:
                if other[0] == voice and other[1] == pitch and other[4] in ("continue", "stop") and other[2] >= q + length - 1e-6 and other[2] <= q + length + 1e-6:
                    length += other[3]
        on = t(q) + rng.gauss(0, 0.008)
        off = t(q + length) - 0.02
        events.append((voice, pitch, max(0.0, on), max(on + 0.05, off), rng.randint(64, 100)))
    return events, [(t(q), num) for q, num in downbeats], t(end_q), len(parts)


def write_midi(events, path, ensemble, voices):
    mid = mido.MidiFile(ticks_per_beat=1000)  # 120 bpm: 1 tick = 0.5 ms
    track = mido.MidiTrack()
    mid.tracks.append(track)
    programs = ENSEMBLES[ensemble]
    for v in range(min(voices, 15)):
        track.append(mido.Message("program_change", channel=v, program=programs[min(v, 3)], time=0))
    msgs = []
    for voice, pitch, on, off, vel in events:
        ch = min(voice, 14)
        msgs.append((on, 1, mido.Message("note_on", channel=ch, note=pitch, velocity=vel)))
        msgs.append((off, 0, mido.Message("note_off", channel=ch, note=pitch, velocity=0)))
    msgs.sort(key=lambda m: (m[0], m[1]))
    now = 0
    for when, _, msg in msgs:
        tick = int(round(when * 2000))
        msg.time = tick - now
        now = tick
        track.append(msg)
    mid.save(path)


def render(midi, wav, soundfont):
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.6", "-r", str(RATE), "-F", wav, soundfont, midi], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return read_wav(wav)[0]


def derived_arguments(argv):
    """CORPUS OUT [--split NAME] of a script that makes a copy of a corpus: (corpus, out, split or None)."""
    args = list(argv)
    split = None
    if "--split" in args:
        k = args.index("--split")
        split = args[k + 1]
        del args[k:k + 2]
    corpus, out = args
    return corpus, out, split


def finish_derived(corpus, out, kept):
    """Ends a script that makes a copy of a corpus: every kept take's score linked from `corpus` into `out` (once), and
    the kept takes written as `out`'s manifest."""
    for item in kept:
        score = os.path.join(out, item["score"])
        if not os.path.exists(score):
            os.symlink(os.path.abspath(os.path.join(corpus, item["score"])), score)
    json.dump(kept, open(os.path.join(out, "manifest.json"), "w"), indent=1)


def read_wav(path):
    """A 16-bit WAV file as floats in -1..1 (one column per channel), and its sample rate."""
    with wave.open(path) as w:
        data = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).reshape(-1, w.getnchannels())
        return data.astype(np.float32) / 32768, w.getframerate()


def write_wav(path, audio):
    pcm = (np.clip(audio, -1, 1) * 32767).astype(np.int16)
    with wave.open(path, "wb") as w:
        w.setnchannels(audio.shape[1])
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def room(rng, seconds, channels):
    return np.float32(rng.uniform(0.0005, 0.002)) * np.random.default_rng(rng.randint(0, 1 << 30)).standard_normal(
        (int(seconds * RATE), channels)).astype(np.float32)


def cut_take(rng, audio, times, numbers, a, b, lead, tail, prefix=None):
    """A take of bars a..b-1 of a rendering: `lead` s before bar a's downbeat and `tail` s after bar b's (`times`:
    every downbeat and the end), between stretches of room noise, after `prefix` (a false start) and more noise
    when given. Returns the take's samples and its truth (every downbeat inside it, `numbers` naming the bars)."""
    start = max(0.0, times[a] - lead)
    stop = min(len(audio) / RATE, times[b] + tail)
    clip = audio[int(start * RATE):int(stop * RATE)]
    pre = room(rng, rng.uniform(0.3, 1.5), audio.shape[1])
    offset = len(pre) / RATE
    parts = [pre]
    if prefix is not None:
        parts += [prefix, room(rng, rng.uniform(1.5, 3), audio.shape[1])]
        offset += (len(prefix) + len(parts[-1])) / RATE
    parts += [clip + room(rng, (len(clip) + 2) / RATE, audio.shape[1])[:len(clip)], room(rng, 1.0, audio.shape[1])]
    truth = [{"index": i, "number": numbers[i], "time": round(times[i] - start + offset, 4)}
             for i in range(len(numbers)) if start <= times[i] <= stop]
    return np.concatenate(parts), truth


def cut_kinds(rng, audio, times, take, repeat):
    """The kinds of take cut from one rendering of a chorale (`times`: every downbeat and the end), each handed to
    `take(kind, a, b, lead, tail, prefix=None)` (bars a..b-1, as `cut_take`): a complete take, a partial take, an
    insert of two to four bars, a false start (its first bar or two, stopped, before the take) and, when `repeat`,
    a take through the middle of the piece (where a chorale's repeat falls)."""
    n = len(times) - 1
    take("complete", 0, n, 0.0, 1.5)
    a = rng.randint(1, max(1, n // 3))
    take("partial", a, min(n, a + rng.randint(n // 3, max(n // 3 + 1, n - a))), rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.0))
    a = rng.randint(1, n - 4)
    take("insert", a, a + rng.randint(2, 4), rng.uniform(0.3, 1.0), rng.uniform(0.2, 0.8))
    a = rng.randint(0, n // 2)
    false_start = audio[int(times[a] * RATE):int(times[min(n, a + rng.randint(1, 2))] * RATE) - RATE // 4]
    take("false-start", a, min(n, a + rng.randint(6, 10)), 0.2, 0.5, prefix=false_start)
    if repeat:
        take("through-repeat", max(1, n // 4), min(n, n // 2 + 3), 0.5, 0.5)


def wrong_piece(item, other):
    """`item`'s take given with another piece's score (`other`, the piece's name) as a take of kind "wrong-piece"."""
    return dict(item, piece=other, score=other + ".musicxml", kind="wrong-piece", truth=[],
                note=f"{item['kind']} of {item['piece']}")


def write_manifest(out, manifest, wrong):
    """The right takes and the wrong-piece takes written as `out`'s manifest, and their count said."""
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest + wrong, f, indent=1)
    print(f"{len(manifest)} right and {len(wrong)} wrong-piece takes in {out}", file=sys.stderr)


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(32)
    manifest = []
    for split, names in (("tune", TUNE), ("held-out", HELD_OUT)):
        for name in names:
            score = corpus.parse("bach/" + name)
            score_path = os.path.join(out, name + ".musicxml")
            score.write("musicxml", fp=score_path)
            has_repeat = any(isinstance(b, bar.Repeat) for m in score.parts[0].getElementsByClass("Measure")
                             for b in (m.leftBarline, m.rightBarline))
            for perf in range(2):
                ensemble = rng.choice(sorted(ENSEMBLES))
                soundfont = SOUNDFONTS[perf % 2]
                events, downbeats, end, voices = performance(score, rng)
                stem = os.path.join(out, f"{name}-p{perf}")
                write_midi(events, stem + ".mid", ensemble, voices)
                audio = render(stem + ".mid", stem + ".full.wav", soundfont)
                os.remove(stem + ".full.wav")
                os.remove(stem + ".mid")
                times = [d[0] for d in downbeats] + [end]

                def take(kind, a, b, lead, tail, prefix=None):
                    data, truth = cut_take(rng, audio, times, [d[1] for d in downbeats], a, b, lead, tail, prefix)
                    file = f"{name}-p{perf}-{kind}.wav"
                    write_wav(os.path.join(out, file), data)
                    manifest.append({"split": split, "piece": name, "score": name + ".musicxml", "take": file,
                                     "kind": kind, "ensemble": ensemble, "soundfont": os.path.basename(soundfont),
                                     "duration": round(len(data) / RATE, 3), "truth": truth})

                cut_kinds(rng, audio, times, take, repeat=has_repeat and perf == 0)
            print(name, split, file=sys.stderr)
    # Takes of another piece: each tune piece's complete take against the next piece's score.
    complete = [m for m in manifest if m["kind"] == "complete" and m["take"].endswith("p1-complete.wav")]
    for k, m in enumerate(complete):
        other = complete[(k + 1) % len(complete)]
        manifest.append(dict(m, kind="wrong-piece", score=other["score"], piece=other["piece"], truth=[], split=other["split"]))
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".build/follow-corpus")
