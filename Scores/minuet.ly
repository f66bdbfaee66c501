\version "2.24.0"
%% Minuet in G major, BWV Anh. 114 (Christian Petzold, 1677-1733; from the
%% Notebook for Anna Magdalena Bach, 1725). Public domain. Melody only.
%% Engraved for Tonmeister test material: one page, one staff, 32 bars.
\header {
  title = "Minuet in G"
  subtitle = "from the Notebook for Anna Magdalena Bach"
  composer = "Christian Petzold (1677–1733)"
  tagline = ##f
}

\paper {
  #(set-paper-size "a4")
  ragged-last-bottom = ##t
}

melody = \relative c'' {
  \clef treble \key g \major \time 3/4
  \tempo "Moderato"
  \repeat volta 2 {
    d4\p g,8 a b c | d4 g, g | e'4 c8 d e fis | g4 g, g |
    c4 d8 c b a | b4 c8 b a g | fis4 g8 a b g | b4 a2 |
    d4 g,8 a b c | d4 g, g | e'4 c8 d e fis | g4 g, g |
    c4 d8 c b a | b4 c8 b a g | a4 b8 a g fis | g2. |
  }
  b'4\mf g8 a b g | a4 d,8 e fis d | g4 e8 fis g d | cis4 b8 cis a4 |
  a8 b cis d e fis | g4 fis e | fis4 a, cis | d2. \bar "||"
  d4\p g,8 fis g4 | e'4 g,8 fis g4 | d'4 c b | a8 g fis g a4 |
  d,8 e fis g a b | c4 b a | b8 d g,4 fis | g2. \bar "|."
}

breaks = {
  s2.*6 \break s2.*5 \break s2.*6 \break
  s2.*5 \break s2.*5 \break s2.*5
}

\score {
  \new Staff \with { instrumentName = "" } << \melody \breaks >>
  \layout { }
}
