#!/usr/bin/env python3
"""Two more engravers for the detection corpus: abcm2ps (PostScript through Ghostscript) and MusiXTeX (pdfTeX,
Type 1 fonts), each with a tuning set and a HELD-OUT set that is never used to tune detection (issue 30).

Usage: scripts/corpus/make-engravers.py [--only abcm2ps|musixtex]

Writes Tests/ScoreDocumentTests/Corpus/{abcm2ps,abcm2ps-heldout,musixtex,musixtex-heldout}/NAME.pdf with
NAME.layout.json (the format of scripts/make-corpus.py, PDF points, origin top left, y down).

The music is generated here with fixed seeds (random diatonic lines, beamed sixteenths and thirty-seconds with
wide leaps, so that many stems reach from the top staff line to the bottom one; high notes with down-stems;
start repeats at system starts; double, repeat and final bar lines).

Needs: Debian abcm2ps, ghostscript (ps2pdf), texlive-music (musixtex, musixflx, pdftex),
texlive-fonts-recommended; PyPI pdfplumber.

How the truth is taken -- from the engraver's own output, never from a detector:
  * abcm2ps: the same ABC file is engraved twice, to PostScript (then `ps2pdf`) and to SVG (`-v`, one file per
    page, the same layout code; SVG px = 4/3 PDF pt, same origin). WHICH strokes are bar lines: abcm2ps writes
    bar lines as `<path class="stroke" stroke-width=.. d="Mx y v-h"/>` and stems as `<path d=.. class="stroke"/>`;
    staff lines are the five-`h` paths. WHERE: each SVG bar line is matched to the PDF's own filled rectangle
    (pdfplumber) and a boundary is the centre of a cluster of such rectangles (thin+thick, double bars).
    A cluster left of the system's first note head is a start repeat after the clef: no boundary.
  * MusiXTeX: the .tex file hooks MusiXTeX's bar macro (\\n@wbar) to record `\\pdfsavepos` after every bar line
    it draws (the right edge of the bar-line glyph) into NAME.bars; the PDF's own vertical rules of full staff
    height ending there (pdfplumber) are the bar line, its centre the boundary. Staff lines are the PDF's long
    horizontal rules; each line of music (`musixflx` breaks only at bars) is one system, whose staves are known.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from layout_json import dump_layout  # noqa: E402

OUT = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus")
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", FORCE_SOURCE_DATE="1")


# ----------------------------------------------------------------------------------------------------------------
# Music (shared): random diatonic lines
# ----------------------------------------------------------------------------------------------------------------

PATTERNS_44 = [[4, 4, 4, 4], [2, 2, 4, 4, 4], [1] * 8 + [4, 4], [8, 4, 4], [2] * 8, [1] * 16, [6, 2, 8], [12, 4],
               [16], [2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1], [0.5] * 8 + [4, 4, 4]]


def line_bar(rng, lo, hi, state, busy):
    """One 4/4 bar as (diatonic index, sixteenths) pairs; busy bars leap widely so stems cross the staff."""
    pats = PATTERNS_44 if busy else [p for p in PATTERNS_44 if min(p) >= 2]
    out = []
    for d in rng.choice(pats):
        step = rng.choice([-4, -3, -2, 2, 3, 4, 6, -6, 8, -8]) if busy and d <= 2 else rng.choice([-2, -1, 1, 2, 0, 3, -3])
        state[0] = min(hi, max(lo, state[0] + step))
        out.append((state[0], d))
    return out


# ----------------------------------------------------------------------------------------------------------------
# abcm2ps
# ----------------------------------------------------------------------------------------------------------------

def abc_pitch(i):
    octave, deg = divmod(i, 7)          # 28 = C4
    letter = "CDEFGAB"[deg]
    return letter.lower() + "'" * (octave - 5) if octave >= 5 else letter + "," * (4 - octave)


def abc_bar(notes):
    s, acc = "", 0.0
    for p, d in notes:
        length = {0.5: "/2", 1: "", 2: "2", 4: "4", 6: "6", 8: "8", 12: "12", 16: "16"}[d]
        s += abc_pitch(p) + length
        acc += d
        if acc % 4 == 0 or d >= 4:
            s += " "
    return s.strip()


ABC_VOICES = {
    "part": [("1", "treble", 26, 44)],
    "piano": [("RH", "treble", 28, 44), ("LH", "bass", 14, 30)],
    "satb": [("S", "treble", 30, 40), ("A", "treble", 27, 36), ("T", "treble-8", 22, 32), ("B", "bass", 16, 27)],
}


def make_abc(seed, shape, lines, scale, paper):
    """An ABC tune: `lines` systems of 3-5 bars; some systems open with a start repeat after the clef."""
    rng = random.Random(seed)
    voices = ABC_VOICES[shape]
    head = ["%%%%pagewidth %s" % ("21cm" if paper == "a4" else "8.5in"),
            "%%%%pageheight %s" % ("29.7cm" if paper == "a4" else "11in"),
            "%%%%scale %.2f" % scale, "%%measurenb 0"]
    if len(voices) > 1:
        head.append("%%%%score %s" % ("{RH | LH}" if shape == "piano" else "[S A T B]"))
    tune = ["X:1", "T:%s (seed %d)" % (shape.capitalize(), seed), "M:4/4", "L:1/16", "K:C"]
    for name, clef, _, _ in voices:
        tune.append("V:%s clef=%s" % (name, clef))
    states = {name: [(lo + hi) // 2] for name, _, lo, hi in voices}
    body = {name: [] for name, _, _, _ in voices}
    for n in range(lines):
        nbars = rng.choice([3, 4, 4, 5])
        start_repeat = rng.random() < 0.25
        ends = ["|"] * nbars
        if start_repeat:
            ends[-1] = ":|"
        elif rng.random() < 0.2:
            ends[-1] = "||"
        if n == lines - 1:
            ends[-1] = "|]"
        busy = [rng.random() < 0.6 for _ in range(nbars)]
        for name, _, lo, hi in voices:
            bars = [abc_bar(line_bar(rng, lo, hi, states[name], busy[b] and (name in ("1", "RH", "S")))) + " " + ends[b]
                    for b in range(nbars)]
            body[name].append(("|: " if start_repeat else "") + " ".join(bars))
    out = head + tune
    for n in range(lines):
        for name, _, _, _ in voices:
            if len(voices) > 1:
                out.append("[V:%s] %s" % (name, body[name][n]))
            else:
                out.append(body[name][n])
    return "\n".join(out) + "\n", len(voices)


NUM = r"(-?[0-9.]+)"


def abc_truth_page(svg, pdf_page, nstaves):
    """Systems, staves and bar boundaries of one page from abcm2ps's SVG (which) and the PDF (where)."""
    scale = re.search(r'<g stroke-width="[0-9.]+" transform="scale\(([0-9.]+)\)"', svg)
    k = 0.75 * (float(scale.group(1)) if scale else 1.0)
    staves = []
    for m in re.finditer(r'<path d="m%s %s\s+h%s\s+M%s %s\s+h%s\s+M%s %s\s+h%s\s+M%s %s\s+h%s\s+M%s %s\s+h%s\s+"'
                         % ((NUM,) * 15), svg):
        v = [float(x) for x in m.groups()]
        ys = [v[1], v[4], v[7], v[10], v[13]]
        staves.append(dict(top=min(ys) * k, bottom=max(ys) * k, left=v[0] * k, right=(v[0] + v[2]) * k))
    staves.sort(key=lambda s: s["top"])
    bars = [(float(m.group(2)) * k, float(m.group(3)) * k, float(m.group(3)) * k - float(m.group(4)) * k)
            for m in re.finditer(r'<path class="stroke" stroke-width="%s"\s+d="M%s %s\s*v-%s"' % ((NUM,) * 4), svg)]
    heads = [(float(m.group(1)) * k, float(m.group(2)) * k)
             for m in re.finditer(r'<use x="%s" y="%s" xlink:href="#(?:hd|Hd|HD|HDD|r\d+|r0+|breve|longa)"' % (NUM, NUM), svg)]
    rects = [r for r in pdf_page.rects + pdf_page.lines if r["x1"] - r["x0"] < 4 and r["bottom"] - r["top"] > 10]
    systems = []
    for i in range(0, len(staves), nstaves):
        group = staves[i:i + nstaves]
        top, bottom = group[0]["top"], group[-1]["bottom"]
        left, right = group[0]["left"], group[0]["right"]
        xs = []
        first_note = min((hx for hx, hy in heads if top - 30 <= hy <= bottom + 30), default=right)
        for x, y, ytop in bars:
            if not (top - 1 <= y <= bottom + 1 or top - 1 <= ytop <= bottom + 1) or x < first_note:
                continue
            hit = [r for r in rects if r["x0"] - 1 <= x <= r["x1"] + 1 and r["top"] - 1 <= ytop and r["bottom"] + 1 >= y]
            if not hit:
                raise SystemExit("abcm2ps truth: no PDF rectangle for the bar line at x %.2f y %.2f" % (x, y))
            r = min(hit, key=lambda r: abs((r["x0"] + r["x1"]) / 2 - x))
            xs.append((r["x0"], r["x1"]))
        xs = sorted(set(xs))
        clusters = []
        for x0, x1 in xs:
            if clusters and x0 - clusters[-1][1] < 5:
                clusters[-1][1] = max(clusters[-1][1], x1)
            else:
                clusters.append([x0, x1])
        centres = [round((a + b) / 2, 2) for a, b in clusters if (a + b) / 2 > first_note]
        systems.append(dict(top=round(top, 2), bottom=round(bottom, 2), left=round(left, 2), right=round(right, 2),
                            staves=[dict(top=round(s["top"], 2), bottom=round(s["bottom"], 2)) for s in group],
                            bars=centres))
    return systems


