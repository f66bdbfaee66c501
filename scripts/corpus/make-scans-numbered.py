#!/usr/bin/python3
"""Scanned copies of scores with printed bar numbers, for reading those numbers from pixels (issue 26).

    /usr/bin/python3 scripts/corpus/make-scans-numbered.py      # writes both sets below

Each source PDF (its first page) is rasterised by pdftoppm at the scan's dpi in gray, rotated about
the page centre, blurred, given paper shading and grain, its ink lightened at random, saved as JPEG and wrapped as
an image-only PDF of the source's page size (img2pdf). Seeded and reproducible; the seed, dpi, angle, noise and
JPEG quality of every scan are in its truth file.

The truth `NAME.numbers.json` lists every system's first bar number in page order (the format of
Corpus/numbering): for sources with a layout truth (Corpus/musescore, verovio, lilypond, abcm2ps) the MusicXML or
source bar number of each system's first bar; for Corpus/numbering the hand-written numbers.json; for the form
corpus (pickups, endings, several tunes a page) the numbers printed at the system heads of the born-digital
original, listed by `pdftotext -bbox` and checked by eye on the renderings (a piece's first system, which carries
no number, is 0 after an upbeat, else 1). Scanning does not move a system to another page, so the truth is the
source's.

Two sets from disjoint sources, each with LilyPond, abcm2ps, MuseScore 3 and Verovio engravings:
`scans-numbers` (tuning: the OCR reader's thresholds were set on it) and `scans-numbers-heldout` (never tuned on).
Needs Debian's python3-pil, python3-numpy, python3-scipy, img2pdf and poppler-utils.
"""
import importlib.util
import io
import json
import os
import subprocess
import sys
import tempfile

import img2pdf
import numpy as np
from PIL import Image
from scipy import ndimage

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus")

# (set, source under Corpus, dpi, angle in degrees, noise sigma, JPEG quality)
SCANS = [
    ("scans-numbers", "numbering/book-a", 300, 0.7, 5, 45),
    ("scans-numbers", "numbering/tunes-a", 200, -1.0, 4, 40),
    ("scans-numbers", "form/abcm2ps-binary-pickup", 300, -0.5, 6, 35),
    ("scans-numbers", "form/lilypond-endings", 250, 1.1, 4, 45),
    ("scans-numbers", "form/musescore-binary-pickup", 300, 0.4, 5, 45),
    ("scans-numbers", "form/verovio-endings", 300, -0.8, 5, 45),
    ("scans-numbers", "form/abcm2ps-tunes-book", 300, 0.9, 4, 50),
    ("scans-numbers", "musescore/haydn-op74-1-i", 300, -0.6, 5, 45),
    ("scans-numbers", "musescore/joplin-maple-leaf", 200, 1.2, 4, 45),
    ("scans-numbers", "verovio/schubert-lindenbaum", 300, 0.5, 6, 40),
    ("scans-numbers", "lilypond/part", 300, -1.2, 5, 45),
    ("scans-numbers", "abcm2ps/piano-a", 250, 0.6, 4, 45),
    ("scans-numbers-heldout", "numbering-heldout/book-b", 300, -0.9, 5, 45),
    ("scans-numbers-heldout", "numbering-heldout/tunes-b", 250, 0.8, 4, 40),
    ("scans-numbers-heldout", "form-heldout/abcm2ps-gavotte", 300, 0.6, 6, 45),
    ("scans-numbers-heldout", "form-heldout/lilypond-tunes-book-2", 300, -0.7, 5, 45),
    ("scans-numbers-heldout", "form-heldout/musescore-gavotte", 250, 1.0, 4, 45),
    ("scans-numbers-heldout", "form-heldout/verovio-rondo-dc", 300, 0.3, 5, 40),
    ("scans-numbers-heldout", "musescore/schubert-lindenbaum", 300, 0.8, 5, 45),
    ("scans-numbers-heldout", "verovio/joplin-maple-leaf", 250, -1.1, 4, 45),
    ("scans-numbers-heldout", "lilypond/quartet", 200, 0.9, 4, 45),
    ("scans-numbers-heldout", "abcm2ps-heldout/part-b", 300, -0.4, 6, 45),
]
MAX_PAGES = 1
# The form corpus's truth: every system's first printed number per page (see the docstring), by file.
FORM_TRUTH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "numbering", "form-scans.numbers.json")


