#!/usr/bin/env python3
"""The score readers (MusicXMLReader, MEIReader) against music21, measure by written measure, and their playing order
against one read from music21's marks.

    reader_oracle.py [--work DIR] [--bench PATH] [--jobs N] [--limit N] [--no-convert] [--show N] [FILE ...]

The corpus: every MusicXML file of music21's corpus (.mxl, .xml, .musicxml), some of them written again by MuseScore 3
(`musescore3 -o`, headless), MEI written by Verovio (from MusicXML of the corpus and from its Humdrum files) and
music21's own MEI test files. The conversions are kept in --work (default .build/reader-oracle) and so are music21's
readings (by the file's hash), so a second run takes seconds. Our reader's side comes from `FollowBench --dump-scores`.

What is compared, for each written measure (the n-th <measure> of the file, before repeats are expanded):
the multiset of sounding notes as (MIDI pitch at sounding pitch, onset in quarters from the measure's start, length
in quarters, struck). Conventions, the same on both sides:
- sounding pitch: music21's `toSoundingPitch` (<transpose>, MEI @trans.semi); a quarter-tone rounds to the nearer
  semitone, half away from zero;
- ties are not merged into one note: each written note of a tie sounds in its own measure, and the ones a tie
  reaches (music21's tie type 'stop' or 'continue') are not struck; so a tie across a barline or into an ending is
  checked from both of its ends;
- grace notes are left out; cue notes are left out but keep their time (the oracle turns them into rests before
  music21 reads the file, since music21 reads <cue/> notes as sounding); unpitched (percussion) notes are left out;
- a slur-like <tied> arc with no <tie> is a tie (the oracle adds the <tie> before music21 reads the file, which
  reads only <tie>);
- a measure's length is not compared (our reader decides it from its parts, docs/follow.md "Parts that run over");
  where our reader squeezed a part's bar (a repair it reports), that measure is counted apart ("squeezed measures
  disagreeing"), not as a disagreement;
- tremolos are read as written (one note of the written length; neither side plays the strokes).

The playing order: the measures in the order they are played, read from music21's objects (repeat barlines,
RepeatBrackets, D.C./D.S./Fine/Coda/Segno expressions and words), with the conventions of docs/follow.md (a repeat
is taken `times` times, else one more than its volta's highest number, else twice; after a D.C./D.S. no repeat and
only each group's last volta; To Coda and Fine only after a jump). music21's `expandRepeats` is not used: it goes back
to the start for a later section's repeat and replays a first ending of two bars (make_chamber_takes.py).
"""
import argparse
import hashlib
import io
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter, defaultdict
from fractions import Fraction

ORACLE_VERSION = "5"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ----------------------------------------------------------------------------------------------------------- corpus

def corpus_files():
    from music21 import corpus
    paths = [str(p) for p in corpus.getPaths() if str(p).endswith((".mxl", ".xml", ".musicxml"))]
    return sorted(paths)


def krn_files():
    from music21 import corpus
    return sorted(str(p) for p in corpus.getPaths() if str(p).endswith(".krn"))


def music21_mei_files():
    import music21
    folder = os.path.join(os.path.dirname(music21.__file__), "mei", "test")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".mei"))


def short_name(path):
    return path.split("/corpus/")[-1] if "/corpus/" in path else os.path.basename(path)


def spread(paths, count, seed):
    """`count` of `paths` spread over the list (every k-th from an offset), so each composer is drawn from."""
    if count >= len(paths):
        return list(paths)
    step = len(paths) / count
    return [paths[int(seed % step + k * step)] for k in range(count)]