def engrave_abc(name, folder, seed, shape, lines, scale, paper, work):
    import pdfplumber
    text, nstaves = make_abc(seed, shape, lines, scale, paper)
    src = os.path.join(work, name + ".abc")
    with open(src, "w") as f:
        f.write(text)
    subprocess.run(["abcm2ps", "-O", os.path.join(work, name + ".ps"), src], check=True, capture_output=True, env=ENV)
    subprocess.run(["abcm2ps", "-v", "-O", os.path.join(work, name), src], check=True, capture_output=True, env=ENV)
    pdf = os.path.join(OUT, folder, name + ".pdf")
    subprocess.run(["ps2pdf", "-dPDFSETTINGS=/prepress", os.path.join(work, name + ".ps"), pdf], check=True, env=ENV)
    pages = []
    with pdfplumber.open(pdf) as doc:
        for n, page in enumerate(doc.pages, 1):
            with open(os.path.join(work, "%s%03d.svg" % (name, n))) as f:
                svg = f.read()
            pages.append(abc_truth_page(svg, page, nstaves))
    return pages, "abcm2ps 8.14 + Ghostscript ps2pdf", "generated (seed %d): %s, %d systems of random 4/4 lines -- scripts/corpus/make-engravers.py" % (seed, shape, lines)


# ----------------------------------------------------------------------------------------------------------------
# MusiXTeX
# ----------------------------------------------------------------------------------------------------------------

