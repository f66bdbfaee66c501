#!/usr/bin/env python3
"""Writes Examples/chorale-session.json: a realistic day of recording the bundled chorale score.

A producer records the Haydn "Emperor" hymn for string quartet (Scores/chorale.pdf): piece 1 is the theme
(bars 1-12), piece 2 the two variations (bars 13-36). Thirty takes: complete run-throughs, then patches
over the weak passages, a false start, and two takes whose end the producer forgot to mark (open takes).
Positions are taps on the score (PDF points, top-left origin) a little after the barlines, as producers tap;
ratings are 1 (bad) to 5 (excellent); times are seconds since each take's record start.

Deterministic: the same file on every run (fixed seed). Usage: python3 Examples/make-session.py
"""
import hashlib
import json
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
LAYOUT = json.load(open(os.path.join(ROOT, 'Scores', 'chorale.layout.json')))
SECONDS_PER_BAR = 3.2   # Poco adagio, 4/4
rng = random.Random(1797)   # the year Haydn wrote the hymn

bars = {}   # bar number -> (page, left, right, top, bottom)
for page in LAYOUT['pages']:
    for system in page['systems']:
        for bar in system['bars']:
            bars[int(bar['number'])] = (page['page'], bar['left'], bar['right'], system['top'], system['bottom'])
LAST_BAR = max(bars)


def tap(bar, fraction):
    """A tap at `fraction` through `bar`, on the system's first staff."""
    page, left, right, top, bottom = bars[bar]
    return {'page': page, 'x': round(left + fraction * (right - left), 1), 'y': round(top + rng.uniform(4, 14), 1)}


def timecode(seconds):
    frames = int(round(seconds * 25))
    s, f = divmod(frames, 25)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    return f'{h:02d}:{m:02d}:{s:02d}:{f:02d}'


takes, marks = [], []
clock = 10 * 3600 + 2 * 60 + 11   # 10:02:11, the first take


def take(number, first, last, open_end=False, note='', ratings=(), problems=(), edit_points=(), texts=()):
    """Records a take over bars first..last; marks are (bar, fraction, ...) tuples."""
    global clock
    start = tap(first, rng.uniform(0.02, 0.08))
    entry = {'number': number, 'label': str(number), 'start': start}
    if not open_end:
        end_bar, end_fraction = (last, rng.uniform(0.9, 0.99)) if last == LAST_BAR else (last + 1, rng.uniform(0.02, 0.1))
        entry['end'] = tap(end_bar, end_fraction)
    entry.update({'source': f'T{number:03d}.wav', 'recordStart': timecode(clock), 'fps': 25, 'note': note})
    takes.append(entry)

    def when(bar, fraction):
        return round((bar - first + fraction) * SECONDS_PER_BAR + 4.0 + rng.uniform(-0.3, 0.3), 1)

    for bar, fraction, value in ratings:
        marks.append({'take': number, 'kind': 'rating', 'value': value, 'at': tap(bar, fraction), 'time': when(bar, fraction)})
    for bar, fraction, problem, extent, text in problems:
        mark = {'take': number, 'kind': 'problem', 'problem': problem, 'at': tap(bar, fraction)}
        if extent:
            mark['to'] = tap(bar + extent[0], extent[1])
        if text:
            mark['text'] = text
        mark['time'] = when(bar, fraction)
        marks.append(mark)
    for bar, fraction in edit_points:
        marks.append({'take': number, 'kind': 'edit-point', 'at': tap(bar, fraction), 'time': when(bar, fraction)})
    for bar, fraction, text in texts:
        marks.append({'take': number, 'kind': 'text', 'text': text, 'at': tap(bar, fraction), 'time': when(bar, fraction)})
    clock += (last - first + 1) * SECONDS_PER_BAR + rng.uniform(40, 150)


# Piece 1: the theme, bars 1-12.
take(1, 1, 12, note='first run, warming up',
     ratings=[(1, 0.2, 3), (5, 0.1, 2), (9, 0.3, 3)],
     problems=[(3, 0.5, 'intonation', (0, 0.9), 'first violin sharp'), (7, 0.2, 'ensemble', None, '')])
