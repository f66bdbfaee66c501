#!/usr/bin/env python3
"""Engraves the playing-order corpus (Tests/ScoreDocumentTests/Corpus/form and form-heldout).

Small tunes written here (random C-major quarter-note lines from fixed seeds; the forms are the point): repeat
barlines, first/second endings, pickups, D.C./D.S./Fine/Coda, and a page of several tunes. Each form is written
as MusicXML (engraved by MuseScore 3 with QT_QPA_PLATFORM=offscreen, and by Verovio + rsvg-convert), as LilyPond
and as ABC (abcm2ps + ps2pdf). Next to each PDF, NAME.form.json holds the truth, written by hand below with each
form (not computed by Tonmeister): the pieces in score order, each with its first and last printed bar number, its
bars in score order as printed (`bars`) and its playing order as runs of printed bar numbers. The forms below count
bars on through second endings (MuseScore, Verovio and LilyPond print them so); abcm2ps gives a second ending the
first ending's numbers again (7, 7, 8: Tonmeister calls the second 7a), so its truth is rewritten in its own numbers.

Forms in HELD_OUT go to form-heldout: the detector was never tuned on them; forms in FRESH go to form-fresh, written
after the held-out failures were studied and never tuned on either.

Needs: mscore3, lilypond, abcm2ps, ps2pdf, rsvg-convert; verovio (PyPI) importable by the python running this.
Usage: scripts/corpus/form/make.py [--only musescore,verovio,lilypond,abcm2ps] [--forms a,b] [--truth-only]
(--truth-only rewrites the NAME.form.json files and leaves the PDFs as they are)
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "..", "Tests", "ScoreDocumentTests", "Corpus")

# A bar: dict with optional keys
#   start (start repeat at its left), end (end repeat at its right), ending (1 or 2: an ending bracket begins here),
#   endingStop (the bracket ends at this bar's right; default: the bracket covers one bar), text (words at its end:
#   "D.C. al Fine", "D.S. al Coda", "Fine", "To Coda"), segno (at its start), coda (the coda begins here).
# A tune: title, beats per bar, pickup (an upbeat bar numbered 0), bars (full bars, numbered from 1), order (truth).


def tune(title, beats, bars, order, pickup=False, seed=1):
    return dict(title=title, beats=beats, bars=bars, order=order, pickup=pickup, seed=seed)


def plain(n):
    return [dict() for _ in range(n)]


def minuet_dc():
    bars = plain(32)
    bars[0]["start"] = True; bars[7]["end"] = True
    bars[8]["start"] = True; bars[15]["end"] = True; bars[15]["text"] = "Fine"
    bars[16]["start"] = True; bars[23]["end"] = True
    bars[24]["start"] = True; bars[31]["end"] = True; bars[31]["text"] = "D.C. al Fine"
    return tune("Minuet and Trio", 3, bars,
                ["1-8", "1-8", "9-16", "9-16", "17-24", "17-24", "25-32", "25-32", "1-16"], seed=11)


def binary_pickup():
    bars = plain(16)
    bars[0]["start"] = True; bars[7]["end"] = True
    bars[8]["start"] = True; bars[15]["end"] = True
    # The upbeat stands before the start repeat: the repeat goes back to bar 1.
    return tune("Air with upbeat", 4, bars, ["0-8", "1-8", "9-16", "9-16"], pickup=True, seed=12)


def endings():
    bars = plain(17)
    bars[0]["start"] = True
    bars[6]["ending"] = 1; bars[6]["end"] = True
    bars[7]["ending"] = 2
    bars[12]["start"] = True
    bars[15]["ending"] = 1; bars[15]["end"] = True
    bars[16]["ending"] = 2
    return tune("Dance with endings", 4, bars, ["1-7", "1-6", "8-16", "13-15", "17"], seed=13)


def ds_coda():
    bars = plain(16)
    bars[4]["segno"] = True
    bars[7]["text"] = "To Coda"
    bars[11]["text"] = "D.S. al Coda"
    bars[12]["coda"] = True
    return tune("Song with coda", 4, bars, ["1-12", "5-8", "13-16"], seed=14)


def gavotte_pickup_endings():
    bars = plain(12)
    bars[3]["ending"] = 1; bars[3]["end"] = True
    bars[4]["ending"] = 2
    bars[5]["start"] = True; bars[11]["end"] = True
    t = tune("Gavotte", 4, bars, ["0-4", "0-3", "5-12", "6-12"], pickup=True, seed=15)
    t["startRepeatAtPickup"] = True
    return t


def rondo_dc():
    bars = plain(24)
    bars[0]["start"] = True; bars[7]["end"] = True; bars[7]["text"] = "Fine"
    bars[15]["end"] = True
    bars[8]["start"] = True
    bars[23]["text"] = "D.C. al Fine"
    return tune("Rondeau", 2, bars, ["1-8", "1-8", "9-16", "9-16", "17-24", "1-8"], seed=16)


def polka_ds_fine():
    bars = plain(16)
    bars[4]["segno"] = True
    bars[11]["text"] = "Fine"
    bars[15]["text"] = "D.S. al Fine"
    return tune("Polka", 2, bars, ["1-16", "5-12"], seed=21)


def reel_two_endings():
    # An upbeat, a first part with a two-bar first ending (7-8) and its second ending (9-10), a second part whose
    # endings are one bar each (17, 18).
    bars = plain(18)
    bars[0]["start"] = True
    bars[6]["ending"] = 1; bars[6]["endingBars"] = 2; bars[7]["end"] = True
    bars[8]["ending"] = 2; bars[8]["endingBars"] = 2
    bars[10]["start"] = True
    bars[16]["ending"] = 1; bars[16]["end"] = True
    bars[17]["ending"] = 2
    t = tune("Reel", 4, bars, ["0-8", "1-6", "9-17", "11-16", "18"], pickup=True, seed=22)
    return t


def march_dc_coda():
    bars = plain(20)
    bars[7]["text"] = "To Coda"
    bars[15]["text"] = "D.C. al Coda"
    bars[16]["coda"] = True
    return tune("March with coda", 2, bars, ["1-16", "1-8", "17-20"], seed=23)


def hymn_inner_repeat():
    bars = plain(16)
    bars[4]["start"] = True; bars[11]["end"] = True
    return tune("Hymn", 3, bars, ["1-12", "5-16"], seed=24)


FORMS = {
    "minuet-dc": [minuet_dc()],
    "binary-pickup": [binary_pickup()],
    "endings": [endings()],
    "ds-coda": [ds_coda()],
    "gavotte": [gavotte_pickup_endings()],
    "rondo-dc": [rondo_dc()],
    "polka-ds-fine": [polka_ds_fine()],
    "reel-endings": [reel_two_endings()],
    "march-dc-coda": [march_dc_coda()],
    "hymn-repeat": [hymn_inner_repeat()],
}
# Several tunes on one page (LilyPond books and ABC only: MusicXML has one piece per file).
BOOKS = {
    "tunes-book": [binary_pickup(), endings(), minuet_dc()],
    "tunes-book-2": [gavotte_pickup_endings(), rondo_dc()],
    "tunes-book-3": [hymn_inner_repeat(), reel_two_endings(), polka_ds_fine()],
}
HELD_OUT = {"gavotte", "rondo-dc", "tunes-book-2"}
FRESH = {"polka-ds-fine", "reel-endings", "march-dc-coda", "hymn-repeat", "tunes-book-3"}

STEPS = ["C", "D", "E", "F", "G", "A", "B"]


def melody(t):
    """(pickup notes, [notes per bar]) as (step index 0..13 from C4)."""
    rng = random.Random(t["seed"])
    pos = 7

    def note():
        nonlocal pos
        pos = max(2, min(12, pos + rng.choice([-2, -1, -1, 1, 1, 2, 0, 3, -3])))
        return pos
    pick = [note()] if t["pickup"] else []
    return pick, [[note() for _ in range(t["beats"])] for _ in t["bars"]]


def numbered(t):
    """(number, bar dict, notes) for every bar, the upbeat first. The bars of an ending after its first carry
    `inEnding`; an ending's last bar carries `endingLast` (its number)."""
    pick, notes = melody(t)
    out = []
    if t["pickup"]:
        out.append((0, {"start": True} if t.get("startRepeatAtPickup") else {}, pick))
    bars = [dict(b) for b in t["bars"]]
    for i, b in enumerate(bars):
        if b.get("ending"):
            length = b.get("endingBars", 1)
            for k in range(1, length):
                bars[i + k]["inEnding"] = True
            bars[i + length - 1]["endingLast"] = b["ending"]
    for i, (b, n) in enumerate(zip(bars, notes)):
        if i == 0 and t.get("startRepeatAtPickup"):
            b.pop("start", None)
        out.append((i + 1, b, n))
    return out


