#!/usr/bin/env python3
"""Makes FollowBench's tuning-shifted takes: every take of the tuning split of a FollowBench corpus (right takes and
its complete takes of another piece) played at another reference pitch, one directory per pitch (OUT/a415, ...).

A take at A = P Hz is the A = 440 take played P/440 times as fast, as a tape played fast or a sampler's rate changed
(ffmpeg's `asetrate=SR*P/440,aresample=SR`): pitch and tempo move together. The resampling is band-limited (the
whole take's spectrum cut or padded to the new length, per channel, mixed to mono as the follower hears it), so the
new take has N' = round(N·440/P) samples where the old had N, every frequency is exactly N/N' times as high, and every
truth time is scaled by N'/N (recorded per pitch as "pitch" in its manifest: 440·N/N' Hz, the take's exact reference).
The scores are linked, not copied.

    make_tuned_takes.py CORPUS OUT [PITCH ...]       (default pitches 415 430 443 466)
    then   FollowBench OUT/a415 --split tune --onset-weight 0.6
"""
import json
import os
import sys
import wave

import numpy as np


def read(path):
    with wave.open(path) as w:
        data = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).reshape(-1, w.getnchannels())
        return data.astype(np.float64).mean(axis=1) / 32768, w.getframerate()


def write(path, audio, rate):
    pcm = (np.clip(audio, -1, 1) * 32767).round().astype(np.int16)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


def shifted(audio, pitch):
    """The take played pitch/440 times as fast, band-limited; and the exact ratio of the new length to the old."""
    n = len(audio)
    m = int(round(n * 440.0 / pitch))
    spectrum = np.fft.rfft(audio)
    out = np.zeros(m // 2 + 1, dtype=complex)
    keep = min(len(spectrum), len(out))
    out[:keep] = spectrum[:keep]
    return np.fft.irfft(out, m) * (m / n), m / n


def main(corpus, out, pitches):
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    items = [m for m in manifest if m["split"] == "tune"]
    for pitch in pitches:
        folder = os.path.join(out, f"a{pitch:g}")
        os.makedirs(folder, exist_ok=True)
        ratios = {}
        for take in sorted({m["take"] for m in items}):
            audio, rate = read(os.path.join(corpus, take))
            new, ratio = shifted(audio, pitch)
            write(os.path.join(folder, take), new, rate)
            ratios[take] = ratio
        shifted_items = []
        for m in items:
            ratio = ratios[m["take"]]
            shifted_items.append(dict(m, duration=round(m["duration"] * ratio, 3), pitch=round(440 / ratio, 4),
                                      truth=[dict(t, time=round(t["time"] * ratio, 4)) for t in m["truth"]]))
        json.dump(shifted_items, open(os.path.join(folder, "manifest.json"), "w"), indent=1)
        for name in os.listdir(corpus):
            if name.endswith(".musicxml") and not os.path.exists(os.path.join(folder, name)):
                os.symlink(os.path.abspath(os.path.join(corpus, name)), os.path.join(folder, name))
        print(f"A = {pitch:g} Hz: {len(shifted_items)} takes in {folder}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], [float(p) for p in sys.argv[3:]] or [415.0, 430.0, 443.0, 466.0])
