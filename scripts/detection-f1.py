#!/usr/bin/env python3
"""Score `tonmeister score detect --json` against truth layouts by F1 (issue 14's measure).

Usage: detection-f1.py [--tonmeister PATH] [--verbose] [--raster] [--json] DIR [DIR ...]

Each DIR holds NAME.pdf with NAME.layout.json (Tests/ScoreDocumentTests/Corpus/<engraver>). A folder whose
name starts with "scan" uses the scan tolerances. Prints one line per folder, and with --json a JSON object
{folder: {"files", "pages", "systemsF1", "barlinesF1", "seconds"}}.

Matching: a detected system matches a truth system (one to one) when its top and bottom both lie within 4 pt
(6 pt on scans); a barline matches a truth barline of its matched system within 3 pt (5 pt on scans); the
barlines of unmatched systems count as missed or false. Barlines are the right edges of the bars. No
dependencies beyond Python 3.
"""
import argparse
import json
import os
import subprocess
import sys
import time


def systems_of(layout):
    out = {}
    for page in layout.get("pages", []):
        out[page["page"]] = [(s["top"], s["bottom"], [b["right"] for b in s.get("bars", [])])
                             for s in page.get("systems", [])]
    return out


def score_page(found, truth, sys_tol, bar_tol, label, problems):
    c = dict(ts=len(truth), ds=len(found), ms=0, tb=sum(len(t[2]) for t in truth),
             db=sum(len(f[2]) for f in found), mb=0)
    used = set()
    for n, (top, bottom, bars) in enumerate(truth):
        cands = [i for i, f in enumerate(found) if i not in used and abs(f[0] - top) <= sys_tol and abs(f[1] - bottom) <= sys_tol]
        if not cands:
            problems.append(f"{label} system {n + 1} ({top:.0f}-{bottom:.0f}) not found; found "
                            + ", ".join(f"{f[0]:.0f}-{f[1]:.0f}" for f in found))
            continue
        i = min(cands, key=lambda i: abs(found[i][0] - top))
        used.add(i)
        c["ms"] += 1
        free = list(found[i][2])
        matched = 0
        for x in bars:
            near = [k for k, y in enumerate(free) if abs(y - x) <= bar_tol]
            if near:
                free.pop(min(near, key=lambda k: abs(free[k] - x)))
                matched += 1
        c["mb"] += matched
        if matched < len(bars) or free:
            problems.append(f"{label} system {n + 1}: truth {[round(x) for x in bars]} found {[round(x) for x in found[i][2]]}")
    return c


def f1(m, t, d):
    return 1.0 if t + d == 0 else 2 * m / (t + d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--tonmeister", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "tonmeister"))
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--raster", action="store_true", help="pass --raster: read every page from pixels")
    a = ap.parse_args()
    report = {}
    for d in a.dirs:
        scan = os.path.basename(os.path.normpath(d)).startswith("scan")
        sys_tol, bar_tol = (6, 5) if scan else (4, 3)
        total = dict(ts=0, ds=0, ms=0, tb=0, db=0, mb=0)
        problems, files, pages, seconds = [], 0, 0, 0.0
        for name in sorted(os.listdir(d)):
            if not name.endswith(".pdf"):
                continue
            truth_path = os.path.join(d, name[:-4] + ".layout.json")
            if not os.path.exists(truth_path):
                continue
            with open(truth_path) as f:
                truth = systems_of(json.load(f))
            start = time.perf_counter()
            run = subprocess.run([a.tonmeister, "score", "detect", os.path.join(d, name), "--json"] + (["--raster"] if a.raster else []),
                                 capture_output=True, text=True)
            seconds += time.perf_counter() - start
            if run.returncode != 0:
                problems.append(f"{name}: exit {run.returncode}: {run.stderr.strip()[:200]}")
                found = {}
            else:
                found = systems_of(json.loads(run.stdout))
            files += 1
            for page in sorted(truth):
                pages += 1
                c = score_page(found.get(page, []), truth[page], sys_tol, bar_tol, f"{name[:-4]} p{page}", problems)
                for k in total:
                    total[k] += c[k]
        sf, bf = f1(total["ms"], total["ts"], total["ds"]), f1(total["mb"], total["tb"], total["db"])
        report[os.path.basename(os.path.normpath(d))] = dict(files=files, pages=pages, systemsF1=round(sf, 4),
                                                             barlinesF1=round(bf, 4), seconds=round(seconds, 3))
        if not a.json:
            print(f"{d}: {files} files, {pages} pages, systems F1 {sf:.3f} ({total['ms']}/{total['ts']} truth, {total['ds']} found), "
                  f"barlines F1 {bf:.3f} ({total['mb']}/{total['tb']} truth, {total['db']} found), {seconds:.2f} s")
            if a.verbose:
                for p in problems:
                    print("   ", p)
    if a.json:
        json.dump(report, sys.stdout, indent=1)
        print()


if __name__ == "__main__":
    sys.exit(main())
