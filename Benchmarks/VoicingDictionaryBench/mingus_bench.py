#!/usr/bin/env python3
"""Runs mingus's chord-fingering search on the chords VoicingDictionaryBench timed, in the same run, then writes
the "voicing-dictionary" section of docs/benchmarks.md with both.

Usage: mingus_bench.py WORK_DIR REPORT_PATH
WORK_DIR holds swift-results.json (written by VoicingDictionaryBench); mingus's results go to
WORK_DIR/mingus-results.json. Without mingus (PyPI unreachable) the section has Tonmeister's numbers only.
"""
import json
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from report_section import write_section  # noqa: E402

try:
    from importlib.metadata import version
    from mingus.extra import tunings
    MINGUS = version('mingus')
except ImportError:
    tunings, MINGUS = None, None

COMMON = 0          # the dictionary's most common tier: the mingus subset timed best of 3
RUNS_COMMON = 3
BUDGET_SECONDS = 150  # mingus stops taking new chords after this (it is exponential in the number of notes)
TARGET_TOTAL_S, TARGET_RATIO, TOP = 2.0, 100, 12


def run_mingus(results):
    """Per chord: mingus's best time (s) and its fret lists, for the common chords first, then the rest."""
    guitar = tunings.get_tuning('guitar', 'standard')
    span, max_fret = results['span'], results['maxFret']

    def search(notes):
        # max_distance=4 keeps highest - lowest fretted fret < 4, the same as our span 4; open strings are free.
        try:
            return guitar.find_chord_fingering(notes, max_distance=span, maxfret=max_fret), None
        except Exception as e:  # noqa: BLE001 - a crash inside mingus is counted, not fatal
            return [], type(e).__name__

    chords = results['chords']
    order = sorted(range(len(chords)), key=lambda i: chords[i]['commonness'] != COMMON)
    timed = {}
    start = time.perf_counter()
    for i in order:
        common = chords[i]['commonness'] == COMMON
        if not common and time.perf_counter() - start > BUDGET_SECONDS:
            break
        best, found, error = float('inf'), [], None
        for _ in range(RUNS_COMMON if common else 1):
            t = time.perf_counter()
            found, error = search(chords[i]['notes'])
            best = min(best, time.perf_counter() - t)
        timed[i] = {'seconds': best, 'voicings': len(found), 'error': error}
    book = []
    for entry in results['book']:
        found, error = search(entry['notes'])
        target = [f for f in entry['frets']]
        rank = next((k for k, v in enumerate(found) if list(v) == target), None)
        book.append({'rank': rank, 'voicings': len(found), 'error': error})
    return {'chords': timed, 'book': book, 'seconds': time.perf_counter() - start}


def quantile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def ms(seconds):
    return f'{seconds * 1e3:.3f} ms'


def speed_rows(results, mingus):
    """Rows of the per-chord comparison: the common subset, the whole dictionary, and by number of notes."""
    chords = results['chords']
    groups = [(f'common types ({len({c["type"] for c in chords if c["commonness"] == COMMON})} types × '
               f'{results["roots"]} roots; mingus best of {RUNS_COMMON})',
               [i for i, c in enumerate(chords) if c['commonness'] == COMMON]),
              ('whole dictionary (mingus: one run for the uncommon types)', list(range(len(chords))))]
    for n in sorted({len(c['notes']) for c in chords}):
        groups.append((f'… of which {n} notes', [i for i, c in enumerate(chords) if len(c['notes']) == n]))
    rows = []
    for label, members in groups:
        members = [i for i in members if i in mingus['chords']]
        if not members:
            continue
        ours = [chords[i]['seconds'] for i in members]
        search = [chords[i]['searchSeconds'] for i in members]
        theirs = [mingus['chords'][i]['seconds'] for i in members]
        ratios = sorted(t / o for t, o in zip(theirs, ours))
        search_ratio = statistics.median(t / o for t, o in zip(theirs, search))
        meeting = sum(r >= TARGET_RATIO for r in ratios)
        below = f'{len(ratios) - meeting} of {len(ratios)} chords below'
        verdict = ('met for every chord' if meeting == len(ratios) else
                   f'NOT met for every chord: the median meets it, {below}' if statistics.median(ratios) >= TARGET_RATIO
                   else f'NOT met: {below}')
        rows.append(f'| {label} | {len(members)} | {ms(statistics.median(ours))} | {ms(statistics.median(search))} | '
                    f'{ms(statistics.median(theirs))} | {statistics.median(ratios):,.0f}× | {search_ratio:,.0f}× | '
                    f'{ratios[0]:,.1f}× | {statistics.mean(chords[i]["voicings"] for i in members):.0f} | '
                    f'{statistics.mean(mingus["chords"][i]["voicings"] for i in members):.0f} | ≥ {TARGET_RATIO}×: {verdict} |')
    return rows