def musix_note(i):
    """MusiXTeX pitch letter for a diatonic index (28 = C4): a-z cover A3 upward, A-N A1..B2 lower."""
    rel = i - 26                           # 'a' is A3 = index 26 (26 = 3*7+5)
    if rel >= 0:
        return "abcdefghijklmnopqrstuvwxyz"[rel] if rel < 26 else "z"
    rel = i - 12                           # 'A' = A1 = index 12
    return "ABCDEFGHIJKLMN"[max(0, rel)]


def tex_bar(notes, beam, prefix=""):
    """One bar as MusiXTeX note groups; beamed sixteenths/eighths in groups of one beat."""
    parts, acc, group = [], 0, []
    for p, d in notes:
        group.append((p, d))
        acc += d
        if acc % 4 == 0:
            parts.append(group)
            group = []
    if group:
        parts.append(group)
    out = []
    for g in parts:
        durs = {d for _, d in g}
        if len(g) > 1 and durs <= {0.5, 1, 2}:
            mid = sum(p for p, _ in g) / len(g)
            up = mid < 33
            kind = "u" if up else "l"
            letters = [musix_note(p) for p, _ in g]
            if max(durs) == 2 and min(durs) == 2:
                start = "\\ib%s%d{%s}{0}" % (kind, beam, letters[0])
            elif min(durs) == 1 and max(durs) == 1:
                start = "\\ibb%s%d{%s}{0}" % (kind, beam, letters[0])
            else:
                start = "\\ibbb%s%d{%s}{0}" % (kind, beam, letters[0])
            notes_s = "".join("\\qb%d{%s}" % (beam, l) for l in letters[:-1])
            out.append("\\Notes%s%s%s\\tb%s%d\\qb%d{%s}\\en" % (prefix, start, notes_s, kind, beam, beam, letters[-1]))
        else:
            for p, d in g:
                up = "u" if p < 33 else "l"
                sym = {4: "\\q%s{%s}" % (up, musix_note(p)), 8: "\\h%s{%s}" % (up, musix_note(p)),
                       16: "\\wh{%s}" % musix_note(p), 6: "\\q%sp{%s}" % (up, musix_note(p)),
                       12: "\\h%sp{%s}" % (up, musix_note(p)), 2: "\\c%s{%s}" % (up, musix_note(p)),
                       1: "\\cc%s{%s}" % (up, musix_note(p)), 0.5: "\\ccc%s{%s}" % (up, musix_note(p))}[d]
                space = "\\NOtes" if d >= 8 else ("\\Notes" if d >= 4 else "\\notes")
                out.append("%s%s%s\\en" % (space, prefix, sym))
    return "\n".join(out)


