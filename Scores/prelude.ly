\version "2.24.0"
%% Prelude in C major, BWV 846 (Johann Sebastian Bach, 1685-1750), from
%% The Well-Tempered Clavier, Book I (1722). Public domain.
%% Engraved for Tonmeister test material: grand staff, 35 bars, 12 systems on 3 pages.
%% (Simplified at the end: bars 34-35 are a plain figuration and the final chord.)

\paper {
  #(set-paper-size "a4")
  ragged-last-bottom = ##f
}

\header {
  title = "Prelude in C major"
  subtitle = "The Well-Tempered Clavier, Book I"
  composer = "Johann Sebastian Bach (1685–1750)"
  opus = "BWV 846"
  tagline = ##f
}

upper = {
  \clef treble \key c \major \time 4/4
  \tempo "Moderato"
    r8 g'16 c'' e'' g' c'' e'' r8 g'16 c'' e'' g' c'' e'' |  % 1
    r8 a'16 d'' f'' a' d'' f'' r8 a'16 d'' f'' a' d'' f'' |  % 2
    r8 g'16 d'' f'' g' d'' f'' r8 g'16 d'' f'' g' d'' f'' |  % 3
    r8 g'16 c'' e'' g' c'' e'' r8 g'16 c'' e'' g' c'' e'' |  % 4
    r8 a'16 e'' a'' a' e'' a'' r8 a'16 e'' a'' a' e'' a'' |  % 5
    r8 fis'16 a' d'' fis' a' d'' r8 fis'16 a' d'' fis' a' d'' |  % 6
    r8 g'16 d'' g'' g' d'' g'' r8 g'16 d'' g'' g' d'' g'' |  % 7
    r8 e'16 g' c'' e' g' c'' r8 e'16 g' c'' e' g' c'' |  % 8
    r8 e'16 g' c'' e' g' c'' r8 e'16 g' c'' e' g' c'' |  % 9
    r8 d'16 fis' c'' d' fis' c'' r8 d'16 fis' c'' d' fis' c'' |  % 10
    r8 d'16 g' b' d' g' b' r8 d'16 g' b' d' g' b' |  % 11
    r8 e'16 g' cis'' e' g' cis'' r8 e'16 g' cis'' e' g' cis'' |  % 12
    r8 d'16 a' d'' d' a' d'' r8 d'16 a' d'' d' a' d'' |  % 13
    r8 d'16 f' b' d' f' b' r8 d'16 f' b' d' f' b' |  % 14
    r8 c'16 g' c'' c' g' c'' r8 c'16 g' c'' c' g' c'' |  % 15
    r8 a16 c' f' a c' f' r8 a16 c' f' a c' f' |  % 16
    r8 a16 c' f' a c' f' r8 a16 c' f' a c' f' |  % 17
    r8 g16 b f' g b f' r8 g16 b f' g b f' |  % 18
    r8 g16 c' e' g c' e' r8 g16 c' e' g c' e' |  % 19
    r8 bes16 c' e' bes c' e' r8 bes16 c' e' bes c' e' |  % 20
    r8 a16 c' e' a c' e' r8 a16 c' e' a c' e' |  % 21
    r8 a16 c' ees' a c' ees' r8 a16 c' ees' a c' ees' |  % 22
    r8 b16 c' d' b c' d' r8 b16 c' d' b c' d' |  % 23
    r8 g16 b d' g b d' r8 g16 b d' g b d' |  % 24
    r8 g16 c' e' g c' e' r8 g16 c' e' g c' e' |  % 25
    r8 g16 c' f' g c' f' r8 g16 c' f' g c' f' |  % 26
    r8 g16 b f' g b f' r8 g16 b f' g b f' |  % 27
    r8 a16 c' fis' a c' fis' r8 a16 c' fis' a c' fis' |  % 28
    r8 g16 c' g' g c' g' r8 g16 c' g' g c' g' |  % 29
    r8 g16 c' f' g c' f' r8 g16 c' f' g c' f' |  % 30
    r8 g16 b f' g b f' r8 g16 b f' g b f' |  % 31
    r8 g16 bes e' g bes e' r8 g16 bes e' g bes e' |  % 32
    r8 f16 a e' f a e' r8 f16 a e' f a e' |  % 33
    r8 f'16 a' c'' f'' c'' a' c'' a' f' a' f' d' f' d' |  % 34
    <e' g' c''>1\fermata \bar "|."  % 35
}

