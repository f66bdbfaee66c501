import Foundation

/// A value per page of a document, made the first time it is asked for and kept for the document's life. Safe from
/// any thread (two threads asking at once for a page not yet made may both make it; the last one made is kept).
final class PerPageCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Int: Value] = [:]

    /// Page `index`'s (0-based) value, made by `read` the first time.
    func entry(page index: Int, read: () throws(ScoreDocumentError) -> Value) throws(ScoreDocumentError) -> Value {
        if let known = lock.withLock({ entries[index] }) { return known }
        let entry = try read()
        lock.withLock { entries[index] = entry }
        return entry
    }

    /// How many pages have been read.
    var count: Int { lock.withLock { entries.count } }
}
