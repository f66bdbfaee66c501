\version "2.24.1"
\paper { #(set-paper-size "a4") indent = 0 ragged-last = ##t }
\header { tagline = ##f }
\score {
  \header { piece = "I. Gavotte (three endings)" }
  \relative c'' { \time 4/4 \partial 2 g4 a | b2 c | d2 e | d4 c b a | g1 | \break
    a4 b c d | e2 d | c4 b a g | a1 | \break
    \set Score.alternativeNumberingStyle = #'numbers-with-letters
    \repeat volta 3 { b4 c d e | f2 e | }
    \alternative { { d1 } { c1 } { b1 } } \bar "|." }
  \layout { }
}
\score {
  \header { piece = "II. Trio (both endings)" }
  \relative c'' { \time 3/4 \set Score.alternativeNumberingStyle = #'numbers-with-letters
    \repeat volta 2 { c4 d e | f2 e4 | d2 c4 | }
    \alternative { { b2. } { c2 r4 } } \break
    g4 a b | c2 b4 | a2 g4 | f2. | \break
    e4 f g | a2 g4 | f2 e4 | d2. \bar "|." }
  \layout { }
}
\score {
  \header { piece = "III. Rondo (every fifth bar)" }
  \relative c'' { \time 2/4 \override Score.BarNumber.break-visibility = ##(#t #t #t)
    \set Score.barNumberVisibility = #(every-nth-bar-number-visible 5)
    c4 d | e f | g a | \break b c | d c | b a | g f | \break e d | c2 | d2 | e4 f | g2 \bar "|." }
  \layout { }
}
