#!/usr/bin/env python3
"""Engraves the second held-out printed-bar-number corpus (Tests/ScoreDocumentTests/Corpus/numbering-engravers).

New music (not that of make.sh or scripts/corpus/form/make.py): a hornpipe, a sarabande, a jig, a march and a waltz,
random diatonic lines from fixed seeds, with upbeats, first/second endings of one and two bars, and numbers printed
at every system, at every bar or every fifth bar. Engraved by MuseScore 3 (MusicXML, QT_QPA_PLATFORM=offscreen, a
style file for the numbering), Verovio (MusicXML, mnumInterval, SVG -> PDF by rsvg-convert), LilyPond 2.24 (books of
several pieces per page) and abcm2ps 8.14 (+ ps2pdf; pages of several tunes). Every system break and page break is
written into the source, so each system's bars are known.

The truth NAME.numbers.json lists every system's first bar number page by page as the engraver numbers it: its own
convention, written here by hand per engraver and not computed by Tonmeister:
- MuseScore, Verovio and LilyPond (default) count a second ending on (first ending 7, second ending 8);
- abcm2ps gives the second ending the first ending's numbers again (7, 7, 8): Tonmeister writes those bars 7a (a
  two-bar ending 7a, 8a), as the truth does;
- an upbeat is bar 0 (MuseScore: an implicit measure, not counted), a piece's first system carries no number and
  its truth is 0 (upbeat) or 1.
`--check` (run by default) compares the truth with the numbers each PDF prints (`pdftotext -bbox`): every number
the engraver should print on a page must be there, nothing else that looks like a bar number may stand at a
system's left edge.

This folder is held out: the numbering reader was never tuned on it (docs/scores.md).

Needs: mscore3, lilypond, abcm2ps, ps2pdf, rsvg-convert, pdftotext; verovio (PyPI) importable by this python.
`--set tuning` engraves Corpus/numbering-tuning instead (other pieces, for tuning the reader: several tunes a page
numbered every fifth bar, upbeats under every-bar numbering, a trio whose first system holds both endings, third
endings), `--set fresh` Corpus/numbering-fresh (other music again, held out like numbering-engravers).

Usage: scripts/corpus/numbering/make-engravers.py [--set engravers|tuning|fresh] [--only musescore,verovio,lilypond,abcm2ps]
       [--keep]
"""
import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "..", "Tests", "ScoreDocumentTests", "Corpus", "numbering-engravers")
# The form corpus's generator, for its Verovio engraving (verovio_pdf).
_spec = importlib.util.spec_from_file_location("form_make", os.path.join(HERE, "..", "form", "make.py"))
FORM = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(FORM)


def piece(title, meter, bars, seed, pickup=False, endings=(), repeats=(), systems=(), pages=()):
    """A piece: `bars` full bars; `endings`: (first-ending bar, its length, second-ending length) with bars counted
    from 1 in score order (the second ending follows the first); `repeats`: (start bar or None, end bar) pairs for
    plain repeats; `systems`: bars (counting an upbeat) per system; `pages`: indices of systems that begin a page."""
    return dict(title=title, meter=meter, bars=bars, seed=seed, pickup=pickup, endings=list(endings),
                repeats=list(repeats), systems=list(systems), pages=set(pages))


def hornpipe():
    # Upbeat, A part 1-8 with 1st ending 7 (one bar) and 2nd ending 8; B part 9-17 with two-bar endings 15-16, 17-18.
    return piece("Hornpipe", (4, 4), 18, seed=501, pickup=True, endings=[(7, 1, 1), (15, 2, 2)],
                 repeats=[(None, 7), (9, 16)], systems=[5, 4, 4, 3, 3])


def sarabande():
    return piece("Sarabande", (3, 4), 24, seed=502, repeats=[(None, 8), (9, 24)], systems=[4, 4, 4, 4, 4, 4])


def jig():
    # Upbeat, 1st ending 8 and 2nd ending 9; B part 10-17 plain repeat.
    return piece("Jig", (6, 8), 17, seed=503, pickup=True, endings=[(8, 1, 1)], repeats=[(None, 8), (10, 17)],
                 systems=[4, 4, 5, 5])


