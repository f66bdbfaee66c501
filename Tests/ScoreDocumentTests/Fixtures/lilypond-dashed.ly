\version "2.24.0"
\header { tagline = ##f }
\score {
  \new PianoStaff <<
    \new Staff \relative c'' {
      \override TextSpanner.bound-details.left.text = "rit."
      c4\startTextSpan d e f | g a b c\stopTextSpan |
      \ottava #1 c4 d e f | g1 \ottava #0 |
      c,4\< d e f | g1\! |
      \override Glissando.style = #'dashed-line
      c,2\glissando c' | c1 \bar "|."
    }
    \new Staff \relative c { \clef bass
      \set Staff.pedalSustainStyle = #'bracket
      c4\sustainOn d e f\sustainOff | g1 | c,1\cresc | d1 | e1\! | f1 | g1 | c,1 }
  >>
}
