#!/usr/bin/env python3
"""Makes a corpus of slow-attack takes of the TUNING pieces only (never the held-out ones): each tuning chorale
performed anew (its own seed) with two of the four swelling ensembles (organ, bowed strings, choir, winds) through
each of the two soundfonts, so that every ensemble meets every soundfont on five pieces, cut into a complete take,
a partial take, an insert and a false start (make_corpus.py's performance, rendering and cutting). Beside them, of
kind "wrong-piece": every short take against the next and the third-next tuning piece's score, and every complete
take against the next one's (as make_wrong_short.py pairs them). Written mono (the follower mixes down anyway).

    make_slow_takes.py OUT        then   FollowBench OUT --split tune --onset-weight 0.6 --json OUT/run.json
"""
import os
import random
import sys

import numpy as np
from music21 import corpus

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

SLOW = ["organ", "strings", "choir", "winds"]


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(3209)
    manifest = []
    for k, name in enumerate(mc.TUNE):
        score = corpus.parse("bach/" + name)
        score.write("musicxml", fp=os.path.join(out, name + ".musicxml"))
        for sf in range(2):
            for e in range(2):
                ensemble = SLOW[(k + 2 * e + sf) % 4]
                soundfont = mc.SOUNDFONTS[sf]
                events, downbeats, end, voices = mc.performance(score, rng)
                stem = os.path.join(out, f"{name}-{ensemble}-{sf}")
                mc.write_midi(events, stem + ".mid", ensemble, voices)
                audio = mc.render(stem + ".mid", stem + ".full.wav", soundfont)
                os.remove(stem + ".full.wav")
                os.remove(stem + ".mid")
                audio = audio.mean(axis=1, keepdims=True)
                n = len(downbeats)
                times = [d[0] for d in downbeats] + [end]

                def take(kind, a, b, lead, tail, prefix=None):
                    start = max(0.0, times[a] - lead)
                    stop = min(len(audio) / mc.RATE, times[b] + tail)
                    clip = audio[int(start * mc.RATE):int(stop * mc.RATE)]
                    pre = mc.room(rng, rng.uniform(0.3, 1.5), 1)
                    offset = len(pre) / mc.RATE
                    parts = [pre]
                    if prefix is not None:
                        parts += [prefix, mc.room(rng, rng.uniform(1.5, 3), 1)]
                        offset += (len(prefix) + len(parts[-1])) / mc.RATE
                    parts += [clip + mc.room(rng, (len(clip) + 2) / mc.RATE, 1)[:len(clip)], mc.room(rng, 1.0, 1)]
                    data = np.concatenate(parts)
                    file = f"{name}-{ensemble}-{sf}-{kind}.wav"
                    mc.write_wav(os.path.join(out, file), data)
                    truth = [{"index": i, "number": downbeats[i][1], "time": round(times[i] - start + offset, 4)}
                             for i in range(n) if start <= times[i] <= stop]
                    manifest.append({"split": "tune", "piece": name, "score": name + ".musicxml", "take": file,
                                     "kind": kind, "ensemble": ensemble, "soundfont": os.path.basename(soundfont),
                                     "duration": round(len(data) / mc.RATE, 3), "truth": truth})

                take("complete", 0, n, 0.0, 1.5)
                a = rng.randint(1, max(1, n // 3))
                take("partial", a, min(n, a + rng.randint(n // 3, max(n // 3 + 1, n - a))), rng.uniform(0.2, 1.5),
                     rng.uniform(0.2, 1.0))
                a = rng.randint(1, n - 4)
                take("insert", a, a + rng.randint(2, 4), rng.uniform(0.3, 1.0), rng.uniform(0.2, 0.8))
                a = rng.randint(0, n // 2)
                false_start = audio[int(times[a] * mc.RATE):int(times[min(n, a + rng.randint(1, 2))] * mc.RATE) - mc.RATE // 4]
                take("false-start", a, min(n, a + rng.randint(6, 10)), 0.2, 0.5, prefix=false_start)
        print(name, file=sys.stderr)
    tune = sorted(mc.TUNE)
    wrong = []
    for item in manifest:
        k = tune.index(item["piece"])
        for step in ((1,) if item["kind"] == "complete" else (1, 3)):
            other = tune[(k + step) % len(tune)]
            wrong.append(mc.wrong_piece(item, other))
    mc.write_manifest(out, manifest, wrong)


if __name__ == "__main__":
    main(sys.argv[1])
