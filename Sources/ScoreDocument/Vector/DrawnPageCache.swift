/// What each page draws as the form reading needs it (read from its content stream, or poppler's drawing through
/// cairo's script surface), read once per document; its words and music symbols are the page's text
/// (``PageTextCache``).
///
/// Drawing a page into the script surface costs a cairo script device that is kept for the rest of the process
/// (``RetiredScriptDevices``): reading each page once bounds them by the pages of the documents opened, however often
/// the form is asked for (the server's `GET /api/form/detect`), and makes the second asking free.
typealias DrawnPageCache = PerPageCache<PageDrawing>
