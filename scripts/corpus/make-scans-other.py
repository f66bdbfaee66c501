#!/usr/bin/env python3
"""Scanned score pages from a second, independent degradation pipeline (issue 14).

Written from scratch, apart from scripts/make-corpus.py's degradations: it uses only make-corpus.py's
engraved source pages (made by scripts/corpus/engrave-other.py into SOURCES, truth from each engraver's own
geometry) and the truth writer. Seeded and reproducible.

    python3 scripts/corpus/make-scans-other.py corpus   # Tests/ScoreDocumentTests/Corpus/scans-other
    python3 scripts/corpus/make-scans-other.py D|E [filter]   # the held-out sets D and E (not committed)
    SOURCES=Tests/ScoreDocumentTests/Corpus python3 scripts/corpus/make-scans-other.py N|NH
        # scans of the abcm2ps and MusiXTeX pages (make-engravers.py): N tuning, NH held out,
        # NT more tuning scans of other kinds (to /tmp/scans-engravers-more, not committed)
        # NB bilevel scans of the tuning pages whose thin barlines break into dots (to /tmp/scans-engravers-bilevel)

Set D (looked at while fixing) and set E (only ever measured as totals) were kept out of the repository; the
corpus pages come from the tuning sets (sources: the same engravings, other pages, seeds and settings).

Model.  The scanned image is made by inverse mapping: for each output pixel, the output point
(X, Y) in pt is mapped back through the geometry G to a point of the source page, and the source
page (rendered by pdftoppm at the output resolution) is sampled there (bilinear).  The forward
geometry F, applied to the truth, is

    1. rotation by `angle` degrees counter-clockwise (as seen on the page, y down) about the page
       centre, uniform scale `scale` about the same centre, then offset (tx, ty) pt;
    2. a page-curl warp near one edge ("curl"): Y += amp * max(0, (d0 - d)/d0)^2, d = distance of X
       from the spine edge, d0 = the width of the curled zone;
    3. placement of the image in the PDF page (`inset`): X = px + ps * X, Y = py + ps * Y.

Truth transform: a system's top and bottom (and each staff's) are F applied at the system's
horizontal middle; each bar's left/right x is F applied at the system's vertical middle (so under
the curl warp the top/bottom are the values at the staff middle, as the brief asks).
"""
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image
from scipy import ndimage

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from layout_json import dump_layout  # noqa: E402

# The engravings of scripts/corpus/engrave-other.py (MuseScore 3 and Verovio, with truth).
SRC5 = os.environ.get("SOURCES", "/tmp/heldout5")


# ------------------------------------------------------------------------------------------------
# Sources
# ------------------------------------------------------------------------------------------------

def source(eng, name):
    """-> (pdf path, layout dict, engraver label, description)"""
    if eng == "ly-scores":
        pdf, lj = os.path.join(ROOT, "Scores", name + ".pdf"), os.path.join(ROOT, "Scores", name + ".layout.json")
        lab = "lilypond"
        desc = "LilyPond engraving Scores/%s.pdf (truth Scores/%s.layout.json)" % (name, name)
    elif eng == "ly":
        d = os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus", "lilypond")
        pdf, lj = os.path.join(d, name + ".pdf"), os.path.join(d, name + ".layout.json")
        lab = "lilypond"
        desc = "LilyPond engraving Corpus/lilypond/%s.pdf" % name
    else:
        pdf, lj = os.path.join(SRC5, eng, name + ".pdf"), os.path.join(SRC5, eng, name + ".layout.json")
        lab = eng
        desc = "%s/%s/%s.pdf" % (SRC5, eng, name)
    layout = json.load(open(lj))
    return pdf, layout, lab, desc + (": " + layout["source"] if "source" in layout else "")


def page_size(pdf, page):
    out = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), pdf], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("Page") and "size:" in line:
            parts = line.split("size:")[1].split()
            return float(parts[0]), float(parts[2])
    raise RuntimeError("no page size")


def render(pdf, page, dpi, tmp):
    prefix = os.path.join(tmp, "src")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", "-f", str(page), "-l", str(page),
                    pdf, prefix], check=True)
    return np.asarray(Image.open(prefix + ".pgm")).astype(np.float32)


# ------------------------------------------------------------------------------------------------
# Geometry
# ------------------------------------------------------------------------------------------------

class Geometry:
    def __init__(self, pw, ph, angle=0.0, scale=1.0, tx=0.0, ty=0.0, curl=None, inset=None):
        self.pw, self.ph = pw, ph
        self.cx, self.cy = pw / 2, ph / 2
        self.t = math.radians(angle)
        self.s, self.tx, self.ty = scale, tx, ty
        self.curl = curl            # (side "left"/"right", amp pt, zone width pt)
        self.inset = inset          # (ps, px, py)

    def warp(self, X):
        if not self.curl:
            return 0.0 * X
        side, amp, zone = self.curl
        d = X if side == "left" else self.pw - X
        u = np.clip((zone - d) / zone, 0, None)
        return amp * u * u

    def forward_image(self, x, y):
        """source pt -> image pt (before the PDF placement)"""
        c, s = math.cos(self.t), math.sin(self.t)
        dx, dy = x - self.cx, y - self.cy
        X = self.cx + self.s * (dx * c + dy * s) + self.tx
        Y = self.cy + self.s * (-dx * s + dy * c) + self.ty
        return X, Y + self.warp(X)

    def inverse_image(self, X, Y):
        """image pt -> source pt"""
        Y = Y - self.warp(X)
        c, s = math.cos(self.t), math.sin(self.t)
        dx, dy = (X - self.cx - self.tx) / self.s, (Y - self.cy - self.ty) / self.s
        return self.cx + dx * c - dy * s, self.cy + dx * s + dy * c

    def forward(self, x, y):
        """source pt -> PDF page pt"""
        X, Y = self.forward_image(x, y)
        if self.inset:
            ps, px, py = self.inset
            X, Y = px + ps * X, py + ps * Y
        return float(X), float(Y)


