#!/usr/bin/env bash
# Engraves the printed-bar-number corpus (Tests/ScoreDocumentTests/Corpus/numbering and numbering-heldout):
# several pieces per page, upbeats, endings, by abcm2ps (Debian abcm2ps + ghostscript's ps2pdf) and LilyPond 2.24.
# The truth NAME.numbers.json beside each PDF lists every system's first bar number in page order: the number
# the engraver printed at the system's head, and 0 (upbeat) or 1 for a piece's first system, which carries none;
# it was written by hand from the sources (each ABC line and each \break ends a system) and checked against
# `pdftotext -bbox`. The *-b files are held out: never used to tune the reader. book-pages runs over two pages
# (LilyPond's page number "2" stands above the second piece's first system, which prints no bar number).
# book-f (tuning, in numbering-tuning as lilypond-book-f) has a gavotte with three endings on its last system, a
# trio whose first system holds both endings (numbers-with-letters), and a rondo numbered every fifth bar that
# starts on a system printing no number.
# scripts/corpus/numbering/make-engravers.py makes a second held-out set (numbering-engravers), the tuning set
# numbering-tuning (--set tuning) and a fresh held-out set numbering-fresh (--set fresh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$here/../../../Tests/ScoreDocumentTests/Corpus"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000
for name in tunes-a tunes-b; do
  folder=numbering; [ "$name" = tunes-b ] && folder=numbering-heldout
  abcm2ps -O "$work/$name.ps" "$here/$name.abc" >/dev/null
  ps2pdf "$work/$name.ps" "$corpus/$folder/$name.pdf"
done
for name in book-a book-b book-pages; do
  folder=numbering; [ "$name" = book-b ] && folder=numbering-heldout
  lilypond -s -o "$work/$name" "$here/$name.ly"
  cp "$work/$name.pdf" "$corpus/$folder/$name.pdf"
done
lilypond -s -o "$work/book-f" "$here/book-f.ly"
cp "$work/book-f.pdf" "$corpus/numbering-tuning/lilypond-book-f.pdf"
