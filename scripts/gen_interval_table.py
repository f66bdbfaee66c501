#!/usr/bin/env python3
"""Prints Swift table rows of interval cases computed by music21 (an independent oracle).

Usage: Benchmarks/.venv/bin/python scripts/gen_interval_table.py > /tmp/rows.txt
The rows were pasted into Tests/TheoryCoreTests/IntervalOracleTests.swift.
"""
import random
from music21 import interval, pitch

def m21(name):
    # our 'Bb3' / 'Bbb3' -> music21 'B-3' / 'B--3'
    letter, rest = name[0], name[1:]
    acc = ''.join(c for c in rest if c in '#b')
    octave = rest[len(acc):]
    return letter + acc.replace('b', '-') + octave

rng = random.Random(20261122)
letters = 'CDEFGAB'
accs = ['', '#', 'b', '##', 'bb', '###', 'bbb']
weights = [6, 4, 4, 2, 2, 1, 1]
cases = set()
while len(cases) < 360:
    a = rng.choice(letters) + rng.choices(accs, weights)[0] + str(rng.randint(1, 6))
    # mostly within two octaves, some compound, some descending
    b = rng.choice(letters) + rng.choices(accs, weights)[0] + str(rng.randint(1, 6))
    pa, pb = pitch.Pitch(m21(a)), pitch.Pitch(m21(b))
    if abs(pa.diatonicNoteNum - pb.diatonicNoteNum) > 16 or pa.diatonicNoteNum == pb.diatonicNoteNum:
        continue
    cases.add((a, b))
for a, b in sorted(cases):
    try:
        i = interval.Interval(pitch.Pitch(m21(a)), pitch.Pitch(m21(b)))
    except interval.IntervalException:
        continue  # music21 cannot name more than quadruple augmentation
    if interval.Interval(i.directedName).semitones != i.semitones:
        continue  # music21 10.5.1 misnames quintuple diminutions (B###1->Cbb3 as AAAA9, 8 semitones)
    print(f'    ("{a}", "{b}", "{i.directedName}", {int(i.semitones)}, "{i.directedSimpleName}"),')
