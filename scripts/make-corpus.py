#!/usr/bin/env python3
"""Build the detector test corpus: score PDFs from other engravers with ground-truth layouts.

Usage: scripts/make-corpus.py [--only NAME[,NAME...]]
                              [--engravers musescore,verovio,lilypond,scans] [--keep-build DIR]

Writes Tests/ScoreDocumentTests/Corpus/{musescore,verovio,lilypond,scans}/NAME.pdf +
NAME.layout.json and Corpus/README.md. Deterministic: the music comes from fixed music21 corpus
names (cut to fixed bar ranges) or is generated here with fixed seeds, the LilyPond pieces are
the committed sources scripts/corpus/*.ly (written by scripts/corpus/gen-ly.py, fixed seeds);
the scans use fixed seeds.
(The PDFs' creation dates are fixed; MuseScore's PDF streams still differ in bytes from run to
run, but not in what they draw, and every truth value and scan is byte-identical. LilyPond runs
with SOURCE_DATE_EPOCH and its random /ID is replaced by a hash of the file.)

Needs
  * Debian: musescore3 (mscore3, run headless with QT_QPA_PLATFORM=offscreen), librsvg2-bin
    (rsvg-convert), poppler-utils (pdftoppm, pdfinfo);
  * Debian: lilypond (2.24.1, for the lilypond/ folder);
  * PyPI: music21 (its bundled corpus is the music source), verovio, numpy, Pillow, img2pdf,
    pdfplumber (for scripts/extract-layout.py).

How the truth is derived -- always from the engraver's own geometry, never from a detector.
All values in PDF points, origin top-left of the page as poppler renders it, y down:
  * MuseScore 3: the same MusicXML is exported three times, as .pdf, .svg (one file per page)
    and .mpos. The SVG is in MuseScore's 360-dpi raster units, i.e. exactly 5 units per PDF
    point with the same top-left origin (checked against `pdftocairo -svg` of the PDF). Staff
    lines are the `class="StaffLines"` polylines (one per line per system: y = line centre,
    x ends = left/right of the system); bar lines are the `class="BarLine"` polylines (the dots
    of repeat signs are glyph paths and are ignored). The .mpos file (10 units per SVG unit)
    gives every measure's page, system top y and x/width, in score order: measures that share
    (page, y) form a system. A bar boundary is the centre of the cluster of bar-line strokes
    (a double, final or repeat bar line is one cluster) nearest to the measure's right end.
  * Verovio: the MusicXML is laid out by the verovio toolkit (breaks=auto) and each page's SVG
    is given an explicit size in pt, then rsvg-convert joins the pages into one PDF of exactly
    that size, so point = (SVG unit + page-margin translation) * page width in pt / inner
    viewBox width. Systems are `g.system`; each `g.measure` draws its own staff lines
    (`g.staff` > `path`), so the measure's x extent and the staves' y come from there, and bar
    lines are the stroked paths / rects of `g.barLine` (clustered as above, nearest to the
    measure's staff-line end).
  * LilyPond: scripts/corpus/NAME.ly is engraved twice by `lilypond` 2.24: to PDF, and with the
    SVG backend and scripts/layout-tags.ily (which tags every StaffSymbol and BarLine with
    LilyPond's own bar numbers and break direction). scripts/extract-layout.py (imported, its
    page_layout()) takes WHICH strokes are staff lines / bar lines from the tagged SVG and WHERE
    they are from the PDF's own vector strokes (pdfplumber), with all its checks (every staff
    has every bar line, bars counted = LilyPond's bar numbers, systems end with a bar line, no
    bar line at a system start). left/right = the staff lines' visible ends (round caps).
  * scans: a page of a corpus PDF (and one page of the repo's LilyPond Scores/chorale.pdf) is
    rasterised at 300 dpi, rotated about the page centre and degraded, and wrapped as an
    image-only PDF of the same page size. The truth is transformed by the same rotation as in
    scripts/make-scanned.py: a system and each staff move vertically with their own centre
    point, a bar boundary x is the rotated point (x, system's vertical middle).
    The second set (SCANS2) varies resolution (200 / 400 dpi), a 2 deg rotation, strong blur,
    a photo-like uneven dark background and salt-and-pepper noise with blotches in the margin;
    the truth rule is the same.
Measure numbers are the MusicXML measure numbers, in score order.
"""
import argparse
import copy
import io
import json
import math
import os
import random
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET

from layout_json import dump_layout  # noqa: E402  (scripts/ is on sys.path when run as a script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus")
PT_PER_MM = 72 / 25.4

PAGE_SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}   # mm


# ----------------------------------------------------------------------------------------------
# Music: corpus excerpts and generated scores
# ----------------------------------------------------------------------------------------------

def corpus_excerpt(name, first=None, last=None):
    from music21 import corpus
    s = corpus.parse(name)
    if first is not None:
        s = s.measures(first, last)
        # the cut ends with the same final bar line in every staff (the source may differ per part)
        from music21 import bar
        for p in s.parts:
            ms = p.getElementsByClass("Measure")
            if len(ms):
                ms[-1].rightBarline = bar.Barline("final")
    return s


R44 = [[4], [2, 2], [1, 1, 1, 1], [2, 1, 1], [1, 1, 2], [0.5] * 8, [1.5, 0.5, 2], [3, 1],
       [1, 0.5, 0.5, 1, 1], [0.5, 0.5, 1, 2]]
R34 = [[3], [2, 1], [1, 1, 1], [1, 2], [0.5, 0.5, 1, 1], [1.5, 0.5, 1], [0.5] * 6]
R24 = [[2], [1, 1], [0.5, 0.5, 1], [1, 0.5, 0.5], [0.5] * 4, [1.5, 0.5]]
R44_BUSY = [[0.25] * 16, [0.5] * 4 + [0.25] * 8, [0.25] * 8 + [0.5] * 4, [0.5] * 8]
CMAJ = [0, 2, 4, 5, 7, 9, 11]


def _pitch(step_index):
    from music21 import pitch
    octave, deg = divmod(step_index, 7)
    p = pitch.Pitch()
    p.midi = 12 * (octave + 1) + CMAJ[deg]
    return p


def fill_measure(rng, m, ql, rhythms, lo, hi, state, rest_p=0.05):
    """Random-walk melody in C major between diatonic step indices lo..hi (C4 = 28)."""
    from music21 import note
    pat = rng.choice([r for r in rhythms if abs(sum(r) - ql) < 1e-9])
    for d in pat:
        if rng.random() < rest_p:
            m.append(note.Rest(quarterLength=d))
            continue
        state[0] = min(hi, max(lo, state[0] + rng.choice([-2, -1, -1, 1, 1, 2, 0, 3, -3])))
        n = note.Note(quarterLength=d)
        n.pitch = _pitch(state[0])
        m.append(n)


