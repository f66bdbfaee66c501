#!/usr/bin/env python3
"""Times Tonmeister's page rendering and layout detection against poppler's own tools, in the same run.

Usage: score_bench.py TONMEISTER_BINARY SCORE.pdf REPORT.md
- Rendering: `tonmeister score render S.pdf --dpi 150 -o DIR` (all pages, parallel) against
  `pdftocairo -png -r 150 S.pdf DIR/p` (the same pages to PNG at the same resolution).
- Detection: `tonmeister score detect S.pdf` (renders every page itself at 150 dpi, then detects)
  against `pdftoppm -r 150 -gray S.pdf DIR/p` (only rasterising the same pages).
Each command runs several times; the best time counts. Process start-up is included on both sides.
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from report_section import write_section  # noqa: E402

RUNS = 5


def best_time(command):
    best = float('inf')
    for _ in range(RUNS):
        out = tempfile.mkdtemp()
        cmd = [part.replace('{out}', out) for part in command]
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
        shutil.rmtree(out)
    return best


def pages_of(pdf):
    info = subprocess.run(['pdfinfo', pdf], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith('Pages:')))


def version(tool):
    result = subprocess.run([tool, '-v'], capture_output=True, text=True)
    return (result.stderr or result.stdout).splitlines()[0]


def main():
    binary, pdf, report = sys.argv[1], sys.argv[2], sys.argv[3]
    pages = pages_of(pdf)
    render = best_time([binary, 'score', 'render', pdf, '--dpi', '150', '-o', '{out}'])
    cairo = best_time(['pdftocairo', '-png', '-r', '150', pdf, '{out}/p'])
    detect = best_time([binary, 'score', 'detect', pdf, '--json'])
    ppm = best_time(['pdftoppm', '-r', '150', '-gray', pdf, '{out}/p'])
    rows = [
        ('render every page to PNG at 150 dpi', render, 'pdftocairo -png -r 150', cairo, 'faster than pdftocairo',
         render < cairo),
        ('detect the layout (rendering included)', detect, 'pdftoppm -r 150 -gray', ppm, '≤ 1.5× pdftoppm',
         detect <= 1.5 * ppm),
    ]
    lines = [
        '## Scores: rendering and layout detection against poppler\'s tools',
        '',
        f'Written by `Benchmarks/ScoreBench/run.sh` on `{os.path.relpath(pdf)}` ({pages} pages), '
        f'best of {RUNS} runs of each whole command (process start-up included).',
        f'Machine: {platform.machine()}, {os.cpu_count()} cores; {version("pdftocairo")}.',
        'Tonmeister renders pages in parallel, one poppler document per worker.',
        '',
        '| work | Tonmeister | ms/page | reference | reference ms/page | ratio | target |',
        '|---|---:|---:|---|---:|---:|---|',
    ]
    for label, ours, ref_name, ref, target, met in rows:
        lines.append(f'| {label} | {ours:.2f} s | {ours * 1000 / pages:.1f} | `{ref_name}` {ref:.2f} s | '
                     f'{ref * 1000 / pages:.1f} | {ours / ref:.2f}× | {target}: {"met" if met else "NOT met"} |')
    write_section(report, 'scores', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
