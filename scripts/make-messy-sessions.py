#!/usr/bin/env python3
"""Writes session documents the way another program would, with the flaws real ones have, and what they mean.

Independent of Tonmeister's code: it reads only the bundled layouts (Scores/*.layout.json) and the
session format of DESIGN §5/§6. Each document gets a sidecar `<name>.expected.json` with what a
correct reader must conclude, worked out here from how the document was built:

- `covers`: for every bar number, the take numbers that fully cover it (each take is built to start
  by 5-20 % into its first bar and end at 80-95 % into its last, so it fully covers exactly those bars);
- `warnings`: how many repairs of each kind the document needs (bars nudged into an overlap of
  0.01-0.3 pt, ratings tapped just before a take's start, problems tapped just after its end, ranges
  dragged backwards, takes without timed marks or without timecode);
- `takes`, `marks`: the counts that must survive the reading.

Flaws that need no warning are also there: keys in another order, integers for coordinates, unknown
fields at every level, null for absent values, CRLF line ends.

Usage: scripts/make-messy-sessions.py OUT_DIR [--seed N] [--count N]
"""
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYOUTS = ["chorale", "minuet", "prelude", "bench-20pages"]


def bars_of(layout):
    """Every bar as (page, system top, system bottom, bar dict) in score order."""
    out = []
    for page in layout["pages"]:
        for system in page["systems"]:
            for bar in system.get("bars", []):
                out.append((page["page"], system["top"], system["bottom"], bar))
    return out


def point(bar, fraction, rng):
    page, top, bottom, b = bar
    x = b["left"] + fraction * (b["right"] - b["left"])
    y = top + rng.uniform(0.2, 0.8) * (bottom - top)
    return {"y": round(y, 2), "page": page, "x": round(x, 3)}  # another key order


def overlap_bars(layout, rng, count):
    """Nudges `count` right edges into the next bar by 0.01-0.3 pt (what rounding does)."""
    pairs = []
    for page in layout["pages"]:
        for system in page["systems"]:
            bars = system.get("bars", [])
            for i in range(1, len(bars)):
                if abs(bars[i - 1]["right"] - bars[i]["left"]) < 1e-9:
                    pairs.append((bars[i - 1], bars[i]))
    rng.shuffle(pairs)
    done = 0
    for left, right in pairs[:count]:
        left["right"] = round(left["right"] + rng.choice([0.01, 0.02, 0.05, 0.1, 0.3]), 3)
        done += 1
    return done


def make(name, rng):
    layout_name = rng.choice(LAYOUTS)
    with open(os.path.join(ROOT, "Scores", layout_name + ".layout.json")) as f:
        layout = json.load(f)
    for page in layout["pages"]:
        page["x-engraver"] = {"dpi": 72}  # unknown field inside the layout
    bars = bars_of(layout)
    n = len(bars)
    warnings = {"bars-snapped": overlap_bars(layout, rng, rng.randint(1, 4))}
    takes, marks = [], []
    covers = {b[3]["number"]: [] for b in bars}
    timed_takes = set()
    mark_id = 0
    count = rng.randint(5, 9)
    for number in range(1, count + 1):
        first = rng.randrange(0, n - 2)
        last = min(n - 1, first + rng.randint(1, 12))
        take = {"number": number, "start": point(bars[first], rng.uniform(0.05, 0.2), rng),
                "end": point(bars[last], rng.uniform(0.8, 0.95), rng), "note": None,
                "x-recorder": {"track": number, "armed": True}}
        kind = number % 4
        if kind != 3:
            take["recordStart"] = "10:%02d:%02d:00" % (number, rng.randrange(60))
            take["fps"] = 25
        else:
            warnings["no-timecode"] = warnings.get("no-timecode", 0) + 1
        for i in range(first, last + 1):
            covers[bars[i][3]["number"]].append(number)
        takes.append(take)
        # ratings and problems inside the take, some of them timed
        seconds = 0.0
        for i in range(first, last + 1, max(1, (last - first) // 3 or 1)):
            mark_id += 1
            mark = {"id": mark_id, "take": number, "kind": "rating", "value": rng.randint(1, 5),
                    "at": point(bars[i], 0.5, rng)}
            if kind in (0, 1):
                mark["time"] = round(seconds + (i - first) * 2.4 + 1.0, 2)
                timed_takes.add(number)
            marks.append(mark)
        if kind == 2 and number not in timed_takes:
            pass
        # a rating tapped just before the take started (same bar, before the start point)
        if rng.random() < 0.7:
            mark_id += 1
            marks.append({"take": number, "kind": "rating", "value": rng.randint(2, 5), "id": mark_id,
                          "at": point(bars[first], 0.01, rng), "colour": None})
            warnings["mark-before-take"] = warnings.get("mark-before-take", 0) + 1
        # a problem tapped after the musicians stopped
        if rng.random() < 0.6:
            mark_id += 1
            marks.append({"id": mark_id, "take": number, "kind": "problem", "problem": "noise",
                          "at": point(bars[last], 0.99, rng), "text": "chair"})
            warnings["mark-after-take"] = warnings.get("mark-after-take", 0) + 1
        # a problem range dragged from right to left, inside the take
        if last > first and rng.random() < 0.7:
            mark_id += 1
            a, b = sorted(rng.sample(range(first, last + 1), 2))
            marks.append({"id": mark_id, "take": number, "kind": "problem", "problem": "intonation",
                          "at": point(bars[b], 0.6, rng), "to": point(bars[a], 0.4, rng), "x-pen": "red"})
            warnings["range-reversed"] = warnings.get("range-reversed", 0) + 1
    untimed = [t["number"] for t in takes if t["number"] not in timed_takes]
    warnings["untimed-take"] = len(untimed)
    document = {"title": name.replace("-", " "), "format": "tonmeister-session/1",
                "score": {"file": "Scores/%s.pdf" % layout_name, "sha256": None, "x-pages": len(layout["pages"])},
                "layout": layout, "numbering": {"first": 1}, "takes": takes, "marks": marks,
                "x-writer": {"name": "another-protocol-app", "version": "2.3"}}
    expected = {"layout": layout_name, "takes": len(takes), "marks": len(marks),
                "warnings": {k: v for k, v in warnings.items() if v}, "covers": covers}
    return document, expected


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        sys.exit(2)
    out = args[0]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 7
    count = int(args[args.index("--count") + 1]) if "--count" in args else 6
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for k in range(count):
        name = "messy-%d" % (k + 1)
        document, expected = make(name, rng)
        text = json.dumps(document, indent=1, ensure_ascii=False)
        if k % 2:
            text = text.replace("\n", "\r\n")
        with open(os.path.join(out, name + ".json"), "w", newline="") as f:
            f.write(text)
        with open(os.path.join(out, name + ".expected.json"), "w") as f:
            json.dump(expected, f, indent=1, sort_keys=True)
            f.write("\n")


if __name__ == "__main__":
    main()