def march():
    return piece("March", (2, 4), 40, seed=504, repeats=[(1, 16)], systems=[6, 6, 6, 6, 6, 5, 5], pages=[4])


def waltz():
    # Upbeat, 1st ending 15-16 (two bars), 2nd ending 17-18, then 19-26.
    return piece("Waltz", (3, 4), 26, seed=505, pickup=True, endings=[(15, 2, 2)], repeats=[(1, 16)],
                 systems=[4, 4, 4, 4, 4, 4, 3])


# Tuning pieces (numbering-tuning, which the reader is tuned on): a minuet, reel, polka (three endings) and a trio
# whose first system holds both its endings.
def reel():
    return piece("Reel", (4, 4), 16, seed=601, pickup=True, endings=[(8, 1, 1)], repeats=[(None, 8)],
                 systems=[5, 4, 4, 4])


def polka():
    # A part 1-8; B part 9-15 with three one-bar endings 16, 17, 18; then 19-20.
    return piece("Polka", (2, 4), 20, seed=602, endings=[(16, 1, 1, 1)], repeats=[(9, 16), (None, 17)],
                 systems=[6, 6, 4, 4])


def minuet():
    return piece("Minuet", (3, 4), 16, seed=603, pickup=True, repeats=[(None, 8), (9, 16)], systems=[5, 4, 4, 4])


def trio():
    return piece("Trio", (3, 4), 14, seed=604, endings=[(3, 1, 1)], repeats=[(None, 3)], systems=[4, 5, 5])


def slide():
    # An upbeat, and both endings on the first system (1, 2, the first ending 3, the second 4).
    return piece("Slide", (3, 4), 12, seed=605, pickup=True, endings=[(3, 1, 1)], repeats=[(None, 3)], systems=[5, 4, 4])


# Fresh held-out pieces (numbering-fresh, measured once, never tuned on).
def bourree():
    return piece("Bourree", (4, 4), 20, seed=701, pickup=True, endings=[(9, 2, 2)], repeats=[(None, 10)],
                 systems=[4, 5, 4, 4, 4])


def schottische():
    return piece("Schottische", (4, 4), 18, seed=702, endings=[(6, 1, 1, 1)], repeats=[(None, 6), (None, 7)],
                 systems=[5, 5, 4, 4])


def mazurka():
    return piece("Mazurka", (3, 4), 24, seed=703, pickup=True, repeats=[(None, 12)], systems=[5, 5, 5, 5, 5])


def gigue():
    return piece("Gigue", (6, 8), 16, seed=704, pickup=True, endings=[(3, 1, 1)], repeats=[(None, 3)],
                 systems=[5, 4, 4, 4])


# ---------------------------------------------------------------- numbering conventions
def score_bars(p):
    """[(count, ending, role)] for every bar in score order: count = bars counted from 1 (upbeat 0), ending = 0, 1, 2
    (which bracket the bar is under), role = its place in the ending (0-based)."""
    out = [(0, 0, 0)] if p["pickup"] else []
    in_ending = {}
    for first, *lengths in p["endings"]:
        start = first
        for number, length in enumerate(lengths, 1):
            for k in range(length):
                in_ending[start + k] = (number, k)
            start += length
    for n in range(1, p["bars"] + 1):
        ending, role = in_ending.get(n, (0, 0))
        out.append((n, ending, role))
    return out


def printed(p, convention):
    """The number of every bar in score order as the engraver prints it (convention 'on' or 'again'), and whether
    it is printed at all is up to the numbering style."""
    result = []
    shift = 0
    first_of = {}
    for first, *lengths in p["endings"]:
        start = first + lengths[0]
        for length in lengths[1:]:
            first_of[start] = (first, length)
            start += length
    pending = None
    for count, ending, role in score_bars(p):
        if convention == "again" and count in first_of:
            pending = first_of[count]
        if convention == "again" and ending >= 2:
            first, length = pending
            # A second ending's bars take the first ending's numbers with "a", a third's with "b".
            result.append("%d%s" % (first + role, "ab"[ending - 2]))
            if role == length - 1:
                shift += length
            continue
        result.append(str(count - shift))
    return result


