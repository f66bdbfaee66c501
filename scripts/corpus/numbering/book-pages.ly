\version "2.24.1"
% Two pieces on two pages: the second begins at the top of page 2, where LilyPond prints the page number "2" at the
% left, larger than the bar numbers, above a first system that carries no bar number.
\paper { #(set-paper-size "a4") indent = 0 ragged-last = ##t }
\layout { \context { \Score \override NonMusicalPaperColumn.line-break-permission = ##f } }
\header { tagline = ##f }
\score {
  \header { piece = "I. Intrada" }
  \relative c'' { \time 4/4 c4 d e f | g2 e | f4 e d c | d1 | \break
    e4 f g a | g2 f | e4 d c b | c1 | \break
    g'4 f e d | c2 d | e4 d c b | c1 \bar "|." }
  \layout { }
}
\pageBreak
\score {
  \header { piece = "II. Gigue (upbeat)" }
  \relative c'' { \time 3/8 \partial 8 g8 | c8 d e | f4 e8 | d4. | \break
    e8 f g | a4 g8 | f4. | \break
    e8 d c | b4 a8 | g4. \bar "|." }
  \layout { }
}