# ---------------------------------------------------------------- MusicXML
def musicxml(t):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 3.1 Partwise//EN" '
             '"http://www.musicxml.org/dtds/partwise.dtd">',
             '<score-partwise version="3.1">',
             '<work><work-title>%s</work-title></work>' % t["title"],
             '<part-list><score-part id="P1"><part-name>Violin</part-name></score-part></part-list>',
             '<part id="P1">']
    for k, (number, bar, notes) in enumerate(numbered(t)):
        attrs = ' implicit="yes"' if number == 0 else ""
        lines.append('<measure number="%d"%s>' % (number, attrs))
        if k == 0:
            lines.append('<attributes><divisions>1</divisions><key><fifths>0</fifths></key>'
                         '<time><beats>%d</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef>'
                         '</attributes>' % t["beats"])
        left = []
        if bar.get("start"):
            left.append('<bar-style>heavy-light</bar-style><repeat direction="forward"/>')
        if bar.get("ending"):
            left.append('<ending number="%d" type="start">%d.</ending>' % (bar["ending"], bar["ending"]))
        if left:
            lines.append('<barline location="left">%s</barline>' % "".join(left))
        if bar.get("segno"):
            lines.append('<direction placement="above"><direction-type><segno/></direction-type>'
                         '<sound segno="segno"/></direction>')
        if bar.get("coda"):
            lines.append('<direction placement="above"><direction-type><coda/></direction-type>'
                         '<sound coda="coda"/></direction>')
        for p in notes:
            lines.append('<note><pitch><step>%s</step><octave>%d</octave></pitch><duration>1</duration>'
                         '<type>quarter</type></note>' % (STEPS[p % 7], 4 + p // 7))
        if bar.get("text"):
            lines.append('<direction placement="above"><direction-type><words>%s</words></direction-type></direction>'
                         % bar["text"])
        right = []
        if bar.get("end"):
            right.append('<bar-style>light-heavy</bar-style>')
        if bar.get("endingLast"):
            right.append('<ending number="%d" type="%s"/>' % (bar["endingLast"], "stop" if bar.get("end") else "discontinue"))
        if bar.get("end"):
            right.append('<repeat direction="backward"/>')
        if right:
            lines.append('<barline location="right">%s</barline>' % "".join(right))
        lines.append('</measure>')
    lines += ['</part>', '</score-partwise>']
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- LilyPond
def lily_pitch(p):
    name = "cdefgab"[p % 7]
    octave = 4 + p // 7
    return name + ("'" * (octave - 3))


def lily_tune(t):
    out = ['\\time %d/4' % t["beats"], '\\override Score.BarNumber.break-visibility = ##(#f #f #t)']
    items = numbered(t)
    if t["pickup"]:
        out.append('\\partial 4')
    volta_open = False
    for k, (number, bar, notes) in enumerate(items):
        following = items[k + 1][1] if k + 1 < len(items) else {}
        previous = items[k - 1][1] if k > 0 else {}
        cmds = []
        # An end repeat followed by a start repeat is one barline (a later \bar would replace the earlier one).
        if bar.get("start") and not previous.get("end"):
            cmds.append('\\bar ".|:"')
        if bar.get("ending"):
            rc = "(volta #f) " if volta_open else ""
            cmds.append('\\set Score.repeatCommands = #\'(%s(volta "%d."))' % (rc, bar["ending"]))
            volta_open = True
        elif volta_open and not bar.get("inEnding"):
            cmds.append("\\set Score.repeatCommands = #'((volta #f))")
            volta_open = False
        if bar.get("segno"):
            cmds.append('\\mark \\markup { \\musicglyph "scripts.segno" }')
        if bar.get("coda"):
            cmds.append('\\mark \\markup { \\musicglyph "scripts.coda" }')
        ns = [lily_pitch(p) + "4" for p in notes]
        if bar.get("text"):
            ns[-1] += '^\\markup { \\italic "%s" }' % bar["text"]
        end = ""
        if bar.get("end"):
            end = '\\bar ":|.|:"' if following.get("start") else '\\bar ":|."'
        out.append(" ".join(cmds + ns + ([end] if end else [])) + " |")
    if volta_open:
        out.append("\\set Score.repeatCommands = #'((volta #f))")
    if not items[-1][1].get("end"):
        out.append('\\bar "|."')
    return "\n".join(out)


def lilypond(tunes):
    parts = ['\\version "2.24.0"', '\\paper { tagline = ##f  #(set-paper-size "a4") }',
             '\\header { tagline = ##f }']
    for t in tunes:
        parts.append('\\score { \\header { piece = "%s" } { \\clef treble \\key c \\major\n%s\n} \\layout { } }'
                     % (t["title"], lily_tune(t)))
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------- ABC
def abc_pitch(p):
    name = "CDEFGAB"[p % 7]
    return name if p < 7 else name.lower() if p < 14 else name.lower() + "'"


def abc(tunes):
    out = ["%abc-2.1", "%%measurenb 0", "%%titlefont Times-Bold 14", ""]
    for x, t in enumerate(tunes, 1):
        out += ["X:%d" % x, "T:%s" % t["title"], "M:%d/4" % t["beats"], "L:1/4", "K:C"]
        body, count = "", 0
        items = numbered(t)
        for k, (number, bar, notes) in enumerate(items):
            nxt = items[k + 1][1] if k + 1 < len(items) else {}
            lead = ""
            if k == 0:
                lead = "|:" if bar.get("start") else ""
            if bar.get("segno"):
                lead += "!segno!"
            if bar.get("coda"):
                lead += "!coda!"
            ns = [abc_pitch(p) for p in notes]
            if bar.get("text"):
                ns[-1] = '"^%s"' % bar["text"] + ns[-1]
            body += lead + " ".join(ns) + " "
            # The barline at this bar's right.
            if bar.get("end") and nxt.get("start"):
                sep = "::"
            elif bar.get("end"):
                sep = ":|"
            elif nxt.get("start"):
                sep = "|:"
            elif k + 1 == len(items):
                sep = "|]"
            else:
                sep = "|"
            if nxt.get("ending"):
                sep += str(nxt["ending"])
            body += sep + " "
            count += 1
            if count % 4 == 0 and k + 1 < len(items):
                body += "\n"
        out += [line.strip() for line in body.strip().split("\n")] + [""]
    return "\n".join(out) + "\n"


def printed_numbers(t, engraver):
    """{counted number: printed label} for every bar: abcm2ps numbers a second ending's bars like the first ending's
    (7, 7, 8), written 7a here; the others count on."""
    labels, shift, first_ending = {}, 0, None
    for number, bar, _ in numbered(t):
        if bar.get("ending") == 1:
            first_ending = number - shift
        if engraver == "abcm2ps" and bar.get("ending") == 2:
            length = bar.get("endingBars", 1)
            for k in range(length):
                labels[number + k] = "%da" % (first_ending + k)
            shift += length
        if number not in labels:
            labels[number] = str(number - shift)
    return labels


def truth(tunes, engraver):
    pieces = []
    for t in tunes:
        labels = printed_numbers(t, engraver)
        ordered = [labels[n] for n, _, _ in numbered(t)]

        def run(text):
            parts = [int(x) for x in text.split("-")]
            return "-".join(labels[x] for x in parts)
        pieces.append({"title": t["title"], "firstBar": ordered[0], "lastBar": ordered[-1], "bars": ordered,
                       "order": [run(r) for r in t["order"]]})
    return {"engraver": engraver, "pieces": pieces}


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def verovio_pdf(xml, options, stem, pdf):
    """Engraves MusicXML file `xml` with Verovio on A4 (its options plus `options`), one SVG per page at
    `stem`N.svg, and joins the pages into `pdf` with rsvg-convert."""
    import verovio
    tk = verovio.toolkit()
    tk.setOptions(dict({"pageWidth": 2100, "pageHeight": 2970, "scale": 40, "adjustPageHeight": False,
                        "footer": "none", "svgViewBox": True, "svgRemoveXlink": True}, **options))
    tk.loadFile(xml)
    svgs = []
    for page in range(1, tk.getPageCount() + 1):
        svg = tk.renderToSVG(page).replace("<svg viewBox=", '<svg width="595.276pt" height="841.89pt" viewBox=', 1)
        path = "%s%d.svg" % (stem, page)
        open(path, "w").write(svg)
        svgs.append(path)
    run(["rsvg-convert", "-f", "pdf", "-o", pdf] + svgs)


def write(name, tunes, engraver, pdf):
    folder = "form-heldout" if name in HELD_OUT else "form-fresh" if name in FRESH else "form"
    directory = os.path.join(CORPUS, folder)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, "%s-%s.pdf" % (engraver, name))
    if "--truth-only" in sys.argv:
        if not os.path.exists(target):
            return
    else:
        shutil.copy(pdf, target)
    with open(target[:-4] + ".form.json", "w") as f:
        json.dump(truth(tunes, engraver), f, indent=1)
        f.write("\n")


def main():
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv else \
        {"musescore", "verovio", "lilypond", "abcm2ps"}
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"
    wanted = set(sys.argv[sys.argv.index("--forms") + 1].split(",")) if "--forms" in sys.argv else None
    forms = {k: v for k, v in FORMS.items() if wanted is None or k in wanted}
    books = {k: v for k, v in BOOKS.items() if wanted is None or k in wanted}
    if "--truth-only" in sys.argv:
        for name, tunes in list(forms.items()) + list(books.items()):
            for engraver in sorted(only):
                write(name, tunes, engraver, None)
        return
    work = tempfile.mkdtemp()
    try:
        for name, tunes in forms.items():
            xml = os.path.join(work, name + ".musicxml")
            open(xml, "w").write(musicxml(tunes[0]))
            if "musescore" in only:
                pdf = os.path.join(work, name + "-ms.pdf")
                run(["mscore3", "-o", pdf, xml], env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
                write(name, tunes, "musescore", pdf)
            if "verovio" in only:
                pdf = os.path.join(work, name + "-vrv.pdf")
                verovio_pdf(xml, {"breaks": "auto"}, os.path.join(work, name + "-v"), pdf)
                write(name, tunes, "verovio", pdf)
        for name, tunes in list(forms.items()) + list(books.items()):
            if "lilypond" in only:
                ly = os.path.join(work, name + ".ly")
                open(ly, "w").write(lilypond(tunes))
                run(["lilypond", "-s", "-o", os.path.join(work, name + "-ly"), ly])
                write(name, tunes, "lilypond", os.path.join(work, name + "-ly.pdf"))
            if "abcm2ps" in only:
                src = os.path.join(work, name + ".abc")
                open(src, "w").write(abc(tunes))
                run(["abcm2ps", "-O", os.path.join(work, name + ".ps"), src])
                run(["ps2pdf", os.path.join(work, name + ".ps"), os.path.join(work, name + "-abc.pdf")])
                write(name, tunes, "abcm2ps", os.path.join(work, name + "-abc.pdf"))
        if "--keep" in sys.argv:
            print(work)
            return
    finally:
        if "--keep" not in sys.argv:
            shutil.rmtree(work)


if __name__ == "__main__":
    main()