MUSIX_SHAPES = {"part": 1, "piano": 2}


def make_tex(seed, shape, bars, staff_size, paper):
    rng = random.Random(seed)
    lines = [r"\input musixtex",
             r"\catcode`\@=11 \newwrite\barpos \immediate\openout\barpos=\jobname.bars",
             r"\def\markbar{\pdfsavepos\write\barpos{bar \the\pdflastxpos\space\the\pdflastypos\space\the\pageno}}",
             r"\let\orign@wbar\n@wbar \def\n@wbar{\orign@wbar\markbar} \catcode`\@=12",
             r"\pdfinfoomitdate=1 \pdftrailerid{} \pdfsuppressptexinfo=-1",
             r"\pdfpagewidth=%s \pdfpageheight=%s \hsize=%s \vsize=%s \hoffset=-0.4in \voffset=-0.3in"
             % (("210mm", "297mm", "180mm", "260mm") if paper == "a4" else ("8.5in", "11in", "7.3in", "9.8in")),
             r"\%s" % staff_size,
             r"\instrumentnumber{1}\setstaffs1{%d}" % MUSIX_SHAPES[shape],
             r"\setclef1{\bass\treble}" if shape == "piano" else r"\setclef1\treble",
             r"\generalmeter{\meterfrac44}", r"\startpiece"]
    hi_state, lo_state = [33], [19]
    for b in range(bars):
        busy = rng.random() < 0.6
        top = tex_bar(line_bar(rng, 26, 44, hi_state, busy), 0, "|" if shape == "piano" else "")
        if shape == "piano":
            lines.append(tex_bar_two(rng, top, lo_state))
        else:
            lines.append(top)
        r = rng.random()
        if b == bars - 1:
            lines.append(r"\Endpiece")
        elif r < 0.06:
            lines.append(r"\setdoublebar\bar")
        elif r < 0.10:
            lines.append(r"\setrightrepeat\bar")
        elif r < 0.14:
            lines.append(r"\setleftrepeat\bar")
        else:
            lines.append(r"\bar")
    lines.append(r"\bye")
    return "\n".join(l for l in lines if l) + "\n", MUSIX_SHAPES[shape]