take(2, 1, 12, ratings=[(1, 0.2, 4), (6, 0.4, 3), (10, 0.1, 4)], problems=[(6, 0.5, 'noise', None, 'chair creak')])
take(3, 1, 12, note='good overall', ratings=[(1, 0.15, 4), (4, 0.6, 5), (9, 0.2, 4)], edit_points=[(5, 0.05)])
take(4, 1, 2, note='false start', problems=[(1, 0.3, 'false-start', None, '')])
take(5, 5, 8, note='patch bars 5-8', ratings=[(5, 0.1, 4), (7, 0.5, 5)])
take(6, 5, 8, ratings=[(5, 0.1, 5)], problems=[(8, 0.4, 'wrong-note', None, 'viola F natural')])
take(7, 9, 12, ratings=[(9, 0.1, 4), (11, 0.2, 3)], problems=[(11, 0.3, 'tempo', (1, 0.5), 'rushing')])
take(8, 9, 12, note='nice ending', ratings=[(9, 0.1, 4), (12, 0.1, 5)], edit_points=[(10, 0.04)])
take(9, 1, 4, ratings=[(1, 0.1, 5)], problems=[(2, 0.6, 'balance', (1, 0.4), 'cello too loud')])
take(10, 1, 12, open_end=True, note='end not marked', ratings=[(1, 0.1, 4), (8, 0.5, 4)])

# Piece 2: variations I and II, bars 13-36.
take(11, 13, 36, note='complete run of both variations',
     ratings=[(13, 0.2, 3), (17, 0.1, 4), (21, 0.6, 2), (25, 0.1, 3), (30, 0.2, 4)],
     problems=[(21, 0.4, 'intonation', (2, 0.5), 'cello shifts'), (33, 0.1, 'ensemble', None, '')])
take(12, 13, 24, ratings=[(13, 0.1, 4), (19, 0.3, 4)], problems=[(22, 0.2, 'noise', None, 'page turn')])
take(13, 13, 24, note='lovely cello', ratings=[(13, 0.1, 5), (20, 0.5, 4)], edit_points=[(17, 0.03)])
take(14, 17, 24, ratings=[(17, 0.1, 4), (21, 0.2, 5)])
take(15, 21, 24, ratings=[(21, 0.1, 3)], problems=[(23, 0.5, 'wrong-note', None, 'second violin')])
take(16, 21, 24, ratings=[(21, 0.1, 4), (23, 0.1, 5)])
take(17, 25, 36, note='variation II, first go',
     ratings=[(25, 0.1, 3), (29, 0.4, 4), (33, 0.2, 3)], problems=[(27, 0.5, 'balance', (1, 0.8), 'viola covered')])
take(18, 25, 36, ratings=[(25, 0.2, 4), (31, 0.1, 4)], problems=[(35, 0.3, 'tempo', None, 'dragging')])
take(19, 25, 28, ratings=[(25, 0.1, 5)])
take(20, 29, 32, ratings=[(29, 0.1, 4), (31, 0.6, 2)], problems=[(31, 0.5, 'intonation', None, '')])
take(21, 29, 32, ratings=[(29, 0.1, 5)], edit_points=[(30, 0.05)])
take(22, 33, 36, ratings=[(33, 0.1, 3)], problems=[(34, 0.4, 'ensemble', (0, 0.9), 'final chord not together')])
take(23, 33, 36, note='best ending', ratings=[(33, 0.1, 4), (36, 0.2, 5)], texts=[(36, 0.5, 'hold the fermata longer')])
take(24, 13, 16, ratings=[(13, 0.1, 3)], problems=[(14, 0.2, 'noise', None, 'traffic outside')])
take(25, 13, 16, ratings=[(13, 0.1, 5)])
take(26, 25, 30, ratings=[(25, 0.1, 4), (28, 0.3, 4)])
take(27, 13, 36, note='second complete run', ratings=[(13, 0.1, 4), (20, 0.2, 4), (26, 0.1, 4), (33, 0.1, 4)])
take(28, 30, 33, ratings=[(30, 0.1, 4)])
take(29, 35, 36, ratings=[(35, 0.2, 5)])
take(30, 25, 36, open_end=True, note='last take of the day, end not marked', ratings=[(25, 0.2, 4), (32, 0.5, 3)])

pdf = os.path.join(ROOT, 'Scores', 'chorale.pdf')
session = {
    'format': 'tonmeister-session/1',
    'title': 'Haydn, Emperor hymn and variations — day 1',
    'score': {'file': 'Scores/chorale.pdf', 'sha256': hashlib.sha256(open(pdf, 'rb').read()).hexdigest()},
    'layout': LAYOUT,
    'numbering': {'first': 1, 'prefixPerPiece': False},
    'pieces': [
        {'title': 'Theme: Poco adagio, cantabile', 'firstBar': '1', 'lastBar': '12', 'key': 'G major'},
        {'title': 'Variations I and II', 'firstBar': '13', 'lastBar': '36', 'key': 'G major'},
    ],
    'takes': takes,
    'marks': marks,
}
with open(os.path.join(ROOT, 'Examples', 'chorale-session.json'), 'w') as f:
    json.dump(session, f, indent=1, ensure_ascii=False)
    f.write('\n')
print(f'{len(takes)} takes, {len(marks)} marks')