def make_part(rng, cls, name, abbr, clef, nbars, ts, rhythms, lo, hi, instr=None, barlines=None):
    from music21 import stream, meter, key, clef as clefmod
    p = cls()
    p.partName, p.partAbbreviation = name, abbr
    if instr is not None:
        i = instr()
        i.partName, i.partAbbreviation, i.instrumentName = name, abbr, name
        p.insert(0, i)
    ql = meter.TimeSignature(ts).barDuration.quarterLength
    state = [(lo + hi) // 2]
    for b in range(1, nbars + 1):
        m = stream.Measure(number=b)
        if b == 1:
            m.append(getattr(clefmod, clef)())
            m.append(key.KeySignature(0))
            m.append(meter.TimeSignature(ts))
        fill_measure(rng, m, ql, rhythms, lo, hi, state)
        if barlines and b in barlines:
            for side, bl in barlines[b]:
                setattr(m, side, copy.deepcopy(bl))
        p.append(m)
    return p


def gen_orchestra(seed=11, nbars=12):
    """Orchestral page: oboes, horns (bracket, bar lines joined), SATB choir (bracket, bar lines
    per staff), strings (bracket, joined), organ (brace) -- 12 staves, broken bar lines."""
    from music21 import stream, layout, instrument, bar
    rng = random.Random(seed)
    S, PS = stream.Part, stream.PartStaff
    fin = {nbars: [("rightBarline", bar.Barline("final"))]}
    parts = [
        make_part(rng, S, "Oboe I.II", "Ob.", "TrebleClef", nbars, "4/4", R44, 30, 40, instrument.Oboe, fin),
        make_part(rng, S, "Horn I.II", "Hn.", "TrebleClef", nbars, "4/4", R44, 28, 36, instrument.Horn, fin),
        make_part(rng, S, "Soprano", "S.", "TrebleClef", nbars, "4/4", R44, 30, 38, instrument.Soprano, fin),
        make_part(rng, S, "Alto", "A.", "TrebleClef", nbars, "4/4", R44, 26, 34, instrument.Alto, fin),
        make_part(rng, S, "Tenor", "T.", "Treble8vbClef", nbars, "4/4", R44, 22, 30, instrument.Tenor, fin),
        make_part(rng, S, "Bass", "B.", "BassClef", nbars, "4/4", R44, 17, 25, instrument.Bass, fin),
        make_part(rng, S, "Violin I", "Vl. I", "TrebleClef", nbars, "4/4", R44, 30, 42, instrument.Violin, fin),
        make_part(rng, S, "Violin II", "Vl. II", "TrebleClef", nbars, "4/4", R44, 28, 37, instrument.Violin, fin),
        make_part(rng, S, "Viola", "Va.", "AltoClef", nbars, "4/4", R44, 22, 31, instrument.Viola, fin),
        make_part(rng, S, "Violoncello", "Vc.", "BassClef", nbars, "4/4", R44, 15, 24, instrument.Violoncello, fin),
        make_part(rng, PS, "Organ", "Org.", "TrebleClef", nbars, "4/4", R44, 28, 37, instrument.Organ, fin),
        make_part(rng, PS, "Organ", "Org.", "BassClef", nbars, "4/4", R44, 14, 23, None, fin),
    ]
    sc = stream.Score()
    for p in parts:
        sc.insert(0, p)
    sc.insert(0, layout.StaffGroup(parts[0:2], symbol="bracket", barTogether=True))
    sc.insert(0, layout.StaffGroup(parts[2:6], symbol="bracket", barTogether=False))
    sc.insert(0, layout.StaffGroup(parts[6:10], symbol="bracket", barTogether=True))
    sc.insert(0, layout.StaffGroup(parts[10:12], symbol="brace", barTogether=True, name="Organ"))
    return sc


def gen_satb_piano(seed=23, nbars=24):
    """Choir SATB (bracket, bar lines per staff) + piano (brace), 3/4, a double bar and final."""
    from music21 import stream, layout, instrument, bar
    rng = random.Random(seed)
    S, PS = stream.Part, stream.PartStaff
    bl = {12: [("rightBarline", bar.Barline("double"))], nbars: [("rightBarline", bar.Barline("final"))]}
    parts = [
        make_part(rng, S, "Soprano", "S.", "TrebleClef", nbars, "3/4", R34, 30, 38, instrument.Soprano, bl),
        make_part(rng, S, "Alto", "A.", "TrebleClef", nbars, "3/4", R34, 26, 34, instrument.Alto, bl),
        make_part(rng, S, "Tenor", "T.", "Treble8vbClef", nbars, "3/4", R34, 22, 30, instrument.Tenor, bl),
        make_part(rng, S, "Bass", "B.", "BassClef", nbars, "3/4", R34, 17, 25, instrument.Bass, bl),
        make_part(rng, PS, "Piano", "Pno.", "TrebleClef", nbars, "3/4", R34, 28, 40, instrument.Piano, bl),
        make_part(rng, PS, "Piano", "Pno.", "BassClef", nbars, "3/4", R34, 14, 25, None, bl),
    ]
    sc = stream.Score()
    for p in parts:
        sc.insert(0, p)
    sc.insert(0, layout.StaffGroup(parts[0:4], symbol="bracket", barTogether=False))
    sc.insert(0, layout.StaffGroup(parts[4:6], symbol="brace", barTogether=True, name="Piano"))
    return sc


def gen_part(kind, seed):
    """A single-staff instrumental part with repeats, double bars and a final bar.
    kind "short": 2/4 in eighths, many narrow bars; kind "wide": 4/4 in sixteenths, wide bars."""
    from music21 import stream, instrument, bar
    rng = random.Random(seed)
    if kind == "short":
        nbars, ts, rh = 64, "2/4", R24
        bl = {1: [("leftBarline", bar.Repeat(direction="start"))],
              8: [("rightBarline", bar.Repeat(direction="end"))],
              16: [("rightBarline", bar.Barline("double"))],
              17: [("leftBarline", bar.Repeat(direction="start"))],
              32: [("rightBarline", bar.Repeat(direction="end"))],
              33: [("leftBarline", bar.Repeat(direction="start"))],
              40: [("rightBarline", bar.Repeat(direction="end"))],
              48: [("rightBarline", bar.Barline("double"))],
              nbars: [("rightBarline", bar.Barline("final"))]}
        name, instr, lo, hi = "Flute", instrument.Flute, 30, 42
    else:
        nbars, ts, rh = 28, "4/4", R44_BUSY
        bl = {8: [("rightBarline", bar.Barline("double"))],
              9: [("leftBarline", bar.Repeat(direction="start"))],
              16: [("rightBarline", bar.Repeat(direction="end"))],
              nbars: [("rightBarline", bar.Barline("final"))]}
        name, instr, lo, hi = "Violin", instrument.Violin, 29, 43
    p = make_part(rng, stream.Part, name, name[:3] + ".", "TrebleClef", nbars, ts, rh, lo, hi, instr, bl)
    sc = stream.Score()
    sc.insert(0, p)
    return sc


def write_musicxml(score, path, title, composer, strip_words=False):
    """Write MusicXML without the source's own page/system breaks (<print>) and without the
    per-note <instrument> references music21 writes for two-staff parts (MuseScore shows them
    as "Instrument change")."""
    from music21 import metadata
    score.metadata = metadata.Metadata()
    score.metadata.title = title
    score.metadata.composer = composer
    score.write("musicxml", fp=path)
    txt = open(path, encoding="utf-8").read()
    txt = re.sub(r"<print\b[^>]*/>", "", txt)
    txt = re.sub(r"<print\b[^>]*>.*?</print>", "", txt, flags=re.S)
    txt = re.sub(r"\s*<instrument id=\"[^\"]*\"\s*/>", "", txt)
    if strip_words:
        txt = re.sub(r"<direction\b(?:(?!</direction>).)*?<words.*?</direction>", "", txt, flags=re.S)
    open(path, "w", encoding="utf-8").write(txt)
    return path


# The pieces. pages: page size; mm: staff-space scaling for MuseScore (millimetres per 40 tenths
# = 4 staff spaces... i.e. staff height); vscale: verovio scale (%); engravers: which to run.
PIECES = [
    dict(name="bach-bwv66-6", title='Christ unser Herr zum Jordan kam, BWV 66.6', composer='J. S. Bach',
          src=("corpus", "bach/bwv66.6", None, None), page="a4", mm=7.0, vscale=40,
         music="J. S. Bach, chorale \"Christ unser Herr zum Jordan kam\" BWV 66.6 (music21 corpus bach/bwv66.6)",
         shape="SATB chorale, 4 single staves"),
    dict(name="monteverdi-madrigal-3-1", title='La giovinetta pianta', composer='C. Monteverdi',
          src=("corpus", "monteverdi/madrigal.3.1", 1, 40), strip_words=True, page="a4", mm=6.0, vscale=35,
         music="C. Monteverdi, madrigal book 3 no. 1, bars 1-40 (music21 corpus monteverdi/madrigal.3.1)",
         shape="5-voice madrigal, 5 staves"),
    dict(name="haydn-op74-1-i", title='String Quartet op. 74 no. 1, I', composer='J. Haydn',
          src=("corpus", "haydn/opus74no1/movement1", 1, 48), page="letter", mm=6.5, vscale=38,
         music="J. Haydn, string quartet op. 74 no. 1, 1st movement, bars 1-48 (music21 corpus haydn/opus74no1/movement1)",
         shape="string quartet, 4 staves, bracket"),
    dict(name="mozart-k545-i", title='Sonata K. 545, I (exposition)', composer='W. A. Mozart',
          src=("corpus", "mozart/k545/movement1_exposition", None, None), page="a4", mm=7.0, vscale=45,
         music="W. A. Mozart, piano sonata K. 545, 1st movement exposition (music21 corpus mozart/k545/movement1_exposition)",
         shape="solo piano, grand staff with brace"),
    dict(name="joplin-maple-leaf", title='Maple Leaf Rag', composer='S. Joplin',
          src=("corpus", "joplin/maple_leaf_rag", 1, 36), page="letter", mm=7.0, vscale=45,
         music="S. Joplin, Maple Leaf Rag, bars 1-36 (music21 corpus joplin/maple_leaf_rag)",
         shape="solo piano, grand staff, repeats and voltas"),
    dict(name="schubert-lindenbaum", title='Der Lindenbaum', composer='F. Schubert',
          src=("corpus", "schubert/Lindenbaum.xml", 1, 44), page="a4", mm=6.5, vscale=40,
         music="F. Schubert, \"Der Lindenbaum\" (Winterreise), bars 1-44 (music21 corpus schubert/Lindenbaum.xml)",
         shape="lied, voice + piano grand staff (3 staves)"),
    dict(name="orchestra", title='Orchestral test page', composer='generated',
          src=("gen", gen_orchestra), page="a4", mm=5.0, vscale=30,
         music="generated (seed 11): oboes, horns, SATB choir, strings, organ; 12 bars of random C-major lines",
         shape="orchestral, 12 staves in 4 groups, bar lines broken between groups"),
    dict(name="satb-piano", title='Choir and piano test', composer='generated',
          src=("gen", gen_satb_piano), page="letter", mm=6.0, vscale=35,
         music="generated (seed 23): SATB choir and piano, 24 bars of random C-major lines in 3/4",
         shape="choir SATB (bracket) + piano (brace), 6 staves"),
    dict(name="part-short-bars", title='Flute part (short bars)', composer='generated',
          src=("gen", lambda: gen_part("short", 31)), page="a4", mm=7.0, vscale=45,
         music="generated (seed 31): flute part, 64 bars of 2/4 in eighths, repeats and double bars",
         shape="single staff, many short bars, repeats"),
    dict(name="part-wide-bars", title='Violin part (wide bars)', composer='generated',
          src=("gen", lambda: gen_part("wide", 37)), page="letter", mm=7.0, vscale=45,
         music="generated (seed 37): violin part, 28 bars of 4/4 in sixteenths, double bar and repeat",
         shape="single staff, wide bars, repeat"),
]


def build_musicxml(piece, build):
    path = os.path.join(build, piece["name"] + ".musicxml")
    kind = piece["src"][0]
    if kind == "corpus":
        s = corpus_excerpt(*piece["src"][1:])
    else:
        s = piece["src"][1]()
    write_musicxml(s, path, piece["title"], piece["composer"], piece.get("strip_words", False))
    return path


def measure_numbers(xml_path):
    """MusicXML measure numbers of the first part, in order."""
    root = ET.parse(xml_path).getroot()
    part = root.find("part")
    return [m.get("number") for m in part.findall("measure")]


def set_page_layout(xml_path, out_path, page, mm, margin_mm=15.0):
    """Give the MusicXML an explicit page size and staff size (MuseScore honours <defaults>)."""
    w, h = PAGE_SIZES[page]
    tenths = 40.0
    t = lambda v: "%.2f" % (v / mm * tenths)
    txt = open(xml_path, encoding="utf-8").read()
    txt = re.sub(r"<defaults>.*?</defaults>\s*", "", txt, flags=re.S)
    m = margin_mm
    defaults = ("<defaults><scaling><millimeters>%.3f</millimeters><tenths>40</tenths></scaling>"
                "<page-layout><page-height>%s</page-height><page-width>%s</page-width>"
                "<page-margins type=\"both\"><left-margin>%s</left-margin><right-margin>%s</right-margin>"
                "<top-margin>%s</top-margin><bottom-margin>%s</bottom-margin></page-margins>"
                "</page-layout></defaults>\n" % (mm, t(h), t(w), t(m), t(m), t(m), t(m)))
    i = txt.find("<credit")
    if i < 0:
        i = txt.find("<part-list")
    txt = txt[:i] + defaults + txt[i:]
    open(out_path, "w", encoding="utf-8").write(txt)


# ----------------------------------------------------------------------------------------------
# Shared geometry helpers
# ----------------------------------------------------------------------------------------------

def r2(v):
    return round(v + 0.0, 2)


def cluster_intervals(iv, gap):
    """Merge [l, r] intervals whose gap is below `gap`; returns merged [l, r] sorted by l."""
    out = []
    for l, r in sorted(iv):
        if out and l - out[-1][1] < gap:
            out[-1][1] = max(out[-1][1], r)
        else:
            out.append([l, r])
    return out


def nearest_cluster(clusters, x):
    def dist(c):
        return 0.0 if c[0] <= x <= c[1] else min(abs(c[0] - x), abs(c[1] - x))
    return min(clusters, key=dist), min(dist(c) for c in clusters) if clusters else None


def pick_bar(clusters, prev, x_end, sp):
    """Centre of the bar line that ends a measure whose drawn extent ends at x_end: the cluster
    nearest x_end; if none is within 0.6 staff spaces (a courtesy clef/key/time signature after
    the system's last bar line), the rightmost cluster inside the measure. -> (x, note)"""
    if not clusters:
        return None, "no bar lines"
    c, d = nearest_cluster(clusters, x_end)
    if d <= 0.6 * sp:
        return (c[0] + c[1]) / 2, None
    inside = [c for c in clusters if prev + sp < (c[0] + c[1]) / 2 < x_end]
    if inside:
        c = max(inside, key=lambda c: c[1])
        return (c[0] + c[1]) / 2, "bar line %.1f sp before the measure end" % ((x_end - c[1]) / sp)
    return None, "no bar line near the measure end (d=%.1f sp)" % (d / sp)


def group_staves(ys, sp):
    """Staff-line y's (sorted) -> [(top, bottom, nlines)] of runs spaced ~sp apart."""
    staves = []
    for y in sorted(ys):
        if staves and y - staves[-1][-1] < 1.5 * sp:
            staves[-1].append(y)
        else:
            staves.append([y])
    return [(s[0], s[-1], len(s)) for s in staves]


def make_system(staves, left, right, bar_edges, numbers, warn, label):
    """bar_edges: list of (x_left, x_right) per measure in the system (already in pt)."""
    bars = [{"number": n, "left": r2(a), "right": r2(b)} for n, (a, b) in zip(numbers, bar_edges)]
    for b in bars:
        if b["right"] - b["left"] < 3:
            warn.append("%s: bar %s is only %.2f pt wide" % (label, b["number"], b["right"] - b["left"]))
    return {"top": r2(staves[0][0]), "bottom": r2(staves[-1][1]), "left": r2(left), "right": r2(right),
            "staves": [{"top": r2(t), "bottom": r2(b)} for t, b in staves], "bars": bars}


# ----------------------------------------------------------------------------------------------
# MuseScore 3
# ----------------------------------------------------------------------------------------------

MS_UNITS_PER_PT = 5.0      # SVG export is at 360 dpi
MPOS_PER_SVG = 10.0


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stdout[-3000:]))
    return r.stdout


