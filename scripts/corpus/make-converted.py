#!/usr/bin/env python3
"""Builds Tests/ScoreDocumentTests/Corpus/converted: Verovio pages turned into PDF the way other tool chains do it,
with truth from Verovio's own geometry (scripts/make-corpus.py's verovio_truth).

  * glyphs-*:   every barline of the SVG replaced by a font glyph (DejaVu Sans U+2502, a TrueType glyph stretched
                to the barline's height), as engravers that draw barlines with a music font do;
  * missing-*:  the SVG's SMuFL text (tempo marks with a note) kept, so rsvg-convert draws each glyph it cannot
                find as a huge boxed code point across the systems: what a naive SVG-to-PDF pipeline hands over;
  * cairosvg-*: converted by CairoSVG instead of rsvg-convert.

Usage: scripts/corpus/make-converted.py   (needs music21, verovio, cairosvg, rsvg-convert, qpdf; see make-corpus.py)
"""
import importlib.util
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
spec = importlib.util.spec_from_file_location("make_corpus", os.path.join(ROOT, "scripts", "make-corpus.py"))
mc = importlib.util.module_from_spec(spec)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
spec.loader.exec_module(mc)
OUT = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus", "converted")


def with_tempo(source, marks):
    """A music21 excerpt of `source` with metronome marks [(bar, text, number, note type)] added to its first part."""
    import music21

    def make():
        s = mc.corpus_excerpt(*source)
        for bar, text, number, kind in marks:
            mark = music21.tempo.MetronomeMark(text, number=number, referent=music21.note.Note(type=kind))
            s.parts[0].measure(bar).insert(0, mark)
        return s
    return make


def glyph_barlines(svg):
    """The SVG with each vertical path of a barline drawn as a DejaVu Sans U+2502 glyph of the same height."""
    def group(m):
        out = []
        for p in re.finditer(r'<path d="M(-?[\d.]+) (-?[\d.]+) L(-?[\d.]+) (-?[\d.]+)"[^>]*/>', m.group(0)):
            x0, y0, x1, y1 = map(float, p.groups())
            if abs(x0 - x1) > 1e-6:
                out.append(p.group(0))
                continue
            top, bottom = min(y0, y1), max(y0, y1)
            size = (bottom - top) / 1.1641              # U+2502 runs from -0.2364 em to 0.9277 em in DejaVu Sans
            out.append('<text x="%.1f" y="%.1f" font-family="DejaVu Sans" font-size="%.1f" text-anchor="middle">\u2502</text>'
                       % (x0, bottom - 0.2364 * size, size))
        head = re.match(r'<g [^>]*class="barLine"[^>]*>', m.group(0)).group(0)
        return head + "".join(out) + "</g>"
    return re.sub(r'<g [^>]*class="barLine"[^>]*>.*?</g>', group, svg, flags=re.S)


class ReShim:
    """The `re` module with its `sub` replaced (to keep the SMuFL text make-corpus.py removes)."""
    def __init__(self, sub):
        self.sub = sub

    def __getattr__(self, name):
        return getattr(re, name)


PIECES = [
    dict(name="glyphs-bwv66-6", variant="glyphs", title="BWV 66.6", composer="J. S. Bach",
         src=("corpus", "bach/bwv66.6", None, None), page="a4", mm=7.0, vscale=40,
         music="J. S. Bach, BWV 66.6 (music21 corpus), barlines drawn as TrueType glyphs", shape="SATB chorale"),
    dict(name="glyphs-haydn-op74-1", variant="glyphs", title="Quartet op. 74 no. 1, I", composer="J. Haydn",
         src=("corpus", "haydn/opus74no1/movement1", 49, 80), page="letter", mm=6.5, vscale=38,
         music="J. Haydn, op. 74 no. 1, I, bars 49-80 (music21 corpus), barlines drawn as TrueType glyphs",
         shape="string quartet"),
    dict(name="missing-bwv66-6", variant="missing", title="BWV 66.6 with tempo marks", composer="J. S. Bach",
         src=("gen", with_tempo(("bach/bwv66.6", None, None), [(1, None, 60, "quarter"), (6, "Adagio", 50, "half")])),
         page="a4", mm=7.0, vscale=40,
         music="J. S. Bach, BWV 66.6 with two metronome marks; rsvg-convert draws their missing SMuFL glyphs as boxes",
         shape="SATB chorale, boxes across systems"),
    dict(name="missing-k545", variant="missing", title="Sonata K. 545 with a tempo mark", composer="W. A. Mozart",
         src=("gen", with_tempo(("mozart/k545/movement1_exposition", None, None), [(1, "Allegro", 132, "quarter")])),
         page="a4", mm=7.0, vscale=45,
         music="W. A. Mozart, K. 545, I (exposition) with a metronome mark drawn as missing-glyph boxes",
         shape="solo piano, boxes across systems"),
    dict(name="cairosvg-monteverdi-3-2", variant="cairosvg", title="Madrigal 3.2", composer="C. Monteverdi",
         src=("corpus", "monteverdi/madrigal.3.2", 1, 30), strip_words=True, page="a4", mm=6.0, vscale=35,
         music="C. Monteverdi, madrigal 3.2, bars 1-30 (music21 corpus), converted by CairoSVG", shape="5 voices"),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    build = tempfile.mkdtemp()
    warn = []
    real_run, real_sub = mc.run, mc.re.sub
    for piece in PIECES:
        variant = piece["variant"]

        def run(cmd, **kw):
            if cmd[0] == "rsvg-convert":
                svgs = [a for a in cmd if a.endswith(".svg")]
                if variant == "glyphs":
                    for path in svgs:
                        text = open(path, encoding="utf-8").read()
                        open(path, "w", encoding="utf-8").write(glyph_barlines(text))
                if variant == "cairosvg":
                    import cairosvg
                    parts = []
                    for path in svgs:
                        part = path[:-4] + ".pdf"
                        cairosvg.svg2pdf(url=path, write_to=part)
                        parts.append(part)
                    return real_run(["qpdf", "--empty", "--pages"] + parts + ["--", cmd[cmd.index("-o") + 1]])
            return real_run(cmd, **kw)

        def sub(pattern, replacement, text, *args, **kw):
            if variant == "missing" and isinstance(pattern, str) and "Leipzig" in pattern:
                return text
            return real_sub(pattern, replacement, text, *args, **kw)

        mc.run = run
        mc.re = ReShim(sub)
        xml = mc.build_musicxml(piece, build)
        pdf, pages = mc.verovio_truth(piece, xml, build, OUT, warn)
        mc.dump_truth(pdf[:-4] + ".layout.json", {"engraver": "verovio", "conversion": variant, "source": piece["music"]}, pages)
        print(piece["name"], len(pages), "pages")
        mc.run, mc.re = real_run, re
    for w in warn:
        print("warning:", w)


if __name__ == "__main__":
    main()
