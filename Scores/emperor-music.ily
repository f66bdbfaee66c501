%% Music shared by chorale.ly and bench-20pages.ly.
%% Joseph Haydn (1732-1809), "Gott erhalte Franz den Kaiser" (Emperor hymn, 1797),
%% a simple four-part setting for string quartet with two plain variations in which the
%% tune moves to the cello and then to the viola. Public domain; engraved for Tonmeister.
%% Every section is 12 bars: |: 1-4 :| 5-8 |: 9-12 :|.

sA = { g'4. a'8 b'4 a' | c''4 b' a'8 fis' g'4 | e''4 d'' c'' b' | a'4 b'8 g' d''2 | }
sB = { a'4 b' a'8 fis' d'4 | c''4 b' a'8 fis' d'4 | d''4 c'' b' b' | cis''4 b'8 cis'' d''2 | }
sC = { g''4. fis''8 fis'' e'' d''4 | e''4. d''8 d'' c'' b'4 | a'4 b'8 c'' d'' e'' c'' a' | g'4 b'8 a' g'2 | }

aA = { d'4. d'8 d'4 d' | e'4 d' c'8 c' b4 | g'4 g' e' d' | fis'4 g' fis'2 | }
aB = { fis'4 g' fis'8 d' d'4 | e'4 d' c'8 c' d'4 | g'4 e' g' g' | e'4 e' fis'2 | }
aC = { d''4. c''8 c'' c'' b'4 | c''4. b'8 b' a' g'4 | fis'4 g'8 a' b'4 fis'8 fis' | d'4 d' d'2 | }

tA = { b4. c'8 g4 fis | g4 g fis g | c'4 b a b | a4 d' c'2 | }
tB = { d'4 d' a a | a4 g fis fis | b4 a d' d' | a4 g a2 | }
tC = { g'4. d'8 d' c' d'4 | g'4. g'8 fis' fis' d'4 | d'4 d' d' c' | b4 c' b2 | }

bA = { g4. fis8 g4 d | c4 g, d g, | c4 b, a, g, | d4 g, d2 | }
bB = { d4 g d d | fis4 g d d, | g4 a gis gis | a4 a, d2 | }
bC = { b,4. a,8 c4 g, | c4. g,8 d4 g, | d4 g b, d | g,4 d g,2 | }

#(define (tm-section a b c)
   #{ { \repeat volta 2 { #a } #b \repeat volta 2 { #c } } #})

themeI   = #(tm-section sA sB sC)
themeII  = #(tm-section aA aB aC)
themeVa  = #(tm-section tA tB tC)
themeVc  = #(tm-section bA bB bC)

% Variation I: tune in the cello; Variation II: tune in the viola.
varOneI   = \transpose c c' \themeII
varOneII  = \transpose c c' \themeVa
varOneVa  = \transpose c c' \themeVc
varOneVc  = \transpose c c, \themeI
varTwoI   = \transpose c c' \themeII
varTwoII  = \transpose c c' \themeVa
varTwoVa  = \transpose c c, \themeI
varTwoVc  = \themeVc

% Section headings and break constraints: never break a line just before a start-repeat,
% so that no system begins with a .|: bar line.
structTheme = { \tempo "Poco adagio, cantabile" s1*8 \noBreak s1*4 \noBreak }
structOne   = { \sectionLabel "Variation I" s1*8 \noBreak s1*4 \noBreak }
structTwo   = { \sectionLabel "Variation II" s1*8 \noBreak s1*4 \noBreak }

quartetGlobal = { \key g \major \time 4/4 }

% \quartet #N  — theme and both variations, N times over.
quartet =
#(define-music-function (n) (integer?)
   #{
     \new StaffGroup <<
       \new Staff \with { instrumentName = "Violin I" shortInstrumentName = "Vl. I" }
         << \quartetGlobal \repeat unfold #n { \structTheme \structOne \structTwo }
            \repeat unfold #n { \themeI \varOneI \varTwoI } >>
       \new Staff \with { instrumentName = "Violin II" shortInstrumentName = "Vl. II" }
         { \quartetGlobal \repeat unfold #n { \themeII \varOneII \varTwoII } }
       \new Staff \with { instrumentName = "Viola" shortInstrumentName = "Va." }
         { \clef alto \quartetGlobal \repeat unfold #n { \themeVa \varOneVa \varTwoVa } }
       \new Staff \with { instrumentName = "Violoncello" shortInstrumentName = "Vc." }
         { \clef bass \quartetGlobal \repeat unfold #n { \themeVc \varOneVc \varTwoVc } }
     >>
   #})
