#!/usr/bin/env bash
# Engraves one piece as four editions for the `session rescore` tests (Tests/ScoreDocumentTests/Corpus/rescore):
# edition-a (A4), edition-reflow (the same music on A5: other systems and pages), edition-inserted (a preface
# page before the music) and edition-deleted (edition-a without its page 2). Needs lilypond 2.24 and poppler-utils.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../../Tests/ScoreDocumentTests/Corpus/rescore"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000
music() {  # 140 bars of 4/4 after an upbeat, a fixed sequence of notes
  python3 - <<'PY'
notes = "c d e f g a b".split()
bars = []
for n in range(140):
    a, b, c, d = (notes[(n * 3 + k * 2) % 7] for k in range(4))
    bars.append(f"{a}'4 {b}'8 {c}'8 {d}'4 {a}''4 |")
print("\\partial 4 g'4 | " + " ".join(bars) + ' \\bar "|."')
PY
}
engrave() {  # name paper preface
  {
    echo '\version "2.24.1"'
    echo "\\paper { #(set-paper-size \"$2\") indent = 0 }"
    echo '\header { tagline = ##f title = "Study for rescoring" }'
    if [ "$3" = yes ]; then echo '\markup { \column { "Preface" "This edition adds a page before the music." } } \pageBreak'; fi
    echo "#(set-global-staff-size 24)"
    echo "\\score { { \\time 4/4 $(music) } \\layout { } }"
  } > "$work/$1.ly"
  lilypond -s -o "$work/$1" "$work/$1.ly"
  cp "$work/$1.pdf" "$out/$1.pdf"
}
engrave edition-a a4 no
engrave edition-reflow a5 no
engrave edition-inserted a4 yes
pdfseparate "$out/edition-a.pdf" "$work/page-%d.pdf"
pages=$(ls "$work"/page-*.pdf | wc -l)
keep=("$work/page-1.pdf"); for ((p = 3; p <= pages; p++)); do keep+=("$work/page-$p.pdf"); done
pdfunite "${keep[@]}" "$out/edition-deleted.pdf"
