/// What one page draws as the form reading needs it: its drawing (read from its content stream, or poppler's drawing
/// through cairo's script surface), its words and its music symbols.
///
/// Kept per document (``DrawnPageCache``): drawing a page into the script surface costs a cairo script device that
/// is kept for the rest of the process (``RetiredScriptDevices``), so reading each page once bounds them by the pages
/// of the documents opened, however often the form is asked for (the server's `GET /api/form/detect`), and makes the
/// second asking free.
struct DrawnPage {
    var drawing: PageDrawing
    var words: [PageWord]
    var symbols: [PageWord]
}

/// Each page's ``DrawnPage``, read once per document.
typealias DrawnPageCache = PerPageCache<DrawnPage>
