%% Tonmeister: tags used ONLY when extracting ground-truth layouts from the SVG backend.
%% Included with  lilypond -dbackend=svg -dinclude-settings=scripts/layout-tags.ily ...
%% `output-attributes` only adds attributes to the SVG groups of these grobs; it does not
%% change spacing or line/page breaking, so the layout equals that of the committed PDF.
#(define (tm-bar-of-column grob)
   (let ((loc (ly:grob-property (ly:item-get-column grob) 'rhythmic-location #f)))
     (if (pair? loc) (number->string (car loc)) "?")))
#(define (tm-bar-of-bound grob dir)
   (let* ((col (ly:spanner-bound grob dir))
          (loc (and col (ly:grob-property col 'rhythmic-location #f))))
     (if (pair? loc) (number->string (car loc)) "?")))
\layout {
  \context {
    \Score
    \override BarLine.output-attributes =
      #(lambda (g)
         `((class . "tm-BarLine")
           (data-bar . ,(tm-bar-of-column g))
           (data-dir . ,(number->string (ly:item-break-dir g)))
           (data-glyph . ,(let ((n (ly:grob-property g 'glyph-name #f))) (if (string? n) n "")))))
    \override StaffSymbol.output-attributes =
      #(lambda (g)
         `((class . "tm-StaffSymbol")
           (data-from . ,(tm-bar-of-bound g LEFT))
           (data-to . ,(tm-bar-of-bound g RIGHT))))
  }
}
