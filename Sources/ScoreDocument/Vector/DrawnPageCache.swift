import Foundation

/// What each page draws as the form reading needs it (poppler's drawing through cairo's script surface, its words
/// and its music symbols), read once per document.
///
/// Drawing a page into the script surface costs a cairo script device that is kept for the rest of the process
/// (``RetiredScriptDevices``): reading each page once bounds them by the pages of the documents opened, however often
/// the form is asked for (the server's `GET /api/form/detect`), and makes the second asking free.
final class DrawnPageCache: @unchecked Sendable {
    /// One page's reading.
    struct Entry {
        var drawing: PageDrawing
        var words: [PageWord]
        var symbols: [PageWord]
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    /// Page `index`'s (0-based) reading, made by `read` the first time.
    func entry(page index: Int, read: () throws(ScoreDocumentError) -> Entry) throws(ScoreDocumentError) -> Entry {
        if let known = lock.withLock({ entries[index] }) { return known }
        let entry = try read()
        lock.withLock { entries[index] = entry }
        return entry
    }

    /// How many pages have been read.
    var count: Int { lock.withLock { entries.count } }
}
