\version "2.24.0"
% Test fixture: an orchestral page (woodwind, brass and string StaffGroups, a GrandStaff, a solo timpani staff). Rebuild: lilypond -s orchestra.ly
#(set-paper-size "a4")
\header { title = "Orchestral test" tagline = ##f }
music = \relative c'' { \repeat unfold 4 { c4 d e f | g2 g | a4 f c' a | g1 | } \bar "|." }
\score {
  <<
    \new StaffGroup <<
      \new Staff \with { instrumentName = "Fl" } \music
      \new Staff \with { instrumentName = "Ob" } \music
      \new Staff \with { instrumentName = "Cl" } \transpose c bes, \music
      \new Staff \with { instrumentName = "Bn" } { \clef bass \transpose c c,, \music }
    >>
    \new StaffGroup <<
      \new Staff \with { instrumentName = "Hn" } \transpose c f, \music
      \new Staff \with { instrumentName = "Tpt" } \music
    >>
    \new Staff \with { instrumentName = "Timp" } { \clef bass \transpose c c,, \music }
    \new StaffGroup <<
      \new GrandStaff <<
        \new Staff \with { instrumentName = "Vn I" } \music
        \new Staff \with { instrumentName = "Vn II" } \transpose c c, \music
      >>
      \new Staff \with { instrumentName = "Va" } { \clef alto \transpose c c, \music }
      \new Staff \with { instrumentName = "Vc" } { \clef bass \transpose c c,, \music }
      \new Staff \with { instrumentName = "Cb" } { \clef bass \transpose c c,, \music }
    >>
  >>
  \layout { }
}
