\version "2.24.0"
%% Joseph Haydn (1732-1809): the "Emperor" hymn (1797) set for string quartet, theme and
%% two plain variations (36 bars). Public domain. Engraved for Tonmeister test material.
%% Page 1 is a text-only title page (no systems); the music follows on pages 2-4.
\include "emperor-music.ily"

\paper {
  #(set-paper-size "a4")
  ragged-last-bottom = ##f
}

\book {
  \header {
    title = "Gott erhalte Franz den Kaiser"
    subtitle = "The “Emperor” hymn, set for string quartet"
    composer = "Joseph Haydn (1732–1809)"
    tagline = ##f
  }
  \markup \fill-line { \column {
    \vspace #12
    \fill-line { \abs-fontsize #16 \italic "Theme and two variations" }
    \vspace #2
    \fill-line { "Violin I · Violin II · Viola · Violoncello" }
    \vspace #2
    \fill-line { \small "Engraved with LilyPond as test material for Tonmeister." }
    \fill-line { \small "The music is in the public domain." }
  } }
  \pageBreak
  \score {
    \quartet 1
    \layout { short-indent = 12\mm }
  }
}
