#!/usr/bin/env python3
"""Makes a corpus of string-quartet takes: chamber music, the repertoire of most recording sessions, where the
chorales of make_corpus.py have four voices in block chords. Movements of Haydn, Mozart and Beethoven quartets from
music21's corpus (engraved by other people, with repeats, first and second endings, fast passage-work, double stops
and pizzicato-free textures of every density) are performed with make_corpus.py's tempo model, the mean tempo drawn
per movement around its metronome mark where it has one, else from the beat its time signature gives,
rendered through both Debian soundfonts, once with a string quartet's sounds and once with another ensemble's, and
cut into takes: a complete take (a long partial take from the start when the movement is longer than 8 minutes), a
partial take, an insert of two to four bars, a false start and, where the movement repeats, a take through the
repeat. Beside them, of kind "wrong-piece": every short take against the next movement's score of the same split.

The movements are split into a tuning set and a held-out set (`--split tune|held-out` in FollowBench); nothing is
tuned on the held-out set.

    make_chamber_takes.py OUT     then   FollowBench OUT --split tune --onset-weight 0.6 --json OUT/run.json

Needs music21, mido and numpy (FollowBench's venv) and fluidsynth with fluid-soundfont-gm and timgm6mb-soundfont.
"""
import copy
import os
import random
import sys

from music21 import bar, corpus, expressions, meter, repeat, stream, tempo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

# Only movements whose four parts agree on every bar's length: in the others one part's bars run over or fall short
# (ornaments written as full notes), music21 lets that part drift from the others and the rendering is no performance.
TUNE = ["haydn/opus1no1/movement1", "mozart/k155/movement2", "mozart/k156/movement2", "mozart/k156/movement4",
        "mozart/k80/movement1", "mozart/k80/movement3", "beethoven/opus18no1/movement2", "beethoven/opus59no2/movement3"]
HELD_OUT = ["haydn/opus74no1/movement1", "mozart/k155/movement1", "mozart/k156/movement1", "mozart/k458/movement3",
            "mozart/k80/movement2", "beethoven/opus18no1/movement3", "beethoven/opus59no1/movement1"]
LONGEST = 480.0  # seconds of a complete take
OTHERS = ["strings", "winds", "piano"]


def beats_per_minute(score):
    """A range of quarters per minute for the movement's mean tempo: its metronome mark's, from a quarter slower to
    15 % faster, when it has one; else from the beat its time signature gives (a 6/8 or 3/8 movement is felt in
    dotted quarters, 2/2 in halves), 48–84 beats a minute for compound beats and 60–108 for simple ones."""
    for mark in score.recurse().getElementsByClass(tempo.MetronomeMark):
        if mark.number:
            quarters = mark.getQuarterBPM()
            return 0.75 * quarters, 1.15 * quarters
    ts = score.recurse().getElementsByClass(meter.TimeSignature).first()
    beat = float(ts.beatDuration.quarterLength) if ts else 1.0
    low, high = (48, 84) if beat > 1 else (60, 108)
    return low * beat, high * beat