def tex_bar_two(rng, top, lo_state):
    """Piano: the bass staff gets one whole note at the bar's start, the treble its notes."""
    lo_state[0] = min(24, max(12, lo_state[0] + rng.choice([-2, -1, 1, 2])))
    first, rest = top.split("\n", 1) if "\n" in top else (top, "")
    first = re.sub(r"^(\\(?:notes|Notes|NOtes))\|", lambda m: m.group(1) + "\\zw{%s}|" % musix_note(lo_state[0]), first)
    return (first + "\n" + rest).strip()


def half(o):
    """Half the pen width of a stroked vertical line (pdfplumber gives its centre line); 0 for a filled rectangle."""
    return o.get("linewidth", 0) / 2 if o["object_type"] == "line" and o["x1"] - o["x0"] < 0.01 else 0


def musix_truth(pdf, bars_file, nstaves):
    import pdfplumber
    marks = []
    with open(bars_file) as f:
        for line in f:
            _, x, y, page = line.split()
            marks.append((int(page), int(x) / 65536 * 72 / 72.27, int(y) / 65536 * 72 / 72.27))
    pages = []
    with pdfplumber.open(pdf) as doc:
        for n, page in enumerate(doc.pages, 1):
            h = float(page.height)
            rules = [dict(x0=o["x0"] - half(o), x1=o["x1"] + half(o), top=o["top"], bottom=o["bottom"]) for o in page.rects + page.lines]
            horiz = [r for r in rules if r["x1"] - r["x0"] > 150 and r["bottom"] - r["top"] < 1.5]
            lines = {}
            for r in horiz:
                y = round((r["top"] + r["bottom"]) / 2, 2)
                lines.setdefault(y, []).append(r)
            ys = sorted(lines)
            staves = [ys[i:i + 5] for i in range(0, len(ys), 5)]
            assert all(len(s) == 5 for s in staves), "staff lines not in fives on page %d" % n
            vert = [r for r in rules if r["x1"] - r["x0"] < 4 and r["bottom"] - r["top"] > 8]
            systems = []
            for i in range(0, len(staves), nstaves):
                group = staves[i:i + nstaves]
                top, bottom = group[0][0], group[-1][-1]
                left = min(r["x0"] for r in lines[top])
                right = max(r["x1"] for r in lines[top])
                systems.append(dict(top=top, bottom=bottom, left=round(left, 2), right=round(right, 2),
                                    staves=[dict(top=s[0], bottom=s[-1]) for s in group], bars=[]))
            page_marks = [(x, h - y) for p, x, y in marks if p == n]
            # the marks of one line of music rise in x; a new system starts where x falls back
            runs = []
            for x, y in page_marks:
                if not runs or x < runs[-1][-1][0]:
                    runs.append([])
                runs[-1].append((x, y))
            if len(runs) != len(systems):
                raise SystemExit("musixtex truth: %d runs of bar marks, %d systems on page %d" % (len(runs), len(systems), n))
            for system, run in zip(systems, runs):
                for x, _ in run:
                    full = [r for r in vert if abs(r["top"] - system["top"]) < 0.6 and abs(r["bottom"] - system["bottom"]) < 0.6
                            and r["x0"] < x + 0.3 and r["x1"] > x - 7]
                    # the mark follows the bar line's glyph: its rules, then a start repeat's dots (zero-width glyph)
                    hit = [r for r in full if x - 4 < r["x1"] < x + 0.3]
                    if not hit:
                        raise SystemExit("musixtex truth: no bar rule ends at x %.2f on page %d" % (x, n))
                    last = max(hit, key=lambda r: r["x1"])
                    x0, x1 = last["x0"], last["x1"]
                    for r in sorted(full, key=lambda r: -r["x1"]):
                        if r["x1"] < x0 + 0.01 and x0 - r["x1"] < 4:
                            x0 = min(x0, r["x0"])
                    system["bars"].append(round((x0 + x1) / 2, 2))
            pages.append(systems)
    return pages


