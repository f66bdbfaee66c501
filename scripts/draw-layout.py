#!/usr/bin/env python3
"""Draw a Tonmeister layout JSON over the rendered pages of its PDF, to check it by eye.

Usage: draw-layout.py SCORE.pdf SCORE.layout.json OUTDIR [--dpi 100] [--pages 1,3]

Writes OUTDIR/<pdf name>-p<N>.png for each page: system rectangles (top..bottom, staff left to
right) in blue, staff top/bottom lines in green, bar boundaries as red vertical lines from the
system top to its bottom, bar numbers in red above each bar's left edge. Needs pdftoppm
(poppler-utils) and Pillow (Debian: python3-pil; run with /usr/bin/python3).
"""
import argparse
import json
import os
import subprocess
import tempfile

from PIL import Image, ImageDraw


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("layout")
    ap.add_argument("outdir")
    ap.add_argument("--dpi", type=int, default=100)
    ap.add_argument("--pages", default="")
    a = ap.parse_args()
    with open(a.layout) as f:
        layout = json.load(f)
    want = {int(p) for p in a.pages.split(",") if p}
    os.makedirs(a.outdir, exist_ok=True)
    k = a.dpi / 72.0
    base = os.path.splitext(os.path.basename(a.pdf))[0]
    with tempfile.TemporaryDirectory() as tmp:
        for page in layout["pages"]:
            n = page["page"]
            if want and n not in want:
                continue
            prefix = os.path.join(tmp, "p")
            subprocess.run(["pdftoppm", "-r", str(a.dpi), "-png", "-singlefile",
                            "-f", str(n), "-l", str(n), a.pdf, prefix], check=True)
            img = Image.open(prefix + ".png").convert("RGB")
            d = ImageDraw.Draw(img)
            for s in page["systems"]:
                bars = s.get("bars", [])
                x0 = bars[0]["left"] if bars else 20
                x1 = bars[-1]["right"] if bars else img.width / k - 20
                d.rectangle([x0 * k - 3, s["top"] * k, x1 * k + 3, s["bottom"] * k],
                            outline=(0, 90, 255), width=1)
                for st in s.get("staves", []):
                    for y in (st["top"], st["bottom"]):
                        d.line([x0 * k - 8, y * k, x0 * k - 3, y * k], fill=(0, 170, 0), width=2)
                        d.line([x1 * k + 3, y * k, x1 * k + 8, y * k], fill=(0, 170, 0), width=2)
                for b in bars:
                    for x in (b["left"], b["right"]):
                        d.line([x * k, s["top"] * k - 6, x * k, s["bottom"] * k + 6],
                               fill=(230, 0, 0), width=1)
                    d.text((b["left"] * k + 3, s["top"] * k - 16), b["number"], fill=(230, 0, 0))
            out = os.path.join(a.outdir, f"{base}-p{n}.png")
            img.save(out)
            print(out)


if __name__ == "__main__":
    main()
