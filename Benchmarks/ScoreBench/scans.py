#!/usr/bin/env python3
"""Scanned pages: time and peak memory of `tonmeister score detect --json` against `pdftoppm -r 150 -gray` on the
same file (issue 30's goals: at most 1.0x pdftoppm's time per file and over the corpus, at most 3x its peak memory),
for this checkout and, when given, a binary of an earlier commit, run in the same run. Writes the "scans" section of
docs/benchmarks.md.

Usage: scans.py AFTER_BINARY BEFORE_BINARY|- BEFORE_LABEL RUNS CORPUS_DIR REPORT.md
Every PDF of the corpus folders whose name starts with "scan". Each command runs RUNS times, the sides taking turns
(before, after, pdftoppm) so that they share the machine's load; per side the least wall time, the least processor
time (user + system, from wait4) and the least peak resident memory (ru_maxrss) count. Then two long documents joined
with pdfunite, once each: every scan three times over (a scanned book), and the first 150 pages of the drawn corpus.
"""
import os
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from report_section import write_section  # noqa: E402


def once(command):
    """(wall seconds, processor seconds, peak KiB) of one run of `command` ({out}: a fresh directory)."""
    out = tempfile.mkdtemp()
    cmd = [part.replace('{out}', out) for part in command]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    subprocess.run(['rm', '-rf', out], check=True)
    if status != 0:
        raise SystemExit(f'{cmd} exited with status {status}')
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def page_count(pdf):
    """The number of pages pdfinfo reports for `pdf` (0 when it reports none)."""
    info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True).stdout
    return next((int(line.split()[1]) for line in info.splitlines() if line.startswith('Pages:')), 0)


def long_documents(sides, corpus, scans):
    """Rows for two long documents made with pdfunite in a scratch folder: the scans three times over, and the first
    150 pages of the corpus's drawn PDFs; each command once (a book takes half a minute)."""
    scratch = tempfile.mkdtemp()
    drawn, pages = [], 0
    for folder in sorted(f for f in os.listdir(corpus) if not f.startswith('scan') and os.path.isdir(os.path.join(corpus, f))):
        for name in sorted(n for n in os.listdir(os.path.join(corpus, folder)) if n.endswith('.pdf')):
            if pages >= 150:
                break
            pdf = os.path.join(corpus, folder, name)
            count = page_count(pdf)
            if count and pages + count <= 150:
                drawn.append(pdf)
                pages += count
    documents = [('every scan three times over', scans * 3), (f'the first {pages} drawn pages of the corpus', drawn)]
    rows = []
    for label, parts in documents:
        joined = os.path.join(scratch, 'joined.pdf')
        subprocess.run(['pdfunite', *parts, joined], check=True)
        count = page_count(joined)
        commands = {side: [binary, 'score', 'detect', joined, '--json'] for side, binary in sides.items()}
        commands['pdftoppm'] = ['pdftoppm', '-r', '150', '-gray', joined, '{out}/p']
        best = {side: once(command) for side, command in commands.items()}
        print(label, {k: [round(v[0], 1), round(v[1], 1), round(v[2] / 1024, 1)] for k, v in best.items()}, file=sys.stderr, flush=True)
        size = os.path.getsize(joined) / 1e6
        rows.append(f'| {label} ({count} pages, {size:.1f} MB) | ' + ' | '.join(
            f'{best[s][0]:.1f} s, {best[s][2] / 1024:.1f} MiB ({best[s][2] / best["pdftoppm"][2]:.2f}×)' for s in sides)
            + f' | {best["pdftoppm"][0]:.1f} s, {best["pdftoppm"][2] / 1024:.1f} MiB |')
    subprocess.run(['rm', '-rf', scratch], check=True)
    header = ['', 'Long documents (joined with `pdfunite`, each command once): wall time and peak memory, the ratio to',
              'pdftoppm\'s peak (goal: at most 3×).', '',
              '| document | ' + ' | '.join(f'{s}' for s in sides) + ' | pdftoppm |', '|---|' + '---:|' * (len(sides) + 1)]
    return header + rows