def r2(v):
    return round(float(v) + 0.0, 2)


def transform_truth(page, g):
    systems = []
    for s in page["systems"]:
        bars = s.get("bars", [])
        left = s.get("left", bars[0]["left"] if bars else g.pw * 0.1)
        right = s.get("right", bars[-1]["right"] if bars else g.pw * 0.9)
        xm, ym = (left + right) / 2, (s["top"] + s["bottom"]) / 2
        ns = {"top": r2(g.forward(xm, s["top"])[1]), "bottom": r2(g.forward(xm, s["bottom"])[1]),
              "left": r2(g.forward(left, ym)[0]), "right": r2(g.forward(right, ym)[0]),
              "staves": [{"top": r2(g.forward(xm, st["top"])[1]), "bottom": r2(g.forward(xm, st["bottom"])[1])}
                         for st in s.get("staves", [])],
              "bars": [{"number": b["number"], "left": r2(g.forward(b["left"], ym)[0]),
                        "right": r2(g.forward(b["right"], ym)[0])} for b in bars]}
        systems.append(ns)
    return {"page": 1, "systems": systems}


def resample(src, g, dpi, outside):
    """Sample the source raster (same dpi) through the inverse geometry; NaN where off the page."""
    h, w = int(round(g.ph / 72 * dpi)), int(round(g.pw / 72 * dpi))
    k = 72.0 / dpi
    out = np.empty((h, w), np.float32)
    cols = (np.arange(w, dtype=np.float64) + 0.5) * k
    step = 512
    sh, sw = src.shape
    for r0 in range(0, h, step):
        rows = (np.arange(r0, min(h, r0 + step), dtype=np.float64) + 0.5) * k
        X, Y = np.meshgrid(cols, rows)
        x, y = g.inverse_image(X, Y)
        px, py = x / k - 0.5, y / k - 0.5
        v = ndimage.map_coordinates(src, [py, px], order=1, mode="constant", cval=255.0)
        off = (x < 0) | (y < 0) | (x > g.pw) | (y > g.ph)
        v[off] = outside
        out[r0:r0 + len(rows)] = v
    return out


# ------------------------------------------------------------------------------------------------
# Photometric operations (float image, 255 = white paper, 0 = black ink)
# ------------------------------------------------------------------------------------------------

def ink_level(a, black):
    """ink (255 - a) scaled so full black becomes `black`"""
    return 255 - (255 - a) * (255 - black) / 255.0


def blur(a, sigma):
    return ndimage.gaussian_filter(a, sigma)


def noise(a, rng, sigma):
    return a + rng.normal(0, sigma, a.shape).astype(np.float32)


def thicken(a, size):
    return ndimage.grey_erosion(a, size=(size, size))


def toner_specks(a, rng, density, dpi):
    h, w = a.shape
    n = int(h * w * density)
    ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
    r = max(1, dpi // 300)
    for y, x in zip(ys, xs):
        sz = int(rng.integers(1, 3 * r + 1))
        a[y:y + sz, x:x + sz] = np.minimum(a[y:y + sz, x:x + sz], rng.uniform(20, 110))
    # a few faint toner streaks (roller marks), vertical
    for _ in range(int(rng.integers(1, 3))):
        x = int(rng.integers(w // 10, w - w // 10))
        wd = int(rng.integers(1, 3 * r + 1))
        a[:, x:x + wd] = np.minimum(a[:, x:x + wd], 255 - rng.uniform(25, 45))
    return a


def clip_contrast(a, lo, hi):
    return np.clip((a - lo) * 255.0 / (hi - lo), 0, 255)


def illumination_gradient(a, direction_deg, lo):
    """multiply by a light level going from `lo` (dark side) to 1 across the page"""
    h, w = a.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = math.radians(direction_deg)
    u = (xx / w - 0.5) * math.cos(t) + (yy / h - 0.5) * math.sin(t)
    u = (u - u.min()) / (u.max() - u.min())
    light = lo + (1 - lo) * (u ** 0.7)
    return a * light


def spine_shadow(a, side, width_frac, depth):
    h, w = a.shape
    x = np.arange(w, dtype=np.float32)
    d = x if side == "left" else (w - 1 - x)
    band = 1 - depth * np.exp(-d / (width_frac * w)) ** 1.5
    return a * band[None, :]


def halftone_paper(a, rng, dpi):
    """moiré-like background: two interfering screens (a halftone pattern of the yellowed paper,
    resampled), slowly varying in strength."""
    h, w = a.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    p1, p2 = dpi / 300 * 5.2, dpi / 300 * 5.6
    t1, t2 = math.radians(45), math.radians(41)
    s1 = np.sin(2 * math.pi * (xx * math.cos(t1) + yy * math.sin(t1)) / p1)
    s2 = np.sin(2 * math.pi * (-xx * math.sin(t2) + yy * math.cos(t2)) / p2)
    env = 0.6 + 0.4 * np.sin(xx / w * 3.0 + 1.0) * np.cos(yy / h * 2.0)
    return a - 14 * env * (s1 * s2 + 0.4)


def lid_frame(a, mask_off, level, rng):
    """the scanner lid / platen beyond the paper: dark, slightly noisy"""
    v = level + rng.normal(0, 6, a.shape).astype(np.float32)
    a[mask_off] = v[mask_off]
    return a


# ------------------------------------------------------------------------------------------------
# Output
# ------------------------------------------------------------------------------------------------

def to_u8(a):
    return np.clip(np.rint(a), 0, 255).astype(np.uint8)


def pdf_with_jpeg(jpeg, px_w, px_h, colour, page_w, page_h, place):
    """Minimal PDF: one page of page_w x page_h pt with the JPEG drawn at place = (x, y_top, w, h) pt."""
    x, ytop, w, h = place
    y = page_h - ytop - h
    content = ("q %.4f 0 0 %.4f %.4f %.4f cm /Im0 Do Q\n" % (w, h, x, y)).encode()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.4f %.4f] /Resources << /XObject << /Im0 4 0 R >> >> "
         "/Contents 5 0 R >>" % (page_w, page_h)).encode(),
        ("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /%s /BitsPerComponent 8 "
         "/Filter /DCTDecode /Length %d >>\nstream\n" % (px_w, px_h, "DeviceRGB" if colour else "DeviceGray",
                                                        len(jpeg))).encode() + jpeg + b"\nendstream",
        ("<< /Length %d >>\nstream\n" % len(content)).encode() + content + b"endstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def write_pdf(path, img, store, quality, dpi, pw, ph, inset, tmp):
    import img2pdf
    if store == "g4":
        tif = os.path.join(tmp, "page.tif")
        img.save(tif, compression="group4", dpi=(dpi, dpi))
        data = open(tif, "rb").read()
    else:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=quality, dpi=(dpi, dpi))
        data = buf.getvalue()
    if inset:
        assert store != "g4"
        ps, px, py = inset
        open(path, "wb").write(pdf_with_jpeg(data, img.width, img.height, img.mode == "RGB", pw, ph,
                                             (px, py, pw * ps, ph * ps)))
    else:
        lf = img2pdf.get_layout_fun((pw, ph), fit=img2pdf.FitMode.exact)
        open(path, "wb").write(img2pdf.convert([data], layout_fun=lf, nodate=True, engine=img2pdf.Engine.internal))


