#!/usr/bin/env python3
"""A faint, grey scan of page 2 of Scores/chorale.pdf: light print on grey paper, slightly tilted, JPEG.

At 150 dpi its thin staff lines blend into the paper and no staff can be read; at 300 dpi they read. The
detector's second, finer reading is checked on it (Tests/ScoreDocumentTests/DetectionFineRetryTests.swift).
Only the first two systems are kept (the rest of the page is blank paper) to keep the file small.

Usage: scripts/make-faint-scan.py OUT.pdf   (needs pdftoppm, and PyPI Pillow, numpy and img2pdf)
"""
import glob, io, os, subprocess, sys, tempfile
import numpy as np, img2pdf
from PIL import Image, ImageFilter

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(["pdftoppm", "-r", "300", "-gray", "-f", "2", "-l", "2", os.path.join(root, "Scores/chorale.pdf"),
                    os.path.join(tmp, "p")], check=True)
    img = Image.open(sorted(glob.glob(os.path.join(tmp, "p*.pgm")))[0])
    rng = np.random.default_rng(3)
    a = np.asarray(img).astype(np.float32)
    a[int(a.shape[0] * 0.52):, :] = 255          # keep the first two systems
    img = Image.fromarray(a.astype(np.uint8), "L").rotate(0.8, resample=Image.BICUBIC, fillcolor=255)
    a = np.asarray(img.filter(ImageFilter.GaussianBlur(0.6))).astype(np.float32)
    a = 255 - (255 - a) * 0.45                     # faint print
    a -= 25                                        # grey paper
    a += rng.normal(0, 6, a.shape)                 # grain
    a = np.clip(a, 0, 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(a, "L").save(buf, format="JPEG", quality=35)
    layout = img2pdf.get_layout_fun((img2pdf.mm_to_pt(210), img2pdf.mm_to_pt(297)))
    with open(out, "wb") as f:
        f.write(img2pdf.convert(buf.getvalue(), layout_fun=layout))
