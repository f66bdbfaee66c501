#!/usr/bin/env python3
"""Makes a copy of a FollowBench corpus whose takes sound as a recorder's files do in a session: the recorder rolls
before the music and after it, and what it hears then is not silence.

Before each take's own audio (which already opens on a little room noise), in this order, each chosen per take from
its name (so the same take always gets the same):
  room tone    0.5-3 s of the hall's noise floor
  the slate    the producer's voice over the talkback, "take 12" or "bar 9, take 12" (espeak-ng, one of four voices)
  tuning       strings and winds tune to the oboe's A (A4 held, then the strings' fifths D-A, G-D, C-G), in the
               take's own instruments and soundfont (fluidsynth); keyboards do not tune
  the pitch    a choir takes its starting chord from a piano, arpeggiated then held: the very notes the take begins on
  a cough      a band-passed noise burst in a third of the takes
After it: 0.5-3 s of the last chord's ring and room tone, then in most takes the producer again ("thank you", "good,
once more from bar 12"), then room tone. The truth moves by what was put before the take.

    make_session_takes.py CORPUS OUT [--split tune]      then   FollowBench OUT --split tune --onset-weight 0.6

Needs espeak-ng and fluidsynth (Debian), numpy, mido and music21 (FollowBench's venv has them).
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

VOICES = ["en", "en-us", "de", "en-gb-x-rp"]
WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
         "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
AFTER = ["thank you", "good, once more from bar {bar}", "that was lovely, thank you", "stop there please",
         "okay, let's go again"]


def speech(text, voice, rng):
    """`text` spoken by espeak-ng as a mono float array at the corpus rate."""
    with tempfile.NamedTemporaryFile(suffix=".wav") as f:
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(rng.randint(140, 185)), "-p", str(rng.randint(30, 60)),
                        "-w", f.name, text], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        audio, rate = mc.read_wav(f.name)
    mono = audio.mean(axis=1)
    t = np.arange(int(len(mono) * mc.RATE / rate)) / mc.RATE
    return np.interp(t, np.arange(len(mono)) / rate, mono).astype(np.float32)


def rendered(events, ensemble, soundfont, channels):
    """Notes (voice, MIDI pitch, on s, off s, velocity) in the take's instruments, rendered by fluidsynth with the
    take's soundfont (named in the manifest by its file name: fluidsynth given a name it cannot open plays its default
    soundfont instead, FluidR3, which every take's tuning and given chord used until session 29)."""
    path = next((p for p in mc.SOUNDFONTS if os.path.basename(p) == os.path.basename(soundfont)), None)
    if path is None:
        raise SystemExit(f"no soundfont {soundfont!r} among {mc.SOUNDFONTS}")
    with tempfile.TemporaryDirectory() as d:
        mc.write_midi(events, os.path.join(d, "t.mid"), ensemble, 4)
        audio = mc.render(os.path.join(d, "t.mid"), os.path.join(d, "t.wav"), path)
    if audio.shape[1] != channels:
        audio = np.repeat(audio.mean(axis=1, keepdims=True), channels, axis=1)
    return audio


def tuning(ensemble, rng):
    """The oboe's (or first instrument's) A, the others joining, then the strings' fifths."""
    t = 0.0
    events = [(0, 69, t, t + 2.5, 80)]
    for v, p in [(1, 69), (2, 57), (3, 45)]:
        on = t + rng.uniform(0.4, 1.0)
        events.append((v, p, on, on + rng.uniform(1.5, 2.5), rng.randint(60, 85)))
    t = 3.2
    if ensemble in ("strings", "choir"):  # choir+strings: the strings tune
        for v, (low, high) in zip([1, 2, 3], [(62, 69), (55, 62), (48, 55)]):
            events += [(v, low, t, t + 1.6, 75), (v, high, t, t + 1.6, 75)]
            t += rng.uniform(1.3, 2.0)
    return events


def first_chord(score_path, number):
    """MIDI pitches sounding at the start of measure `number` in every part (music21)."""
    import music21
    score = music21.converter.parse(score_path)
    pitches = []
    for part in score.parts:
        for m in part.getElementsByClass("Measure"):
            if str(m.number) == number:
                notes = [n for n in m.flatten().notes if n.offset == 0]
                for n in notes:
                    pitches += [p.midi for p in n.pitches]
                break
    return sorted(set(pitches))


def room(rng, seconds, channels, level):
    return (level * np.random.default_rng(rng.randint(0, 1 << 30)).standard_normal((int(seconds * mc.RATE), channels))
            ).astype(np.float32)


def cough(rng, channels, level):
    n = int(rng.uniform(0.2, 0.4) * mc.RATE)
    noise = np.random.default_rng(rng.randint(0, 1 << 30)).standard_normal(n)
    # Band-passed: a running mean removes the highs, minus a longer one removes the lows.
    band = np.convolve(noise, np.ones(8) / 8, mode="same") - np.convolve(noise, np.ones(60) / 60, mode="same")
    env = np.exp(-np.linspace(0, 6, n)) * np.minimum(1, np.linspace(0, 40, n))
    burst = band * env
    return np.repeat((level * burst / (np.max(np.abs(burst)) or 1))[:, None], channels, axis=1).astype(np.float32)