def playing_order(score):
    """The indices of the first part's measures in playing order, read from its signs as players read them (not by
    music21's `expandRepeats`, which goes back to the piece's start for a second section's repeat and plays a first
    ending of two bars again on the second pass): an end-repeat sign goes back to the last start-repeat sign, or to
    the bar after the last end-repeat sign, or to the start; a bar under an ending bracket is played on the passes
    its bracket names; a D.C. (sign or words) goes back to the start once, then no repeat is taken and only each
    bracket group's last ending is played, up to Fine or the end. D.S. and codas are refused (ValueError)."""
    part = score.parts[0]
    measures = list(part.getElementsByClass("Measure"))
    index = {id(m): k for k, m in enumerate(measures)}
    endings = {}
    for bracket in part.spanners.getElementsByClass("RepeatBracket"):
        passes = set(bracket.getNumberList())
        spanned = [index[id(m)] for m in bracket.getSpannedElements() if id(m) in index]
        # A bracket read from MusicXML may hold only its first and last bar: every bar between is under it too.
        for k in range(min(spanned), max(spanned) + 1) if spanned else ():
            endings[id(measures[k])] = passes
    last_ending = {}  # a bracket group's last pass, for each bar under a bracket of that group
    k = 0
    while k < len(measures):
        if id(measures[k]) in endings:
            group = []
            while k < len(measures) and id(measures[k]) in endings:
                group.append(k)
                k += 1
            top = max(max(endings[id(measures[j])]) for j in group)
            for j in group:
                last_ending[j] = top
        else:
            k += 1

    def marks(m):
        words = " ".join(t.content.lower() for t in m.recurse().getElementsByClass(expressions.TextExpression))
        kinds = {type(r).__name__ for r in m.recurse().getElementsByClass(repeat.RepeatExpression)}
        if kinds & {"DalSegno", "Segno", "Coda", "DalSegnoAlFine", "DalSegnoAlCoda"} or "d.s." in words or "segno" in words:
            raise ValueError("D.S. or coda")
        da_capo = bool(kinds & {"DaCapo", "DaCapoAlFine", "DaCapoAlCoda"}) or "da capo" in words or "d.c." in words
        return da_capo, "Fine" in kinds or words.strip() == "fine"

    order, k, start, current_pass, taken, after_dc = [], 0, 0, 1, set(), False
    while k < len(measures):
        m = measures[k]
        if not after_dc and isinstance(m.leftBarline, bar.Repeat) and m.leftBarline.direction == "start" and start != k:
            start, current_pass = k, 1
        if k in last_ending:
            wanted = last_ending[k] if after_dc else current_pass
            if wanted not in endings[id(m)]:
                k += 1
                continue
        order.append(k)
        da_capo, fine = marks(m)
        if after_dc and fine:
            break
        if not after_dc and isinstance(m.rightBarline, bar.Repeat) and m.rightBarline.direction == "end":
            times = m.rightBarline.times or 2
            if current_pass < times:
                current_pass += 1
                k = start
                continue
            start, current_pass = k + 1, 1
        if da_capo and not after_dc:
            after_dc, k = True, 0
            continue
        k += 1
    return order


def played(score):
    """The score unfolded in playing order (`playing_order`), each part's bars copied in turn, without repeat signs."""
    order = playing_order(score)
    unfolded = stream.Score()
    for part in score.parts:
        measures = list(part.getElementsByClass("Measure"))
        copy_part = stream.Part()
        copy_part.id = part.id
        for k in order:
            m = copy.deepcopy(measures[k])
            for side in ("leftBarline", "rightBarline"):
                if isinstance(getattr(m, side), bar.Repeat):
                    setattr(m, side, None)
            copy_part.append(m)
        unfolded.insert(0, copy_part)
    return unfolded


def stem_of(name):
    """A piece's file stem from its corpus name: "mozart/k80/movement1" -> "mozart-k80-movement1", a file's suffix
    (.mxl, .abc, .krn, .xml) left out."""
    for suffix in (".mxl", ".abc", ".krn", ".xml"):
        if name.endswith(suffix):
            name = name[:-len(suffix)]
    return name.replace("/", "-")