def mscore(args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return run(["mscore3"] + args, env=env)


def fix_pdf_date(pdf):
    """Replace the PDF's creation date by a fixed one of the same length (offsets stay valid)."""
    b = open(pdf, "rb").read()
    b2 = re.sub(rb"/CreationDate \(D:\d{14}", b"/CreationDate (D:20000101000000", b)
    if b2 != b:
        open(pdf, "wb").write(b2)


def _points(s):
    return [tuple(map(float, p.split(","))) for p in s.split()]


def musescore_svg_page(path):
    """-> (staff lines [(y, x0, x1)], bar strokes [(x_left, x_right, y0, y1)]) in SVG units."""
    txt = open(path, encoding="utf-8").read()
    lines, bars = [], []
    for m in re.finditer(r"<polyline ([^>]*)/>", txt):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        cls = attrs.get("class")
        if cls not in ("StaffLines", "BarLine"):
            continue
        pts = _points(attrs["points"])
        (x0, y0), (x1, y1) = pts[0], pts[-1]
        w = float(attrs.get("stroke-width", "0"))
        if cls == "StaffLines" and abs(y0 - y1) < 1e-3:
            lines.append((y0, min(x0, x1), max(x0, x1)))
        elif cls == "BarLine" and abs(x0 - x1) < 1e-3:
            bars.append((x0 - w / 2, x0 + w / 2, min(y0, y1), max(y0, y1)))
    return lines, bars


def write_mss(path, page, margin_mm=15.0):
    """A MuseScore style file with just the page size and margins (inches)."""
    w, h = (v / 25.4 for v in PAGE_SIZES[page])
    m = margin_mm / 25.4
    fields = {"pageWidth": w, "pageHeight": h, "pagePrintableWidth": w - 2 * m}
    for side in ("Even", "Odd"):
        for edge in ("Left", "Top", "Bottom"):
            fields["page%s%sMargin" % (side, edge)] = m
    body = "".join("    <%s>%.4f</%s>\n" % (k, v, k) for k, v in fields.items())
    open(path, "w").write('<?xml version="1.0" encoding="UTF-8"?>\n<museScore version="3.01">\n  <Style>\n'
                          + body + "  </Style>\n</museScore>\n")


def musescore_truth(piece, xml, build, outdir, warn):
    name = piece["name"]
    src = os.path.join(build, name + ".ms.musicxml")
    set_page_layout(xml, src, piece["page"], piece["mm"])
    # MuseScore's MusicXML import takes the staff size from <defaults> but not the page size, and
    # `-S style` alone applies to the PDF only: so import once with the page style into .mscx,
    # then export PDF, SVG and positions from that one file (all three then share the layout).
    mss, mscx = os.path.join(build, name + ".mss"), os.path.join(build, name + ".mscx")
    write_mss(mss, piece["page"])
    mscore(["-S", mss, "-o", mscx, src])
    pdf = os.path.join(outdir, name + ".pdf")
    base = os.path.join(build, name)
    mscore(["-o", pdf, mscx])
    fix_pdf_date(pdf)
    mscore(["-o", base + ".svg", mscx])
    mscore(["-o", base + ".mpos", mscx])
    svg_w = float(re.search(r'<svg width="([\d.]+)px"', open(base + "-1.svg").read()).group(1))
    pw = page_size_pt(pdf, 1)[0]
    if abs(svg_w / MS_UNITS_PER_PT - pw) > 1:
        warn.append("%s: SVG width %.1f px is not %.1f pt x 5" % (name, svg_w, pw))
    numbers = measure_numbers(xml)
    mpos = ET.parse(base + ".mpos").getroot()
    elems = sorted(mpos.find("elements"), key=lambda e: int(e.get("id")))
    if len(elems) != len(numbers):
        warn.append("%s: mpos has %d measures, MusicXML %d" % (name, len(elems), len(numbers)))
    npages = int(re.search(r"Pages:\s+(\d+)", run(["pdfinfo", pdf])).group(1))
    # systems: runs of consecutive measures with the same (page, y)
    systems = []
    for i, e in enumerate(elems):
        key = (int(e.get("page")), round(float(e.get("y")), 1))
        x, sx = float(e.get("x")) / MPOS_PER_SVG, float(e.get("sx")) / MPOS_PER_SVG
        sy = float(e.get("sy")) / MPOS_PER_SVG
        if systems and systems[-1]["key"] == key:
            systems[-1]["meas"].append((i, x, x + sx))
        else:
            systems.append({"key": key, "y": key[1] / MPOS_PER_SVG, "h": sy, "meas": [(i, x, x + sx)]})
    pages = []
    k = 1.0 / MS_UNITS_PER_PT
    for pno in range(npages):
        svg = "%s-%d.svg" % (base, pno + 1)
        lines, strokes = musescore_svg_page(svg) if os.path.exists(svg) else ([], [])
        out = []
        for s in (s for s in systems if s["key"][0] == pno):
            y0, y1 = s["y"], s["y"] + s["h"]
            xl, xr = s["meas"][0][1], s["meas"][-1][2]
            sl = [l for l in lines if y0 - 5 <= l[0] <= y1 + 5 and l[1] < xr and l[2] > xl]
            if not sl:
                warn.append("%s p%d: no staff lines for system at y=%.1f" % (name, pno + 1, y0))
                continue
            ys = sorted(set(round(l[0], 3) for l in sl))
            sp = min(b - a for a, b in zip(ys, ys[1:])) if len(ys) > 1 else 20
            staves = group_staves(ys, sp)
            for t, b, n in staves:
                if n != 5:
                    warn.append("%s p%d: staff with %d lines at y=%.1f" % (name, pno + 1, n, t))
            left = min(l[1] for l in sl)
            right = max(l[2] for l in sl)
            st = [b for b in strokes if b[3] > y0 - 5 and b[2] < y1 + 5 and left - 5 <= b[0] <= right + 5]
            clusters = cluster_intervals([(b[0], b[1]) for b in st], gap=1.0 * sp)
            edges, prev = [], left
            for j, (i, mx0, mx1) in enumerate(s["meas"]):
                xr_, note = pick_bar(clusters, prev, mx1, sp)
                if note:
                    warn.append("%s p%d bar %s: %s" % (name, pno + 1, numbers[i], note))
                if xr_ is None:
                    xr_ = mx1
                edges.append((prev * k, xr_ * k))
                prev = xr_
            nums = [numbers[i] if i < len(numbers) else str(i + 1) for i, _, _ in s["meas"]]
            out.append(make_system([(t * k, b * k) for t, b, _ in staves], left * k, right * k, edges, nums,
                                   warn, "%s p%d" % (name, pno + 1)))
        out.sort(key=lambda s: s["top"])
        pages.append({"page": pno + 1, "systems": out})
    return pdf, pages


# ----------------------------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------------------------

def dump_truth(path, head, pages):
    """The truth as scripts/layout_json.py writes layouts: compact, one line per system; header fields first."""
    with open(path, "w", encoding="utf-8") as fp:
        dump_layout({"pages": pages}, fp, head)


# ----------------------------------------------------------------------------------------------
# Verovio
# ----------------------------------------------------------------------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def _cls(e):
    return (e.get("class") or "").split()


def _iter_class(e, cls):
    for x in e.iter(SVG_NS + "g"):
        if cls in _cls(x):
            yield x


def _hline(d):
    m = re.fullmatch(r"\s*M\s*(-?[\d.]+)[ ,](-?[\d.]+)\s*L\s*(-?[\d.]+)[ ,](-?[\d.]+)\s*", d or "")
    return tuple(map(float, m.groups())) if m else None


def verovio_page_geometry(svg_text, page_w_pt):
    """-> (scale pt/unit, offset (ox, oy) units, systems [{measures: [{x0,x1,staves:[(t,b,n)],
    strokes:[(l,r)]}]}]) from one Verovio SVG page."""
    root = ET.fromstring(svg_text)
    inner = next(e for e in root.iter(SVG_NS + "svg") if "definition-scale" in _cls(e))
    vb = list(map(float, inner.get("viewBox").split()))
    scale = page_w_pt / vb[2]
    margin = next(_iter_class(root, "page-margin"))
    ox, oy = map(float, re.match(r"translate\((-?[\d.]+),\s*(-?[\d.]+)\)", margin.get("transform")).groups())
    ox -= vb[0]
    oy -= vb[1]
    systems = []
    for sysg in _iter_class(margin, "system"):
        meas = []
        for mg in _iter_class(sysg, "measure"):
            staves, x0s, x1s = [], [], []
            for sg in mg:
                if sg.tag != SVG_NS + "g" or "staff" not in _cls(sg):
                    continue
                ys = []
                for pth in sg.findall(SVG_NS + "path"):
                    h = _hline(pth.get("d"))
                    if h and abs(h[1] - h[3]) < 1e-6:
                        ys.append(h[1])
                        x0s.append(min(h[0], h[2]))
                        x1s.append(max(h[0], h[2]))
                if ys:
                    staves.append((min(ys), max(ys), len(ys)))
            strokes = []
            for bg in _iter_class(mg, "barLine"):
                for el in bg.iter():
                    if el.tag == SVG_NS + "path":
                        h = _hline(el.get("d"))
                        if h and abs(h[0] - h[2]) < 1e-6:
                            w = float(el.get("stroke-width", "0"))
                            strokes.append((h[0] - w / 2, h[0] + w / 2))
                    elif el.tag == SVG_NS + "rect":
                        x, w = float(el.get("x")), float(el.get("width"))
                        h_ = float(el.get("height"))
                        if h_ > 2 * w:      # a thick bar, not a dot
                            strokes.append((x, x + w))
            if staves:
                meas.append({"id": mg.get("id"), "x0": min(x0s), "x1": max(x1s), "staves": staves,
                             "strokes": strokes})
        if meas:
            systems.append({"measures": meas})
    return scale, (ox, oy), systems


def verovio_truth(piece, xml, build, outdir, warn):
    import verovio
    name = piece["name"]
    wmm, hmm = PAGE_SIZES[piece["page"]]
    wpt, hpt = wmm * PT_PER_MM, hmm * PT_PER_MM
    tk = verovio.toolkit()
    tk.setOptions({"pageWidth": int(round(wmm * 10)), "pageHeight": int(round(hmm * 10)),
                   "pageMarginLeft": 50, "pageMarginRight": 50, "pageMarginTop": 50, "pageMarginBottom": 50,
                   "scale": piece["vscale"], "adjustPageHeight": False, "breaks": "auto",
                   "condense": "none", "footer": "none", "svgViewBox": True, "svgRemoveXlink": True})
    if not tk.loadFile(xml):
        raise RuntimeError("verovio could not load " + xml)
    numbers = measure_numbers(xml)
    svgs, pages, mi = [], [], 0
    for pno in range(1, tk.getPageCount() + 1):
        svg = tk.renderToSVG(pno)
        # SMuFL text glyphs (e.g. the note in a metronome mark) use a web font that rsvg cannot
        # load: it would draw a huge "missing glyph" box. Drop them (text only, not layout).
        svg = re.sub(r'<tspan[^>]*font-family="Leipzig"[^>]*>[^<]*</tspan>', "", svg)
        svg = svg.replace("<svg viewBox=", '<svg width="%.3fpt" height="%.3fpt" viewBox=' % (wpt, hpt), 1)
        path = os.path.join(build, "%s-v%d.svg" % (name, pno))
        open(path, "w", encoding="utf-8").write(svg)
        svgs.append(path)
        k, (ox, oy), systems = verovio_page_geometry(svg, wpt)
        X = lambda u: (u + ox) * k
        Y = lambda u: (u + oy) * k
        out = []
        for s in systems:
            ms = s["measures"]
            st0 = ms[0]["staves"]
            for m in ms:
                if [round(a) for a, _, _ in m["staves"]] != [round(a) for a, _, _ in st0]:
                    warn.append("%s p%d: measure %s has different staves" % (name, pno, m["id"]))
            for t, b, n in st0:
                if n != 5:
                    warn.append("%s p%d: staff with %d lines" % (name, pno, n))
            sp = (st0[0][1] - st0[0][0]) / max(1, st0[0][2] - 1)
            clusters = cluster_intervals([st for m in ms for st in m["strokes"]], gap=1.0 * sp)
            edges, prev = [], ms[0]["x0"]
            for m in ms:
                xr, note = pick_bar(clusters, prev, m["x1"], sp)
                if note:
                    warn.append("%s p%d measure %s: %s" % (name, pno, m["id"], note))
                if xr is None:
                    xr = m["x1"]
                edges.append((X(prev), X(xr)))
                prev = xr
            nums = []
            for _ in ms:
                nums.append(numbers[mi] if mi < len(numbers) else str(mi + 1))
                mi += 1
            out.append(make_system([(Y(t), Y(b)) for t, b, _ in st0], X(ms[0]["x0"]), X(ms[-1]["x1"]),
                                   edges, nums, warn, "%s p%d" % (name, pno)))
        pages.append({"page": pno, "systems": out})
    if mi != len(numbers):
        warn.append("%s: verovio drew %d measures, MusicXML has %d" % (name, mi, len(numbers)))
    pdf = os.path.join(outdir, name + ".pdf")
    run(["rsvg-convert", "-f", "pdf", "-o", pdf] + svgs)
    fix_pdf_date(pdf)
    return pdf, pages


# ----------------------------------------------------------------------------------------------
# LilyPond (sources in scripts/corpus/, truth through scripts/extract-layout.py)
# ----------------------------------------------------------------------------------------------

LILY_DIR = os.path.join(ROOT, "scripts", "corpus")
SOURCE_DATE_EPOCH = "946684800"     # 2000-01-01

LILY_PIECES = [
    dict(name="quartet", ly="quartet.ly", page="a4",
         music="generated (scripts/corpus/gen-ly.py, seed 201): string quartet, 44 bars of random lines in D major",
         shape="string quartet, 4 staves, bracket, 2 pages"),
    dict(name="orchestra", ly="orchestra.ly", page="a4",
         music="generated (seed 202): oboes, horns (StaffGroup), SATB (ChoirStaff), strings (StaffGroup), "
               "organ (PianoStaff in a StaffGroup); 8 bars",
         shape="orchestral, 12 staves in 4 groups (brackets, brace), bar lines broken between groups, staff size 13"),
    dict(name="lied", ly="lied.ly", page="a4",
         music="generated (seed 203): voice and piano in G major, 3/4, words of Goethe's \"Heidenröslein\"",
         shape="lied, voice with lyrics + piano grand staff (3 staves)"),
    dict(name="part", ly="part.ly", page="a4",
         music="generated (seed 204): flute part, 72 bars of 2/4, volta repeats (one with 1st/2nd ending), "
               "double bars, key changes C-D-C",
         shape="single staff, many short bars, repeats, double bars, key change"),
    dict(name="piano-small", ly="piano-small.ly", page="letter",
         music="generated (seed 205): waltz for piano in F major, 48 bars",
         shape="solo piano, grand staff, staff size 16"),
]


def fix_lily_pdf(pdf):
    """LilyPond (Ghostscript) writes a random /ID: replace it by an MD5 of the rest of the file
    (same length, so the xref offsets stay valid)."""
    import hashlib
    b = open(pdf, "rb").read()
    pat = rb"/ID \[<[0-9A-Fa-f]{32}><[0-9A-Fa-f]{32}>\]"
    blank = re.sub(pat, b"/ID []", b)
    h = hashlib.md5(blank).hexdigest().upper().encode()
    b2 = re.sub(pat, b"/ID [<" + h + b"><" + h + b">]", b)
    if b2 != b:
        open(pdf, "wb").write(b2)


def _extract_layout_module():
    import importlib.util
    import sys
    scripts = os.path.join(ROOT, "scripts")
    if scripts not in sys.path:
        sys.path.insert(0, scripts)          # extract-layout.py imports layout_json
    spec = importlib.util.spec_from_file_location("extract_layout", os.path.join(scripts, "extract-layout.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def lilypond_truth(piece, build, outdir, warn):
    name = piece["name"]
    ly = os.path.join(LILY_DIR, piece["ly"])
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    run(["lilypond", "-s", "-dno-point-and-click", "-o", os.path.join(build, name), ly], env=env)
    pdf = os.path.join(outdir, name + ".pdf")
    shutil.copyfile(os.path.join(build, name + ".pdf"), pdf)
    fix_lily_pdf(pdf)
    svgdir = os.path.join(build, "svg-" + name)
    shutil.rmtree(svgdir, ignore_errors=True)
    os.makedirs(svgdir)
    run(["lilypond", "-s", "-dbackend=svg", "-dno-point-and-click",
         "-dinclude-settings=" + os.path.join(ROOT, "scripts", "layout-tags.ily"),
         "-o", os.path.join(svgdir, name), ly], env=env)
    ex = _extract_layout_module()
    pdf_pages = ex.pdf_objects(pdf)
    n = len(pdf_pages)
    files = [os.path.join(svgdir, name + ".svg")] if n == 1 else \
        [os.path.join(svgdir, "%s-%d.svg" % (name, i)) for i in range(1, n + 1)]
    if os.path.exists(os.path.join(svgdir, "%s-%d.svg" % (name, n + 1))):
        raise RuntimeError("%s: the SVG has more pages than the PDF (%d)" % (name, n))
    errors, counter, stats, pages = [], [0], {}, []
    for i, f in enumerate(files, 1):
        out = []
        for s in ex.page_layout(f, i, counter, errors, pdf_pages[i - 1], stats):
            if any(k != 5 for k in s["_lines"]):
                warn.append("%s p%d: staff with %s lines" % (name, i, s["_lines"]))
            out.append({"top": s["top"], "bottom": s["bottom"], "left": s["_left"], "right": s["_right"],
                        "staves": s["staves"],
                        "bars": [{"number": b["number"], "left": b["left"], "right": b["right"]} for b in s["bars"]]})
        pages.append({"page": i, "systems": out})
    if errors:
        raise RuntimeError("%s: extract-layout found:\n  %s" % (name, "\n  ".join(errors)))
    warn.append("%s (lilypond): SVG->PDF corrections max |dy| %.2f pt, max |dx| %.3f pt"
                % (name, stats.get("dy", 0), stats.get("dx", 0)))
    return pdf, pages


# ----------------------------------------------------------------------------------------------
# Self-check of a truth against the rendered PDF (not a detector: it only measures how far each
# truth line is from the nearest fully inked row/column of the page as poppler renders it)
# ----------------------------------------------------------------------------------------------

def check_truth(pdf, layout, dpi=288, dark=140):
    """-> list of (what, distance pt) for the worst staff-line and bar-line offsets per page."""
    import numpy as np
    from PIL import Image
    k = dpi / 72.0
    worst = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in layout["pages"]:
            if not page["systems"]:
                continue
            n = page["page"]
            run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(n), "-l", str(n), pdf, os.path.join(tmp, "p")])
            f = [x for x in os.listdir(tmp) if x.endswith(".pgm")][0]
            a = np.asarray(Image.open(os.path.join(tmp, f))) < dark
            os.remove(os.path.join(tmp, f))
            ws, wb = (0.0, ""), (0.0, "")
            for s in page["systems"]:
                xl, xr = int(s["left"] * k) + 3, int(s["right"] * k) - 3
                for st in s["staves"]:
                    for y in (st["top"], st["bottom"]):
                        best = 99.0
                        for dy in range(-int(2 * k), int(2 * k) + 1):
                            row = int(round(y * k - 0.5)) + dy
                            if 0 <= row < a.shape[0] and a[row, xl:xr].mean() > 0.8:
                                best = min(best, abs((row + 0.5) / k - y))
                        if best > ws[0]:
                            ws = (best, "p%d staff y=%.2f" % (n, y))
                for b in s["bars"]:
                    x = b["right"]
                    best = 99.0
                    for dx in range(-int(3 * k), int(3 * k) + 1):
                        col = int(round(x * k - 0.5)) + dx
                        if not 0 <= col < a.shape[1]:
                            continue
                        ok = all(a[int(st["top"] * k) + 1:int(st["bottom"] * k), col].mean() > 0.9
                                 for st in s["staves"])
                        if ok:
                            best = min(best, abs((col + 0.5) / k - x))
                    if best > wb[0]:
                        wb = (best, "p%d bar %s x=%.2f" % (n, b["number"], x))
            worst.append((n, ws, wb))
    return worst


# ----------------------------------------------------------------------------------------------
# Scans
# ----------------------------------------------------------------------------------------------

SCAN_DPI = 300

# (kind, engraver folder or "lilypond", source name, page, angle deg ccw, seed, what it does)
SCANS = [
    ("rot", "musescore", "bach-bwv66-6", 1, 1.2, 101, "rotated 1.2 deg, grey noise, slight blur, JPEG q60"),
    ("rot", "verovio", "haydn-op74-1-i", 2, -0.8, 102, "rotated -0.8 deg (letter page), noise, blur, JPEG q60"),
    ("grey", "musescore", "schubert-lindenbaum", 1, 0.6, 103,
     "grey, unevenly shaded paper with faint mirrored show-through of page 2, rotated 0.6 deg, JPEG q60"),
    ("faint", "verovio", "part-short-bars", 1, -1.5, 104,
     "faint print with broken staff lines (random drop-outs), rotated -1.5 deg, JPEG q60"),
    ("noisy", "musescore", "orchestra", 1, 1.5, 105, "strong grain and dust, more blur, rotated 1.5 deg, JPEG q60"),
    ("jpeg", "verovio", "mozart-k545-i", 1, -1.0, 106, "rotated -1.0 deg, blur, heavy JPEG (q35)"),
    ("rot", "lilypond", "chorale", 2, 0.9, 107,
     "LilyPond (Scores/chorale.pdf p2), rotated 0.9 deg, noise, blur, JPEG q60"),
    ("skew", "musescore", "satb-piano", 1, -1.3, 108, "letter page rotated -1.3 deg, noise, blur, JPEG q60"),
]


def rotate_point(x, y, angle, pw, ph):
    """Where the content at (x, y) pt lands after the page is rotated by `angle` degrees
    counter-clockwise about its centre (y down), as PIL's Image.rotate does."""
    cx, cy = pw / 2, ph / 2
    t = math.radians(angle)
    dx, dy = x - cx, y - cy
    return (cx + dx * math.cos(t) + dy * math.sin(t), cy - dx * math.sin(t) + dy * math.cos(t))


def transform_page(page, angle, pw, ph):
    """The scripts/make-scanned.py rule: systems and staves move vertically with their centre
    point, bar x (and the system's left/right) is the rotated point at the system's middle."""
    rp = lambda x, y: rotate_point(x, y, angle, pw, ph)
    systems = []
    for s in page["systems"]:
        bars = s.get("bars", [])
        left = s.get("left", bars[0]["left"] if bars else pw * 0.1)
        right = s.get("right", bars[-1]["right"] if bars else pw * 0.9)
        xm, ym = (left + right) / 2, (s["top"] + s["bottom"]) / 2
        dy = rp(xm, ym)[1] - ym
        ns = {"top": r2(s["top"] + dy), "bottom": r2(s["bottom"] + dy),
              "left": r2(rp(left, ym)[0]), "right": r2(rp(right, ym)[0]), "staves": []}
        for st in s["staves"]:
            sm = (st["top"] + st["bottom"]) / 2
            sdy = rp(xm, sm)[1] - sm
            ns["staves"].append({"top": r2(st["top"] + sdy), "bottom": r2(st["bottom"] + sdy)})
        ns["bars"] = [{"number": b["number"], "left": r2(rp(b["left"], ym)[0]),
                       "right": r2(rp(b["right"], ym)[0])} for b in bars]
        systems.append(ns)
    return {"page": 1, "systems": systems}


def page_size_pt(pdf, page):
    out = run(["pdfinfo", "-f", str(page), "-l", str(page), pdf])
    m = re.search(r"Page\s+%d size:\s+([\d.]+) x ([\d.]+)" % page, out) or re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", out)
    return float(m.group(1)), float(m.group(2))


def raster(pdf, page, tmp):
    import numpy as np
    from PIL import Image
    prefix = os.path.join(tmp, "r%d" % page)
    run(["pdftoppm", "-r", str(SCAN_DPI), "-gray", "-singlefile", "-f", str(page), "-l", str(page), pdf, prefix])
    return np.asarray(Image.open(prefix + ".pgm")).astype(np.float32)


def degrade(kind, pdf, page, angle, seed, tmp):
    import numpy as np
    from PIL import Image, ImageFilter
    rng = np.random.default_rng(seed)
    a = raster(pdf, page, tmp)
    h, w = a.shape
    if kind == "faint":
        # faint print; staff lines broken by short random drop-outs (white dashes)
        a = 255 - (255 - a) * 0.55
        for _ in range(int(w * h * 0.00025)):
            y, x = rng.integers(0, h - 6), rng.integers(0, w - 30)
            a[y:y + rng.integers(3, 7), x:x + rng.integers(4, 25)] = 255
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    img = img.rotate(angle, resample=Image.BICUBIC, center=(w / 2, h / 2), fillcolor=255)
    blur = {"noisy": 1.2, "jpeg": 1.0}.get(kind, 0.8)
    a = np.asarray(img.filter(ImageFilter.GaussianBlur(blur))).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "grey":
        other = raster(pdf, page + 1, tmp)[:, ::-1]          # the back page, mirrored
        other = np.asarray(Image.fromarray(other.astype(np.uint8)).filter(ImageFilter.GaussianBlur(2.5)))
        other = other[:h, :w].astype(np.float32)
        if other.shape != a.shape:
            other = np.pad(other, ((0, h - other.shape[0]), (0, w - other.shape[1])), constant_values=255)
        a = np.minimum(a, 255 - (255 - other) * 0.13)
        paper = 205 + 18 * np.sin(xx / w * 2.1 + 0.4) * np.cos(yy / h * 1.7) - 20 * (yy / h)
        a = a * (paper / 255.0)
    else:
        a -= 8 * (xx / w) + 5 * (yy / h)
    a += rng.normal(0, 11 if kind == "noisy" else 5, a.shape)
    n = int(w * h * (0.00012 if kind == "noisy" else 0.00002))
    ys, xs, ss = rng.integers(0, h - 4, n), rng.integers(0, w - 4, n), rng.integers(1, 5, n)
    for y, x, s in zip(ys, xs, ss):
        a[y:y + s, x:x + s] = rng.uniform(30, 120)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=35 if kind == "jpeg" else 60, dpi=(SCAN_DPI, SCAN_DPI))
    return buf.getvalue()


