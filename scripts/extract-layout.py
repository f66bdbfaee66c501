#!/usr/bin/env python3
"""Extract the ground-truth layout of a LilyPond score from its SVG rendering.

Usage: extract-layout.py SVG_DIR NAME SCORE.pdf OUT.json   (python with pdfplumber)

SVG_DIR holds NAME.svg (one page) or NAME-1.svg ... NAME-<pages>.svg, produced by

    lilypond -dbackend=svg -dno-point-and-click \
             -dinclude-settings=scripts/layout-tags.ily -o SVG_DIR/NAME Scores/NAME.ly

scripts/layout-tags.ily wraps every StaffSymbol and BarLine stencil in an SVG group with
class tm-StaffSymbol / tm-BarLine and data attributes taken from LilyPond itself (the bar
number of the bar line's paper column, its break direction and glyph; the bar numbers of
a staff symbol's left and right bound columns, which identify the system it belongs to).

Coordinates: the SVG viewBox spans the whole page in LilyPond output units; its width
attribute is the paper width in mm. We scale by (width in pt) / (viewBox width) so the
result is in PDF points, origin top-left, y downward (SVG and the required convention agree).

Definitions (Tonmeister DESIGN.md §5/§6):
  staff.top/bottom    y of the centre of the staff's top / bottom line
  system.top/bottom   top line of the first staff / bottom line of the last staff
  barline x           horizontal centre of the bounding box of the bar line's filled
                      rectangles (thin and thick strokes), i.e. of the whole glyph WITHOUT
                      repeat dots (dots are drawn as paths and ignored)
  bars                first bar: left end of the staff lines (visible edge, incl. the round
                      cap) .. first bar line; then bar line .. bar line. Bar lines at the
                      start of a system (break direction RIGHT, e.g. a start repeat after
                      the clef) would not be bar boundaries; the scores avoid them and the
                      script fails if one appears.
  numbers             counted from 1 through the score and checked against LilyPond's own
                      bar number of every bar line (bar line closing bar n sits in the
                      column whose rhythmic-location is bar n+1).
"""
import json
import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from layout_json import dump_layout  # noqa: E402  (scripts/ is on sys.path when run as a script)

SVG = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72.0 / 25.4