# ------------------------------------------------------------------------------------------------
# The pages
# ------------------------------------------------------------------------------------------------

# Each spec: id, kind, engraver folder, piece, page, seed, angle, and options:
#   dpi, store ("jpeg" | "g4"), q (JPEG quality), colour, scale/tx/ty, curl=(side, staff spaces, zone frac),
#   lid=(level, ...), inset=(ps, px, py), ops-specific parameters.
SET_D = [
    dict(id="D01", kind="g4-300", eng="musescore", name="clara-polonaise-4", page=1, seed=5101, angle=-0.7,
         dpi=300, store="g4", thr=128, pre_blur=0.8, pre_noise=20,
         what="bilevel 300 dpi, threshold 128 after scanner blur and noise (thin staff lines break in places), CCITT G4, rotated -0.7 deg"),
    dict(id="D02", kind="g4-600", eng="verovio", name="mozart-k156-i", page=1, seed=5102, angle=0.0,
         dpi=600, store="g4", thr=128, pre_blur=1.4, pre_noise=18,
         what="bilevel 600 dpi, threshold 128, CCITT G4, rotation exactly 0"),
    dict(id="D03", kind="dither", eng="ly-scores", name="minuet", page=1, seed=5103, angle=0.4,
         dpi=300, store="g4", dither=True, paper=222, pre_blur=0.9,
         what="grey scan (paper 222) Floyd-Steinberg dithered to 1 bit at 300 dpi, CCITT G4, rotated 0.4 deg"),
    dict(id="D04", kind="photocopy", eng="musescore", name="orchestra-71", page=1, seed=5104, angle=1.1,
         dpi=300, store="jpeg", q=70, thick=3, black=62, specks=0.00004,
         what="photocopy: strokes thickened (3 px min filter), toner specks and roller streaks, ink dark grey (62), contrast clipped, rotated 1.1 deg, 300 dpi grey JPEG q70"),
    dict(id="D05", kind="gradient", eng="musescore", name="dichterliebe-2", page=1, seed=5105, angle=-1.6,
         dpi=300, store="jpeg", q=75, grad=(180, 0.30),
         what="uneven lighting: light falls from 1.0 (left) to 0.30 (right edge), rotated -1.6 deg, 300 dpi grey JPEG q75"),
    dict(id="D06", kind="spine", eng="musescore", name="bach-bwv10-7", page=1, seed=5106, angle=0.8,
         dpi=300, store="jpeg", q=75, spine=("left", 0.06, 0.85),
         what="book-spine shadow band along the left edge (85% dark at the edge, ~6% of page width), rotated 0.8 deg, 300 dpi grey JPEG"),
    dict(id="D07", kind="lid", eng="verovio", name="satb-piano-57", page=1, seed=5107, angle=-0.5,
         dpi=300, store="jpeg", q=75, scale=0.965, tx=-4.0, ty=3.0, lid=18,
         what="scanner lid border: black frame (level 18), paper scaled 96.5% and offset (-4, +3) pt inside the image (frame 5-45 px), rotated -0.5 deg, 300 dpi grey JPEG"),
    dict(id="D08", kind="curl", eng="musescore", name="k458-ii-vc", page=1, seed=5108, angle=0.3,
         dpi=300, store="jpeg", q=75, curl=("right", 1.6, 0.30), spine=("right", 0.03, 0.55),
         what="page curvature near the right (spine) edge: lines bend down by up to 1.6 staff spaces over the last 30% of the width, light spine shadow, rotated 0.3 deg, 300 dpi grey JPEG"),
    dict(id="D09", kind="lowres150", eng="verovio", name="part-short-61", page=1, seed=5109, angle=-1.2,
         dpi=150, store="jpeg", q=80, pre_blur=0.6,
         what="150 dpi grey, rotated -1.2 deg, JPEG q80"),
    dict(id="D10", kind="jpeg200q25", eng="ly", name="quartet", page=2, seed=5110, angle=1.8,
         dpi=200, store="jpeg", q=25,
         what="200 dpi grey, JPEG q25 (heavy blocking), rotated 1.8 deg"),
    dict(id="D11", kind="hires600", eng="musescore", name="part-wide-67", page=1, seed=5111, angle=-0.9,
         dpi=600, store="jpeg", q=70,
         what="600 dpi grey JPEG q70, rotated -0.9 deg"),
    dict(id="D12", kind="halftone", eng="verovio", name="clara-polonaise-4", page=2, seed=5112, angle=0.6,
         dpi=300, store="jpeg", q=70, colour=True,
         what="yellowed paper with moiré/halftone background texture, brownish ink, colour JPEG q70, rotated 0.6 deg"),
    dict(id="D13", kind="inset", eng="musescore", name="mozart-k156-i", page=2, seed=5113, angle=-0.3,
         dpi=300, store="jpeg", q=75, inset=(0.95, 20.0, 26.0),
         what="page image placed at 95% inside the PDF page with margins (offset 20, 26 pt), rotated -0.3 deg, 300 dpi grey JPEG"),
    dict(id="D14", kind="lid", eng="ly", name="lied", page=1, seed=5114, angle=1.9,
         dpi=300, store="jpeg", q=75, scale=0.955, tx=5.0, ty=-5.0, lid=78,
         what="scanner lid border: dark grey frame (level 78), paper scaled 95.5% and offset (+5, -5) pt, rotated 1.9 deg, 300 dpi grey JPEG"),
    dict(id="D15", kind="curl", eng="verovio", name="orchestra-71", page=1, seed=5115, angle=-0.6,
         dpi=300, store="jpeg", q=75, curl=("left", 1.0, 0.25), spine=("left", 0.04, 0.7),
         what="page curvature near the left (spine) edge: lines bend by up to 1.0 staff space over 25% of the width, spine shadow, rotated -0.6 deg, 300 dpi grey JPEG"),
    dict(id="D16", kind="photocopy", eng="ly-scores", name="prelude", page=2, seed=5116, angle=-1.4,
         dpi=300, store="jpeg", q=70, thick=2, black=75, specks=0.00008,
         what="photocopy: strokes thickened (2 px), many toner specks, streaks, ink grey (75), contrast clipped, rotated -1.4 deg, 300 dpi grey JPEG"),
    dict(id="D17", kind="gradient", eng="verovio", name="dichterliebe-2", page=1, seed=5117, angle=2.0,
         dpi=300, store="jpeg", q=75, grad=(-60, 0.35),
         what="uneven lighting, diagonal: dark (0.35) at the bottom-left, rotated 2.0 deg, 300 dpi grey JPEG"),
    dict(id="D18", kind="g4-300", eng="verovio", name="bach-bwv10-7", page=1, seed=5118, angle=1.3,
         dpi=300, store="g4", thr=120, pre_blur=0.8, pre_noise=22,
         what="bilevel 300 dpi, threshold 120 (thin staff lines broken in places), CCITT G4, rotated 1.3 deg"),
]