def cut_kinds(rng, audio, times, numbers, take, has_repeat):
    """The kinds of take cut from one rendering of a movement (`times`: every downbeat and the end, `numbers` the
    bars' numbers in playing order), each handed to `take(kind, a, b, lead, tail, prefix=None)` (bars a..b-1, as
    make_corpus.cut_take): a complete take (at most LONGEST seconds), a partial take, an insert of two to four bars,
    a false start and, when the movement `has_repeat`, a take through the first bar played twice."""
    n = len(times) - 1
    last = max(k for k in range(1, n + 1) if times[k] - times[0] <= LONGEST or k == 1)
    take("complete", 0, last, 0.0, 1.5)
    a = rng.randint(1, max(1, n // 3))
    b = min(n, a + rng.randint(n // 4, max(n // 4 + 1, n // 2)))
    while times[b] - times[a] > LONGEST / 2 and b > a + 4:
        b -= 1
    take("partial", a, b, rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.0))
    a = rng.randint(1, n - 5)
    take("insert", a, a + rng.randint(2, 4), rng.uniform(0.3, 1.0), rng.uniform(0.2, 0.8))
    a = rng.randint(0, n // 2)
    false_start = audio[int(times[a] * mc.RATE):int(times[min(n, a + rng.randint(1, 2))] * mc.RATE) - mc.RATE // 4]
    take("false-start", a, min(n, a + rng.randint(6, 10)), 0.2, 0.5, prefix=false_start)
    if has_repeat:
        # Through the first repeat: from a few bars before the first measure played twice to a few after.
        seen, again = set(), None
        for k, number in enumerate(numbers):
            if number in seen:
                again = k
                break
            seen.add(number)
        if again is not None:
            take("through-repeat", max(0, again - rng.randint(3, 6)), min(n, again + rng.randint(3, 6)), 0.5, 0.5)


def make_takes(out, tune, held_out, first, others, seed, load=corpus.parse):
    """Writes each piece's score as MusicXML, two performances of it (the first in the ensemble `first`, the second
    in one of `others`) cut into takes of every kind, and the manifest with the wrong-piece takes. `tune` and
    `held_out` name pieces as `load` takes them, which returns a music21 score."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    manifest = []
    for split, names in (("tune", tune), ("held-out", held_out)):
        for name in names:
            score = load(name)
            stem_name = stem_of(name)
            score.write("musicxml", fp=os.path.join(out, stem_name + ".musicxml"))
            has_repeat = any(isinstance(b, bar.Repeat) for m in score.parts[0].getElementsByClass("Measure")
                             for b in (m.leftBarline, m.rightBarline))
            for perf in range(2):
                ensemble = first if perf == 0 else rng.choice(others)
                soundfont = mc.SOUNDFONTS[(perf + len(manifest)) % 2]
                events, downbeats, end, voices = mc.performance(played(score), rng, qpm=beats_per_minute(score))
                stem = os.path.join(out, f"{stem_name}-p{perf}")
                mc.write_midi(events, stem + ".mid", ensemble, voices)
                audio = mc.render(stem + ".mid", stem + ".full.wav", soundfont)
                os.remove(stem + ".full.wav")
                os.remove(stem + ".mid")
                times = [d[0] for d in downbeats] + [end]

                def take(kind, a, b, lead, tail, prefix=None):
                    data, truth = mc.cut_take(rng, audio, times, [d[1] for d in downbeats], a, b, lead, tail, prefix)
                    file = f"{stem_name}-p{perf}-{kind}.wav"
                    mc.write_wav(os.path.join(out, file), data)
                    manifest.append({"split": split, "piece": stem_name, "score": stem_name + ".musicxml",
                                     "take": file, "kind": kind, "ensemble": ensemble,
                                     "soundfont": os.path.basename(soundfont),
                                     "duration": round(len(data) / mc.RATE, 3), "truth": truth})

                cut_kinds(rng, audio, times, [d[1] for d in downbeats], take, has_repeat)
            print(name, split, file=sys.stderr)
    wrong = []
    for split in ("tune", "held-out"):
        pieces = [stem_of(p) for p in (tune if split == "tune" else held_out)]
        for item in manifest:
            if item["split"] != split or item["kind"] in ("complete", "partial"):
                continue
            other = pieces[(pieces.index(item["piece"]) + 1) % len(pieces)]
            wrong.append(mc.wrong_piece(item, other))
    mc.write_manifest(out, manifest, wrong)


def main(out):
    make_takes(out, TUNE, HELD_OUT, "strings", OTHERS, 3232)


if __name__ == "__main__":
    main(sys.argv[1])