def make_scan(spec, warn):
    import img2pdf
    kind, eng, name, page, angle, seed, what = spec
    if eng == "lilypond":
        pdf = os.path.join(ROOT, "Scores", name + ".pdf")
        layout = json.load(open(os.path.join(ROOT, "Scores", name + ".layout.json")))
        source = "LilyPond engraving from the repo: Scores/%s.pdf (truth Scores/%s.layout.json; left/right taken" \
                 " from the first bar's left and last bar's right)" % (name, name)
        engraver = "lilypond"
    else:
        pdf = os.path.join(OUT, eng, name + ".pdf")
        layout = json.load(open(os.path.join(OUT, eng, name + ".layout.json")))
        source = "%s/%s.pdf page %d: %s" % (eng, name, page, layout.get("source", ""))
        engraver = layout["engraver"]
    pw, ph = page_size_pt(pdf, page)
    with tempfile.TemporaryDirectory() as tmp:
        jpg = degrade(kind, pdf, page, angle, seed, tmp)
    out = os.path.join(OUT, "scans", "scan-%s-%s-%s" % (kind, eng, name))
    layout_fun = img2pdf.get_layout_fun((pw, ph), fit=img2pdf.FitMode.exact)
    with open(out + ".pdf", "wb") as fp:
        fp.write(img2pdf.convert([jpg], layout_fun=layout_fun, nodate=True, engine=img2pdf.Engine.internal))
    src_page = next(p for p in layout["pages"] if p["page"] == page)
    head = {"engraver": engraver, "source": source, "scan": kind,
            "degradation": what + "; 300 dpi, page %d of the original" % page, "rotation_deg": angle}
    dump_truth(out + ".layout.json", head, [transform_page(src_page, angle, pw, ph)])
    return out + ".pdf"


