/// How a session's pages run through its scores: the session page of score `s`'s page `p` is the pages of the
/// scores before `s` plus `p`.
///
/// With one score the session's pages are that score's pages, unchanged. With several, every score but the last
/// needs its page count (`ScoreReference.pages`); the last runs on without an end. Positions and the layout
/// inside a `Session` use session pages; the session JSON (DESIGN §6) writes a position's score index and its
/// page in that score (`{"score":1,"page":2,…}`), only when there is more than one score.
public struct ScorePages: Hashable, Sendable {
    /// The page count of each score (nil where unknown: only the last score may lack one).
    public let counts: [Int?]

    /// The page map of these scores.
    public init(counts: [Int?]) {
        self.counts = counts.isEmpty ? [nil] : counts
    }

    /// The number of scores.
    public var scoreCount: Int { counts.count }

    /// The session page before score `index`'s first page (0 for the first score).
    public func offset(ofScore index: Int) -> Int {
        counts.prefix(max(0, min(index, counts.count))).reduce(0) { $0 + ($1 ?? 0) }
    }

    /// The session pages of score `index` (open-ended for a score without a page count).
    public func pages(ofScore index: Int) -> ClosedRange<Int> {
        let offset = offset(ofScore: index)
        return (offset + 1)...(offset + (counts[index] ?? (Int.max / 2 - offset)))
    }

    /// The session page of page `page` of score `score`.
    ///
    /// - Throws: `ProtocolError.scoreNotFound` for a score index the session lacks or a page past its score's pages.
    public func sessionPage(score: Int, page: Int) throws -> Int {
        guard counts.indices.contains(score) else { throw ProtocolError.scoreNotFound(index: score, count: counts.count, reason: "") }
        if let count = counts[score], page > count {
            throw ProtocolError.scoreNotFound(index: score, count: counts.count,
                                              reason: "page \(page) is past the \(count) page\(count == 1 ? "" : "s") of score \(score)")
        }
        return offset(ofScore: score) + page
    }

    /// The score and its own page of a session page (pages below 1 stay with the first score).
    public func scorePage(_ sessionPage: Int) -> (score: Int, page: Int) {
        var offset = 0
        for (index, count) in counts.enumerated() {
            guard let count, index < counts.count - 1 else { return (index, sessionPage - offset) }
            if sessionPage <= offset + count { return (index, sessionPage - offset) }
            offset += count
        }
        return (counts.count - 1, sessionPage - offset)
    }
}