def parse_transform(s):
    """Return affine (a, b, c, d, e, f) for an SVG transform attribute."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not s:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", s):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            t = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
            if len(v) == 3:
                raise ValueError("rotate about a point not supported")
        elif name == "matrix":
            t = tuple(v)
        else:
            raise ValueError("unsupported transform " + name)
        m = compose(m, t)
    return m


def compose(m, t):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = t
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
            a * E + c * F + e, b * E + d * F + f)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def walk(el, m, tag_ctx, out):
    """Collect primitives under tagged groups: out[id(group)] = (attrs, [prims])."""
    m = compose(m, parse_transform(el.get("transform")))
    cls = el.get("class", "")
    if cls.startswith("tm-"):
        tag_ctx = (len(out), dict(el.attrib))
        out.append((dict(el.attrib), []))
    if tag_ctx is not None:
        tag = el.tag.replace(SVG, "")
        prims = out[tag_ctx[0]][1]
        if tag == "line":
            sw = float(el.get("stroke-width", "0"))
            p1 = apply(m, float(el.get("x1", 0)), float(el.get("y1", 0)))
            p2 = apply(m, float(el.get("x2", 0)), float(el.get("y2", 0)))
            prims.append(("line", p1, p2, sw * abs(m[3])))
        elif tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            p1, p2 = apply(m, x, y), apply(m, x + w, y + h)
            prims.append(("rect", (min(p1[0], p2[0]), min(p1[1], p2[1])),
                          (max(p1[0], p2[0]), max(p1[1], p2[1]))))
        elif tag == "path":
            prims.append(("path",))
    for ch in el:
        walk(ch, m, tag_ctx, out)


def pdf_objects(pdf_path):
    """Per page: vector primitives of the PDF as dicts (pdfplumber), top-left origin, points."""
    import pdfplumber  # pip install pdfplumber (see scripts/README-scores.md)
    pages = []
    with pdfplumber.open(pdf_path) as pdf:
        for pg in pdf.pages:
            objs = []
            for kind in ("lines", "rects", "curves"):
                for o in getattr(pg, kind):
                    lw = float(o.get("linewidth") or 0)
                    x0, x1, top, bottom = o["x0"], o["x1"], o["top"], o["bottom"]
                    if kind == "lines" and abs(x1 - x0) < 1e-3:      # vertical stroke
                        x0, x1 = x0 - lw / 2, x1 + lw / 2
                    objs.append(dict(kind=kind, x0=x0, x1=x1, top=top, bottom=bottom, lw=lw,
                                     horizontal=(kind == "lines" and abs(bottom - top) < 1e-3)))
            pages.append(objs)
    return pages


def refine_with_pdf(staves, barlines, objs, page_no, errors, stats):
    """Replace the SVG geometry by the exact geometry of the same strokes in the PDF.

    The SVG backend measures text (titles, tempo marks, headers, section labels) slightly
    differently, which moves systems vertically by up to ~2 pt and, where text takes part in
    horizontal spacing, moves bar lines sideways. The SVG tells
    WHICH strokes are staff lines and bar lines; the PDF tells exactly WHERE they are.
    """
    horiz = [o for o in objs if o["horizontal"]]
    for s in staves:
        ys_svg = s["ys"]
        gaps = [b - a for a, b in zip(ys_svg, ys_svg[1:])]
        cand = sorted(o for o in {(round(o["top"], 4), o["x0"], o["x1"], o["lw"]) for o in horiz}
                      if abs(o[1] - o[3] / 2 - s["left"]) < 0.3 and abs(o[2] + o[3] / 2 - s["right"]) < 0.3)
        best = None
        for i in range(len(cand) - len(ys_svg) + 1):
            win = cand[i:i + len(ys_svg)]
            wg = [b[0] - a[0] for a, b in zip(win, win[1:])]
            if any(abs(g - h) > 0.05 for g, h in zip(wg, gaps)):
                continue
            dy = sum(w[0] for w in win) / len(win) - sum(ys_svg) / len(ys_svg)
            if best is None or abs(dy) < abs(best[0]):
                best = (dy, win)
        if best is None or abs(best[0]) > 4:
            errors.append(f"page {page_no}: no PDF staff lines for the staff at SVG y={s['top']:.2f}")
            continue
        dy, win = best
        stats["dy"] = max(stats.get("dy", 0), abs(dy))
        s["svg_top"] = s["top"]
        s["top"], s["bottom"] = win[0][0], win[-1][0]
        s["left"] = min(w[1] - w[3] / 2 for w in win)
        s["right"] = max(w[2] + w[3] / 2 for w in win)
        s["dy"] = dy
    # Bar lines: in the PDF they are the vertical strokes running exactly from a staff's top
    # line to its bottom line (stems, span bars and the systemic line never do). Group adjacent
    # strokes into glyphs (|| , :|. ...) and pair them, in order, with the SVG's bar lines of
    # the same staff; the glyphs must have the same strokes (count and widths). Horizontal
    # spacing can differ a little between the backends (text widths), so pairing is by order,
    # not by position.
    vert = [o for o in objs if not o["horizontal"]]
    for st in staves:
        if "dy" not in st:
            continue
        svg_top = st["svg_top"]
        svg_bottom = svg_top + (st["bottom"] - st["top"])
        mine = sorted((b for b in barlines
                       if svg_top - 1 <= b["y0"] and b["y1"] <= svg_bottom + 1), key=lambda b: b["x"])
        for b in mine:
            b["staff"] = st
        strokes = sorted((o for o in vert
                          if abs(o["top"] - st["top"]) < 0.6 and abs(o["bottom"] - st["bottom"]) < 0.6
                          and o["x0"] > st["left"] + 0.5),
                         key=lambda o: o["x0"])
        groups = []
        for o in strokes:
            if groups and o["x0"] - groups[-1][-1]["x1"] < 3.0:
                groups[-1].append(o)
            else:
                groups.append([o])
        if len(groups) != len(mine):
            errors.append(f"page {page_no}: staff at y={st['top']:.2f}: {len(groups)} bar lines "
                          f"in the PDF, {len(mine)} in the SVG")
            continue
        for b, g in zip(mine, groups):
            rects = sorted(b["rects"], key=lambda r: r[1][0])
            ws_svg = [r[2][0] - r[1][0] for r in rects]
            ws_pdf = [o["x1"] - o["x0"] for o in g]
            if len(ws_svg) != len(ws_pdf) or any(abs(u - v) > 0.05 for u, v in zip(ws_svg, ws_pdf)):
                errors.append(f"page {page_no}: bar line glyph {b['glyph']} at SVG x={b['x']:.2f} "
                              f"does not match the PDF strokes at x={g[0]['x0']:.2f}")
                continue
            x0 = min(o["x0"] for o in g)
            x1 = max(o["x1"] for o in g)
            stats["dx"] = max(stats.get("dx", 0), abs((x0 + x1) / 2 - b["x"]))
            b["x"], b["x0"], b["x1"] = (x0 + x1) / 2, x0, x1
            b["y0"], b["y1"] = st["top"], st["bottom"]
            b["pdf"] = True
    for b in barlines:
        if not b.get("pdf"):
            errors.append(f"page {page_no}: bar line at SVG x={b['x']:.2f} has no PDF geometry")


def r2(v):
    return round(v + 0.0, 2)


def page_layout(svg_path, page_no, counter, errors, pdf_objs, stats):
    root = ET.parse(svg_path).getroot()
    width = root.get("width")
    assert width.endswith("mm"), width
    vb = [float(x) for x in root.get("viewBox").split()]
    scale = float(width[:-2]) * PT_PER_MM / vb[2]
    hscale = float(root.get("height")[:-2]) * PT_PER_MM / vb[3]
    # width and height are printed in mm with limited precision: compare relatively
    assert abs(scale - hscale) < 1e-6 * max(1.0, scale), (scale, hscale)
    base = (scale, 0, 0, scale, -vb[0] * scale, -vb[1] * scale)
    groups = []
    walk(root, base, None, groups)

    staves = []
    barlines = []
    for attrs, prims in groups:
        if attrs["class"] == "tm-StaffSymbol":
            lines = [p for p in prims if p[0] == "line"]
            if not lines:
                continue
            ys = sorted(p[1][1] for p in lines)
            for p in lines:
                assert abs(p[1][1] - p[2][1]) < 1e-6, "staff line not horizontal"
            left = min(min(p[1][0], p[2][0]) - p[3] / 2 for p in lines)
            right = max(max(p[1][0], p[2][0]) + p[3] / 2 for p in lines)
            staves.append(dict(top=ys[0], bottom=ys[-1], left=left, right=right, ys=ys,
                               nlines=len(lines), key=(attrs["data-from"], attrs["data-to"])))
        elif attrs["class"] == "tm-BarLine":
            rects = [p for p in prims if p[0] == "rect"]
            if not rects:
                continue
            x0 = min(p[1][0] for p in rects)
            x1 = max(p[2][0] for p in rects)
            y0 = min(p[1][1] for p in rects)
            y1 = max(p[2][1] for p in rects)
            barlines.append(dict(x=(x0 + x1) / 2, x0=x0, x1=x1, y0=y0, y1=y1, rects=rects,
                                 bar=int(attrs["data-bar"]), dir=int(attrs["data-dir"]),
                                 glyph=attrs.get("data-glyph", "")))

    refine_with_pdf(staves, barlines, pdf_objs, page_no, errors, stats)

    # staves -> systems (same left/right bound columns = same system)
    keys = []
    for s in staves:
        if s["key"] not in keys:
            keys.append(s["key"])
    systems = []
    for k in keys:
        st = sorted([s for s in staves if s["key"] == k], key=lambda s: s["top"])
        for s in st:
            if abs(s["left"] - st[0]["left"]) > 0.01 or abs(s["right"] - st[0]["right"]) > 0.01:
                errors.append(f"page {page_no}: staves of system {k} differ in extent")
        systems.append(st)
    systems.sort(key=lambda st: st[0]["top"])

    out_systems = []
    used = 0
    for st in systems:
        top, bottom = st[0]["top"], st[-1]["bottom"]
        left, right = st[0]["left"], st[0]["right"]
        mine = [b for b in barlines if b["y0"] >= top - 1.0 and b["y1"] <= bottom + 1.0]
        used += len(mine)
        if any(b["dir"] == 1 for b in mine):
            errors.append(f"page {page_no}: a bar line at the start of a system (glyph "
                          f"{[b['glyph'] for b in mine if b['dir'] == 1]})")
        mine = [b for b in mine if b["dir"] != 1]
        # one bar line per staff at the same x: group them
        mine.sort(key=lambda b: b["x"])
        xs = []
        for b in mine:
            if xs and abs(b["x"] - xs[-1][0]["x"]) < 0.5:
                xs[-1].append(b)
            else:
                xs.append([b])
        bars = []
        prev = left
        for grp in xs:
            x = grp[0]["x"]
            if any(abs(b["x"] - x) > 0.01 for b in grp):
                errors.append(f"page {page_no}: bar line x differs between staves near {x:.2f}")
            if len({b["bar"] for b in grp}) != 1:
                errors.append(f"page {page_no}: bar numbers differ in a bar-line group at {x:.2f}")
            if len(grp) != len(st):
                errors.append(f"page {page_no}: {len(grp)} bar lines for {len(st)} staves at x={x:.2f}")
            counter[0] += 1
            if grp[0]["bar"] - 1 != counter[0]:
                errors.append(f"page {page_no}: counted bar {counter[0]} but LilyPond closes "
                              f"bar {grp[0]['bar'] - 1} at x={x:.2f}")
            bars.append({"number": str(counter[0]), "left": r2(prev), "right": r2(x),
                         "_glyph": grp[0]["glyph"]})
            prev = x
        if not xs or abs(max(b["x1"] for b in xs[-1]) - right) > 0.2:
            errors.append(f"page {page_no}: system at y={top:.2f} does not end with a bar line")
        out_systems.append({
            "top": r2(top), "bottom": r2(bottom),
            "staves": [{"top": r2(s["top"]), "bottom": r2(s["bottom"])} for s in st],
            "bars": bars,
            "_left": r2(left), "_right": r2(right),
            "_lines": [s["nlines"] for s in st],
        })
    if used != len(barlines):
        errors.append(f"page {page_no}: {len(barlines) - used} bar lines outside every system")
    for a, b in zip(out_systems, out_systems[1:]):
        if not a["bottom"] < b["top"]:
            errors.append(f"page {page_no}: systems overlap")
    return out_systems


def strip_private(obj):
    if isinstance(obj, dict):
        return {k: strip_private(v) for k, v in obj.items() if not k.startswith("_")}
    if isinstance(obj, list):
        return [strip_private(v) for v in obj]
    return obj




def main():
    svg_dir, name, pdf_path, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    import pdfplumber
    with pdfplumber.open(pdf_path) as pdf:
        pages = len(pdf.pages)
    files = [os.path.join(svg_dir, f"{name}.svg")] if pages == 1 else \
        [os.path.join(svg_dir, f"{name}-{i}.svg") for i in range(1, pages + 1)]
    extra = os.path.join(svg_dir, f"{name}-{pages + 1}.svg")
    if os.path.exists(extra):
        sys.exit(f"{name}: SVG has more pages than the PDF ({pages})")
    errors = []
    counter = [0]
    stats = {}
    pdf_pages = pdf_objects(pdf_path)
    if len(pdf_pages) != pages:
        sys.exit(f"{name}: the PDF has {len(pdf_pages)} pages, expected {pages}")
    layout = {"pages": []}
    for i, f in enumerate(files, 1):
        layout["pages"].append({"page": i, "systems": page_layout(f, i, counter, errors,
                                                                  pdf_pages[i - 1], stats)})
    if errors:
        for e in errors:
            print("ERROR", name, e, file=sys.stderr)
        sys.exit(1)
    # summary
    for p in layout["pages"]:
        print(f"{name} page {p['page']}: {len(p['systems'])} systems, bars " +
              ", ".join(f"{s['bars'][0]['number']}-{s['bars'][-1]['number']}" for s in p["systems"]))
    glyphs = {}
    for p in layout["pages"]:
        for s in p["systems"]:
            for b in s["bars"]:
                glyphs[b["_glyph"]] = glyphs.get(b["_glyph"], 0) + 1
    print(f"{name}: SVG->PDF corrections: max |dy| {stats.get('dy', 0):.2f} pt, "
          f"max |dx| {stats.get('dx', 0):.3f} pt")
    print(f"{name}: {sum(len(p['systems']) for p in layout['pages'])} systems, "
          f"{counter[0]} bars, closing bar lines {glyphs}")
    with open(out, "w") as fp:
        dump_layout(strip_private(layout), fp)


if __name__ == "__main__":
    main()