def engrave_tex(name, folder, seed, shape, bars, staff_size, paper, work):
    text, nstaves = make_tex(seed, shape, bars, staff_size, paper)
    with open(os.path.join(work, name + ".tex"), "w") as f:
        f.write(text)
    run = subprocess.run(["musixtex", "-p", name + ".tex"], cwd=work, capture_output=True, text=True, env=ENV)
    if not os.path.exists(os.path.join(work, name + ".pdf")):
        raise SystemExit("musixtex failed on %s:\n%s" % (name, run.stdout[-2000:]))
    pdf = os.path.join(OUT, folder, name + ".pdf")
    shutil.copy(os.path.join(work, name + ".pdf"), pdf)
    pages = musix_truth(pdf, os.path.join(work, name + ".bars"), nstaves)
    return pages, "MusiXTeX 1.36 (musixflx, pdfTeX; Type 1 fonts)", "generated (seed %d): %s, %d bars of random 4/4 lines -- scripts/corpus/make-engravers.py" % (seed, shape, bars)


# ----------------------------------------------------------------------------------------------------------------

SETS = [
    # (engraver, folder, name, seed, shape, size, scale/staff size, paper)
    ("abcm2ps", "abcm2ps", "part-a", 301, "part", 14, 0.75, "a4"),
    ("abcm2ps", "abcm2ps", "piano-a", 302, "piano", 10, 0.70, "letter"),
    ("abcm2ps", "abcm2ps", "satb-a", 303, "satb", 8, 0.75, "letter"),
    ("abcm2ps", "abcm2ps", "piano-c", 304, "piano", 12, 0.65, "letter"),
    ("abcm2ps", "abcm2ps-heldout", "part-b", 311, "part", 16, 0.80, "letter"),
    ("abcm2ps", "abcm2ps-heldout", "piano-b", 312, "piano", 12, 0.65, "a4"),
    ("abcm2ps", "abcm2ps-heldout", "satb-b", 313, "satb", 8, 0.70, "a4"),
    ("musixtex", "musixtex", "part-a", 401, "part", 48, "normalmusicsize", "a4"),
    ("musixtex", "musixtex", "piano-a", 402, "piano", 36, "normalmusicsize", "letter"),
    ("musixtex", "musixtex", "part-d", 403, "part", 56, "smallmusicsize", "letter"),
    ("musixtex", "musixtex", "piano-d", 404, "piano", 32, "largemusicsize", "a4"),
    ("musixtex", "musixtex-heldout", "part-b", 411, "part", 60, "smallmusicsize", "letter"),
    ("musixtex", "musixtex-heldout", "piano-b", 412, "piano", 40, "normalmusicsize", "a4"),
    ("musixtex", "musixtex-heldout", "part-c", 413, "part", 44, "largemusicsize", "a4"),
]


def to_layout(pages, engraver, source):
    out = []
    for n, systems in enumerate(pages, 1):
        page = dict(page=n, systems=[])
        number = sum(len(s["bars"]) for p in pages[:n - 1] for s in p)
        for s in systems:
            bars, left = [], s["left"]
            for x in s["bars"]:
                number += 1
                bars.append(dict(number=str(number), left=round(left, 2), right=x))
                left = x
            page["systems"].append(dict(top=s["top"], bottom=s["bottom"], left=s["left"], right=s["right"],
                                        staves=s["staves"], bars=bars))
        out.append(page)
    return dict(pages=out), dict(engraver=engraver, source=source)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    a = ap.parse_args()
    work = os.environ.get("KEEP") or tempfile.mkdtemp()
    for engraver, folder, name, seed, shape, size, scale, paper in SETS:
        if a.only and engraver not in a.only.split(","):
            continue
        os.makedirs(os.path.join(OUT, folder), exist_ok=True)
        if engraver == "abcm2ps":
            pages, eng, source = engrave_abc(name, folder, seed, shape, size, scale, paper, work)
        else:
            pages, eng, source = engrave_tex(name, folder, seed, shape, size, scale, paper, work)
        layout, head = to_layout(pages, eng, source)
        with open(os.path.join(OUT, folder, name + ".layout.json"), "w") as f:
            dump_layout(layout, f, head)
        print("%s/%s: %d pages, %d systems, %d bars" % (folder, name, len(pages), sum(len(p) for p in pages),
                                                      sum(len(s["bars"]) for p in pages for s in p)))
    if not os.environ.get("KEEP"):
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
