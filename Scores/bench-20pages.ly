\version "2.24.0"
%% Benchmark material for Tonmeister: exactly 20 A4 pages of string-quartet score.
%% The music of chorale.ly (Haydn, "Emperor" hymn with two variations, public domain)
%% played eight times over: 288 bars, bars numbered continuously.
\include "emperor-music.ily"

\paper {
  #(set-paper-size "a4")
  page-count = 20
  ragged-last-bottom = ##f
}

\header {
  title = "Gott erhalte Franz den Kaiser — benchmark edition"
  subtitle = "Theme and two variations, eight times over"
  composer = "Joseph Haydn (1732–1809)"
  tagline = ##f
}

\score {
  \quartet 8
  \layout { short-indent = 12\mm }
}
