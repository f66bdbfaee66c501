\version "2.24.1"
\paper { #(set-paper-size "a4") indent = 0 ragged-last = ##t }
\header { tagline = ##f }
\score {
  \header { piece = "I. Minuet (upbeat)" }
  \relative c'' { \time 3/4 \partial 4 g4 | c2 d4 | e2 f4 | g2 e4 | c2. | \break
    d4 e f | g2 e4 | c2 d4 | e2. | \break
    f4 g a | g2 e4 | d2 b4 | c2. \bar "|." }
  \layout { }
}
\score {
  \header { piece = "II. Trio (endings)" }
  \relative c'' { \time 3/4 \set Score.alternativeNumberingStyle = #'numbers-with-letters
    \repeat volta 2 { a4 b c | d2 c4 | b2 a4 | }
    \alternative { { g2. } { g2 r4 } } \break
    e4 f g | a2 g4 | f2 e4 | d2. | \break
    c4 d e | f2 e4 | d2 c4 | b2. \bar "|." }
  \layout { }
}
\score {
  \header { piece = "III. Finale" }
  \relative c'' { \time 2/4 c4 d | e f | g a | b c | \break d c | b a | g f | e d | \break c2 | d2 | c2 \bar "|." }
  \layout { }
}