# Second set: other resolutions and degradations, from pages of all three engravers (the
# "lilypond" engraver here means Corpus/lilypond/, not Scores/).
# (kind, engraver folder, source name, page, angle deg ccw, seed, dpi, JPEG quality, what)
SCANS2 = [
    ("dpi200", "lilypond", "quartet", 1, 0.7, 201, 200, 60,
     "200 dpi, rotated 0.7 deg, noise, slight blur, JPEG q60"),
    ("dpi400", "musescore", "joplin-maple-leaf", 1, -0.5, 202, 400, 50,
     "400 dpi (letter page), rotated -0.5 deg, light noise, slight blur, JPEG q50"),
    ("rot2", "verovio", "monteverdi-madrigal-3-1", 1, 2.0, 203, 300, 60,
     "rotated 2.0 deg, noise, blur, JPEG q60"),
    ("blur", "lilypond", "lied", 1, -0.6, 204, 300, 60,
     "strong blur (Gaussian sigma 2.6 px at 300 dpi: staff lines grey, about 115/255, and about 4x thicker), "
     "rotated -0.6 deg, noise, JPEG q60"),
    ("photo", "musescore", "haydn-op74-1-i", 2, 0.8, 205, 300, 60,
     "photo-like: dark, uneven background (vignette, brighter in the middle, darker at the right "
     "and bottom), lower contrast, rotated 0.8 deg, noise, blur, JPEG q60"),
    ("salt", "lilypond", "part", 1, -0.9, 206, 300, 60,
     "salt-and-pepper noise (about 0.4% of the pixels) and black blotches in the margins, "
     "rotated -0.9 deg, slight blur, JPEG q60"),
]