def musescore_copy(source, work):
    """`source` written again by MuseScore 3 as uncompressed MusicXML (None when it fails)."""
    out = os.path.join(work, "musescore", short_name(source).replace("/", "__").rsplit(".", 1)[0] + ".musicxml")
    if os.path.exists(out):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    try:
        subprocess.run(["musescore3", "-o", out, source], env=env, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    return out if os.path.exists(out) else None


def verovio_mei(source, work):
    """`source` (MusicXML or Humdrum) converted to MEI by Verovio (None when it fails)."""
    out = os.path.join(work, "mei", short_name(source).replace("/", "__").rsplit(".", 1)[0] + ".mei")
    if os.path.exists(out):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    import verovio
    tk = verovio.toolkit()
    tk.setOptions({"xmlIdSeed": 1})
    data = read_musicxml_text(source) if not source.endswith(".krn") else open(source, encoding="utf-8", errors="replace").read()
    if not tk.loadData(data):
        return None
    mei = tk.getMEI()
    if "<measure" not in mei:
        return None
    with open(out, "w") as f:
        f.write(mei)
    return out


def read_musicxml_text(path):
    data = open(path, "rb").read()
    if data[:4] == b"PK\x03\x04":
        z = zipfile.ZipFile(io.BytesIO(data))
        root = None
        if "META-INF/container.xml" in z.namelist():
            m = re.search(rb'full-path\s*=\s*"([^"]+)"', z.read("META-INF/container.xml"))
            root = m.group(1).decode() if m else None
        if root is None:
            root = next(n for n in z.namelist() if not n.startswith("META-INF") and n.endswith((".xml", ".musicxml")))
        data = z.read(root)
    for enc in ("utf-8", "utf-16", "latin-1"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


# ----------------------------------------------------------------------------------------------------------- oracle

def prepared_musicxml(text):
    """The MusicXML text with the oracle's conventions written into it for music21: a cue note becomes a rest of
    its length (a grace cue note, or one of a chord after its first, goes), a <tied> arc without <tie> gains its <tie>."""
    if "<cue" not in text and "<tied" not in text:
        return text, {}
    body = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    body = re.sub(r"<\?xml[^>]*\?>", "", body)
    root = ET.fromstring(body)
    changes = Counter()
    for measure in root.iter("measure"):
        for note in list(measure.findall("note")):
            if note.find("cue") is not None:
                if note.find("grace") is not None or note.find("chord") is not None:
                    measure.remove(note)
                    changes["cue notes"] += 1
                    continue
                note.remove(note.find("cue"))
                for tag in ("pitch", "unpitched", "chord"):
                    if note.find(tag) is not None:
                        note.remove(note.find(tag))
                if note.find("rest") is None:
                    rest = ET.Element("rest")
                    note.insert(0, rest)
                changes["cue notes"] += 1
            notations = note.findall("notations")
            tied = [t.get("type") for n in notations for t in n.findall("tied")]
            if tied and not note.findall("tie"):
                position = list(note).index(note.find("duration")) + 1 if note.find("duration") is not None else len(note)
                for kind in tied:
                    if kind in ("start", "stop"):
                        note.insert(position, ET.Element("tie", {"type": kind}))
                        changes["<tied> without <tie>"] += 1
    return ET.tostring(root, encoding="unicode"), dict(changes)


def midi_of(p):
    ps = p.ps
    return int(ps + 0.5) if ps >= 0 else -int(-ps + 0.5)


def oracle_of_stream(score):
    """music21's measures of `score`: per written measure index, [pitch, onset, duration, struck] lists."""
    from music21 import chord, note, stream
    from music21 import percussion
    try:
        score = score.toSoundingPitch()
    except Exception:
        pass
    parts = list(score.parts) if hasattr(score, "parts") and len(score.parts) else [score]
    measures = defaultdict(list)
    counts = Counter()
    for part in parts:
        for index, m in enumerate(part.getElementsByClass(stream.Measure)):
            for el in m.recurse().notes:
                if isinstance(el, (note.Unpitched, percussion.PercussionChord)):
                    counts["unpitched"] += 1
                    continue
                if el.duration.isGrace:
                    counts["grace"] += 1
                    continue
                onset = float(el.getOffsetInHierarchy(m))
                length = float(el.duration.quarterLength)
                if length <= 0:
                    continue
                members = el.notes if isinstance(el, chord.Chord) else [el]
                for n in members:
                    tie = n.tie
                    struck = 0 if tie is not None and tie.type in ("stop", "continue") else 1
                    pitch = midi_of(n.pitch)
                    if 0 <= pitch <= 127:
                        measures[index].append([pitch, onset, length, struck])
    return measures, counts


def oracle_order(score):
    """The written measures' indices in playing order, read from music21's marks (the module's conventions)."""
    from music21 import bar, expressions, repeat, spanner, stream
    parts = list(score.parts) if len(score.parts) else [score]
    part = parts[0]
    measures = list(part.getElementsByClass(stream.Measure))
    index = {id(m): k for k, m in enumerate(measures)}
    endings = {}
    for bracket in part.spanners.getElementsByClass(spanner.RepeatBracket):
        numbers = list(bracket.numberRange) if bracket.numberRange else [1]
        spanned = [index[id(m)] for m in bracket.getSpannedElements() if id(m) in index]
        for k in range(min(spanned), max(spanned) + 1) if spanned else ():
            endings[k] = set(numbers)
    marks = []
    for m in measures:
        kinds = set()
        for r in m.recurse().getElementsByClass(repeat.RepeatExpression):
            kinds.add(type(r).__name__)
        words = " ".join(t.content.strip().lower() for t in m.recurse().getElementsByClass(expressions.TextExpression) if t.content)
        if words.startswith("d.c.") or "da capo" in words or re.search(r"(^|\s)d\.c\.", words):
            kinds.add("DaCapo")
        if re.search(r"(^|\s)d\.s\.", words) or "dal segno" in words:
            kinds.add("DalSegno")
        if re.search(r"(^|\s)fine($|\s)", words):
            kinds.add("Fine")
        if "to coda" in words:
            kinds.add("ToCoda")
        marks.append(kinds)
    segno = next((k for k, s in enumerate(marks) if "Segno" in s), 0)
    coda_signs = [k for k, s in enumerate(marks) if "Coda" in s]
    to_coda = {k for k, s in enumerate(marks) if "ToCoda" in s}
    coda = None
    if to_coda:
        coda = next((k for k in coda_signs if k > min(to_coda)), None)
    elif len(coda_signs) >= 2:
        to_coda, coda = {coda_signs[0]}, coda_signs[-1]

    def last_of_group(k):
        j = k
        while j + 1 < len(measures) and endings.get(j + 1) == endings.get(k):
            j += 1
        return j + 1 >= len(measures) or (j + 1) not in endings

    order, k, start, current_pass, jumped, taken = [], 0, 0, 1, False, Counter()
    while k < len(measures) and len(order) < 16 * len(measures) + 16:
        m = measures[k]
        left, right = m.leftBarline, m.rightBarline
        if isinstance(left, bar.Repeat) and left.direction == "start" and start != k:
            start, current_pass = k, 1
        if k in endings:
            play = last_of_group(k) if jumped else current_pass in endings[k]
            if not play:
                k += 1
                continue
        order.append(k)
        if isinstance(right, bar.Repeat) and right.direction == "end" and not jumped:
            times = right.times or ((max(endings[k]) + 1) if k in endings else 2)
            if taken[k] + 1 < times:
                taken[k] += 1
                current_pass += 1
                k = start
                continue
            start, current_pass = k + 1, 1
        kinds = marks[k]
        if jumped and "Fine" in kinds:
            break
        if jumped and k in to_coda and coda is not None and coda > k:
            k = coda
            continue
        if not jumped and kinds & {"DaCapo", "DaCapoAlFine", "DaCapoAlCoda", "DalSegno", "DalSegnoAlFine", "DalSegnoAlCoda"}:
            jumped, current_pass = True, 1
            k = segno if kinds & {"DalSegno", "DalSegnoAlFine", "DalSegnoAlCoda"} else 0
            continue
        k += 1
    return order


def oracle_job(job):
    """(key, oracle) for one file: its notes per measure and its playing order as music21 reads it."""
    path, kind, source, cache = job
    from music21 import converter
    try:
        if kind == "mei-music21":
            score = converter.parse(path, format="mei")
            changes = {}
        elif source.endswith(".krn"):
            score = converter.parse(source, format="humdrum")
            changes = {}
        else:
            text, changes = prepared_musicxml(read_musicxml_text(source))
            score = converter.parseData(text, format="musicxml")
        measures, counts = oracle_of_stream(score)
        try:
            order = oracle_order(score)
        except Exception as error:
            order = None
        result = {"measures": {str(k): v for k, v in measures.items()}, "order": order, "changes": changes,
                  "counts": dict(counts), "measureCount": max([len(list(p.getElementsByClass("Measure"))) for p in score.parts] or [0])}
    except Exception as error:
        result = {"error": f"{type(error).__name__}: {error}"}
    with open(cache, "w") as f:
        json.dump(result, f)
    return result


# ---------------------------------------------------------------------------------------------------------- compare

def compare_notes(ours, theirs, tolerance=1e-3):
    """The notes of one side that the other lacks: (only ours, only theirs), matched on pitch and struck with onset and
    length within `tolerance` quarters."""
    left = sorted(ours, key=lambda n: (n[0], n[3], n[1], n[2]))
    right = sorted(theirs, key=lambda n: (n[0], n[3], n[1], n[2]))
    unmatched = list(right)
    only_ours = []
    for n in left:
        hit = next((i for i, t in enumerate(unmatched) if t[0] == n[0] and t[3] == n[3]
                    and abs(t[1] - n[1]) <= tolerance and abs(t[2] - n[2]) <= tolerance), None)
        if hit is None:
            only_ours.append(n)
        else:
            unmatched.pop(hit)
    return only_ours, unmatched


def classify(only_ours, only_theirs):
    """A short name for a measure's disagreement, for the summary."""
    if not only_ours:
        return "notes missing from ours"
    if not only_theirs:
        return "notes only in ours"
    ours_keys = Counter((n[1], n[2], n[3]) for n in only_ours)
    theirs_keys = Counter((n[1], n[2], n[3]) for n in only_theirs)
    if len(only_ours) == len(only_theirs):
        if Counter((n[0], n[1], n[2]) for n in only_ours) == Counter((n[0], n[1], n[2]) for n in only_theirs):
            return "struck differs"
        diffs = {t[0] - o[0] for o, t in zip(sorted(only_ours, key=lambda n: (n[1], n[0])), sorted(only_theirs, key=lambda n: (n[1], n[0])))}
        if len(diffs) == 1 and diffs != {0}:
            return f"pitch off by {diffs.pop()}"
        if Counter((n[0], n[1]) for n in only_ours) == Counter((n[0], n[1]) for n in only_theirs):
            return "length differs"
        if Counter((n[0], n[2]) for n in only_ours) == Counter((n[0], n[2]) for n in only_theirs):
            return "onset differs"
    return "notes differ"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="score files to compare (default: the corpus described above)")
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "reader-oracle"))
    ap.add_argument("--bench", default=None, help="the FollowBench executable (default: the newer of the release and debug builds)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--musescore", type=int, default=60, help="corpus files written again by MuseScore 3")
    ap.add_argument("--mei-xml", type=int, default=80, help="corpus MusicXML files converted to MEI by Verovio")
    ap.add_argument("--mei-krn", type=int, default=40, help="corpus Humdrum files converted to MEI by Verovio")
    ap.add_argument("--no-convert", action="store_true", help="use only the conversions already in --work")
    ap.add_argument("--show", type=int, default=3, help="disagreeing measures shown per file")
    ap.add_argument("--json", default=None, help="write every disagreement here")
    args = ap.parse_args()
    os.makedirs(os.path.join(args.work, "oracle"), exist_ok=True)
    started = time.time()

    # (path our reader reads, kind, the file the oracle reads)
    items = []
    if args.files:
        for f in args.files:
            kind = "mei-music21" if f.endswith(".mei") else "musicxml"
            items.append((os.path.abspath(f), kind, os.path.abspath(f)))
    else:
        xml = corpus_files()
        items += [(p, "musicxml", p) for p in xml]
        for p in spread(xml, args.musescore, 1):
            out = os.path.join(args.work, "musescore", short_name(p).replace("/", "__").rsplit(".", 1)[0] + ".musicxml")
            out = out if os.path.exists(out) or args.no_convert else musescore_copy(p, args.work)
            if out and os.path.exists(out):
                items.append((out, "musescore", out))
        for p in spread(xml, args.mei_xml, 2):
            out = None if args.no_convert else verovio_mei(p, args.work)
            out = out or os.path.join(args.work, "mei", short_name(p).replace("/", "__").rsplit(".", 1)[0] + ".mei")
            if os.path.exists(out):
                items.append((out, "mei-verovio-xml", p))
        for p in spread(krn_files(), args.mei_krn, 3):
            out = None if args.no_convert else verovio_mei(p, args.work)
            out = out or os.path.join(args.work, "mei", short_name(p).replace("/", "__").rsplit(".", 1)[0] + ".mei")
            if os.path.exists(out):
                items.append((out, "mei-verovio-krn", p))
        items += [(p, "mei-music21", p) for p in music21_mei_files()]
    converted = time.time()

    built = [b for b in (os.path.join(ROOT, ".build", c, "FollowBench") for c in ("release", "debug")) if os.path.exists(b)]
    bench = args.bench or max(built, key=os.path.getmtime, default=None)
    if bench is None:
        sys.exit("build FollowBench first: swift build --product FollowBench")
    run = subprocess.run([bench, "--dump-scores"], input="\n".join(p for p, _, _ in items) + "\n", capture_output=True, text=True)
    ours = {}
    for line in run.stdout.splitlines():
        if line.startswith("{"):
            o = json.loads(line)
            ours[o["path"]] = o
    read = time.time()

    jobs, oracles = [], {}
    for path, kind, source in items:
        digest = hashlib.sha1(open(source, "rb").read() + (kind + ORACLE_VERSION).encode()).hexdigest()
        cache = os.path.join(args.work, "oracle", digest + ".json")
        if os.path.exists(cache):
            oracles[path] = json.load(open(cache))
        else:
            jobs.append((path, kind, source, cache))
    if jobs:
        with multiprocessing.Pool(args.jobs, maxtasksperchild=20) as pool:
            for job, result in zip(jobs, pool.imap(oracle_job, jobs, chunksize=1)):
                oracles[job[0]] = result
    oracled = time.time()

    totals = Counter()
    by_kind = defaultdict(Counter)
    categories = Counter()
    category_files = defaultdict(set)
    order_disagreements = []
    report = []
    for path, kind, source in items:
        o, t = ours.get(path), oracles.get(path)
        k = by_kind[kind]
        k["files"] += 1
        if o is None or "error" in o:
            k["refused by ours"] += 1
            report.append({"file": short_name(path), "kind": kind, "ours": (o or {}).get("error", "no answer")})
            continue
        if t is None or "error" in t:
            k["refused by music21"] += 1
            report.append({"file": short_name(path), "kind": kind, "music21": (t or {}).get("error")})
            continue
        squeezed = {m for r in o["repairs"] if r["kind"] == "runs-over" for m in r["measures"]}
        file_bad = []
        if t["measureCount"] != len(o["measures"]):
            file_bad.append({"measure count": [len(o["measures"]), t["measureCount"]]})
            categories["measure count differs"] += 1
            category_files["measure count differs"].add(short_name(path))
        for index, m in enumerate(o["measures"]):
            theirs = t["measures"].get(str(index), [])
            k["measures"] += 1
            k["notes"] += len(m["notes"])
            only_ours, only_theirs = compare_notes(m["notes"], theirs)
            if m["number"] in squeezed:
                k["measures squeezed by ours"] += 1
                if only_ours or only_theirs:
                    k["squeezed measures disagreeing"] += 1
                continue
            k["notes agreeing"] += len(m["notes"]) - len(only_ours)
            if only_ours or only_theirs:
                k["measures disagreeing"] += 1
                name = classify(only_ours, only_theirs)
                categories[name] += 1
                category_files[name].add(short_name(path))
                file_bad.append({"measure": index, "number": m["number"], "kind": name,
                                 "only ours": only_ours[:8], "only music21": only_theirs[:8]})
        if t.get("order") is not None:
            k["orders compared"] += 1
            mine = [p[0] for p in o["order"]]
            if mine != t["order"]:
                k["orders disagreeing"] += 1
                order_disagreements.append((short_name(path), kind, mine, t["order"]))
        if file_bad:
            k["files disagreeing"] += 1
            report.append({"file": short_name(path), "kind": kind, "measures": file_bad, "changes": t.get("changes")})
        for name, count in (t.get("changes") or {}).items():
            k[name] += count

    print(f"files {len(items)}; conversions {converted - started:.0f} s, our reader {read - converted:.0f} s, "
          f"music21 {oracled - read:.0f} s ({len(jobs)} not cached)")
    for kind, k in by_kind.items():
        print(f"== {kind}: " + ", ".join(f"{name} {value}" for name, value in k.items()))
    print("== disagreeing measures by kind: " + ", ".join(f"{n} {c} ({len(category_files[n])} files)" for n, c in categories.most_common()))
    for entry in report:
        if "measures" in entry:
            print(f"-- {entry['file']} [{entry['kind']}] {len(entry['measures'])} measures")
            for bad in entry["measures"][:args.show]:
                print("     ", json.dumps(bad))
        else:
            print(f"-- {entry['file']} [{entry['kind']}] refused: {entry.get('ours') or entry.get('music21')}")
    for name, kind, mine, theirs in order_disagreements:
        print(f"-- order {name} [{kind}]: ours {len(mine)} measures, oracle {len(theirs)}; first difference at "
              f"{next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"report": report, "orders": order_disagreements, "kinds": by_kind}, f, indent=1)


if __name__ == "__main__":
    main()