SET_E = [
    dict(id="E01", kind="g4-300", eng="verovio", name="k458-ii-vc", page=1, seed=6101, angle=1.0,
         dpi=300, store="g4", thr=125, pre_blur=0.9, pre_noise=22,
         what="bilevel 300 dpi threshold 125, broken thin lines, CCITT G4, rotated 1.0 deg"),
    dict(id="E02", kind="g4-600", eng="musescore", name="satb-piano-57", page=1, seed=6102, angle=-0.4,
         dpi=600, store="g4", thr=120, pre_blur=1.6, pre_noise=20,
         what="bilevel 600 dpi threshold 120, CCITT G4, rotated -0.4 deg"),
    dict(id="E03", kind="dither", eng="musescore", name="part-short-61", page=1, seed=6103, angle=-0.8,
         dpi=300, store="g4", dither=True, paper=215, pre_blur=1.0,
         what="grey scan dithered to 1 bit (paper 215), CCITT G4, rotated -0.8 deg"),
    dict(id="E04", kind="photocopy", eng="verovio", name="mozart-k156-i", page=2, seed=6104, angle=0.9,
         dpi=300, store="jpeg", q=70, thick=3, black=70, specks=0.00006,
         what="photocopy: thick strokes, toner specks, grey ink, clipped contrast, rotated 0.9 deg"),
    dict(id="E05", kind="gradient", eng="ly", name="orchestra", page=1, seed=6105, angle=-1.0,
         dpi=300, store="jpeg", q=75, grad=(0, 0.28),
         what="uneven lighting, left side dark (0.28), rotated -1.0 deg"),
    dict(id="E06", kind="spine", eng="verovio", name="part-wide-67", page=1, seed=6106, angle=1.5,
         dpi=300, store="jpeg", q=75, spine=("right", 0.07, 0.9),
         what="book-spine shadow on the right edge, rotated 1.5 deg"),
    dict(id="E07", kind="lid", eng="musescore", name="clara-polonaise-4", page=2, seed=6107, angle=0.7,
         dpi=300, store="jpeg", q=75, scale=0.97, tx=3.0, ty=4.0, lid=10,
         what="scanner lid border, black frame, paper 97% offset, rotated 0.7 deg"),
    dict(id="E08", kind="curl", eng="ly-scores", name="chorale", page=3, seed=6108, angle=-1.1,
         dpi=300, store="jpeg", q=75, curl=("left", 2.0, 0.30), spine=("left", 0.04, 0.6),
         what="curvature near the left edge (2 staff spaces), spine shadow, rotated -1.1 deg"),
    dict(id="E09", kind="lowres150", eng="musescore", name="orchestra-71", page=2, seed=6109, angle=0.5,
         dpi=150, store="jpeg", q=80, pre_blur=0.6,
         what="150 dpi grey, rotated 0.5 deg"),
    dict(id="E10", kind="jpeg200q25", eng="verovio", name="satb-piano-57", page=2, seed=6110, angle=-1.7,
         dpi=200, store="jpeg", q=25,
         what="200 dpi JPEG q25, rotated -1.7 deg"),
    dict(id="E11", kind="hires600", eng="ly", name="piano-small", page=1, seed=6111, angle=0.2,
         dpi=600, store="jpeg", q=70,
         what="600 dpi grey JPEG, rotated 0.2 deg"),
    dict(id="E12", kind="halftone", eng="musescore", name="mozart-k156-i", page=1, seed=6112, angle=-0.8,
         dpi=300, store="jpeg", q=70, colour=True,
         what="yellowed paper, moiré texture, colour JPEG, rotated -0.8 deg"),
    dict(id="E13", kind="inset", eng="musescore", name="dichterliebe-2", page=2, seed=6113, angle=1.2,
         dpi=300, store="jpeg", q=75, inset=(0.95, 9.0, 33.0),
         what="image placed at 95% in the PDF page (offset 9, 33 pt), rotated 1.2 deg"),
    dict(id="E14", kind="lid", eng="ly-scores", name="bench-20pages", page=5, seed=6114, angle=-1.5,
         dpi=300, store="jpeg", q=75, scale=0.96, tx=-6.0, ty=-2.0, lid=70,
         what="dark grey lid frame, paper 96% offset, rotated -1.5 deg"),
    dict(id="E15", kind="curl", eng="verovio", name="clara-polonaise-4", page=1, seed=6115, angle=0.4,
         dpi=300, store="jpeg", q=75, curl=("right", 1.3, 0.28), spine=("right", 0.03, 0.5),
         what="curvature near the right edge (1.3 staff spaces), rotated 0.4 deg"),
    dict(id="E16", kind="photocopy", eng="ly", name="part", page=1, seed=6116, angle=-2.0,
         dpi=300, store="jpeg", q=70, thick=2, black=80, specks=0.00007,
         what="photocopy, rotated -2.0 deg"),
    dict(id="E17", kind="gradient", eng="musescore", name="part-wide-67", page=2, seed=6117, angle=1.4,
         dpi=300, store="jpeg", q=75, grad=(90, 0.33),
         what="uneven lighting, dark at the top, rotated 1.4 deg"),
    dict(id="E18", kind="g4-300", eng="ly-scores", name="prelude", page=1, seed=6118, angle=0.9,
         dpi=300, store="g4", thr=122, pre_blur=1.0, pre_noise=20,
         what="bilevel 300 dpi, CCITT G4, rotated 0.9 deg"),
    dict(id="E19", kind="inset", eng="verovio", name="bach-bwv10-7", page=2, seed=6119, angle=0.0,
         dpi=300, store="jpeg", q=75, inset=(0.95, 15.0, 21.0), grad=(200, 0.6),
         what="image at 95% in the PDF page, mild lighting gradient, rotation 0"),
    dict(id="E20", kind="halftone", eng="ly", name="quartet", page=1, seed=6120, angle=1.6,
         dpi=300, store="jpeg", q=65, colour=True,
         what="yellowed paper, moiré texture, colour JPEG, rotated 1.6 deg"),
]