def page_count(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in out.splitlines() if line.startswith("Pages:")))


def page_size(pdf, page):
    """The page's width and height in points (make-scans-other.py's reading of pdfinfo)."""
    spec = importlib.util.spec_from_file_location("make_scans_other", os.path.join(os.path.dirname(__file__), "make-scans-other.py"))
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    return other.page_size(pdf, page)


def truth(source, pages):
    base = os.path.join(CORPUS, source)
    if os.path.exists(base + ".numbers.json"):
        numbers = json.load(open(base + ".numbers.json"))
    elif os.path.exists(base + ".layout.json"):
        layout = json.load(open(base + ".layout.json"))
        numbers = {"pages": [{"page": p["page"], "systems": [s["bars"][0]["number"] for s in p["systems"] if s.get("bars")]}
                             for p in layout["pages"]]}
    else:
        numbers = {"pages": json.load(open(FORM_TRUTH))[source]}
    return [p for p in numbers["pages"] if p["page"] <= pages]


def scan(image, rng, dpi, angle, sigma):
    a = np.asarray(image.rotate(angle, resample=Image.BICUBIC, fillcolor=255)).astype(np.float32)
    a = ndimage.gaussian_filter(a, 0.35 * dpi / 200)
    h, w = a.shape
    yy, xx = np.mgrid[0:h, 0:w]
    a -= 12 * (xx / w) + 8 * (yy / h)
    ink = a < 128
    a[ink] += rng.uniform(0, 45, int(ink.sum()))
    a += rng.normal(0, sigma, a.shape)
    n = int(w * h * 0.00003)
    for y, x, s in zip(rng.integers(0, h - 3, n), rng.integers(0, w - 3, n), rng.integers(1, 4, n)):
        a[y:y + s, x:x + s] = rng.uniform(30, 120)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")


def main():
    for index, (folder, source, dpi, angle, sigma, quality) in enumerate(SCANS):
        pdf = os.path.join(CORPUS, source + ".pdf")
        pages = min(MAX_PAGES, page_count(pdf))
        rng = np.random.default_rng(2600 + index)
        jpegs = []
        with tempfile.TemporaryDirectory() as tmp:
            for page in range(1, pages + 1):
                prefix = os.path.join(tmp, "p%d" % page)
                subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", "-f", str(page), "-l", str(page),
                                pdf, prefix], check=True)
                buffer = io.BytesIO()
                scan(Image.open(prefix + ".pgm"), rng, dpi, angle, sigma).save(buffer, "JPEG", quality=quality, dpi=(dpi, dpi))
                jpegs.append(buffer.getvalue())
        width, height = page_size(pdf, 1)
        name = "scan-" + source.split("/")[0].replace("-heldout", "") + "-" + source.split("/")[1]
        out = os.path.join(CORPUS, folder, name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        layout_fun = img2pdf.get_layout_fun((width, height), fit=img2pdf.FitMode.exact)
        with open(out + ".pdf", "wb") as fp:
            fp.write(img2pdf.convert(jpegs, layout_fun=layout_fun, nodate=True, engine=img2pdf.Engine.internal))
        head = {"source": source + ".pdf", "scan": {"dpi": dpi, "angle": angle, "noise": sigma, "jpeg": quality,
                                                     "seed": 2600 + index, "pages": pages}}
        with open(out + ".numbers.json", "w") as fp:
            json.dump(dict(head, pages=truth(source, pages)), fp, separators=(",", ":"))
            fp.write("\n")
        print(out + ".pdf", os.path.getsize(out + ".pdf"), "bytes")


if __name__ == "__main__":
    sys.exit(main())
