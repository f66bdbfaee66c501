#!/usr/bin/env python3
"""Builds a FollowBench corpus from human performances: the ASAP dataset (Foscarin et al., ISMIR 2020; 1 067 piano
performances recorded on Yamaha Disklaviers for the MAESTRO and e-competition archives, with every beat and downbeat
annotated by hand, and the MusicXML score each was played from). Unlike make_corpus.py's chorales, the timing here
is a pianist's own: rubato, pedal, rushed runs, held pauses, ornaments, the odd wrong note, in Bach, Beethoven,
Chopin, Liszt, Schubert and others, pieces of up to ten minutes whose scores were engraved by other people.

Each chosen performance's MIDI (with its sustain pedal) is rendered by fluidsynth through one of Debian's two General
MIDI soundfonts (piano), and cut as make_corpus.py cuts its takes: the complete performance, a partial take, an
insert of two to four bars and a false start, with room noise before and after. The truth is ASAP's annotation of
every downbeat, moved to the take's clock; a pickup bar's time is its first note.

Only scores FollowBench can index without unfolding are used: no repeat signs, endings, D.C. or D.S. in the
MusicXML, no bar split in two inside the piece, and as many annotated downbeats in the performance (and in ASAP's
own score rendering) as the score has bars. The pieces are split by title, in a fixed order, into a tuning half and
a held-out half (`--split tune|held-out` in FollowBench); one performance per piece, chosen by a seeded generator.

    make_asap_takes.py ASAP_DIR OUT [--pieces N] [--longest SECONDS]
    then   FollowBench OUT --split held-out --onset-weight 0.6

ASAP_DIR is a checkout of github.com/fosfrancesco/asap-dataset (the MIDI, MusicXML and annotation files; its audio
and asap_annotations.json are not needed). Needs numpy and mido (FollowBench's venv has them).
"""
import csv
import json
import os
import random
import re
import sys
import zlib

import mido
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

REPEATS = re.compile(r"<repeat\b|<ending\b|dacapo|dalsegno|tocoda|<segno|<coda|D\.\s*C\.|D\.\s*S\.")


def score_bars(xml):
    """The first part's bars as (number, implicit) in file order, and whether the score repeats anything."""
    text = open(xml, encoding="utf-8", errors="replace").read()
    part = re.search(r"<part\s+id=\"[^\"]*\">(.*?)</part>", text, re.S)
    if part is None:
        return None, True
    bars = []
    for attrs in re.findall(r"<measure\b([^>]*)>", part.group(1)):
        number = re.search(r"number=\"([^\"]*)\"", attrs)
        bars.append((number.group(1) if number else "?", "implicit=\"yes\"" in attrs))
    return bars, bool(REPEATS.search(text))


def annotated_downbeats(path):
    """The annotated downbeats' times (seconds), in order."""
    times = []
    for line in open(path):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 3 and fields[2].split(",")[0] == "db":
            times.append(float(fields[0]))
    return times


def first_note(midi_path):
    """The time of the performance's first note-on, in seconds."""
    now = 0.0
    for message in mido.MidiFile(midi_path):
        now += message.time
        if message.type == "note_on" and message.velocity > 0:
            return now
    return 0.0


def usable(base, row):
    """The truth for one ASAP performance as [(index, number, time)], or None when the score cannot be indexed."""
    xml = os.path.join(base, row["xml_score"])
    if not os.path.exists(xml):
        return None
    bars, repeats = score_bars(xml)
    if not bars or repeats or any(implicit for _, implicit in bars[1:-1]):
        return None
    performed = annotated_downbeats(os.path.join(base, row["performance_annotations"]))
    scored = annotated_downbeats(os.path.join(base, row["midi_score_annotations"]))
    pickup = bars[0][1]
    whole = bars[1:] if pickup else bars
    if len(whole) > 1 and whole[-1][1]:
        whole = whole[:-1]  # a closing bar completing the pickup: its downbeat is annotated like any other
        bars = bars[:-1]
    if len(performed) != len(scored) or len(performed) != len(whole):
        return None
    truth = []
    if pickup:
        truth.append((0, bars[0][0], first_note(os.path.join(base, row["midi_performance"]))))
    offset = 1 if pickup else 0
    truth += [(offset + k, whole[k][0], t) for k, t in enumerate(performed)]
    return truth


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    base, out = args[0], args[1]
    pieces = int(args[args.index("--pieces") + 1]) if "--pieces" in args else 40
    longest = float(args[args.index("--longest") + 1]) if "--longest" in args else 480.0
    os.makedirs(out, exist_ok=True)
    rng = random.Random(1067)
    rows = list(csv.DictReader(open(os.path.join(base, "metadata.csv"))))
    by_title = {}
    for row in rows:
        truth = usable(base, row)
        if truth is not None and truth[-1][2] <= longest:
            by_title.setdefault((row["composer"], row["title"]), []).append((row, truth))
    titles = sorted(by_title)
    rng.shuffle(titles)
    titles = titles[:pieces]
    manifest = []
    for k, title in enumerate(titles):
        split = "tune" if k % 2 == 0 else "held-out"
        row, truth = rng.choice(by_title[title])
        name = re.sub(r"[^A-Za-z0-9]+", "-", row["midi_performance"][:-4]).strip("-").lower()
        score_file = re.sub(r"[^A-Za-z0-9]+", "-", row["folder"]).strip("-").lower() + ".musicxml"
        if not os.path.exists(os.path.join(out, score_file)):
            with open(os.path.join(base, row["xml_score"]), "rb") as src, open(os.path.join(out, score_file), "wb") as dst:
                dst.write(src.read())
        soundfont = mc.SOUNDFONTS[zlib.crc32(name.encode()) % 2]
        audio = mc.render(os.path.join(base, row["midi_performance"]), os.path.join(out, name + ".full.wav"), soundfont)
        os.remove(os.path.join(out, name + ".full.wav"))
        times = [t for _, _, t in truth] + [len(audio) / mc.RATE - 0.5]
        n = len(truth)

        def take(kind, a, b, lead, tail, prefix=None):
            """Bars a..b-1 with `lead` s before bar a and `tail` s after bar b's downbeat (make_corpus.cut_take)."""
            data, truth_in = mc.cut_take(rng, audio, times, [number for _, number, _ in truth], a, b, lead, tail, prefix)
            file = f"{name}-{kind}.wav"
            mc.write_wav(os.path.join(out, file), data)
            manifest.append({"split": split, "piece": f"{title[0]} {title[1]}", "score": score_file, "take": file,
                             "kind": kind, "ensemble": "piano", "soundfont": os.path.basename(soundfont),
                             "performer": row["midi_performance"], "duration": round(len(data) / mc.RATE, 3),
                             "truth": truth_in})

        take("complete", 0, n, times[0], 1.5)  # from the recording's first sample
        a = rng.randint(1, max(1, n // 3))
        take("partial", a, min(n, a + rng.randint(max(4, n // 4), max(5, n // 2))), rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.0))
        a = rng.randint(1, n - 5)
        take("insert", a, a + rng.randint(2, 4), rng.uniform(0.3, 1.0), rng.uniform(0.2, 0.8))
        a = rng.randint(0, n // 2)
        false_start = audio[int(times[a] * mc.RATE):int(times[min(n, a + rng.randint(1, 2))] * mc.RATE) - mc.RATE // 4]
        take("false-start", a, min(n, a + rng.randint(6, 10)), 0.2, 0.5, prefix=false_start)
        print(split, title[0], title[1], row["midi_performance"], f"{n} bars, {times[-1]:.0f} s", file=sys.stderr)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