def as_channels(mono, channels, gain):
    return np.repeat((gain * mono)[:, None], channels, axis=1).astype(np.float32)


def wrap(item, corpus, rng):
    audio, rate = mc.read_wav(os.path.join(corpus, item["take"]))
    assert rate == mc.RATE
    channels = audio.shape[1]
    peak = float(np.max(np.abs(audio))) or 1.0
    floor = peak * rng.uniform(0.001, 0.004)
    parts, labels = [room(rng, rng.uniform(0.5, 3.0), channels, floor)], []
    number = rng.randint(1, 20)
    first = item["truth"][0]["number"] if item["truth"] else "1"
    slate = f"take {WORDS[number - 1]}" if rng.random() < 0.5 else f"bar {first}, take {WORDS[number - 1]}"
    voice = rng.choice(VOICES)
    parts += [as_channels(speech(slate, voice, rng), channels, peak * rng.uniform(0.2, 0.6)),
              room(rng, rng.uniform(0.5, 2.0), channels, floor)]
    labels.append("slate")
    ensemble, soundfont = item["ensemble"], item["soundfont"]
    if ensemble in ("strings", "winds", "choir") and rng.random() < 0.6:
        tone = rendered(tuning(ensemble, rng), ensemble, soundfont, channels)
        parts += [tone * (peak * rng.uniform(0.4, 0.8) / (np.max(np.abs(tone)) or 1)), room(rng, rng.uniform(1.0, 3.0), channels, floor)]
        labels.append("tuning")
    if ensemble == "choir" and item["kind"] != "wrong-piece" and item["truth"]:
        chord = first_chord(os.path.join(corpus, item["score"]), first)
        if chord:
            events = [(0, p, 0.25 * k, 0.25 * len(chord) + 1.5, 70) for k, p in enumerate(chord)]
            tone = rendered(events, "piano", soundfont, channels)
            parts += [tone * (peak * 0.5 / (np.max(np.abs(tone)) or 1)), room(rng, rng.uniform(0.8, 2.0), channels, floor)]
            labels.append("pitch")
    if rng.random() < 0.33:
        parts += [cough(rng, channels, peak * rng.uniform(0.1, 0.4)), room(rng, rng.uniform(0.5, 1.5), channels, floor)]
        labels.append("cough")
    lead = sum(len(p) for p in parts) / mc.RATE
    parts.append(audio)
    parts.append(room(rng, rng.uniform(0.5, 3.0), channels, floor))
    if rng.random() < 0.7:
        words = rng.choice(AFTER).format(bar=rng.choice([1, 5, 9, 12]))
        parts += [as_channels(speech(words, voice, rng), channels, peak * rng.uniform(0.2, 0.6)), room(rng, rng.uniform(0.5, 1.5), channels, floor)]
        labels.append("talk-after")
    out = np.concatenate(parts)
    truth = [dict(t, time=round(t["time"] + lead, 4)) for t in item["truth"]]
    return out, dict(item, truth=truth, duration=round(len(out) / mc.RATE, 3), lead=round(lead, 3), session=labels)


def main():
    corpus, out, split = mc.derived_arguments(sys.argv[1:])
    os.makedirs(out, exist_ok=True)
    kept = []
    # A file may serve several takes (a complete take is also another chorale's wrong-piece take): it is wrapped once,
    # as its right-piece take (the choir's given chord needs the take's own first bar), and every take of it shares
    # that lead. Until session 29 each take wrapped it anew and the last one written won: 9 complete takes were
    # judged against a lead 4-8 s longer than their file's.
    items = [i for i in json.load(open(os.path.join(corpus, "manifest.json"))) if not split or i["split"] == split]
    leads = {}
    for item in sorted(items, key=lambda i: i["kind"] == "wrong-piece"):
        if item["take"] in leads:
            lead, duration, labels = leads[item["take"]]
            truth = [dict(t, time=round(t["time"] + lead, 4)) for t in item["truth"]]
            kept.append(dict(item, truth=truth, duration=duration, lead=lead, session=labels))
            continue
        rng = random.Random(zlib.crc32(("session:" + item["take"]).encode()))
        audio, wrapped = wrap(item, corpus, rng)
        mc.write_wav(os.path.join(out, item["take"]), audio / max(1.0, float(np.max(np.abs(audio))) / 0.89))
        leads[item["take"]] = (wrapped["lead"], wrapped["duration"], wrapped["session"])
        kept.append(wrapped)
    mc.finish_derived(corpus, out, kept)
    counts = {k: sum(1 for i in kept if k in i["session"]) for k in ["slate", "tuning", "pitch", "cough", "talk-after"]}
    print(f"{len(kept)} session takes in {out}: {counts}")


if __name__ == "__main__":
    main()