# The committed pages (Tests/ScoreDocumentTests/Corpus/scans-other), from the tuning sets.
SET_CORPUS = [
    dict(id="F01", kind="g4-300", eng="musescore", name="mozart-k156-i", page=1, seed=7101, angle=0.5, dpi=300, store="g4",
         thr=135, pre_blur=0.8, pre_noise=20, what="bilevel 300 dpi, threshold 135 (thin staff lines broken), CCITT G4, rotated 0.5 deg"),
    dict(id="F04", kind="dither", eng="verovio", name="satb-piano-57", page=1, seed=7104, angle=0.6, dpi=300, store="g4",
         dither=True, paper=228, pre_blur=0.9, what="grey scan (paper 228) Floyd-Steinberg dithered to 1 bit, CCITT G4, rotated 0.6 deg"),
    dict(id="G16", kind="gradient", eng="musescore", name="part-short-61", page=1, seed=8116, angle=-1.3, dpi=300, store="jpeg",
         q=75, grad=(270, 0.2), what="uneven lighting, dark (0.2) toward the bottom edge, rotated -1.3 deg"),
    dict(id="G40", kind="curl", eng="verovio", name="satb-piano-57", page=1, seed=8200, angle=-0.3, dpi=300, store="jpeg", q=75,
         curl=("right", 1.4, 0.3), spine=("right", 0.03, 0.5), what="page curl toward the right edge (1.4 spaces), light spine shadow, rotated -0.3 deg"),
    dict(id="H01", kind="gradient", eng="ly", name="orchestra", page=1, seed=9101, angle=-0.7, dpi=300, store="jpeg", q=75,
         grad=(0, 0.28), what="uneven lighting, left side dark (0.28), rotated -0.7 deg"),
    dict(id="F14", kind="photocopy", eng="verovio", name="bach-bwv10-7", page=1, seed=7114, angle=1.2, dpi=300, store="jpeg", q=70,
         thick=3, black=65, specks=0.00006, what="photocopy: strokes thickened, toner specks, ink grey, rotated 1.2 deg"),
    dict(id="X15", kind="g4-300", eng="verovio", name="part-wide-67", page=1, seed=7315, angle=-0.3, dpi=300, store="g4",
         thr=128, pre_blur=0.8, pre_noise=20,
         what="bilevel 300 dpi, threshold 128 after scanner blur and noise: thin staff lines left as dotted trails, CCITT G4"),
    dict(id="X11", kind="g4-300", eng="verovio", name="clara-polonaise-4", page=1, seed=7311, angle=-0.3, dpi=300, store="g4",
         thr=128, pre_blur=0.8, pre_noise=20,
         what="bilevel 300 dpi, threshold 128, dotted staff lines and long passages of ledger lines, CCITT G4"),
    dict(id="F16", kind="lid", eng="musescore", name="clara-polonaise-4", page=1, seed=7116, angle=1.4, dpi=300, store="jpeg", q=75,
         scale=0.96, tx=3.0, ty=4.0, lid=25, what="scanner lid: black frame, paper scaled 96% and offset, rotated 1.4 deg"),
]


