import ScoreLayout

/// Moving one score of a session of several onto a new edition (`session rescore SESSION NEW.pdf --score N`).
extension Session {
    /// Moves the takes and marks on score `index` onto a new edition of that score, as `rescore(matching:to:score:matches:)`
    /// does for a session's only score; the other scores' takes and marks keep their places exactly (their session
    /// pages shift when the new edition has another number of pages). With one score this is that method.
    ///
    /// - Parameters:
    ///   - old: score `index`'s layout numbered as its old edition prints it (own page numbers, the same bars).
    ///   - new: the new edition's layout (own page numbers).
    ///   - score: the new edition's file, SHA-256 and page count (needed with several scores).
    ///   - matches: for each old bar of the score (0-based in the score) its new bar in the new edition, or nil.
    /// - Throws: `ProtocolError.scoreNotFound` for a score the session lacks or a new edition without its page
    ///   count; `.noLayout` without a layout. The session is unchanged then.
    @discardableResult
    public mutating func rescore(score index: Int, matching old: ScoreLayout, to new: ScoreLayout, reference: ScoreReference,
                                 matches: [Int?]? = nil) throws -> RescoreReport {
        guard scores.indices.contains(index) else { throw ProtocolError.scoreNotFound(index: index, count: scores.count, reason: "") }
        guard hasSeveralScores else { return try rescore(matching: old, to: new, score: reference, matches: matches) }
        guard let pageCount = reference.pages else {
            throw ProtocolError.scoreNotFound(index: index, count: scores.count, reason: "the new edition's page count is needed")
        }
        guard layout != nil else { throw ProtocolError.noLayout(reason: "rescoring moves bars, which the session's layout gives") }
        let before = self, oldPages = scorePages
        var newScores = scores
        newScores[index] = reference
        newScores[index].pages = pageCount
        let newPages = ScorePages(counts: newScores.map(\.pages))
        let parts = scores.indices.map { layout(ofScore: $0) }
        let oldCombined = Self.combinedLayout(parts.enumerated().map { $0.offset == index ? Optional(old) : $0.element }, pages: oldPages)!
        let newCombined = Self.combinedLayout(parts.enumerated().map { $0.offset == index ? Optional(new) : $0.element }, pages: newPages)!
        // Bars before the score keep their index; the score's own follow `matches` (or their numbers); bars after it shift.
        let before0 = parts.prefix(index).reduce(0) { $0 + ($1?.barCount ?? 0) }
        let oldCount = old.barCount, newCount = new.barCount
        let scoreMatches = matches ?? BarMap(old: old, new: new).pairs
        let combinedMatches: [Int?] = (0..<oldCombined.barCount).map { bar in
            if bar < before0 { return bar }
            if bar < before0 + oldCount { return scoreMatches.indices.contains(bar - before0) ? scoreMatches[bar - before0].map { $0 + before0 } : nil }
            return bar - oldCount + newCount
        }
        var copy = self
        var report = try copy.rescore(matching: oldCombined, to: newCombined, score: scores[0], matches: combinedMatches)
        copy.scores = newScores
        // Positions on the other scores stay exactly where they were (on their pages, shifted to the new session pages).
        func kept(_ p: ScorePosition) -> ScorePosition? {
            let (score, page) = oldPages.scorePage(p.page)
            guard score != index, let moved = try? newPages.sessionPage(score: score, page: page) else { return nil }
            var q = p
            q.page = moved
            return q
        }
        for t in copy.takes.indices {
            if let start = kept(before.takes[t].start) { copy.takes[t].start = start }
            if let end = before.takes[t].end, let kept = kept(end) { copy.takes[t].end = kept }
        }
        for m in copy.marks.indices {
            guard let at = kept(before.marks[m].at) else { continue }
            copy.marks[m].at = at
            copy.marks[m].points = before.marks[m].points
            if let to = before.marks[m].to, let kept = kept(to) { copy.marks[m].to = kept }
        }
        // What lay on the other scores was kept, not left unplaced.
        func original(_ u: RescoreReport.Unplaced) -> ScorePosition? {
            if let id = u.mark {
                guard let mark = before.mark(id) else { return nil }
                return u.position == "to" ? mark.to : mark.at
            }
            guard let take = before.take(u.take) else { return nil }
            return u.position == "end" ? take.end : take.start
        }
        let inScore = oldPages.pages(ofScore: index)
        report.unplaced.removeAll { u in original(u).map { !inScore.contains($0.page) } ?? false }
        try copy.validate(.lenient)
        self = copy
        return report
    }
}
