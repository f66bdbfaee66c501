\version "2.24.0"
% Test fixture for ScoreDocumentTests: two A4 pages, one staff. Rebuild with:
%   lilypond -s small.ly && qpdf --rotate=+90:1 small.pdf rotated.pdf
%   qpdf --encrypt secret owner 256 -- small.pdf encrypted.pdf
#(set-paper-size "a4")
\header { title = "Fixture" tagline = ##f }
\relative c'' { c4 d e f | g1 \bar "|." \pageBreak c,4 e g c | c1 \bar "|." }
