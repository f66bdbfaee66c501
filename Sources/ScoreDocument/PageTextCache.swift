import Foundation

/// Each page's text as poppler extracts it, made into words and music symbols once per document.
///
/// Poppler lays a page's text out anew for every page object it hands out, and each layout interprets the whole
/// content stream: the printed numbers (words) and the form reading (words and symbols) asked for it three times a
/// page. Safe from any thread.
final class PageTextCache: @unchecked Sendable {
    /// One page's text.
    struct Entry {
        /// The words (``ScoreDocument/words(onPage:)``).
        var words: [PageWord]
        /// The music-font characters with a Unicode meaning, one word each.
        var symbols: [PageWord]
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    /// Page `index`'s (0-based) text, made by `read` the first time.
    func entry(page index: Int, read: () throws(ScoreDocumentError) -> Entry) throws(ScoreDocumentError) -> Entry {
        if let known = lock.withLock({ entries[index] }) { return known }
        let entry = try read()
        lock.withLock { entries[index] = entry }
        return entry
    }
}
