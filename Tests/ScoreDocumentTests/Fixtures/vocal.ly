\version "2.24.0"
% Test fixture: a vocal score (voice with lyrics over a piano grand staff). Rebuild: lilypond -s vocal.ly
#(set-paper-size "a4")
\header { title = "Vocal test" tagline = ##f }
mel = \relative c'' { \repeat unfold 6 { g4 a8 b c4 b | a2 g | e4 f g a | g1 | } \bar "|." }
txt = \lyricmode { \repeat unfold 6 { La la la la la la la la la la la la } }
\score {
  <<
    \new Staff \new Voice = "v" \mel
    \new Lyrics \lyricsto "v" \txt
    \new PianoStaff <<
      \new Staff \relative c' { \repeat unfold 24 { <c e g>4 <d f a> <c e g> <b d g> | } }
      \new Staff { \clef bass \relative c { \repeat unfold 24 { c4 g c g | } } }
    >>
  >>
}
