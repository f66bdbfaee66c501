/// A page's text as poppler extracts it, made into words and music symbols.
///
/// Kept per document (``PageTextCache``): poppler lays a page's text out anew for every page object it hands out, and
/// each layout interprets the whole content stream; the printed numbers (words) and the form reading (words and
/// symbols) asked for it three times a page.
struct PageText {
    /// The words (``ScoreDocument/words(onPage:)``).
    var words: [PageWord]
    /// The music-font characters with a Unicode meaning, one word each.
    var symbols: [PageWord]
}

/// Each page's ``PageText``, laid out once per document.
typealias PageTextCache = PerPageCache<PageText>