def raster_at(pdf, page, tmp, dpi):
    import numpy as np
    from PIL import Image
    prefix = os.path.join(tmp, "s%d-%d" % (page, dpi))
    run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", "-f", str(page), "-l", str(page), pdf, prefix])
    return np.asarray(Image.open(prefix + ".pgm")).astype(np.float32)


def degrade2(spec, pdf, layout_page, tmp):
    """The SCANS2 degradations. -> JPEG bytes."""
    import numpy as np
    from PIL import Image, ImageFilter
    kind, eng, name, page, angle, seed, dpi, quality, what = spec
    rng = np.random.default_rng(seed)
    a = raster_at(pdf, page, tmp, dpi)
    h, w = a.shape
    k = dpi / 72.0
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    img = img.rotate(angle, resample=Image.BICUBIC, center=(w / 2, h / 2), fillcolor=255)
    blur = {"blur": 2.6, "dpi200": 0.5, "dpi400": 0.9, "salt": 0.6}.get(kind, 0.8)
    a = np.asarray(img.filter(ImageFilter.GaussianBlur(blur))).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "blur":
        a = 255 - (255 - a) * 1.25            # keep the smeared lines visible but grey
    if kind == "photo":
        r2_ = ((xx / w - 0.5) / 0.55) ** 2 + ((yy / h - 0.45) / 0.6) ** 2
        paper = 215 * np.exp(-0.9 * r2_) - 35 * (xx / w) - 30 * (yy / h) + 25
        paper = np.clip(paper, 60, 230)
        a = 30 + (a / 255.0) * (paper - 30)    # ink stays dark grey, paper follows the light
    else:
        a -= 8 * (xx / w) + 5 * (yy / h)
    a += rng.normal(0, {"dpi400": 3, "photo": 6, "salt": 3}.get(kind, 5), a.shape)
    if kind == "salt":
        m = rng.random(a.shape)
        a[m < 0.002] = 0
        a[m > 0.998] = 255
        # black blotches only in the margins: outside the (rotated) systems' box by >= 20 pt
        sy = [s for s in layout_page["systems"]]
        x0 = min(s["left"] for s in sy) * k - 20 * k
        x1 = max(s["right"] for s in sy) * k + 20 * k
        y1 = max(s["bottom"] for s in sy) * k + 30 * k
        spots = []
        for _ in range(4):
            spots.append((rng.uniform(0.15, 0.85) * x0, rng.uniform(0.1, 0.9) * h))
        for _ in range(3):
            spots.append((x1 + rng.uniform(0.15, 0.85) * (w - x1), rng.uniform(0.1, 0.9) * h))
        if y1 < h - 20 * k:
            for _ in range(2):
                spots.append((rng.uniform(0.2, 0.8) * w, y1 + rng.uniform(0.3, 0.7) * (h - y1)))
        for cx, cy in spots:
            rx, ry = rng.uniform(3, 9) * k, rng.uniform(3, 9) * k
            blob = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 + \
                0.25 * np.sin(xx / (1.7 * k) + cy) * np.cos(yy / (1.3 * k) + cx)
            a[blob < 1] = rng.uniform(0, 25)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, dpi=(dpi, dpi))
    return buf.getvalue()


