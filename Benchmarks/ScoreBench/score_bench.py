#!/usr/bin/env python3
"""Times Tonmeister's page rendering and layout detection against poppler's own tools, in the same run.

Usage: score_bench.py TONMEISTER_BINARY SCORE.pdf REPORT.md [CORPUS_DIR]
- Rendering: `tonmeister score render S.pdf --dpi 150 -o DIR` (all pages, parallel) against
  `pdftocairo -png -r 150 S.pdf DIR/p` (the same pages to PNG at the same resolution).
- Detection: `tonmeister score detect S.pdf` (renders every page itself at 150 dpi, then detects)
  against `pdftoppm -r 150 -gray S.pdf DIR/p` (only rasterising the same pages).
Each command runs several times; the best time counts. Process start-up is included on both sides.
- Corpus (issue 14): for each folder of CORPUS_DIR (scores by other engravers and scans, each PDF with its
  truth layout), systems and barlines F1 (scripts/detection-f1.py) and the time of `tonmeister score detect`
  against `pdftoppm -r 150 -gray` on the same files (best of 3 per file, summed).
"""
import json
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


def peak_kib(command):
    """Peak resident memory of one run of `command`, in KiB (GNU time's "Maximum resident set size")."""
    out = tempfile.mkdtemp()
    cmd = ['/usr/bin/time', '-v'] + [part.replace('{out}', out) for part in command]
    result = subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    shutil.rmtree(out)
    return int(next(line.split(':')[-1] for line in result.stderr.splitlines() if 'Maximum resident set size' in line))


def scan_rows(binary, corpus):
    """Per scanned file: detect time and peak memory against pdftoppm's on the same file (issue 30's goals:
    time <= 1.0x, memory <= 3x)."""
    rows, worst_time, worst_memory = [], 0.0, 0.0
    global RUNS
    saved, RUNS = RUNS, 3
    for folder in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, folder)
        if not folder.startswith('scan') or not os.path.isdir(path):
            continue
        for name in sorted(n for n in os.listdir(path) if n.endswith('.pdf')):
            pdf = os.path.join(path, name)
            ours = best_time([binary, 'score', 'detect', pdf, '--json'])
            ref = best_time(['pdftoppm', '-r', '150', '-gray', pdf, '{out}/p'])
            mine, theirs = peak_kib([binary, 'score', 'detect', pdf, '--json']), peak_kib(['pdftoppm', '-r', '150', '-gray', pdf, '{out}/p'])
            worst_time, worst_memory = max(worst_time, ours / ref), max(worst_memory, mine / theirs)
            rows.append(f'| {folder}/{name} | {ours * 1000:.0f} ms | {ref * 1000:.0f} ms | {ours / ref:.2f}× | '
                        f'{mine / 1024:.0f} MiB | {theirs / 1024:.0f} MiB | {mine / theirs:.1f}× |')
    RUNS = saved
    rows.append(f'| worst | | | {worst_time:.2f}× (≤ 1.0×: {"met" if worst_time <= 1.0 else "NOT met"}) | | | '
                f'{worst_memory:.1f}× (≤ 3×: {"met" if worst_memory <= 3.0 else "NOT met"}) |')
    return rows


def corpus_rows(binary, corpus):
    """One row per corpus folder: F1 of systems and barlines, detect time against pdftoppm's."""
    scorer = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts', 'detection-f1.py')
    rows, total_ours, total_ref = [], 0.0, 0.0
    global RUNS
    saved, RUNS = RUNS, 3
    for folder in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, folder)
        if not os.path.isdir(path):
            continue
        pdfs = [os.path.join(path, n) for n in sorted(os.listdir(path))
                if n.endswith('.pdf') and os.path.exists(os.path.join(path, n[:-4] + '.layout.json'))]
        if not pdfs:
            continue
        result = json.loads(subprocess.run([sys.executable, scorer, '--json', '--tonmeister', binary, path],
                                           check=True, capture_output=True, text=True).stdout)[folder]
        ours = sum(best_time([binary, 'score', 'detect', p, '--json']) for p in pdfs)
        ref = sum(best_time(['pdftoppm', '-r', '150', '-gray', p, '{out}/p']) for p in pdfs)
        total_ours, total_ref = total_ours + ours, total_ref + ref
        scan = folder.startswith('scan')
        goals = (0.97, 0.93) if scan else (0.99, 0.98)
        met = result['systemsF1'] >= goals[0] and result['barlinesF1'] >= goals[1]
        rows.append(f"| {folder} | {result['files']} | {result['pages']} | {result['systemsF1']:.3f} | {result['barlinesF1']:.3f} | "
                    f"≥ {goals[0]} / ≥ {goals[1]}: {'met' if met else 'NOT met'} | {ours:.2f} s | {ref:.2f} s | {ours / ref:.2f}× |")
    RUNS = saved
    if total_ref > 0:
        rows.append(f"| whole corpus | | | | | | {total_ours:.2f} s | {total_ref:.2f} s | {total_ours / total_ref:.2f}× "
                    f"(≤ 1.0×: {'met' if total_ours <= total_ref else 'NOT met'}) |")
    return rows


def main():
    binary, pdf, report = sys.argv[1], sys.argv[2], sys.argv[3]
    corpus = sys.argv[4] if len(sys.argv) > 4 else None
    pages = pages_of(pdf)
    render = best_time([binary, 'score', 'render', pdf, '--dpi', '150', '-o', '{out}'])
    cairo = best_time(['pdftocairo', '-png', '-r', '150', pdf, '{out}/p'])
    detect = best_time([binary, 'score', 'detect', pdf, '--json'])
    ppm = best_time(['pdftoppm', '-r', '150', '-gray', pdf, '{out}/p'])
    rows = [
        ('render every page to PNG at 150 dpi', render, 'pdftocairo -png -r 150', cairo, 'faster than pdftocairo',
         render < cairo),
        ('detect the layout (rendering included)', detect, 'pdftoppm -r 150 -gray', ppm, '≤ 1.0× pdftoppm',
         detect <= ppm),
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
    if corpus:
        lines += [
            '',
            f'Detection on `{os.path.relpath(corpus)}`: scores by other engravers and scanned pages, with truth from each',
            'engraver\'s own geometry (`scripts/make-corpus.py`). F1 as in issue 14: a system within 4 pt (6 on scans) at',
            'top and bottom, a barline within 3 pt (5 on scans). Times: `tonmeister score detect --json` against',
            '`pdftoppm -r 150 -gray` on the same files, best of 3 per file, summed.',
            '',
            '| folder | files | pages | systems F1 | barlines F1 | goal | detect | pdftoppm | ratio |',
            '|---|---:|---:|---:|---:|---|---:|---:|---:|',
        ] + corpus_rows(binary, corpus) + [
            '',
            'Each scanned page of the corpus: `tonmeister score detect --json` against `pdftoppm -r 150 -gray` (best of 3),',
            'and the peak resident memory of one run of each (`/usr/bin/time -v`).',
            '',
            '| scan | detect | pdftoppm | ratio | detect peak | pdftoppm peak | memory ratio |',
            '|---|---:|---:|---:|---:|---:|---:|',
        ] + scan_rows(binary, corpus)
    write_section(report, 'scores', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
