#!/bin/sh
# Rebuild the example scores in Scores/ and their ground-truth layouts.
#   scripts/build-scores.sh [NAME ...]     (default: all four scores)
# Needs lilypond 2.24 and poppler-utils (Debian packages) and a python with pdfplumber
# ($PYTHON, default /tmp/venv-scores/bin/python, made on first use from Debian's python3
# with python3-numpy and python3-pil). None of this is needed at test time.
# For each NAME: Scores/NAME.ly -> Scores/NAME.pdf (PDF backend) and, through the SVG backend
# with scripts/layout-tags.ily, Scores/NAME.layout.json (see scripts/README-scores.md).
set -eu
cd "$(dirname "$0")/.."
names="${*:-minuet prelude chorale bench-20pages}"
PYTHON="${PYTHON:-/tmp/venv-scores/bin/python}"
if [ ! -x "$PYTHON" ]; then
  /usr/bin/python3 -m venv --system-site-packages /tmp/venv-scores
  /tmp/venv-scores/bin/pip install -q pdfplumber
  PYTHON=/tmp/venv-scores/bin/python
fi
svgdir="${SVGDIR:-/tmp/tonmeister-scores-svg}"
mkdir -p "$svgdir"
for n in $names; do
  echo "== $n"
  lilypond -s -dno-point-and-click -o "Scores/$n" "Scores/$n.ly"
  rm -f "$svgdir/$n".svg "$svgdir/$n"-*.svg
  lilypond -s -dbackend=svg -dno-point-and-click \
    -dinclude-settings="$PWD/scripts/layout-tags.ily" -o "$svgdir/$n" "Scores/$n.ly" 2>&1 |
    grep -v 'ignoring unsupported formats' >&2 || true
  "$PYTHON" scripts/extract-layout.py "$svgdir" "$n" "Scores/$n.pdf" "Scores/$n.layout.json"
  "$PYTHON" scripts/check-layout.py "Scores/$n.pdf" "Scores/$n.layout.json" | tail -n 1
done