def make_scan2(spec, warn):
    import img2pdf
    kind, eng, name, page, angle, seed, dpi, quality, what = spec
    pdf = os.path.join(OUT, eng, name + ".pdf")
    layout = json.load(open(os.path.join(OUT, eng, name + ".layout.json")))
    source = "%s/%s.pdf page %d: %s" % (eng, name, page, layout.get("source", ""))
    pw, ph = page_size_pt(pdf, page)
    src_page = next(p for p in layout["pages"] if p["page"] == page)
    with tempfile.TemporaryDirectory() as tmp:
        jpg = degrade2(spec, pdf, src_page, tmp)
    out = os.path.join(OUT, "scans", "scan-%s-%s-%s" % (kind, eng, name))
    layout_fun = img2pdf.get_layout_fun((pw, ph), fit=img2pdf.FitMode.exact)
    with open(out + ".pdf", "wb") as fp:
        fp.write(img2pdf.convert([jpg], layout_fun=layout_fun, nodate=True, engine=img2pdf.Engine.internal))
    if os.path.getsize(out + ".pdf") > 1100000:
        warn.append("%s.pdf is %d bytes" % (out, os.path.getsize(out + ".pdf")))
    head = {"engraver": layout["engraver"], "source": source, "scan": kind,
            "degradation": what + "; page %d of the original" % page, "rotation_deg": angle, "dpi": dpi}
    dump_truth(out + ".layout.json", head, [transform_page(src_page, angle, pw, ph)])
    return out + ".pdf"


# ----------------------------------------------------------------------------------------------
# README and main
# ----------------------------------------------------------------------------------------------

ENGRAVER_NAMES = {"musescore": "MuseScore 3 (mscore3)", "verovio": "Verovio (Python toolkit) + rsvg-convert",
                  "lilypond": "LilyPond 2.24.1 (Debian)"}


def summary(layout):
    pages = layout["pages"]
    per_page = [len(p["systems"]) for p in pages]
    staves = sorted({len(s["staves"]) for p in pages for s in p["systems"]})
    bars = sum(len(s["bars"]) for p in pages for s in p["systems"])
    return len(pages), per_page, staves, bars


