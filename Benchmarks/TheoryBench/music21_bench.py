#!/usr/bin/env python3
"""Does TheoryBench's work with music21 on the same case files, then writes docs/benchmarks.md.

Usage: music21_bench.py CASES_DIR [REPORT_PATH]      (one paired run; a report of it when REPORT_PATH is given)
       music21_bench.py report REPORT_PATH RUN_DIR...  (the report of several paired runs: medians)
CASES_DIR holds the files TheoryBench wrote (intervals.txt, transpositions.txt, chord-symbols.txt,
chord-notes.txt, swift-results.json); music21 results go to CASES_DIR/music21-results.json.
"""
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from report_section import write_section  # noqa: E402

import music21
from music21 import chord, harmony, interval, pitch


def m21name(name):
    """Our pitch names ('Bb3', 'F##2') in music21's spelling ('B-3', 'F##2')."""
    letter, rest = name[0], name[1:]
    acc = ''.join(c for c in rest if c in '#b')
    return letter + acc.replace('b', '-') + rest[len(acc):]


def m21symbol(symbol):
    """Chord symbols with a flat root ('Bb7') in music21's spelling ('B-7')."""
    if len(symbol) > 1 and symbol[1] == 'b':
        return symbol[0] + '-' + symbol[2:]
    return symbol


def best_of(runs, fn):
    best = float('inf')
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    if sys.argv[1] == 'report':
        write_report(sys.argv[3:], sys.argv[2])
        return
    cases_dir, report_path = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
    read = lambda name: [line.split() for line in open(f'{cases_dir}/{name}') if line.strip()]
    results = {}

    pairs = [(pitch.Pitch(m21name(a)), pitch.Pitch(m21name(b))) for a, b in read('intervals.txt')]
    def intervals():
        for a, b in pairs:
            interval.Interval(a, b).semitones
    results['interval'] = (len(pairs), best_of(3, intervals))
    def interval_names():
        for a, b in pairs:
            interval.Interval(a, b).directedName
    results['interval+name'] = (len(pairs), best_of(3, interval_names))

    transpositions = []
    for p, name in read('transpositions.txt'):
        transpositions.append((pitch.Pitch(m21name(p)), interval.Interval(name)))
    def transpose():
        for p, i in transpositions:
            p.transpose(i)
    results['transpose'] = (len(transpositions), best_of(3, transpose))
    def transpose_names():
        for p, i in transpositions:
            p.transpose(i).nameWithOctave
    results['transpose+name'] = (len(transpositions), best_of(3, transpose_names))

    # music21 needs about 5 ms per chord symbol: time it on the first 10 000 of the 100 000 (per-operation
    # times are compared).
    symbols = [m21symbol(s[0]) if s else '' for s in read('chord-symbols.txt')][:10_000]
    failures = 0
    start = time.perf_counter()
    for s in symbols:
        try:
            harmony.ChordSymbol(s).pitches
        except Exception:
            failures += 1
    results['chord-symbol-parse'] = (len(symbols), time.perf_counter() - start)
    results['chord-symbol-parse-failures'] = failures

    note_sets = [[pitch.Pitch(m21name(n)) for n in row] for row in read('chord-notes.txt')]
    start = time.perf_counter()
    for notes in note_sets:
        harmony.chordSymbolFigureFromChord(chord.Chord(notes))
    results['chord-identify'] = (len(note_sets), time.perf_counter() - start)

    with open(f'{cases_dir}/music21-results.json', 'w') as f:
        json.dump(results, f, indent=2)
    if report_path:
        write_report([cases_dir], report_path)


# Each row: our result, music21's result of the same work, label (what both sides do), targets (µs/op, ratio).
ROWS = [
    ('interval', 'interval', 'interval, semitones only (music21: `Interval(a, b).semitones`)', 0.1, None),
    ('interval+name', 'interval+name', 'interval with its name (music21: `Interval(a, b).directedName`)', 0.1, 500),
    ('transpose', 'transpose', 'transposition, the pitch only (music21: `p.transpose(i)`)', 0.1, None),
    ('transpose+name', 'transpose+name', 'transposition with the result\'s name (music21: `.nameWithOctave`)', 0.1, 500),
    ('chord-symbol-parse', 'chord-symbol-parse', 'chord-symbol parse to spelled notes (music21: `ChordSymbol(s).pitches`)', 5, 1000),
    ('chord-identify', 'chord-identify', 'chord identification from notes (music21: `chordSymbolFigureFromChord`)', 50, None),
]


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2


def write_report(run_dirs, report_path):
    """The table of the median of the paired runs (each directory holds one run of both sides)."""
    runs = [({r['name']: r for r in json.load(open(f'{d}/swift-results.json'))},
             json.load(open(f'{d}/music21-results.json'))) for d in run_dirs]
    rows = ROWS
    lines = [
        '## Theory core against music21',
        '',
        'Written by `Benchmarks/TheoryBench/run.sh`. Both libraries do the same work on the',
        'same seeded cases in the same run: 100 000 interval pairs, 100 000 transpositions, 100 000 chord symbols',
        '(music21: the first 10 000 of them) and 10 000 chord identifications. Tonmeister: release build, best of',
        '7 runs. music21: best of 3 runs (one run for the chord rows). Pitches and intervals are parsed before',
        'timing on both sides; per-operation times are compared. Each row names what both sides compute.',
        f'{len(runs)} paired runs (Tonmeister then music21, one after the other); the table shows the median run of',
        'each row, and the speed-up of every run.',
        '',
        f'Machine: {platform.machine()}, {platform.processor() or "unknown CPU"}; Python {platform.python_version()}, '
        f'music21 {music21.VERSION_STR}.',
        '',
        '| operation | Tonmeister µs/op | Tonmeister ops/s | music21 µs/op | speed-up (median) | each run | target |',
        '|---|---:|---:|---:|---:|---|---|',
    ]
    for key, m21key, label, target_us, target_ratio in rows:
        paired = []
        for swift, m21 in runs:
            if key in swift and m21key in m21:
                count, seconds = m21[m21key]
                m_us = seconds * 1e6 / count
                paired.append((m_us / swift[key]['microsecondsPerOperation'], swift[key], m_us))
        if not paired:
            continue
        ratio = median([p[0] for p in paired])
        _, s, m_us = min(paired, key=lambda p: abs(p[0] - ratio))
        ok_us = s['microsecondsPerOperation'] < target_us
        ok_ratio = target_ratio is None or ratio >= target_ratio
        target = f'< {target_us} µs' + (f', ≥ {target_ratio}×' if target_ratio else '')
        verdict = 'met' if ok_us and ok_ratio else 'NOT met'
        each = ' '.join(f'{p[0]:,.0f}×' for p in paired)
        lines.append(f'| {label} | {s["microsecondsPerOperation"]:.4f} | {s["operationsPerSecond"]:,.0f} | '
                     f'{m_us:.2f} | {ratio:,.0f}× | {each} | {target}: {verdict} |')
    failures = [m21.get('chord-symbol-parse-failures') for _, m21 in runs]
    if failures and failures[0] is not None:
        lines += ['', f'music21 could not read {failures[0]} of the chord symbols (its time still counts them).']
    write_section(report_path, 'theory', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
