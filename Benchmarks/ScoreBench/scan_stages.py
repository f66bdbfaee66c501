#!/usr/bin/env python3
"""Where the processor time of `tonmeister score detect --json` goes on the corpus's scanned pages, by stage.

Usage: scan_stages.py BINARY [CORPUS_DIR] [PERF_DATA] [--reuse]
With --reuse, PERF_DATA recorded before (by this script, with BINARY) is read again rather than recorded.
Records every scan of the corpus folders whose name starts with "scan" once under `perf record -g` (frame pointers;
the release build keeps them), then gives each sample to the first stage one of its frames belongs to, from the
innermost frame out (so the OCR's cut-outs are not counted as detection, a kernel page fault counts where it
happened). Stages are matched by the function's own type or name in the mangled symbol, or by the library the
frame lies in; Tesseract and its libraries are built without frame pointers, so their load and their reading
share one line, and the dynamic loader's work (at start-up and for `dlopen`) is one line too. Prints milliseconds
per file of each stage (perf's sampling adds a few percent to every stage).
"""
import collections
import glob
import os
import re
import subprocess
import sys

# (stage, patterns): `T:Name` a ScoreDocument type (its functions and closures), `dso:name` a library, else a
# substring of the mangled symbol. The first stage matched, from the innermost frame out, takes the sample.
STAGES = [
    ('OCR: Tesseract (loading its model, reading)', ['tm_ocr_new', 'tm_ocr_read', 'dso:libtesseract', 'dso:liblept',
                                                     'dso:libgomp', 'dso:libtiff', 'dso:libpng', 'dso:libarchive']),
    ('OCR: cutting out the groups', ['keepCutOuts', 'T:ScannedNumberReader', 'T:NumberInkFinder', 'T:ScanInk']),
    ('OCR: other', ['printedNumbers', 'numberedAsPrinted', 'handFreeMemoryBack']),
    ('decode (JPEG, CCITT, Flate)', ['T:JPEGDecoder', 'T:CCITTDecoder', 'T:PDFStreamDecoder', 'dso:libturbojpeg',
                                     'T:ImageCanvas', 'dso:libz']),
    ('put on the 300 dpi grid', ['T:GrayResampler', 'T:GridCopy']),
    ('skew estimate', ['T:SkewEstimator', 'T:Projection']),
    ('deskew', ['7InkMaskV8deskewed', 'tm_deskew_row']),
    ('ridges', ['addRidges', 'averageRow']),
    ('threshold', ['T:InkMask', 'isDithered', 'boxAveraged', 'tm_threshold_limits']),
    ('page curl', ['T:PageCurl']),
    ('staff comb', ['T:StaffComb', 'withCombStaves']),
    ('staff lines', ['T:StaffLineFinder', 'staffLines', 'tm_longest_run']),
    ('partial and short staves, systems', ['withPartialStaves', 'withShortStaves', 'T:StaffGrouper']),
    ('barlines', ['T:BarlineFinder']),
    ('detection: other', ['T:LayoutDetector', 'T:Bands']),
    ('scan reading: other', ['scannedPage', 'scannedGrayImage', 'scanReading', 'T:PDFPageImage', 'T:PageReader']),
    ('PDF structure, page checks', ['T:PDFFile', 'T:PDFParser', 'T:PageCheckMemo', 'ScoreDocumentAAC', 'ScoreFileOptions']),
    ('poppler', ['T:PopplerHandle', 'dso:libpoppler']),
    ('JSON output', ['DetectedLayoutFormatter']),
    ('argument parsing', ['ArgumentParser']),
    ('dynamic loader (start-up, dlopen)', ['dso:ld-linux', '_dl_', 'dl_main']),
    ('Swift runtime (metadata, conformances)', ['swift_']),
    ('kernel: exec and exit', ['execve', 'exit_mmap', 'do_exit', 'do_group_exit']),
]


def matches(pattern, symbol, library):
    if pattern.startswith('dso:'):
        return pattern[4:] in library
    if pattern.startswith('T:'):
        return re.match(r'\$s13ScoreDocument\d+' + pattern[2:] + r'[A-Z]', symbol) is not None
    return pattern in symbol


def stage_of(stack):
    for symbol, library in stack:
        for name, patterns in STAGES:
            if any(matches(p, symbol, library) for p in patterns):
                return name
    return 'other (malloc, page faults, memmove outside a stage...)'


def main():
    binary = os.path.abspath(sys.argv[1])
    corpus = sys.argv[2] if len(sys.argv) > 2 else 'Tests/ScoreDocumentTests/Corpus'
    data = sys.argv[3] if len(sys.argv) > 3 else '/tmp/scan-stages.perf'
    scans = sorted(glob.glob(os.path.join(corpus, 'scan*', '*.pdf')))
    frequency = 2000
    script = '; '.join(f'"{binary}" score detect "{pdf}" --json > /dev/null' for pdf in scans)
    if '--reuse' not in sys.argv:
        subprocess.run(['perf', 'record', '-q', '-F', str(frequency), '-g', '-o', data, '--', 'sh', '-c', script], check=True)
    perf = subprocess.Popen(['perf', 'script', '-i', data, '-F', 'comm,tid,ip,sym,dso', '--no-demangle'],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    counts, total = collections.Counter(), 0
    command, stack = None, []
    own = os.path.basename(binary)[:15]

    def flush():
        nonlocal total
        # The command's own threads (its name) and Dispatch's workers; not the shell.
        if command is None or not (command.startswith(own) or 'qos' in command):
            return
        total += 1
        counts[stage_of(stack)] += 1

    for line in perf.stdout:
        if not line.strip():
            flush()
            command, stack = None, []
        elif not line.startswith('\t'):
            command = line.split()[0]
        else:
            parts = line.strip().split(' ', 1)
            frame = parts[1] if len(parts) > 1 else '?'
            found = re.match(r'(.*) \((.*)\)$', frame)
            stack.append((found.group(1), found.group(2)) if found else (frame, ''))
    flush()
    per_file = 1000 / frequency / len(scans)
    print(f'{len(scans)} scans, {total / frequency:.2f} s of processor time sampled, {total * per_file:.0f} ms per file')
    print('| stage | ms per file | share |')
    print('|---|---:|---:|')
    for name, count in counts.most_common():
        print(f'| {name} | {count * per_file:.1f} | {100 * count / total:.1f} % |')


if __name__ == '__main__':
    main()
