#!/usr/bin/env python3
"""Does TheoryBench's work with music21 on the same case files, then writes docs/benchmarks.md.

Usage: music21_bench.py CASES_DIR REPORT_PATH
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
    cases_dir, report_path = sys.argv[1], sys.argv[2]
    read = lambda name: [line.split() for line in open(f'{cases_dir}/{name}') if line.strip()]
    results = {}

    pairs = [(pitch.Pitch(m21name(a)), pitch.Pitch(m21name(b))) for a, b in read('intervals.txt')]
    def intervals():
        for a, b in pairs:
            interval.Interval(a, b).directedName
    results['interval'] = (len(pairs), best_of(3, intervals))

    transpositions = []
    for p, name in read('transpositions.txt'):
        transpositions.append((pitch.Pitch(m21name(p)), interval.Interval(name)))
    def transpose():
        for p, i in transpositions:
            p.transpose(i).nameWithOctave
    results['transpose'] = (len(transpositions), best_of(3, transpose))

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
    write_report(cases_dir, report_path, results)


def write_report(cases_dir, report_path, m21):
    swift = {r['name']: r for r in json.load(open(f'{cases_dir}/swift-results.json'))}
    rows = [
        ('interval', 'interval', 'interval (exact steps, semitones, quality)', 0.1, 500),
        ('interval+name', 'interval', 'interval with its name string', 0.1, 500),
        ('transpose', 'transpose', 'transposition of a spelled pitch', 0.1, 500),
        ('transpose+name', 'transpose', 'transposition with the result name', 0.1, 500),
        ('chord-symbol-parse', 'chord-symbol-parse', 'chord-symbol parse (spelled notes)', 5, 1000),
        ('chord-identify', 'chord-identify', 'chord identification from notes', 50, None),
    ]
    lines = [
        '## Theory core against music21',
        '',
        'Written by `Benchmarks/TheoryBench/run.sh`. Both libraries do the same work on the',
        'same seeded cases in the same run: 100 000 interval pairs, 100 000 transpositions, 100 000 chord symbols',
        '(music21: the first 10 000 of them) and 10 000 chord identifications. Tonmeister: release build, best of',
        '7 runs. music21: best of 3 runs (one run for the chord rows). Pitches and intervals are parsed before',
        'timing on both sides; per-operation times are compared.',
        '',
        f'Machine: {platform.machine()}, {platform.processor() or "unknown CPU"}; Python {platform.python_version()}, '
        f'music21 {music21.VERSION_STR}.',
        '',
        '| operation | Tonmeister µs/op | Tonmeister ops/s | music21 µs/op | speed-up | target |',
        '|---|---:|---:|---:|---:|---|',
    ]
    for key, m21key, label, target_us, target_ratio in rows:
        if key not in swift or m21key not in m21:
            continue
        s = swift[key]
        count, seconds = m21[m21key]
        m_us = seconds * 1e6 / count
        ratio = m_us / s['microsecondsPerOperation']
        ok_us = s['microsecondsPerOperation'] < target_us
        ok_ratio = target_ratio is None or ratio >= target_ratio
        target = f'< {target_us} µs' + (f', ≥ {target_ratio}×' if target_ratio else '')
        verdict = 'met' if ok_us and ok_ratio else 'NOT met'
        lines.append(f'| {label} | {s["microsecondsPerOperation"]:.4f} | {s["operationsPerSecond"]:,.0f} | '
                     f'{m_us:.2f} | {ratio:,.0f}× | {target}: {verdict} |')
    if 'chord-symbol-parse-failures' in m21:
        lines += ['', f'music21 could not read {m21["chord-symbol-parse-failures"]} of the chord symbols '
                  '(its time still counts them).']
    write_section(report_path, 'theory', '\n'.join(lines))
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