def shortfall(results, mingus):
    """Where the speed-up target is missed, from this run's medians (empty when every common chord meets it)."""
    chords, timed = results['chords'], mingus['chords']
    common = [i for i, c in enumerate(chords) if c['commonness'] == COMMON and i in timed]
    if not common or all(timed[i]['seconds'] / chords[i]['seconds'] >= TARGET_RATIO for i in common):
        return []

    def median(key, members):
        return statistics.median(chords[i][key] for i in members)

    def ratio(members):
        return statistics.median(timed[i]['seconds'] / chords[i]['seconds'] for i in members)

    def by_notes(n):
        return [i for i in timed if len(chords[i]['notes']) == n]

    def notes(counts):
        return ', '.join(str(n) for n in counts) or 'no'
    counts = sorted({len(chords[i]['notes']) for i in timed})
    met = [n for n in counts if ratio(by_notes(n)) >= TARGET_RATIO]
    missed = [n for n in counts if n not in met]
    below = sum(timed[i]['seconds'] / chords[i]['seconds'] < TARGET_RATIO for i in common)
    m = {n: ms(statistics.median(timed[i]['seconds'] for i in by_notes(n))) for n in (2, 3, 6) if by_notes(n)}
    o = {n: ms(statistics.median(chords[i]['seconds'] for i in by_notes(n))) for n in (3, 6) if by_notes(n)}
    return ['', (
        f'Where the {TARGET_RATIO}× target is missed: on the common types the median speed-up is '
        f'{ratio(common):,.0f}× ({"met" if ratio(common) >= TARGET_RATIO else "missed"}), and {below} of the '
        f'{len(common)} common chords are below {TARGET_RATIO}× on their own; by number of notes the median meets it '
        f'for {notes(met)}-note chords and misses it for {notes(missed)}-note chords. mingus\'s search grows with the '
        f'number of notes (median {m.get(2)} for 2 notes, {m.get(3)} for 3, {m.get(6)} for 6), ours hardly does: it '
        f'tries the same 4-fret hand positions for every chord ({o.get(3)} for 3 notes, {o.get(6)} for 6), so chords '
        f'that mingus answers fast (dyads, triads) stay below. On the common types our median is '
        f'{ms(median("seconds", common))} per chord, of which {ms(median("searchSeconds", common))} is the search, '
        f'fingering, scoring and sorting of about {statistics.mean(chords[i]["voicings"] for i in common):.0f} '
        f'voicings and the rest building them as `Voicing` values; mingus needs '
        f'{ms(statistics.median(timed[i]["seconds"] for i in common))}. Profiling (callgrind, '
        '`VoicingDump --profile common`: the common types × 12 roots, every voicing built) counted 90.9M instructions '
        'after a first pass took the per-candidate allocations out of the fingering (52.2M of them the search); a '
        'second pass runs the search on bit masks (the frets each string can stop in a hand position, the tones '
        'sounded as a 12-bit mask, branches cut as soon as the strings left cannot sound the missing tones or enough '
        'strings) and builds each `Voicing` from temporary buffers: 56.3M (24.7M the search), with the same output '
        '(`VoicingDump` hashes every voicing of the dictionary on six tunings). About a third of what is left, more '
        'than half of building the voicings, is allocating and freeing the four arrays each `Voicing` holds (frets, '
        'fingers, spelled notes, intervals): a cost of the type, not of the search.')]