def systems_truth(p, convention):
    """[[first bar per system] per page] for a piece alone."""
    numbers = printed(p, convention)
    pages, start = [[]], 0
    for s, size in enumerate(p["systems"]):
        if s in p["pages"]:
            pages.append([])
        pages[-1].append(numbers[start])
        start += size
    assert start == len(numbers), (p["title"], start, len(numbers))
    return pages


def shown(p, convention, style):
    """[{numbers printed} per page]: style 'system' (at each system's head but the piece's first), 'every' (every
    bar but the first), 'five' (multiples of five)."""
    numbers = printed(p, convention)
    pages, start = [set()], 0
    for s, size in enumerate(p["systems"]):
        if s in p["pages"]:
            pages.append(set())
        for k in range(start, start + size):
            n = numbers[k]
            value = int(re.match(r"\d+", n).group())
            if style == "system" and k == start and s > 0 or style == "every" and value > 1 \
                    or style == "five" and value > 0 and value % 5 == 0:
                pages[-1].add(re.match(r"\d+", n).group())
        start += size
    return pages


# ---------------------------------------------------------------- music
STEPS = "CDEFGAB"


def melody(p):
    """Per bar in score order: [(step index from C4, duration in the meter's unit)]."""
    rng = random.Random(p["seed"])
    beats, unit = p["meter"]
    pos = 7

    def step():
        nonlocal pos
        pos = max(1, min(13, pos + rng.choice([-3, -2, -1, -1, 1, 1, 2, 3, 0, 4, -4])))
        return pos
    patterns = {(4, 4): [[1, 1, 1, 1], [2, 1, 1], [1, 1, 2]], (3, 4): [[1, 1, 1], [2, 1], [1, 2]],
                (2, 4): [[1, 1], [2]], (6, 8): [[3, 3], [2, 1, 2, 1], [1, 1, 1, 3]]}[(beats, unit)]
    bars = []
    for count, _, _ in score_bars(p):
        if count == 0:
            bars.append([(step(), 1)])
        else:
            bars.append([(step(), d) for d in rng.choice(patterns)])
    return bars


# ---------------------------------------------------------------- MusicXML (MuseScore, Verovio)
def repeat_signs(p):
    """The counts of the bars that start and end a repeat, and for each bar under an ending bracket
    (ending number, first bar of the bracket, last bar of the bracket)."""
    starts = {r[0] for r in p["repeats"] if r[0]}
    ends = {r[1] for r in p["repeats"]}
    ending_of = {}
    for first, *lengths in p["endings"]:
        start = first
        for number, length in enumerate(lengths, 1):
            for k in range(length):
                ending_of[start + k] = (number, k == 0, k == length - 1, number == len(lengths))
            start += length
    return starts, ends, ending_of


