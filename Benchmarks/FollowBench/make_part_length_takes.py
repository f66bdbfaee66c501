#!/usr/bin/env python3
"""Makes FollowBench's part-length set: takes rendered from a score whose parts agree, followed through a copy of the
score in which one part's bars run over or fall short of the others', as MusicXML from the wild has them (hand
encodings, Humdrum conversions, OMR exports; 12 of the 33 quartet movements of music21's corpus).

In each piece one part (chosen by the piece's name) is broken in about a third of its bars (not the first or the last,
and only bars of one voice): two in three of them run over, an ornament written as full notes (one or two eighths or
sixteenths, the upper neighbour of the note they stand before); the others fall short, a rest dropped or, where the
bar has none, its last note written at half its length. The takes (linked, not copied) and their truth are the
corpus's; only the score differs, written beside them as PIECE-broken.musicxml.

    make_part_length_takes.py CORPUS OUT [--split NAME] [--pieces N] [--kinds complete,partial,insert] [--longest S]
                              [--performance P] [--intact]
--intact: the same takes through the corpus's own score (linked), the set's reference figures.
    then   FollowBench OUT --split tune --onset-weight 0.6
"""
import copy
import json
import os
import random
import sys
import xml.etree.ElementTree as ET
import zlib

STEPS = "CDEFGAB"


def option(args, name, default):
    if name in args:
        k = args.index(name)
        value = args[k + 1]
        del args[k:k + 2]
        return value
    return default


def single_voice(measure):
    return measure.find("backup") is None and measure.find("forward") is None


def upper_neighbour(note):
    """A copy of `note` one diatonic step higher, without ties, beams, lyrics or notations."""
    extra = copy.deepcopy(note)
    for tag in ("tie", "notations", "lyric", "beam", "chord", "dot", "time-modification", "accidental"):
        for child in extra.findall(tag):
            extra.remove(child)
    step, octave = extra.find("pitch/step"), extra.find("pitch/octave")
    k = STEPS.index(step.text.strip()) + 1
    step.text = STEPS[k % 7]
    if k == 7:
        octave.text = str(int(octave.text) + 1)
    alter = extra.find("pitch/alter")
    if alter is not None:
        extra.find("pitch").remove(alter)
    return extra


def run_over(measure, divisions, rng):
    """Inserts one or two eighths or sixteenths before a struck note; the quarters added, or 0."""
    children = list(measure)
    notes = [n for n in children if n.tag == "note" and n.find("pitch") is not None and n.find("chord") is None
             and n.find("grace") is None and n.find("cue") is None]
    if not notes:
        return 0
    target = rng.choice(notes)
    length = rng.choice([divisions // 2, divisions // 4]) or 1
    count = rng.choice([1, 1, 2])
    at = children.index(target)
    for _ in range(count):
        extra = upper_neighbour(target)
        extra.find("duration").text = str(length)
        kind = extra.find("type")
        if kind is not None:
            kind.text = "eighth" if length * 2 == divisions else "16th"
        measure.insert(at, extra)
    return count * length / divisions


def fall_short(measure, divisions):
    """Drops a rest, or halves the bar's last note (and its chord); the quarters taken away, or 0."""
    children = list(measure)
    rests = [n for n in children if n.tag == "note" and n.find("rest") is not None and n.find("chord") is None]
    if rests:
        measure.remove(rests[-1])
        return int(rests[-1].find("duration").text) / divisions
    notes = [n for n in children if n.tag == "note" and n.find("pitch") is not None and n.find("grace") is None]
    heads = [n for n in notes if n.find("chord") is None]
    if not heads:
        return 0
    last = heads[-1]
    duration = int(last.find("duration").text)
    if duration < 2:
        return 0
    half = duration // 2
    for n in notes[notes.index(last):]:
        n.find("duration").text = str(half)
    return (duration - half) / divisions


def broken_score(source, destination, piece):
    """Writes the score at `source` with one part's bars broken; what was done, bar by bar."""
    rng = random.Random(zlib.crc32(("part-length:" + piece).encode()))
    tree = ET.parse(source)
    parts = tree.getroot().findall("part")
    part = rng.choice(parts)
    divisions = 1
    done = []
    measures = part.findall("measure")
    for k, measure in enumerate(measures):
        d = measure.find("attributes/divisions")
        if d is not None:
            divisions = int(float(d.text))
        if k == 0 or k == len(measures) - 1 or not single_voice(measure) or rng.random() > 0.35:
            continue
        if rng.random() < 2 / 3:
            added = run_over(measure, divisions, rng)
            if added:
                done.append({"measure": measure.get("number"), "over": added})
        else:
            taken = fall_short(measure, divisions)
            if taken:
                done.append({"measure": measure.get("number"), "short": taken})
    tree.write(destination, encoding="UTF-8", xml_declaration=True)
    return {"part": part.get("id"), "bars": done}


def main():
    args = list(sys.argv[1:])
    split = option(args, "--split", None)
    pieces = int(option(args, "--pieces", "6"))
    kinds = option(args, "--kinds", "complete,partial,insert").split(",")
    longest = float(option(args, "--longest", "90"))
    performance = option(args, "--performance", "p0")
    intact = "--intact" in args
    if intact:
        args.remove("--intact")
    corpus, out = args
    os.makedirs(out, exist_ok=True)
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    chosen = []
    for item in manifest:
        if (split and item["split"] != split) or item["kind"] == "wrong-piece" or item["piece"] in chosen:
            continue
        chosen.append(item["piece"])
    chosen = chosen[:pieces]
    kept, breaks = [], {}
    for item in manifest:
        if item["piece"] not in chosen or item["kind"] not in kinds or item["duration"] > longest \
                or f"-{performance}-" not in item["take"] or (split and item["split"] != split):
            continue
        broken = item["score"] if intact else item["piece"] + "-broken.musicxml"
        if intact and not os.path.exists(os.path.join(out, broken)):
            os.symlink(os.path.abspath(os.path.join(corpus, broken)), os.path.join(out, broken))
        if not intact and item["piece"] not in breaks:
            breaks[item["piece"]] = broken_score(os.path.join(corpus, item["score"]), os.path.join(out, broken), item["piece"])
        take = os.path.join(out, item["take"])
        if not os.path.exists(take):
            os.symlink(os.path.abspath(os.path.join(corpus, item["take"])), take)
        kept.append(dict(item, score=broken))
    json.dump(kept, open(os.path.join(out, "manifest.json"), "w"), indent=1)
    json.dump(breaks, open(os.path.join(out, "breaks.json"), "w"), indent=1)
    bars = sum(len(b["bars"]) for b in breaks.values())
    over = sum(1 for b in breaks.values() for x in b["bars"] if "over" in x)
    print(f"{len(kept)} takes ({sum(i['duration'] for i in kept):.0f} s) of {len(breaks)} pieces; {bars} bars broken, "
          f"{over} running over, {bars - over} short")


if __name__ == "__main__":
    main()