# Scans of the engravers added by scripts/corpus/make-engravers.py (issue 30; SOURCES=Tests/ScoreDocumentTests/Corpus):
# "N" from their tuning pages, "NH" from their held-out pages (never used to tune detection).
SET_NEW = [
    dict(id="N01", kind="curl", eng="abcm2ps", name="part-a", page=1, seed=9301, angle=0.4, dpi=300, store="jpeg", q=75,
         curl=("right", 1.5, 0.3), spine=("right", 0.03, 0.5), what="page curl toward the right edge (1.5 spaces), spine shadow, rotated 0.4 deg"),
    dict(id="N02", kind="curl", eng="musixtex", name="piano-a", page=1, seed=9302, angle=-0.5, dpi=300, store="jpeg", q=75,
         curl=("left", 1.5, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.5 spaces), spine shadow, rotated -0.5 deg"),
    dict(id="N03", kind="g4-300", eng="musixtex", name="part-d", page=1, seed=9303, angle=0.3, dpi=300, store="g4",
         thr=135, pre_blur=0.8, pre_noise=20, what="bilevel 300 dpi, threshold 135, CCITT G4, rotated 0.3 deg"),
    dict(id="N04", kind="curl", eng="abcm2ps", name="piano-a", page=1, seed=9304, angle=-0.4, dpi=300, store="jpeg", q=75,
         curl=("left", 1.8, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.8 spaces), spine shadow, rotated -0.4 deg"),
    dict(id="N05", kind="curl", eng="abcm2ps", name="satb-a", page=1, seed=9305, angle=0.5, dpi=300, store="jpeg", q=75,
         curl=("left", 2.0, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (2.0 spaces), spine shadow, rotated 0.5 deg"),
    dict(id="N06", kind="curl", eng="abcm2ps", name="part-a", page=2, seed=9306, angle=-0.3, dpi=300, store="jpeg", q=75,
         curl=("left", 1.6, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.6 spaces), spine shadow, rotated -0.3 deg"),
    dict(id="N07", kind="curl", eng="abcm2ps", name="piano-c", page=1, seed=9307, angle=0.4, dpi=300, store="jpeg", q=75,
         curl=("left", 1.8, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.8 spaces), spine shadow, rotated 0.4 deg"),
    dict(id="N08", kind="curl", eng="abcm2ps", name="piano-c", page=2, seed=9308, angle=-0.4, dpi=300, store="jpeg", q=75,
         curl=("left", 1.8, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.8 spaces), spine shadow, rotated -0.4 deg"),
]
SET_NEW_HELDOUT = [
    dict(id="NH1", kind="curl", eng="abcm2ps-heldout", name="piano-b", page=1, seed=9401, angle=-0.4, dpi=300, store="jpeg", q=75,
         curl=("left", 1.8, 0.3), spine=("left", 0.04, 0.6), what="page curl toward the left edge (1.8 spaces), spine shadow, rotated -0.4 deg"),
    dict(id="NH2", kind="curl", eng="musixtex-heldout", name="part-b", page=1, seed=9402, angle=0.6, dpi=300, store="jpeg", q=75,
         curl=("right", 1.3, 0.28), spine=("right", 0.03, 0.5), what="page curl toward the right edge (1.3 spaces), spine shadow, rotated 0.6 deg"),
    dict(id="NH3", kind="photocopy", eng="abcm2ps-heldout", name="satb-b", page=1, seed=9403, angle=-1.0, dpi=300, store="jpeg", q=70,
         thick=2, black=70, specks=0.00005, what="photocopy: strokes thickened, toner specks, ink grey, rotated -1.0 deg"),
    dict(id="NH4", kind="g4-300", eng="musixtex-heldout", name="piano-b", page=1, seed=9404, angle=-0.3, dpi=300, store="g4",
         thr=135, pre_blur=0.8, pre_noise=20, what="bilevel 300 dpi, threshold 135, CCITT G4, rotated -0.3 deg"),
]

# More tuning scans of the same engravers' tuning pages (not committed; other kinds, resolutions and stores than N):
# "NT", written to /tmp/scans-engravers-more. Never made from the held-out pages.
SET_NEW_MORE = [
    dict(id="T01", kind="photocopy", eng="abcm2ps", name="piano-a", page=2, seed=9501, angle=0.8, dpi=300, store="jpeg", q=70,
         thick=2, black=70, specks=0.00005, what="photocopy: strokes thickened, toner specks, ink grey, rotated 0.8 deg"),
    dict(id="T02", kind="photocopy", eng="musixtex", name="piano-d", page=1, seed=9502, angle=-0.9, dpi=300, store="jpeg", q=70,
         thick=3, black=62, specks=0.00004, what="photocopy: strokes thickened (3 px), specks, ink dark grey, rotated -0.9 deg"),
    dict(id="T03", kind="g4-300", eng="abcm2ps", name="satb-a", page=2, seed=9503, angle=0.6, dpi=300, store="g4",
         thr=128, pre_blur=0.8, pre_noise=20, what="bilevel 300 dpi, threshold 128, CCITT G4, rotated 0.6 deg"),
    dict(id="T04", kind="g4-300", eng="musixtex", name="piano-a", page=2, seed=9504, angle=-0.4, dpi=300, store="g4",
         thr=120, pre_blur=0.8, pre_noise=22, what="bilevel 300 dpi, threshold 120, CCITT G4, rotated -0.4 deg"),
    dict(id="T05", kind="lowres150", eng="abcm2ps", name="piano-c", page=1, seed=9505, angle=-1.2, dpi=150, store="jpeg", q=80,
         pre_blur=0.6, what="150 dpi grey, rotated -1.2 deg, JPEG q80"),
    dict(id="T06", kind="jpeg200q25", eng="musixtex", name="part-a", page=1, seed=9506, angle=1.5, dpi=200, store="jpeg", q=25,
         what="200 dpi grey, JPEG q25, rotated 1.5 deg"),
    dict(id="T07", kind="dither", eng="abcm2ps", name="part-a", page=1, seed=9507, angle=0.4, dpi=300, store="g4", dither=True,
         paper=222, pre_blur=0.9, what="grey scan dithered to 1 bit at 300 dpi, CCITT G4, rotated 0.4 deg"),
    dict(id="T08", kind="gradient", eng="musixtex", name="piano-d", page=2, seed=9508, angle=-1.6, dpi=300, store="jpeg", q=75,
         grad=(180, 0.30), what="uneven lighting, rotated -1.6 deg"),
    dict(id="T09", kind="lid", eng="abcm2ps", name="satb-a", page=3, seed=9509, angle=-0.5, dpi=300, store="jpeg", q=75,
         scale=0.965, tx=-4.0, ty=3.0, lid=18, what="scanner lid frame, paper scaled 96.5%, rotated -0.5 deg"),
    dict(id="T10", kind="curl", eng="musixtex", name="part-d", page=1, seed=9510, angle=0.5, dpi=300, store="jpeg", q=75,
         curl=("right", 1.4, 0.3), spine=("right", 0.03, 0.5), what="page curl toward the right edge, rotated 0.5 deg"),
    dict(id="T11", kind="hires600", eng="abcm2ps", name="piano-a", page=1, seed=9511, angle=-0.9, dpi=600, store="jpeg", q=70,
         what="600 dpi grey JPEG q70, rotated -0.9 deg"),
    dict(id="T12", kind="halftone", eng="musixtex", name="piano-a", page=1, seed=9512, angle=0.6, dpi=300, store="jpeg", q=70,
         colour=True, what="yellowed paper, halftone background, colour JPEG, rotated 0.6 deg"),
    dict(id="T13", kind="g4-200", eng="abcm2ps", name="piano-c", page=2, seed=9513, angle=0.3, dpi=200, store="g4",
         thr=128, pre_blur=0.6, pre_noise=18, what="bilevel 200 dpi (fax fine), CCITT G4, rotated 0.3 deg"),
    dict(id="T14", kind="photocopy", eng="abcm2ps", name="part-a", page=2, seed=9514, angle=-1.3, dpi=300, store="jpeg", q=70,
         thick=2, black=75, specks=0.00008, what="photocopy: thickened, many specks, rotated -1.3 deg"),
]

# Bilevel scans of the tuning pages at the threshold that breaks thin barlines into dots (N03's kind), to tune the
# reading of dotted barlines on (issue 30): "NB", written to /tmp/scans-engravers-bilevel. Never made from the
# held-out pages.
SET_NEW_BILEVEL = [
    dict(id="B%02d" % (n + 1), kind="g4-300", eng=eng, name=name, page=page, seed=9600 + n, angle=angle, dpi=300,
         store="g4", thr=thr, pre_blur=0.8, pre_noise=20,
         what="bilevel 300 dpi, threshold %d, CCITT G4, rotated %.1f deg" % (thr, angle))
    for n, (eng, name, page, angle, thr) in enumerate([
        ("musixtex", "part-a", 1, -0.3, 135), ("musixtex", "piano-a", 1, 0.4, 135), ("musixtex", "piano-a", 2, -0.2, 135),
        ("musixtex", "piano-d", 1, 0.3, 135), ("musixtex", "piano-d", 2, -0.5, 135), ("musixtex", "part-d", 1, -0.4, 138),
        ("musixtex", "part-a", 1, 0.6, 140), ("abcm2ps", "part-a", 1, -0.3, 135), ("abcm2ps", "piano-a", 1, 0.3, 135),
        ("abcm2ps", "satb-a", 1, -0.2, 135), ("abcm2ps", "piano-c", 2, 0.5, 138)])
]


def staff_space(page):
    sps = [(st["bottom"] - st["top"]) / 4 for s in page["systems"] for st in s.get("staves", [])]
    return float(np.median(sps)) if sps else 5.0


def make(spec, outdir):
    rng = np.random.default_rng(spec["seed"])
    pdf, layout, eng_label, desc = source(spec["eng"], spec["name"])
    page = spec["page"]
    pw, ph = page_size(pdf, page)
    src_page = next(p for p in layout["pages"] if p["page"] == page)
    dpi = spec["dpi"]
    curl = None
    if "curl" in spec:
        side, sp_n, zone = spec["curl"]
        curl = (side, sp_n * staff_space(src_page), zone * pw)
    g = Geometry(pw, ph, spec["angle"], spec.get("scale", 1.0), spec.get("tx", 0.0), spec.get("ty", 0.0),
                 curl, spec.get("inset"))
    with tempfile.TemporaryDirectory() as tmp:
        src = render(pdf, page, dpi, tmp)
        a = resample(src, g, dpi, outside=np.nan)
        off = np.isnan(a)
        a[off] = 255.0
        kind = spec["kind"]
        # the scanner optics: every kind gets a slight blur; bilevel kinds get their own pre-blur
        a = blur(a, spec.get("pre_blur", 0.7 * dpi / 300))
        if "paper" in spec:
            a = a * spec["paper"] / 255.0
        if kind == "photocopy":
            a = thicken(a, spec["thick"])
            a = ink_level(a, spec["black"])
            a = noise(a, rng, 9)
            a = toner_specks(a, rng, spec["specks"], dpi)
            a = clip_contrast(blur(a, 0.6), 35, 225)
        if "grad" in spec:
            a = illumination_gradient(a, spec["grad"][0], spec["grad"][1])
        if "spine" in spec:
            side, wf, depth = spec["spine"]
            a = spine_shadow(a, side, wf, depth)
        if "lid" in spec:
            a = lid_frame(a, off, float(spec["lid"]), rng)
            # the paper edge casts a thin shadow on the paper side
            edge = ndimage.binary_dilation(off, iterations=max(2, dpi // 100)) & ~off
            a[edge] *= 0.75
        colour = spec.get("colour", False)
        if kind == "halftone":
            a = halftone_paper(a, rng, dpi)
        if spec["store"] == "g4":
            a = noise(a, rng, spec.get("pre_noise", 0))
            if spec.get("dither"):
                img = Image.fromarray(to_u8(a), "L").convert("1")          # Floyd-Steinberg
            else:
                img = Image.fromarray(np.where(a < spec["thr"], 0, 255).astype(np.uint8), "L").convert("1", dither=Image.Dither.NONE)
        else:
            a = noise(a, rng, 4.0 if dpi >= 300 else 3.0)
            if colour:
                # yellowed paper: white maps to (236, 224, 186), ink to a warm near-black
                paper = np.array([236, 224, 186], np.float32)
                inkc = np.array([38, 30, 24], np.float32)
                t = np.clip(a, 0, 255)[..., None] / 255.0
                rgb = inkc + (paper - inkc) * t
                rgb += rng.normal(0, 2.5, rgb.shape).astype(np.float32)
                img = Image.fromarray(to_u8(rgb), "RGB")
            else:
                img = Image.fromarray(to_u8(a), "L")
        base = "scan-%s-%s-%s-%s-p%d" % (spec["id"].lower(), spec["kind"], spec["eng"], spec["name"], page)
        out = os.path.join(outdir, base)
        write_pdf(out + ".pdf", img, spec["store"], spec.get("q", 75), dpi, pw, ph, spec.get("inset"), tmp)
    head = {"engraver": eng_label, "source": "%s page %d" % (desc, page), "scan": spec["kind"],
            "degradation": spec["what"] + "; independent pipeline scripts/corpus/make-scans-other.py, seed %d" % spec["seed"],
            "rotation_deg": spec["angle"], "dpi": dpi, "geometry": {
                "angle_deg_ccw": spec["angle"], "scale": spec.get("scale", 1.0), "offset_pt": [spec.get("tx", 0.0), spec.get("ty", 0.0)],
                "curl": spec.get("curl"), "inset": spec.get("inset")}}
    with open(out + ".layout.json", "w", encoding="utf-8") as fp:
        dump_layout({"pages": [transform_truth(src_page, g)]}, fp, head)
    return out + ".pdf"


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "corpus"
    filt = sys.argv[2] if len(sys.argv) > 2 else ""
    sets = {"D": (SET_D, "/tmp/heldout5/scans"), "E": (SET_E, "/tmp/heldout6/scans"),
            "corpus": (SET_CORPUS, os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus", "scans-other")),
            "N": (SET_NEW, os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus", "scans-engravers")),
            "NT": (SET_NEW_MORE, "/tmp/scans-engravers-more"),
            "NB": (SET_NEW_BILEVEL, "/tmp/scans-engravers-bilevel"),
            "NH": (SET_NEW_HELDOUT, os.path.join(ROOT, "Tests", "ScoreDocumentTests", "Corpus", "scans-engravers-heldout"))}
    specs, outdir = sets[which]
    os.makedirs(outdir, exist_ok=True)
    for spec in specs:
        if filt and filt not in spec["id"] and filt not in spec["kind"]:
            continue
        p = make(spec, outdir)
        print(p, os.path.getsize(p), flush=True)


if __name__ == "__main__":
    main()