def write_readme(rows, scan_rows):
    L = ["# Detector test corpus (other engravers)", "",
         "Score PDFs engraved by MuseScore 3, Verovio and LilyPond (plus scanned-looking, image-only copies), each",
         "with its ground-truth layout `NAME.layout.json` next to `NAME.pdf`, for measuring the",
         "system / staff / bar-line detector by F1. Generated by `scripts/make-corpus.py` (see its header",
         "for what it needs and exactly how the truth is taken); do not edit by hand.", "",
         "Truth format: PDF points, origin top-left of the page as poppler renders it, y down;",
         "`{\"engraver\", \"source\", \"pages\":[{\"page\", \"systems\":[{\"top\",\"bottom\",\"left\",\"right\",",
         "\"staves\":[{\"top\",\"bottom\"}], \"bars\":[{\"number\",\"left\",\"right\"}]}]}]}` where staff top/bottom",
         "are the centres of its top/bottom lines, left/right the ends of the staff lines, and bar",
         "boundaries the centres of the bar lines (a double, final or repeat bar line is one boundary at",
         "the centre of the whole glyph without dots; the first bar starts at the staff lines' left end;",
         "a bar line right after the clef/key at a system start, e.g. a start repeat, is no boundary).",
         "Scans add `\"scan\"` (the kind), `\"degradation\"` and `\"rotation_deg\"` (the second set also `\"dpi\"`).",
         "The truth comes from the engraver's own geometry (MuseScore's SVG + .mpos export, Verovio's",
         "SVG; for LilyPond the SVG backend tagged by `scripts/layout-tags.ily` says which strokes are",
         "staff and bar lines and `scripts/extract-layout.py` takes their positions from the PDF's own",
         "vector strokes), never from a detector. Checked with `make-corpus.py --check`: on every page of the",
         "vector PDFs each staff line lies within 0.25 pt of a fully inked row of the 288-dpi",
         "rendering and each single or final bar line within 0.4 pt of a fully inked column (double",
         "and repeat bar lines: about 1 pt, the truth being the middle of the glyph); overlays from",
         "`scripts/draw-layout.py` were inspected by eye for MuseScore, Verovio, LilyPond and scans.",
         "(LilyPond pages: staff lines within 0.12 pt, single/final bar lines within 0.12 pt, a double",
         "bar line 0.88 pt.)", "",
         "The music is public domain (music21's bundled corpus, composers long dead) or generated",
         "at random with fixed seeds. The LilyPond pieces are `scripts/corpus/*.ly`, written by",
         "`scripts/corpus/gen-ly.py` (fixed seeds; the lied sets words of Goethe's \"Heidenröslein\").", "",
         "| file | engraver | music | shape | page size | pages | systems per page | staves per system | bars |",
         "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        L.append("| `%s` | %s | %s | %s | %s | %d | %s | %s | %d |" % r)
    L += ["", "## Scans (`scans/`)", "",
          "Each is one page, rasterised at 300 dpi (the `dpi200` / `dpi400` scans: 200 / 400 dpi) from the",
          "PDF named in its `source`, rotated about the",
          "page centre, degraded, saved as JPEG and wrapped as an image-only PDF of the original page size",
          "(img2pdf). The truth is the source page's truth moved by the same rotation: systems and staves",
          "shift vertically with their centre point, bar x (and left/right) is the rotated point at the",
          "system's vertical middle; so a tilted staff line drifts from the axis-aligned truth by up to",
          "about sin(angle) x half the system width (about 6 pt at 1.5 deg) at the system's ends.", "",
          "| file | from | shape | systems | staves per system | degradation |",
          "| --- | --- | --- | --- | --- | --- |"]
    for r in scan_rows:
        L.append("| `%s` | %s | %s | %s | %s | %s |" % r)
    open(os.path.join(OUT, "README.md"), "w").write("\n".join(L) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="comma-separated piece names")
    ap.add_argument("--engravers", default="musescore,verovio,lilypond,scans")
    ap.add_argument("--keep-build", default="", help="keep intermediate MusicXML/SVG here")
    ap.add_argument("--check", action="store_true", help="measure truth vs rendering of the vector PDFs")
    a = ap.parse_args()
    only = {x for x in a.only.split(",") if x}
    engravers = a.engravers.split(",")
    build = a.keep_build or tempfile.mkdtemp(prefix="corpus-")
    os.makedirs(build, exist_ok=True)
    warn = []
    for eng in ("musescore", "verovio", "lilypond"):
        if eng in engravers:
            os.makedirs(os.path.join(OUT, eng), exist_ok=True)
    try:
        for piece in PIECES:
            if only and piece["name"] not in only:
                continue
            xml = build_musicxml(piece, build)
            for eng in ("musescore", "verovio"):
                if eng not in engravers:
                    continue
                fn = musescore_truth if eng == "musescore" else verovio_truth
                pdf, pages = fn(piece, xml, build, os.path.join(OUT, eng), warn)
                head = {"engraver": "musescore3" if eng == "musescore" else "verovio", "source": piece["music"]}
                dump_truth(pdf[:-4] + ".layout.json", head, pages)
                print("%-10s %-26s %d pages, systems %s" % (eng, piece["name"], len(pages),
                                                            [len(p["systems"]) for p in pages]))
                if a.check:
                    for n, ws, wb in check_truth(pdf, {"pages": pages}):
                        print("    p%d worst staff line %.2f pt (%s), bar line %.2f pt (%s)" % (n, ws[0], ws[1], wb[0], wb[1]))
        if "lilypond" in engravers:
            for piece in LILY_PIECES:
                if only and piece["name"] not in only:
                    continue
                pdf, pages = lilypond_truth(piece, build, os.path.join(OUT, "lilypond"), warn)
                head = {"engraver": "lilypond", "source": piece["music"] + " -- scripts/corpus/" + piece["ly"]}
                dump_truth(pdf[:-4] + ".layout.json", head, pages)
                print("%-10s %-26s %d pages, systems %s" % ("lilypond", piece["name"], len(pages),
                                                            [len(p["systems"]) for p in pages]))
                if a.check:
                    for n, ws, wb in check_truth(pdf, {"pages": pages}):
                        print("    p%d worst staff line %.2f pt (%s), bar line %.2f pt (%s)" % (n, ws[0], ws[1], wb[0], wb[1]))
        if "scans" in engravers:
            os.makedirs(os.path.join(OUT, "scans"), exist_ok=True)
            for spec in SCANS:
                if only and spec[2] not in only:
                    continue
                print("scan", make_scan(spec, warn))
            for spec in SCANS2:
                if only and spec[2] not in only:
                    continue
                print("scan", make_scan2(spec, warn))
    finally:
        if not a.keep_build:
            shutil.rmtree(build, ignore_errors=True)
    # README from whatever is on disk
    rows, scan_rows = [], []
    for eng, pieces in (("musescore", PIECES), ("verovio", PIECES), ("lilypond", LILY_PIECES)):
        for piece in pieces:
            p = os.path.join(OUT, eng, piece["name"] + ".layout.json")
            if not os.path.exists(p):
                continue
            npages, per_page, staves, bars = summary(json.load(open(p)))
            rows.append(("%s/%s.pdf" % (eng, piece["name"]), ENGRAVER_NAMES[eng], piece["music"], piece["shape"],
                         piece["page"].upper() if piece["page"] == "a4" else piece["page"], npages,
                         ", ".join(map(str, per_page)), ", ".join(map(str, staves)), bars))
    shapes = {p["name"]: p["shape"] for p in PIECES}
    shapes["chorale"] = "string quartet, 4 staves, bracket (LilyPond)"
    lshapes = {p["name"]: p["shape"] + " (LilyPond)" for p in LILY_PIECES}
    for kind, eng, name, page, angle, seed, what in SCANS:
        base = "scan-%s-%s-%s" % (kind, eng, name)
        p = os.path.join(OUT, "scans", base + ".layout.json")
        if not os.path.exists(p):
            continue
        npages, per_page, staves, bars = summary(json.load(open(p)))
        src = ("Scores/%s.pdf" % name) if eng == "lilypond" else "%s/%s.pdf" % (eng, name)
        scan_rows.append(("scans/%s.pdf" % base, "%s p%d" % (src, page), shapes.get(name, ""),
                          ", ".join(map(str, per_page)), ", ".join(map(str, staves)), what))
    for kind, eng, name, page, angle, seed, dpi, quality, what in SCANS2:
        base = "scan-%s-%s-%s" % (kind, eng, name)
        p = os.path.join(OUT, "scans", base + ".layout.json")
        if not os.path.exists(p):
            continue
        npages, per_page, staves, bars = summary(json.load(open(p)))
        scan_rows.append(("scans/%s.pdf" % base, "%s/%s.pdf p%d" % (eng, name, page),
                          (lshapes if eng == "lilypond" else shapes).get(name, ""),
                          ", ".join(map(str, per_page)), ", ".join(map(str, staves)), what))
    write_readme(rows, scan_rows)
    for w in warn:
        print("note:", w)


if __name__ == "__main__":
    main()
