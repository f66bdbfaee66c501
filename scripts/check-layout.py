#!/usr/bin/env python3
"""Check a layout JSON against the pixels of its (vector) PDF.

Usage: check-layout.py SCORE.pdf SCORE.layout.json [--dpi 300]

Renders every page with pdftoppm (grayscale) and checks, independently of how the layout
was produced:
  * pages listed without systems contain no staff lines (no long horizontal dark run);
  * every staff's five lines (top, bottom and the three evenly spaced between) are dark
    rows over the staff's width, and the staff line run starts at the first bar's left;
  * every bar boundary has bar-line ink spanning the whole system (top..bottom) within
    +-4 pt, and the centre of that ink (all such columns; repeat dots never span the
    system) is within 0.6 pt of the boundary;
  * conversely every column group of ink spanning a whole system (apart from the
    systemic start line at its left edge) is one of the listed bar lines;
  * the number of staff-line rows on the page matches the listed staves.
Prints a summary per page and exits 1 on any failure. Needs numpy and Pillow
(Debian: python3-numpy, python3-pil; run with /usr/bin/python3).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

DARK = 160


def runs(mask):
    """[(start, end_exclusive)] of True runs in a 1-D bool array."""
    m = np.concatenate([[False], mask, [False]]).astype(np.int8)
    d = np.diff(m)
    return list(zip(np.where(d == 1)[0], np.where(d == -1)[0]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("layout")
    ap.add_argument("--dpi", type=int, default=300)
    a = ap.parse_args()
    with open(a.layout) as f:
        layout = json.load(f)
    k = a.dpi / 72.0
    fails = []
    nbars = nsys = 0
    with tempfile.TemporaryDirectory() as tmp:
        for page in layout["pages"]:
            n = page["page"]
            prefix = os.path.join(tmp, "p")
            subprocess.run(["pdftoppm", "-r", str(a.dpi), "-gray", "-singlefile",
                            "-f", str(n), "-l", str(n), a.pdf, prefix], check=True)
            img = np.asarray(Image.open(prefix + ".pgm"))
            dark = img < DARK
            H, W = dark.shape

            def fail(msg):
                fails.append(f"page {n}: {msg}")

            # rows that are staff lines: a dark run longer than 40% of the page width
            long_rows = set()
            for r in range(H):
                row = dark[r]
                if row.sum() < 0.4 * W:
                    continue
                if any(e - s > 0.4 * W for s, e in runs(row)):
                    long_rows.add(r)
            # group adjacent rows into lines
            lines = []
            for r in sorted(long_rows):
                if lines and r - lines[-1][-1] <= 1:
                    lines[-1].append(r)
                else:
                    lines.append([r])
            expected_lines = 5 * sum(len(s.get("staves", [])) for s in page["systems"])
            if len(lines) != expected_lines:
                fail(f"{len(lines)} staff-line rows in the image, layout implies {expected_lines}")
            line_ys = [sum(l) / len(l) / k for l in lines]
            max_line_err = 0.0
            max_bar_err = 0.0
            for s in page["systems"]:
                nsys += 1
                bars = s["bars"]
                left, right = bars[0]["left"], bars[-1]["right"]
                for st in s["staves"]:
                    for i in range(5):
                        y = st["top"] + i * (st["bottom"] - st["top"]) / 4
                        near = [ly for ly in line_ys if abs(ly - y) < 1.0]
                        if not near:
                            fail(f"no staff line at y={y:.2f}")
                            continue
                        max_line_err = max(max_line_err, abs(near[0] - y))
                        r = int(round(y * k))
                        seg = dark[r - 1:r + 2, int((left + 2) * k):int((right - 2) * k)].any(axis=0)
                        if seg.mean() < 0.98:
                            fail(f"staff line y={y:.2f} only {seg.mean():.0%} dark")
                    # start of the staff line run vs. left of the first bar
                    r = int(round(st["top"] * k))
                    row = dark[r - 1:r + 2].any(axis=0)
                    c = int((left + 3) * k)
                    while c > 0 and row[c - 1]:
                        c -= 1
                    if not (-1.5 <= c / k - left <= 0.5):
                        fail(f"staff at y={st['top']:.2f} starts at x={c / k:.2f}, layout {left:.2f}")
                # full-height ink columns
                r0, r1 = int(np.ceil(s["top"] * k)), int(np.floor(s["bottom"] * k))
                colfrac = dark[r0:r1 + 1].mean(axis=0)
                full = colfrac >= 0.97
                xs = [b["right"] for b in bars]
                for x in xs:
                    c0, c1 = int((x - 4) * k), int((x + 4) * k) + 1
                    cols = np.where(full[c0:c1])[0]
                    if len(cols) == 0:
                        fail(f"no bar-line ink at x={x:.2f} (system y={s['top']:.2f})")
                        continue
                    centre = ((cols.min() + cols.max() + 1) / 2 + c0) / k
                    max_bar_err = max(max_bar_err, abs(centre - x))
                    if abs(centre - x) > 0.6:
                        fail(f"bar line ink centre {centre:.2f} vs layout {x:.2f}")
                # a bar line stops at the outer staff lines; stems and the like that happen to
                # span a single staff go on beyond it
                above = dark[int((s["top"] - 2.5) * k):int((s["top"] - 1) * k)]
                below = dark[int((s["bottom"] + 1) * k):int((s["bottom"] + 2.5) * k)]
                off = int((left + 3) * k)
                for cs, ce in runs(full[off:]):
                    c0, c1 = off + cs - 4, off + ce + 4
                    if above[:, c0:c1].any() or below[:, c0:c1].any():
                        continue
                    xc = ((cs + ce) / 2) / k + left + 3
                    if min(abs(xc - x) for x in xs) > 4:
                        fail(f"unlisted full-height stroke at x={xc:.2f} (system y={s['top']:.2f})")
                nbars += len(bars)
            print(f"page {n}: {len(page['systems'])} systems, {len(lines)} staff lines; "
                  f"max |staff line - layout| {max_line_err:.2f} pt, "
                  f"max |bar line ink centre - layout| {max_bar_err:.2f} pt")
    print(f"{a.layout}: {len(layout['pages'])} pages, {nsys} systems, {nbars} bars, "
          f"{len(fails)} failures")
    for f_ in fails:
        print("FAIL", f_)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
