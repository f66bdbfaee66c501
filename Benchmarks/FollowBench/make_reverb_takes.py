#!/usr/bin/env python3
"""Makes a reverberant copy of a FollowBench corpus: every take convolved with a synthetic room's impulse response,
as a take recorded with the room's microphones in a hall or a church sounds (the corpus is rendered dry: fluidsynth's
own small reverb and room noise only). The truth is unchanged: the response's direct sound is at time 0, so every
note still starts where it did; what changes is that each chord rings on under the next for seconds.

Each take gets one of three rooms, chosen from its name (so the same take always gets the same room):
  studio  RT60 0.9 s, reverberant energy 6 dB below the direct sound
  hall    RT60 2.2 s, reverberant energy equal to the direct sound
  church  RT60 4.0 s, reverberant energy 5 dB above the direct sound (a distant pair in a stone church)
The response: the direct sound, six early reflections (7-45 ms, decorrelated left and right) and a tail of noise
decaying by 60 dB over RT60, its high frequencies (above ~2 kHz) decaying twice as fast (air and soft surfaces).

    make_reverb_takes.py CORPUS OUT [--split tune]      then   FollowBench OUT --split tune --onset-weight 0.6

Needs numpy and make_corpus.py's modules (FollowBench's venv has them).
"""
import json
import os
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

ROOMS = {"studio": (0.9, -6.0), "hall": (2.2, 0.0), "church": (4.0, 5.0)}


def response(rng, rate, rt60, drr_db, channels):
    """The room's impulse response, one column per channel: direct sound 1 at sample 0."""
    length = int(rate * rt60 * 1.1)
    t = np.arange(length) / rate
    out = np.zeros((length, channels))
    out[0, :] = 1.0
    for _ in range(6):
        delay = rng.uniform(0.007, 0.045)
        for c in range(channels):
            out[int((delay + rng.uniform(-0.002, 0.002)) * rate), c] += rng.uniform(0.2, 0.5) * rng.choice([-1, 1])
    onset = int(0.02 * rate)
    for c in range(channels):
        noise = rng.standard_normal(length)
        # High frequencies: the noise minus a running mean of ~11 samples (above ~2 kHz at 44.1 kHz).
        low = np.convolve(noise, np.ones(11) / 11, mode="same")
        high = noise - low
        tail = low * np.exp(-6.91 * t / rt60) + high * np.exp(-13.82 * t / rt60)
        tail[:onset] *= np.linspace(0, 1, onset)
        out[:, c] += tail
    # Scale the tail (everything after the direct sound) to the wanted direct-to-reverberant ratio.
    tail_energy = np.sum(out[1:] ** 2) / channels
    out[1:] *= np.sqrt(10 ** (drr_db / 10) / tail_energy)
    return out


def convolve(audio, ir):
    n = audio.shape[0] + ir.shape[0] - 1
    size = 1 << (n - 1).bit_length()
    out = np.empty((audio.shape[0], audio.shape[1]))
    for c in range(audio.shape[1]):
        full = np.fft.irfft(np.fft.rfft(audio[:, c], size) * np.fft.rfft(ir[:, min(c, ir.shape[1] - 1)], size), size)
        out[:, c] = full[:audio.shape[0]]  # the take ends where it ended: the last chord's ring is cut as a take is
    return out


def main():
    corpus, out, split = mc.derived_arguments(sys.argv[1:])
    os.makedirs(out, exist_ok=True)
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    kept = []
    for item in manifest:
        if split and item["split"] != split:
            continue
        name = item["take"]
        room = sorted(ROOMS)[zlib.crc32(name.encode()) % len(ROOMS)]
        target = os.path.join(out, name)
        if not os.path.exists(target):
            audio, rate = mc.read_wav(os.path.join(corpus, name))
            assert rate == mc.RATE, f"{name}: {rate} Hz, the corpus is at {mc.RATE}"
            rng = np.random.default_rng(zlib.crc32(name.encode()))
            wet = convolve(audio.astype(np.float64), response(rng, rate, *ROOMS[room], audio.shape[1]))
            mc.write_wav(target, wet / (np.max(np.abs(wet)) or 1.0) * 0.89)
        kept.append(dict(item, room=room))
    mc.finish_derived(corpus, out, kept)
    rooms = {r: sum(1 for i in kept if i["room"] == r) for r in ROOMS}
    print(f"{len(kept)} reverberant takes in {out}: {rooms}")


if __name__ == "__main__":
    main()
