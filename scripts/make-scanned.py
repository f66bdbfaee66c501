#!/usr/bin/python3
"""Make a scanned-looking, image-only copy of a score and its transformed layout.

Usage: scripts/make-scanned.py [Scores/prelude.pdf [Scores/prelude-scanned.pdf]]

For each page: rasterise at 200 dpi grayscale (pdftoppm), rotate by ANGLE degrees
counter-clockwise about the page centre, soften slightly (Gaussian blur), add paper noise
(Gaussian grey noise), dark speckles and a few light drop-outs in the ink, then store as
JPEG and wrap the images as an image-only PDF with exactly the original page size
(A4, 595.28 x 841.89 pt) using img2pdf. Deterministic: fixed seed, no timestamps.

The layout (<input>.layout.json) is transformed by the same rotation about the page centre
(all in PDF points, origin top-left, y down):
  * a system moves vertically with its centre point (horizontal middle of its staves,
    vertical middle of the system); each staff likewise with its own centre;
  * a bar boundary x is the rotated x of the point (x, system's vertical middle).
Because the staves are tilted by 0.5 degrees, a horizontal staff line drifts by about
+-2.4 pt from this axis-aligned truth at the left and right ends of a full-width system.
Needs Debian's python3-pil, python3-numpy and img2pdf (python3-img2pdf); run with /usr/bin/python3.
"""
import io
import json
import math
import os
import subprocess
import sys
import tempfile

import img2pdf
import numpy as np
from PIL import Image, ImageFilter
from layout_json import dump_layout  # noqa: E402  (scripts/ is on sys.path when run as a script)

DPI = 200
ANGLE = 0.5            # degrees, counter-clockwise as seen on the page
SEED = 846
PAGE_W, PAGE_H = 595.28, 841.89   # A4 in PDF points (as LilyPond writes it)
JPEG_QUALITY = 60


def rotate_point(x, y):
    """Where the content at (x, y) pt lands after the page is rotated by ANGLE (y down)."""
    cx, cy = PAGE_W / 2, PAGE_H / 2
    t = math.radians(ANGLE)
    dx, dy = x - cx, y - cy
    return (cx + dx * math.cos(t) + dy * math.sin(t),
            cy - dx * math.sin(t) + dy * math.cos(t))


def transform_layout(layout):
    r = lambda v: round(v + 0.0, 2)
    out = {"pages": []}
    for page in layout["pages"]:
        systems = []
        for s in page["systems"]:
            bars = s.get("bars", [])
            xl = bars[0]["left"] if bars else PAGE_W * 0.1
            xr = bars[-1]["right"] if bars else PAGE_W * 0.9
            xm, ym = (xl + xr) / 2, (s["top"] + s["bottom"]) / 2
            dy = rotate_point(xm, ym)[1] - ym
            ns = {"top": r(s["top"] + dy), "bottom": r(s["bottom"] + dy)}
            if "staves" in s:
                ns["staves"] = []
                for st in s["staves"]:
                    sm = (st["top"] + st["bottom"]) / 2
                    sdy = rotate_point(xm, sm)[1] - sm
                    ns["staves"].append({"top": r(st["top"] + sdy), "bottom": r(st["bottom"] + sdy)})
            if bars:
                ns["bars"] = [{"number": b["number"],
                               "left": r(rotate_point(b["left"], ym)[0]),
                               "right": r(rotate_point(b["right"], ym)[0])} for b in bars]
            systems.append(ns)
        out["pages"].append({"page": page["page"], "systems": systems})
    return out


def scan_page(img, rng):
    k = DPI / 72.0
    img = img.rotate(ANGLE, resample=Image.BICUBIC, center=(PAGE_W * k / 2, PAGE_H * k / 2),
                     fillcolor=255)
    img = img.filter(ImageFilter.GaussianBlur(0.7))
    a = np.asarray(img).astype(np.float32)
    h, w = a.shape
    # uneven paper: a faint large-scale shading plus fine grain
    yy, xx = np.mgrid[0:h, 0:w]
    a -= 10 * (xx / w) + 6 * (yy / h)
    a += rng.normal(0, 7, a.shape)
    # ink is rarely perfectly black; drop-outs lighten a few ink pixels
    ink = a < 128
    a[ink] += rng.uniform(0, 35, ink.sum())
    drop = ink & (rng.random(a.shape) < 0.01)
    a[drop] = 200
    # dust: small dark speckles of 1-3 px
    n = int(w * h * 0.00004)
    ys, xs = rng.integers(0, h - 3, n), rng.integers(0, w - 3, n)
    sizes = rng.integers(1, 4, n)
    for y, x, s in zip(ys, xs, sizes):
        a[y:y + s, x:x + s] = rng.uniform(20, 110)
    a = np.clip(a, 0, 255).astype(np.uint8)
    return Image.fromarray(a, "L")


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "Scores/prelude.pdf"
    dst = sys.argv[2] if len(sys.argv) > 2 else src[:-4] + "-scanned.pdf"
    rng = np.random.default_rng(SEED)
    jpegs = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", src, os.path.join(tmp, "p")],
                       check=True)
        files = sorted(f for f in os.listdir(tmp) if f.endswith(".pgm"))
        files.sort(key=lambda f: int(f[2:-4]))
        for f in files:
            img = scan_page(Image.open(os.path.join(tmp, f)).convert("L"), rng)
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=JPEG_QUALITY, dpi=(DPI, DPI))
            jpegs.append(buf.getvalue())
    # exact A4 page, the image stretched onto it (it is 1654 x 2339 px, i.e. within 0.2 pt)
    layout_fun = img2pdf.get_layout_fun((PAGE_W, PAGE_H), fit=img2pdf.FitMode.exact)
    with open(dst, "wb") as fp:
        fp.write(img2pdf.convert(jpegs, layout_fun=layout_fun, nodate=True,
                                   engine=img2pdf.Engine.internal))
    print(dst, os.path.getsize(dst), "bytes,", len(jpegs), "pages")
    lsrc, ldst = src[:-4] + ".layout.json", dst[:-4] + ".layout.json"
    if os.path.exists(lsrc):
        with open(lsrc) as f:
            layout = json.load(f)
        with open(ldst, "w") as fp:
            dump_layout(transform_layout(layout), fp)
        print(ldst)




if __name__ == "__main__":
    main()
