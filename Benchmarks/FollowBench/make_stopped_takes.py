#!/usr/bin/env python3
"""Makes FollowBench's stopped takes: every take of a corpus's split (right takes only) stopped inside a bar, as a
conductor stops the players anywhere, not just after a downbeat as make_corpus.py cuts its takes.

Each take is cut at a point between 40 % of the way through its second-last bar and 0.3 s before its last downbeat
(the last downbeat is then not in the take), the sound fading over 0.1-0.3 s as the players release, then room noise
of 0.5-3 s (the recorder rolls on) and a second more. The truth keeps the downbeats before the cut.

    make_stopped_takes.py CORPUS OUT [--split NAME]     then   FollowBench OUT --split tune --onset-weight 0.6
"""
import json
import os
import random
import sys
import zlib

import numpy as np

import make_corpus as mc


def stopped(item, corpus, rng):
    truth = item["truth"]
    if len(truth) < 3:
        return None
    audio, rate = mc.read_wav(os.path.join(corpus, item["take"]))
    assert rate == mc.RATE
    before, last = truth[-2]["time"], truth[-1]["time"]
    low, high = before + 0.4 * (last - before), last - 0.3
    if high <= low:
        return None
    cut = rng.uniform(low, high)
    end = int(cut * mc.RATE)
    fade = int(rng.uniform(0.1, 0.3) * mc.RATE)
    clip = audio[:end + fade].copy()
    clip[end:] *= np.linspace(1, 0, len(clip) - end, dtype=np.float32)[:, None]
    # The recorder rolls on: room noise as quiet as the take's own before its music.
    level = float(np.sqrt(np.mean(audio[:int(0.2 * mc.RATE)] ** 2))) or 1e-4
    noise = np.random.default_rng(rng.randint(0, 1 << 30)).standard_normal(
        (int(rng.uniform(1.5, 4.0) * mc.RATE), audio.shape[1])).astype(np.float32) * level
    out = np.concatenate([clip, noise])
    kept = [t for t in truth if t["time"] <= cut]
    return out, dict(item, truth=kept, duration=round(len(out) / mc.RATE, 3), stop=round(cut, 3))


def main():
    corpus, out, split = mc.derived_arguments(sys.argv[1:])
    os.makedirs(out, exist_ok=True)
    kept = []
    for item in json.load(open(os.path.join(corpus, "manifest.json"))):
        if (split and item["split"] != split) or item["kind"] == "wrong-piece":
            continue
        rng = random.Random(zlib.crc32(("stopped:" + item["take"]).encode()))
        made = stopped(item, corpus, rng)
        if made is None:
            continue
        audio, entry = made
        mc.write_wav(os.path.join(out, item["take"]), audio)
        kept.append(entry)
    mc.finish_derived(corpus, out, kept)
    print(f"{len(kept)} stopped takes in {out}")


if __name__ == "__main__":
    main()