def main():
    after_bin, before_bin, before_label, runs, corpus, report = sys.argv[1:7]
    runs = int(runs)
    sides = {'after': after_bin}
    if before_bin != '-':
        sides = {'before': before_bin, 'after': after_bin}
    folders = sorted(f for f in os.listdir(corpus) if f.startswith('scan') and os.path.isdir(os.path.join(corpus, f)))
    files, per_folder = [], {}
    for folder in folders:
        path = os.path.join(corpus, folder)
        for name in sorted(n for n in os.listdir(path) if n.endswith('.pdf')):
            pdf = os.path.join(path, name)
            commands = {side: [binary, 'score', 'detect', pdf, '--json'] for side, binary in sides.items()}
            commands['pdftoppm'] = ['pdftoppm', '-r', '150', '-gray', pdf, '{out}/p']
            best = {side: [float('inf')] * 3 for side in commands}
            for _ in range(runs):
                for side, command in commands.items():
                    best[side] = [min(a, b) for a, b in zip(best[side], once(command))]
            files.append((folder, name, best))
            per_folder.setdefault(folder, []).append(best)
            print(folder, name, {k: [round(v[0] * 1000), round(v[1] * 1000), round(v[2] / 1024, 1)] for k, v in best.items()},
                  file=sys.stderr, flush=True)

    def ratio(a, b):
        return f'{a / b:.2f}×'

    load = os.getloadavg()[0]
    lines = [
        '## Scanned pages: detection against pdftoppm, time and peak memory',
        '',
        'Written by `Benchmarks/ScoreBench/scans.sh`: every PDF of the corpus folders of scans, `tonmeister score detect',
        '--json` (release build, the Swift runtime linked in) against `pdftoppm -r 150 -gray` on the same file; each',
        f'command {runs} times, the sides taking turns; least wall time, least processor time (user + system) and least',
        'peak resident memory of each. Goals (issue 30): at most 1.0× pdftoppm\'s time, at most 3× its peak memory.',
        f'Machine: {platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} at the end (other builds ran',
        'beside it: wall times are stretched by the load, processor times much less).',
    ]
    if 'before' in sides:
        lines += ['', f'"before" is {before_label}, "after" this checkout.']
    lines += ['', '| folder | files | pdftoppm wall | ' + ' | '.join(f'{s} wall' for s in sides) + ' | pdftoppm cpu | '
              + ' | '.join(f'{s} cpu' for s in sides) + ' | pdftoppm peak | ' + ' | '.join(f'{s} peak' for s in sides) + ' |',
              '|---|---:|' + '---:|' * (3 * (len(sides) + 1))]
    totals = {side: [0.0, 0.0] for side in list(sides) + ['pdftoppm']}
    for folder, bests in per_folder.items():
        sums = {side: [sum(b[side][0] for b in bests), sum(b[side][1] for b in bests)] for side in totals}
        for side in totals:
            totals[side] = [totals[side][0] + sums[side][0], totals[side][1] + sums[side][1]]
        peak = {side: max(b[side][2] / b['pdftoppm'][2] for b in bests) for side in sides}
        ref_peak = max(b['pdftoppm'][2] for b in bests) / 1024
        lines.append(f'| {folder} | {len(bests)} | {sums["pdftoppm"][0]:.2f} s | '
                     + ' | '.join(f'{sums[s][0]:.2f} s ({ratio(sums[s][0], sums["pdftoppm"][0])})' for s in sides)
                     + f' | {sums["pdftoppm"][1]:.2f} s | '
                     + ' | '.join(f'{sums[s][1]:.2f} s ({ratio(sums[s][1], sums["pdftoppm"][1])})' for s in sides)
                     + f' | up to {ref_peak:.0f} MiB | ' + ' | '.join(f'worst {peak[s]:.1f}×' for s in sides) + ' |')
    lines.append('| all scans | ' + str(len(files)) + f' | {totals["pdftoppm"][0]:.2f} s | '
                 + ' | '.join(f'{totals[s][0]:.2f} s ({ratio(totals[s][0], totals["pdftoppm"][0])})' for s in sides)
                 + f' | {totals["pdftoppm"][1]:.2f} s | '
                 + ' | '.join(f'{totals[s][1]:.2f} s ({ratio(totals[s][1], totals["pdftoppm"][1])})' for s in sides)
                 + ' | | ' + ' | '.join('' for _ in sides) + ' |')
    worst_wall = max(b['after'][0] / b['pdftoppm'][0] for _, _, b in files)
    worst_cpu = max(b['after'][1] / b['pdftoppm'][1] for _, _, b in files)
    worst_peak = max(b['after'][2] / b['pdftoppm'][2] for _, _, b in files)
    all_wall = totals['after'][0] / totals['pdftoppm'][0]
    lines += ['', f'This checkout: over all scans {all_wall:.2f}× pdftoppm\'s wall time '
              f'(≤ 1.0×: {"met" if all_wall <= 1.0 else "NOT met"}), {totals["after"][1] / totals["pdftoppm"][1]:.2f}× its processor time; '
              f'the worst file {worst_wall:.2f}× wall, {worst_cpu:.2f}× processor time (per file ≤ 1.0×: '
              f'{"met" if worst_wall <= 1.0 else "NOT met"}); peak memory at worst {worst_peak:.1f}× (≤ 3×: '
              f'{"met" if worst_peak <= 3.0 else "NOT met"}).',
              '', '| scan (this checkout) | detect wall | pdftoppm wall | ratio | detect cpu | pdftoppm cpu | ratio | detect peak | pdftoppm peak | ratio |',
              '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|']
    for folder, name, b in files:
        a, r = b['after'], b['pdftoppm']
        lines.append(f'| {folder}/{name} | {a[0] * 1000:.0f} ms | {r[0] * 1000:.0f} ms | {a[0] / r[0]:.2f}× | {a[1] * 1000:.0f} ms | '
                     f'{r[1] * 1000:.0f} ms | {a[1] / r[1]:.2f}× | {a[2] / 1024:.1f} MiB | {r[2] / 1024:.1f} MiB | {a[2] / r[2]:.1f}× |')
    lines += long_documents(sides, corpus, [os.path.join(corpus, folder, name) for folder, name, _ in files])
    write_section(report, 'scans', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