lower = {
  \clef treble \key c \major \time 4/4
    << { \voiceTwo c'2 c'2 } \new Voice { \voiceOne r16 e'8.~ e'4 r16 e'8.~ e'4 } >> |  % 1
    << { \voiceTwo c'2 c'2 } \new Voice { \voiceOne r16 d'8.~ d'4 r16 d'8.~ d'4 } >> |  % 2
    << { \voiceTwo b2 b2 } \new Voice { \voiceOne r16 d'8.~ d'4 r16 d'8.~ d'4 } >> |  % 3
    << { \voiceTwo c'2 c'2 } \new Voice { \voiceOne r16 e'8.~ e'4 r16 e'8.~ e'4 } >> |  % 4
    << { \voiceTwo c'2 c'2 } \new Voice { \voiceOne r16 e'8.~ e'4 r16 e'8.~ e'4 } >> |  % 5
    << { \voiceTwo c'2 c'2 } \new Voice { \voiceOne r16 d'8.~ d'4 r16 d'8.~ d'4 } >> |  % 6
    << { \voiceTwo b2 b2 } \new Voice { \voiceOne r16 d'8.~ d'4 r16 d'8.~ d'4 } >> |  % 7
    << { \voiceTwo b2 b2 } \new Voice { \voiceOne r16 c'8.~ c'4 r16 c'8.~ c'4 } >> |  % 8
    << { \voiceTwo a2 a2 } \new Voice { \voiceOne r16 c'8.~ c'4 r16 c'8.~ c'4 } >> |  % 9
    \clef bass << { \voiceTwo d2 d2 } \new Voice { \voiceOne r16 a8.~ a4 r16 a8.~ a4 } >> |  % 10
    << { \voiceTwo g2 g2 } \new Voice { \voiceOne r16 b8.~ b4 r16 b8.~ b4 } >> |  % 11
    << { \voiceTwo g2 g2 } \new Voice { \voiceOne r16 bes8.~ bes4 r16 bes8.~ bes4 } >> |  % 12
    << { \voiceTwo f2 f2 } \new Voice { \voiceOne r16 a8.~ a4 r16 a8.~ a4 } >> |  % 13
    << { \voiceTwo f2 f2 } \new Voice { \voiceOne r16 aes8.~ aes4 r16 aes8.~ aes4 } >> |  % 14
    << { \voiceTwo e2 e2 } \new Voice { \voiceOne r16 g8.~ g4 r16 g8.~ g4 } >> |  % 15
    << { \voiceTwo e2 e2 } \new Voice { \voiceOne r16 f8.~ f4 r16 f8.~ f4 } >> |  % 16
    << { \voiceTwo d2 d2 } \new Voice { \voiceOne r16 f8.~ f4 r16 f8.~ f4 } >> |  % 17
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 d8.~ d4 r16 d8.~ d4 } >> |  % 18
    << { \voiceTwo c2 c2 } \new Voice { \voiceOne r16 e8.~ e4 r16 e8.~ e4 } >> |  % 19
    << { \voiceTwo c2 c2 } \new Voice { \voiceOne r16 g8.~ g4 r16 g8.~ g4 } >> |  % 20
    << { \voiceTwo f,2 f,2 } \new Voice { \voiceOne r16 f8.~ f4 r16 f8.~ f4 } >> |  % 21
    << { \voiceTwo fis,2 fis,2 } \new Voice { \voiceOne r16 c8.~ c4 r16 c8.~ c4 } >> |  % 22
    << { \voiceTwo aes,2 aes,2 } \new Voice { \voiceOne r16 f8.~ f4 r16 f8.~ f4 } >> |  % 23
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 f8.~ f4 r16 f8.~ f4 } >> |  % 24
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 e8.~ e4 r16 e8.~ e4 } >> |  % 25
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 d8.~ d4 r16 d8.~ d4 } >> |  % 26
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 d8.~ d4 r16 d8.~ d4 } >> |  % 27
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 ees8.~ ees4 r16 ees8.~ ees4 } >> |  % 28
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 e8.~ e4 r16 e8.~ e4 } >> |  % 29
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 d8.~ d4 r16 d8.~ d4 } >> |  % 30
    << { \voiceTwo g,2 g,2 } \new Voice { \voiceOne r16 d8.~ d4 r16 d8.~ d4 } >> |  % 31
    << { \voiceTwo c,2 c,2 } \new Voice { \voiceOne r16 c8.~ c4 r16 c8.~ c4 } >> |  % 32
    << { \voiceTwo c,2 c,2 } \new Voice { \voiceOne r16 c8.~ c4 r16 c8.~ c4 } >> |  % 33
    << { \voiceTwo c,1 } \new Voice { \voiceOne r16 b,8.~ b,2. } >> |  % 34
    <c, c>1\fermata  % 35
}

% three bars per system, four systems per page
breaks = {
  \repeat unfold 2 { s1*3 \break s1*3 \break s1*3 \break s1*3 \pageBreak }
  s1*3 \break s1*3 \break s1*3 \break s1*2
}

\score {
  \new PianoStaff \with { instrumentName = "Piano" } <<
    \new Staff = "upper" << \upper \breaks >>
    \new Staff = "lower" \lower
  >>
  \layout { }
}
