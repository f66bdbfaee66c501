#!/usr/bin/env bash
# Engraves one piece as four editions for the `session rescore` tests (Tests/ScoreDocumentTests/Corpus/rescore):
# edition-a (A4), edition-reflow (the same music on A5: other systems and pages), edition-inserted (a preface
# page before the music) and edition-deleted (edition-a without its page 2); and the same four of other music
# printed WITHOUT bar numbers (plain-a, plain-reflow, plain-inserted, plain-deleted), whose bars only their drawing
# tells apart. Needs lilypond 2.24 and poppler-utils.
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
plain_music() {  # 140 bars of 4/4 after an upbeat: seeded random rhythms and pitches, a word every 11 bars
  python3 - <<'PY'
import random
r = random.Random(26)
pitches = "c d e f g a b".split()
rhythms = [[4, 4, 4, 4], [8, 8, 4, 4, 4], [4, 8, 8, 4, 4], [2, 4, 4], [4, 4, 2], [8, 8, 8, 8, 4, 4], [2, 2], [4, 4, 8, 8, 4], [1]]
words = ["dolce", "espr.", "cresc.", "dim.", "rit.", "a tempo", "sotto voce"]
bars = []
for n in range(140):
    notes = [f"{r.choice(pitches)}{r.choice([chr(39), chr(39) * 2])}{d}" for d in r.choice(rhythms)]
    if n % 11 == 5:
        notes[0] += f'^"{words[(n // 11) % len(words)]}"'
    bars.append(" ".join(notes) + " |")
print("\\partial 4 g'4 | " + " ".join(bars) + ' \\bar "|."')
PY
}
engrave() {  # name paper preface [plain]
  {
    echo '\version "2.24.1"'
    echo "\\paper { #(set-paper-size \"$2\") indent = 0 }"
    echo '\header { tagline = ##f title = "Study for rescoring" }'
    if [ "$3" = yes ]; then echo '\markup { \column { "Preface" "This edition adds a page before the music." } } \pageBreak'; fi
    echo "#(set-global-staff-size 24)"
    if [ "${4:-}" = plain ]; then
      echo "\\score { { \\time 4/4 $(plain_music) } \\layout { \\context { \\Score \\remove \"Bar_number_engraver\" } } }"
    else
      echo "\\score { { \\time 4/4 $(music) } \\layout { } }"
    fi
  } > "$work/$1.ly"
  lilypond -s -o "$work/$1" "$work/$1.ly"
  cp "$work/$1.pdf" "$out/$1.pdf"
}
delete_page_2() {  # from to
  rm -f "$work"/page-*.pdf
  pdfseparate "$out/$1.pdf" "$work/page-%d.pdf"
  pages=$(ls "$work"/page-*.pdf | wc -l)
  keep=("$work/page-1.pdf"); for ((p = 3; p <= pages; p++)); do keep+=("$work/page-$p.pdf"); done
  pdfunite "${keep[@]}" "$out/$2.pdf"
}
engrave edition-a a4 no
engrave edition-reflow a5 no
engrave edition-inserted a4 yes
delete_page_2 edition-a edition-deleted
engrave plain-a a4 no plain
engrave plain-reflow a5 no plain
engrave plain-inserted a4 yes plain
delete_page_2 plain-a plain-deleted