def book_rows(results, mingus):
    book = results['book']
    ours = [b['rank'] for b in book]
    theirs = [m['rank'] for m in mingus['book']] if mingus else None

    def count(ranks, limit):
        return sum(r is not None and r < limit for r in ranks)

    rows = []
    for label, limit in (('found at all', 10**9), (f'in the first {TOP} of the output', TOP), ('first', 1)):
        mine = count(ours, limit)
        other = f'{count(theirs, limit)} ({count(theirs, limit) / len(book):.0%})' if theirs else 'not run'
        rows.append(f'| {label} | {mine} ({mine / len(book):.0%}) | {other} |')
    return rows


def write_report(results, mingus, report_path):
    chords = results['chords']
    times = sorted(c['seconds'] for c in chords)
    slowest = max(chords, key=lambda c: c['seconds'])
    total = min(results['passSeconds'])
    empty = sum(c['voicings'] == 0 for c in chords)
    empty_types = {}
    for c in chords:
        if c['voicings'] == 0:
            empty_types[c['type']] = empty_types.get(c['type'], 0) + 1
    lines = [
        '## Voicing dictionary: every voicing of every chord, against mingus',
        '',
        'Written by `Benchmarks/VoicingDictionaryBench/run.sh`, which installs mingus into the private venv',
        '`Benchmarks/.venv` (`pip install mingus==0.6.1`; without PyPI the mingus columns are left out), builds',
        '`VoicingDictionaryBench` in release mode and runs both in the same run. Tonmeister enumerates, scores and',
        f'ranks **all** voicings (`VoicingFinder.voicings(limit: nil)`) of every chord type in the dictionary in',
        f'all {results["roots"]} roots on `{results["tuning"]}`, fretted notes on frets 1–{results["maxFret"]}, span',
        f'{results["span"]} frets, its other limits at their defaults (4 fingers, edge mutes only, the root lowest on',
        f'guitar); each chord is timed alone, best of {results["passes"]} passes over the dictionary.',
        f'mingus: `StringTuning.find_chord_fingering(notes, max_distance={results["span"]}, maxfret={results["maxFret"]})`',
        'on the same chords (note names from our spelling), each timed alone.',
        '',
        f'Machine: {platform.machine()}, {os.cpu_count()} cores; Python {platform.python_version()}'
        + (f', mingus {MINGUS}.' if MINGUS else '; mingus could not be installed: not compared.'),
        '',
        '| Tonmeister, whole dictionary | chords | voicings found | total (best pass) | mean per chord | median | p99 | slowest | target |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---|',
        f'| {results["types"]} types × {results["roots"]} roots | {len(chords)} | {sum(c["voicings"] for c in chords):,} | '
        f'{total:.3f} s | {ms(statistics.mean(times))} | {ms(statistics.median(times))} | {ms(quantile(times, 0.99))} | '
        f'{ms(slowest["seconds"])} ({slowest["symbol"]}) | < {TARGET_TOTAL_S:.0f} s: {"met" if total < TARGET_TOTAL_S else "NOT met"} |',
        '',
        f'Passes: {", ".join(f"{s:.3f} s" for s in results["passSeconds"])}. {empty} chords have no voicing within'
        f' these limits ({", ".join(f"`{t}` × {n}" for t, n in empty_types.items())}): the root must sound lowest,'
        ' at least 3 strings with no muted one between them, and every tone but the optional ones (fifth; 9th and 11th'
        ' under a 13th) within 4 frets.',
    ]
    if mingus:
        lines += [
            '',
            '| per chord, against mingus | chords | Tonmeister median | … search only | mingus median | speed-up '
            '(median) | … search only | slowest speed-up | Tonmeister voicings per chord | mingus voicings per chord | target |',
            '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
            *speed_rows(results, mingus),
            '',
            f'mingus timed {len(mingus["chords"])} of {len(chords)} chords in {mingus["seconds"]:.1f} s'
            + (f' ({sum(1 for m in mingus["chords"].values() if m["error"])} raised inside mingus).'
               if any(m['error'] for m in mingus['chords'].values()) else '.'),
            *shortfall(results, mingus),
        ]
    lines += [
        '',
        f'The teacher\'s chord book\'s {len(results["book"])} `{results["tuning"]}` voicings (open, seventh, barre, '
        'sus and slash chords; `Tests/FretboardTests/Fixtures/teacher-chord-book.txt`), looked up in each tool\'s',
        'whole output for the chord, in its own order (ours: playability score; mingus: sum of frets):',
        '',
        '| teacher\'s voicing | Tonmeister | mingus |',
        '|---|---:|---:|',
        *book_rows(results, mingus),
    ]
    if mingus:
        ours_found = sum(b['rank'] is not None for b in results['book'])
        theirs_found = sum(m['rank'] is not None for m in mingus['book'])
        missed = [f'{b["symbol"]} `{b["shape"]}`' for b, m in zip(results['book'], mingus['book']) if m['rank'] is None]
        lines += [
            '',
            f'Target "more of the common voicings found than mingus": {"met" if ours_found > theirs_found else "NOT met"} '
            f'({ours_found} against {theirs_found}). mingus misses: {", ".join(missed) or "none"}.',
        ]
    lines += ['', CAVEATS]
    body = '\n'.join(lines)
    write_section(report_path, 'voicing-dictionary', body)
    print(body)


