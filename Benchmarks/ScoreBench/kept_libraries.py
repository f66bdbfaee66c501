#!/usr/bin/env python3
"""Before/after figures of the kept libraries (see kept-libraries.sh).

Usage: kept_libraries.py BEFORE_DRIVER AFTER_DRIVER BEFORE_COMMIT RUNS CORPUS_DIR REPORT.md
Each driver (Fuzz/DetectDriver.swift) reads a file per line and forks a child that detects its layout; it answers
the child's exit status, processor time and peak memory. Every corpus PDF is read RUNS times by each side,
alternating, and the least processor time counts; rows sum them per folder.
"""
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from report_section import write_section  # noqa: E402


class Driver:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, '120'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, path):
        self.proc.stdin.write(path + '\n')
        self.proc.stdin.flush()
        kind, code, cpu, rss = self.proc.stdout.readline().split()
        return kind, int(code), float(cpu), int(rss)


def main():
    before_bin, after_bin, commit, runs, corpus, report = sys.argv[1:7]
    runs = int(runs)
    sides = {'before': Driver(before_bin), 'after': Driver(after_bin)}
    rows, totals = [], {'before': 0.0, 'after': 0.0}
    for folder in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, folder)
        if not os.path.isdir(path):
            continue
        pdfs = [os.path.join(path, n) for n in sorted(os.listdir(path)) if n.endswith('.pdf')]
        if not pdfs:
            continue
        cpu = {'before': 0.0, 'after': 0.0}
        peak = {'before': 0, 'after': 0}
        failed = {'before': 0, 'after': 0}
        for pdf in pdfs:
            best = {'before': float('inf'), 'after': float('inf')}
            for _ in range(runs):
                for side, driver in sides.items():
                    kind, code, seconds, rss = driver.run(pdf)
                    if kind != 'exit' or code != 0:
                        failed[side] += 1
                    best[side] = min(best[side], seconds)
                    peak[side] = max(peak[side], rss)
            for side in sides:
                cpu[side] += best[side]
        for side in sides:
            totals[side] += cpu[side]
        rows.append(f"| {folder} | {len(pdfs)} | {cpu['before']:.2f} s | {cpu['after']:.2f} s | {cpu['after'] / cpu['before']:.2f}× | "
                    f"{peak['before'] / 1024:.0f} MiB | {peak['after'] / 1024:.0f} MiB |"
                    + (f" before failed {failed['before']}, after {failed['after']} |" if failed['before'] or failed['after'] else ' |'))
    rows.append(f"| whole corpus | | {totals['before']:.2f} s | {totals['after']:.2f} s | {totals['after'] / totals['before']:.2f}× | | | |")
    lines = [
        '## Kept libraries: FreeType and libjpeg-turbo, before and after',
        '',
        f'Written by `Benchmarks/ScoreBench/kept-libraries.sh`: layout detection of every PDF of `Tests/ScoreDocumentTests/Corpus`',
        f'by the commit before the kept libraries landed ({commit}: Tonmeister\'s own CFF reader and JPEG decoder with its AVX2',
        'IDCT) and by this checkout (glyph boxes through FreeType, JPEG through libjpeg-turbo with DCT reduction). Both',
        'sides are the same in-process driver (`Fuzz/DetectDriver.swift`, detection without the printed bar numbers) built',
        'the same way (`swiftc -O`), run file by file in the same run, alternating; processor time of the forked child',
        f'(user + system), least of {runs} runs per file, summed per folder; peak resident memory of the children.',
        f'Machine: {platform.machine()}, {os.cpu_count()} cores, shared with other builds (load average {os.getloadavg()[0]:.1f} at the end).',
        '',
        '| folder | files | before | after | after / before | peak before | peak after | |',
        '|---|---:|---:|---:|---:|---:|---:|---|',
    ] + rows
    write_section(report, 'kept-libraries', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