def musicxml(p):
    beats, unit = p["meter"]
    divisions = 2 if unit == 8 else 1
    types = {(4, 1): "quarter", (4, 2): "half", (8, 1): "eighth", (8, 2): "quarter", (8, 3): "quarter"}
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 3.1 Partwise//EN" '
             '"http://www.musicxml.org/dtds/partwise.dtd">',
             '<score-partwise version="3.1">', '<work><work-title>%s</work-title></work>' % p["title"],
             '<part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list>', '<part id="P1">']
    starts, ends, ending_of = repeat_signs(p)
    system_starts, page_starts, start = set(), set(), 0
    for s, size in enumerate(p["systems"]):
        system_starts.add(start)
        if s in p["pages"]:
            page_starts.add(start)
        start += size
    for k, ((count, _, _), notes) in enumerate(zip(score_bars(p), melody(p))):
        lines.append('<measure number="%d"%s>' % (count, ' implicit="yes"' if count == 0 else ""))
        if k in system_starts and k > 0:
            lines.append('<print new-%s="yes"/>' % ("page" if k in page_starts else "system"))
        if k == 0:
            lines.append('<attributes><divisions>%d</divisions><key><fifths>0</fifths></key><time><beats>%d</beats>'
                         '<beat-type>%d</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>'
                         % (divisions, beats, unit))
        left = []
        if count in starts:
            left.append('<bar-style>heavy-light</bar-style><repeat direction="forward"/>')
        if count in ending_of and ending_of[count][1]:
            left.append('<ending number="%d" type="start">%d.</ending>' % (ending_of[count][0], ending_of[count][0]))
        if left:
            lines.append('<barline location="left">%s</barline>' % "".join(left))
        for s, d in notes:
            dur = d * (1 if unit == 8 else 1) * (divisions if unit == 4 else 1)
            kind = types[(unit, d)]
            dot = "<dot/>" if unit == 8 and d == 3 else ""
            lines.append('<note><pitch><step>%s</step><octave>%d</octave></pitch><duration>%d</duration>'
                         '<type>%s</type>%s</note>' % (STEPS[s % 7], 4 + s // 7, dur, kind, dot))
        right = []
        if count in ends:
            right.append('<bar-style>light-heavy</bar-style>')
        if count in ending_of and ending_of[count][2]:
            number, _, _, last = ending_of[count]
            right.append('<ending number="%d" type="%s"/>' % (number, "discontinue" if last and number > 1 else "stop"))
        if count in ends:
            right.append('<repeat direction="backward"/>')
        if right:
            lines.append('<barline location="right">%s</barline>' % "".join(right))
        lines.append('</measure>')
    lines += ['</part>', '</score-partwise>']
    return "\n".join(lines) + "\n"


MUSESCORE_STYLE = {
    "system": "<showMeasureNumber>1</showMeasureNumber><measureNumberSystem>1</measureNumberSystem>",
    "every": "<showMeasureNumber>1</showMeasureNumber><measureNumberSystem>0</measureNumberSystem>"
             "<measureNumberInterval>1</measureNumberInterval>",
    "five": "<showMeasureNumber>1</showMeasureNumber><measureNumberSystem>0</measureNumberSystem>"
            "<measureNumberInterval>5</measureNumberInterval>",
}
VEROVIO_INTERVAL = {"system": 0, "every": 1, "five": 5}


# ---------------------------------------------------------------- LilyPond
def lily_pitch(s):
    return "cdefgab"[s % 7] + "'" * (1 + s // 7)


def lily_piece(p):
    beats, unit = p["meter"]
    out = ['\\time %d/%d' % (beats, unit)]
    if p["pickup"]:
        out.append('\\partial %d' % unit)
    starts, ends, ending_of = repeat_signs(p)
    breaks, start = {}, 0
    for s, size in enumerate(p["systems"]):
        start += size
        breaks[start] = "\\pageBreak" if s + 1 in p["pages"] else "\\break"
    items = score_bars(p)
    for k, ((count, _, _), notes) in enumerate(zip(items, melody(p))):
        cmds = []
        if count in starts and (count - 1) not in ends:
            cmds.append('\\bar ".|:"')
        if count in ending_of and ending_of[count][1]:
            number = ending_of[count][0]
            cmds.append("\\set Score.repeatCommands = #'(%s(volta \"%d.\"))" % ("(volta #f) " if number >= 2 else "", number))
        ns = []
        for s, d in notes:
            ns.append(lily_pitch(s) + {(4, 1): "4", (4, 2): "2", (8, 1): "8", (8, 2): "4", (8, 3): "4."}[(unit, d)])
        end = ""
        if count in ends:
            end = '\\bar ":|.|:"' if (count + 1) in starts else '\\bar ":|."'
        tail = []
        if count in ending_of and ending_of[count][0] >= 2 and ending_of[count][2] and ending_of[count][3]:
            tail.append("\\set Score.repeatCommands = #'((volta #f))")
        if k + 1 in breaks and k + 1 < len(items):
            tail.append(breaks[k + 1])
        out.append(" ".join(cmds + ns + ([end] if end else []) + ["|"] + tail))
    if p["bars"] not in ends:
        out.append('\\bar "|."')
    return "\n".join(out)


LILY_STYLE = {
    "system": "\\override Score.BarNumber.break-visibility = ##(#f #f #t)",
    "every": "\\override Score.BarNumber.break-visibility = ##(#t #t #t) "
             "\\set Score.barNumberVisibility = #all-bar-numbers-visible",
    "five": "\\override Score.BarNumber.break-visibility = ##(#t #t #t) "
            "\\set Score.barNumberVisibility = #(every-nth-bar-number-visible 5)",
}


def lilypond(pieces, style, convention):
    parts = ['\\version "2.24.0"', '\\paper { tagline = ##f  #(set-paper-size "a4") }', '\\header { tagline = ##f }',
             '\\layout { \\context { \\Score \\override NonMusicalPaperColumn.line-break-permission = ##f '
             '\\override NonMusicalPaperColumn.page-break-permission = ##f } }']
    for p in pieces:
        if p["newpage"] and p is not pieces[0]:
            parts.append("\\pageBreak")
        parts.append('\\score { \\header { piece = "%s" } { \\clef treble \\key c \\major %s\n%s\n} \\layout { } }'
                     % (p["title"], LILY_STYLE[style], lily_piece(p)))
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------- ABC
def abc_pitch(s):
    name = STEPS[s % 7]
    return name if s < 7 else name.lower() if s < 14 else name.lower() + "'"


def abc(pieces, style):
    measurenb = {"system": 0, "every": 1, "five": 5}[style]
    out = ["%abc-2.1", "%%measurenb " + str(measurenb), "%%titlefont Times-Bold 14", ""]
    for x, p in enumerate(pieces, 1):
        beats, unit = p["meter"]
        if x > 1 and p["newpage"]:
            out.append("%%newpage")
        out += ["X:%d" % x, "T:%s" % p["title"], "M:%d/%d" % (beats, unit), "L:1/%d" % unit, "K:C"]
        starts, ends, _ = repeat_signs(p)
        ending_start = {}
        for first, *lengths in p["endings"]:
            for number, length in enumerate(lengths, 1):
                ending_start[first] = number
                first += length
        items = score_bars(p)
        line, lines, sizes, k0 = "", [], list(p["systems"]), 0
        system_end = set()
        for size in sizes:
            k0 += size
            system_end.add(k0)
        for k, ((count, _, _), notes) in enumerate(zip(items, melody(p))):
            if k == 0 and count in starts:
                line += "|:"
            line += " ".join(abc_pitch(s) + (str(d) if d > 1 else "") for s, d in notes)
            nxt = items[k + 1][0] if k + 1 < len(items) else None
            if count in ends and nxt in starts:
                sep = "::"
            elif count in ends:
                sep = ":|"
            elif nxt in starts:
                sep = "|:"
            elif nxt is None:
                sep = "|]"
            else:
                sep = "|"
            if nxt in ending_start:
                sep += str(ending_start[nxt])
            line += sep + " "
            if k + 1 in system_end and nxt is not None:
                lines.append(line.strip())
                line = ""
                if sizes and (sorted(system_end).index(k + 1) + 1) in p["pages"]:
                    lines.append("%%newpage")
        lines.append(line.strip())
        out += [l for l in lines if l] + [""]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- files
# name: (engraver, pieces, numbering style, second-ending convention, indices of the pieces that begin a page)
SETS = [
    ("musescore-hornpipe", "musescore", [hornpipe], "system", "on", set()),
    ("musescore-march", "musescore", [march], "five", "on", set()),
    ("musescore-waltz", "musescore", [waltz], "every", "on", set()),
    ("verovio-jig", "verovio", [jig], "system", "on", set()),
    ("verovio-march", "verovio", [march], "five", "on", set()),
    ("verovio-waltz", "verovio", [waltz], "every", "on", set()),
    ("lilypond-book-c", "lilypond", [hornpipe, sarabande, jig], "system", "on", {1}),
    ("lilypond-book-d", "lilypond", [waltz, jig], "five", "on", set()),
    ("lilypond-book-e", "lilypond", [jig, hornpipe, march], "every", "on", {2}),
    ("abcm2ps-tunes-c", "abcm2ps", [hornpipe, jig, sarabande], "system", "again", {2}),
    ("abcm2ps-tunes-d", "abcm2ps", [waltz, jig], "five", "again", set()),
    ("abcm2ps-tunes-e", "abcm2ps", [sarabande, hornpipe], "every", "again", set()),
]
# `--set tuning`: Corpus/numbering-tuning, several tunes a page numbered every fifth bar, upbeats under every-bar
# numbering, a trio with both endings on its first system, third endings.
TUNING_SETS = [
    ("lilypond-tune-f", "lilypond", [minuet, reel, polka], "five", "on", {2}),
    ("lilypond-tune-g", "lilypond", [reel, trio, polka], "every", "on", {2}),
    ("lilypond-tune-h", "lilypond", [trio, polka, minuet], "system", "on", {2}),
    ("abcm2ps-tune-f", "abcm2ps", [reel, polka, minuet], "five", "again", {2}),
    ("abcm2ps-tune-g", "abcm2ps", [trio, reel, polka], "system", "again", {2}),
    ("abcm2ps-tune-h", "abcm2ps", [polka, minuet], "every", "again", set()),
    ("musescore-polka", "musescore", [polka], "system", "on", set()),
    ("musescore-trio", "musescore", [trio], "every", "on", set()),
    ("verovio-polka", "verovio", [polka], "five", "on", set()),
    ("verovio-reel", "verovio", [reel], "every", "on", set()),
    ("abcm2ps-tune-i", "abcm2ps", [slide, reel], "five", "again", set()),
    ("abcm2ps-tune-j", "abcm2ps", [minuet, slide], "system", "again", set()),
    ("abcm2ps-tune-k", "abcm2ps", [reel, slide], "five", "again", set()),
    ("lilypond-tune-i", "lilypond", [minuet, slide], "system", "on", set()),
]
# `--set fresh`: Corpus/numbering-fresh, other music with the same phenomena, held out (measured once).
FRESH_SETS = [
    ("lilypond-fresh-a", "lilypond", [bourree, gigue], "five", "on", set()),
    ("lilypond-fresh-b", "lilypond", [schottische, mazurka, gigue], "every", "on", {2}),
    ("lilypond-fresh-c", "lilypond", [gigue, bourree], "system", "on", set()),
    ("abcm2ps-fresh-a", "abcm2ps", [gigue, schottische], "five", "again", set()),
    ("abcm2ps-fresh-b", "abcm2ps", [mazurka, bourree], "every", "again", set()),
    ("abcm2ps-fresh-c", "abcm2ps", [bourree, gigue, schottische], "system", "again", {2}),
    ("musescore-schottische", "musescore", [schottische], "five", "on", set()),
    ("musescore-gigue", "musescore", [gigue], "system", "on", set()),
    ("verovio-bourree", "verovio", [bourree], "every", "on", set()),
    ("verovio-mazurka", "verovio", [mazurka], "five", "on", set()),
]
FOLDERS = {"engravers": ("numbering-engravers", SETS), "tuning": ("numbering-tuning", TUNING_SETS),
           "fresh": ("numbering-fresh", FRESH_SETS)}
ENGRAVER_NAMES = {"musescore": "MuseScore 3", "verovio": "Verovio + rsvg-convert", "lilypond": "LilyPond 2.24",
                  "abcm2ps": "abcm2ps 8.14 + ps2pdf"}


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def page_words(pdf):
    """{page: [(xMin, yMin, text)]} from pdftotext -bbox."""
    xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    pages, page = {}, 0
    for line in xml.splitlines():
        if "<page " in line:
            page += 1
            pages[page] = []
        m = re.search(r'xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="[-\d.]+" yMax="[-\d.]+">([^<]*)</word>', line)
        if m:
            pages[page].append((float(m.group(1)), float(m.group(2)), m.group(3)))
    return pages


def truth_and_shown(pieces, convention, style):
    """(systems per page, numbers shown per page) for pieces set one after another: a piece with `newpage` begins a
    page, the others go on the page before."""
    systems, numbers = [], []
    for p in pieces:
        t, s = systems_truth(p, convention), shown(p, convention, style)
        if not systems or p["newpage"]:
            systems, numbers = systems + t, numbers + s
        else:
            systems[-1] += t[0]
            numbers[-1] |= s[0]
            systems += t[1:]
            numbers += s[1:]
    return systems, numbers


def check(pdf, systems, numbers, heads):
    """Problems: a number the truth says is printed on a page but missing there; with numbers at system heads
    (`heads`: the head numbers per page), those not found in order down the page's left edge."""
    words = page_words(pdf)
    problems = []
    for page, expected in enumerate(heads, 1):
        left = [w[2].strip("()") for w in sorted(words.get(page, []), key=lambda w: w[1])
                if w[0] < 60 and re.fullmatch(r"\(?\d+[a-z]?\)?", w[2])]
        rest = iter(left)
        if not all(any(n == found for found in rest) for n in expected):
            problems.append("page %d: system heads %s, left edge reads %s" % (page, " ".join(expected), " ".join(left)))
    if len(words) != len(systems):
        problems.append("%d pages, truth has %d" % (len(words), len(systems)))
    for page, expected in enumerate(numbers, 1):
        texts = {re.sub(r"[^\da-z]", "", w[2]) for w in words.get(page, [])}
        missing = sorted(n for n in expected if n not in texts)
        if missing:
            problems.append("page %d: printed numbers missing: %s" % (page, " ".join(missing)))
    return problems


def main():
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv else set(ENGRAVER_NAMES)
    folder, sets = FOLDERS[sys.argv[sys.argv.index("--set") + 1] if "--set" in sys.argv else "engravers"]
    corpus = os.path.join(os.path.dirname(CORPUS), folder)
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"
    work = tempfile.mkdtemp()
    os.makedirs(corpus, exist_ok=True)
    failed = False
    try:
        for name, engraver, makers, style, convention, newpage in sets:
            if engraver not in only:
                continue
            pieces = [m() for m in makers]
            for k, p in enumerate(pieces):
                p["newpage"] = k in newpage
            pdf = os.path.join(work, name + ".pdf")
            if engraver == "musescore":
                xml = os.path.join(work, name + ".musicxml")
                open(xml, "w").write(musicxml(pieces[0]))
                # MuseScore reads a style file only for new scores: the numbering goes into the imported score's style.
                mscx = os.path.join(work, name + ".mscx")
                env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
                run(["mscore3", "-o", mscx, xml], env=env)
                text = open(mscx).read()
                open(mscx, "w").write(text.replace("<Style>", "<Style>" + MUSESCORE_STYLE[style], 1))
                run(["mscore3", "-o", pdf, mscx], env=env)
            elif engraver == "verovio":
                xml = os.path.join(work, name + ".musicxml")
                open(xml, "w").write(musicxml(pieces[0]))
                FORM.verovio_pdf(xml, {"breaks": "encoded", "mnumInterval": VEROVIO_INTERVAL[style]},
                                 os.path.join(work, name + "-"), pdf)
            elif engraver == "lilypond":
                ly = os.path.join(work, name + ".ly")
                open(ly, "w").write(lilypond(pieces, style, convention))
                run(["lilypond", "-s", "-o", pdf[:-4], ly])
            else:
                src = os.path.join(work, name + ".abc")
                open(src, "w").write(abc(pieces, style))
                run(["abcm2ps", "-O", pdf[:-4] + ".ps", src])
                run(["ps2pdf", pdf[:-4] + ".ps", pdf])
            systems, numbers = truth_and_shown(pieces, convention, style)
            heads = [[n.rstrip("a") for n in page if n not in ("0", "1")] for page in systems] if style == "system" else []
            problems = check(pdf, systems, numbers, heads)
            for problem in problems:
                print("%s: %s" % (name, problem), file=sys.stderr)
            failed = failed or bool(problems)
            shutil.copy(pdf, os.path.join(corpus, name + ".pdf"))
            with open(os.path.join(corpus, name + ".numbers.json"), "w") as f:
                json.dump({"engraver": ENGRAVER_NAMES[engraver], "numbering": style, "secondEnding": convention,
                           "pieces": [p["title"] for p in pieces],
                           "pages": [{"page": n, "systems": s} for n, s in enumerate(systems, 1)]}, f)
                f.write("\n")
            print("%s: %s" % (name, " | ".join(" ".join(s) for s in systems)))
    finally:
        if "--keep" in sys.argv:
            print(work)
        else:
            shutil.rmtree(work)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
