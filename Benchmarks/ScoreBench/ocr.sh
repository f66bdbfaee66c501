#!/usr/bin/env bash
# Times reading printed bar numbers on scans by OCR: `tonmeister score detect` on every scan of
# Tests/ScoreDocumentTests/Corpus/scans-numbers*, with OCR and with OCR unavailable (TESSDATA_PREFIX pointing
# nowhere: the numbers are then counted), against `pdftoppm -r 150 -gray` on the same files in the same run.
# Each timing is the best of 3. Usage: Benchmarks/ScoreBench/ocr.sh [path to tonmeister, default the debug build]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
tonmeister="${1:-.build/debug/tonmeister}"
best() { # best wall time in ms of 3 runs of "$@"
  local best=""
  for _ in 1 2 3; do
    local start end
    start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}
pages=0; with=0; without=0; ppm=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for pdf in Tests/ScoreDocumentTests/Corpus/scans-numbers*/*.pdf; do
  n=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
  a=$(best "$tonmeister" score detect "$pdf" --json)
  b=$(best env TESSDATA_PREFIX=/nonexistent "$tonmeister" score detect "$pdf" --json)
  c=$(best pdftoppm -r 150 -gray "$pdf" "$tmp/p")
  printf '%-70s %d page(s)  with OCR %5d ms  without %5d ms  pdftoppm -r 150 -gray %5d ms\n' "$pdf" "$n" "$a" "$b" "$c"
  pages=$((pages + n)); with=$((with + a)); without=$((without + b)); ppm=$((ppm + c))
done
echo "$pages pages: OCR adds $(( (with - without) / pages )) ms a page; pdftoppm -r 150 -gray takes $(( ppm / pages )) ms a page" \
  "(detection without OCR $(( without / pages )) ms a page)"