CAVEATS = """\
Caveats. The two searches answer different questions, so voicing counts are not alike and the speed-up is per
chord asked, not per voicing. mingus's voicing is one note or a mute per string that sounds **every** note name
of the chord (no omitted fifth: C7 `x32310` is not one) within `max_distance` frets, with at most 4 fingers by
its own count. Read from its source (0.6.1): it never mutes both of the two lowest strings (no `xx…` shape such
as D `xx0232` or F `xx3211` can come out), its finger count counts a muted string as a finger (so the A-shape
barres `x13331`, `x24442` and B7 `x21202` "need" 5), it never puts the same note name on neighbouring strings
(D `x50232`, whose A-string D doubles the open D, is never found), any chord tone may be the bass (no slash-bass
notion: `C/G` is searched as C E G), inner mutes are allowed, the output is sorted by the sum of the frets
(a mute counting 1000) rather than scored, `maxfret` caps every fret, and chords with more notes than strings
(the 7-note chords) return nothing at once, which is why its speed is close to ours in that row. Ours keeps only
voicings with the required bass lowest, edge mutes only and at least 3 sounding strings, finds barres for
the fingering, scores and sorts every voicing and (first columns) builds each `Voicing` with spelled notes,
intervals and fingers; "search only" is `ranking(limit: 0)`, the same search, fingering, scoring and sorting
without building any `Voicing` (`tonmeister voicings` pays that and builds the 12 it prints). Tonmeister is timed best
of 3, mingus best of 3 on the common chords and once on the rest; both run in the same script run on a
shared 2-core machine, one after the other, so absolute times move between runs, and the ratios too when the load
from other builds changes between the two tools' turns: eight runs of one build on one busy afternoon gave a
common-type median from 56× to 137× (six of them between 74× and 91×), while its callgrind count does not move."""


def main():
    work, report_path = sys.argv[1], sys.argv[2]
    results = json.load(open(os.path.join(work, 'swift-results.json')))
    mingus = run_mingus(results) if tunings else None
    if mingus:
        with open(os.path.join(work, 'mingus-results.json'), 'w') as f:
            json.dump(mingus, f, indent=1)
    write_report(results, mingus, report_path)


if __name__ == '__main__':
    main()
