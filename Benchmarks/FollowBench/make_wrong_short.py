#!/usr/bin/env python3
"""Makes a corpus of short wrong-piece takes from a FollowBench corpus: every partial take, insert and false start
of a tuning piece, paired with the score of the next and the third-next tuning piece (in name order), all of kind
"wrong-piece" (FollowBench counts how many it refuses). The takes are linked, not copied.

    make_wrong_short.py CORPUS OUT        then   FollowBench OUT --split tune --onset-weight 0.6
"""
import json
import os
import sys

corpus, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
manifest = json.load(open(os.path.join(corpus, "manifest.json")))
tune = sorted({item["piece"] for item in manifest if item["split"] == "tune"})
scores = {item["piece"]: item["score"] for item in manifest}
wrong = []
for item in manifest:
    if item["split"] != "tune" or item["kind"] not in ("insert", "partial", "false-start"):
        continue
    k = tune.index(item["piece"])
    for step in (1, 3):
        other = tune[(k + step) % len(tune)]
        wrong.append(dict(item, piece=other, score=scores[other], kind="wrong-piece", truth=[],
                          note=f"{item['kind']} of {item['piece']}"))
json.dump(wrong, open(os.path.join(out, "manifest.json"), "w"), indent=1)
for name in os.listdir(corpus):
    target = os.path.join(out, name)
    if name != "manifest.json" and not os.path.exists(target):
        os.symlink(os.path.abspath(os.path.join(corpus, name)), target)
print(f"{len(wrong)} short wrong-piece takes in {out}")
