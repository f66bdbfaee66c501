\version "2.24.1"
\paper { #(set-paper-size "a4") indent = 0 ragged-last = ##t }
\header { tagline = ##f }
\score {
  \header { piece = "1. Gavotte" }
  \relative c'' { \time 2/2 \partial 2 c4 d | e2 f | g2 e | d2 c | b2 g | \break
    c2 d | e2 c | f2 e | d1 | \break a'2 g | f2 e | d2 b | c1 \bar "|." }
  \layout { }
}
\score {
  \header { piece = "2. Air" }
  \relative c' { \time 4/4 c4 e g c | b a g f | e d c d | e1 | f4 a c f | \break
    e d c b | a g f e | d1 | \break g4 b d g | f e d c | c1 \bar "|." }
  \layout { }
}
\score {
  \header { piece = "3. Gigue" }
  \relative c'' { \time 6/8 \partial 8 g8 | c4 d8 e4 f8 | g4. e4 c8 | d4 e8 f4 d8 | \break
    e4. c4 g8 | c4 d8 e4 f8 | g4 f8 e4 d8 | \break c4. c4 \bar "|." }
  \layout { }
}
\score {
  \header { piece = "4. Rondeau" }
  \relative c'' { \time 3/4 e4 d c | b2 a4 | g2 a4 | b2. | \break c4 b a | g2 f4 | e2. \bar "|." }
  \layout { }
}
