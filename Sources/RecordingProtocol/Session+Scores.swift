import ScoreLayout
import TonmeisterSupport

/// Several scores in one session (a work whose movements come as separate PDFs).
///
/// Inside a `Session`, pages are session pages: the scores' pages one after the other (`ScorePages`), so that
/// ordering, coverage and plans run through all scores as through one. The session JSON and the command line
/// name a score by its 0-based index and a page by its number in that score.
extension Session {
    /// The page map of the session's scores.
    public var scorePages: ScorePages { ScorePages(counts: scores.map(\.pages)) }

    /// True when the session holds more than one score.
    public var hasSeveralScores: Bool { scores.count > 1 }

    /// The score index and its own page of a session page.
    public func scorePage(_ sessionPage: Int) -> (score: Int, page: Int) {
        scorePages.scorePage(sessionPage)
    }

    /// The position in the score's own page numbers, with the score index (0 with one score).
    public func scorePosition(_ position: ScorePosition) -> (score: Int, position: ScorePosition) {
        let (score, page) = scorePage(position.page)
        var local = position
        local.page = page
        return (score, local)
    }

    /// The session position of a position on page `position.page` of score `score` (nil: the first score).
    ///
    /// - Throws: `ProtocolError.scoreNotFound` for a score the session lacks or a page past its score's pages.
    public func sessionPosition(_ position: ScorePosition, score: Int?) throws -> ScorePosition {
        guard let score else { return position }
        var global = position
        global.page = try scorePages.sessionPage(score: score, page: position.page)
        return global
    }

    /// The layout of one score, in its own page numbers (nil without a layout or when none of its pages has one).
    public func layout(ofScore index: Int) -> ScoreLayout? {
        guard let layout else { return nil }
        guard hasSeveralScores else { return layout }
        let range = scorePages.pages(ofScore: index), offset = scorePages.offset(ofScore: index)
        let pages = layout.pages.filter { range.contains($0.page) }.map { PageLayout(page: $0.page - offset, systems: $0.systems) }
        return pages.isEmpty ? nil : ScoreLayout(pages: pages)
    }

    /// The session layout made of each score's own layout (pages shifted to session pages); nil when none has one.
    public static func combinedLayout(_ layouts: [ScoreLayout?], pages: ScorePages) -> ScoreLayout? {
        guard layouts.contains(where: { $0 != nil }) else { return nil }
        var combined: [PageLayout] = []
        for (index, layout) in layouts.enumerated() {
            let offset = pages.offset(ofScore: index)
            combined += (layout?.pages ?? []).map { PageLayout(page: $0.page + offset, systems: $0.systems) }
        }
        return ScoreLayout(pages: combined)
    }

    /// Adds a score after the others, with its layout (own page numbers), and returns its index.
    ///
    /// The scores before it need their page counts (`ScoreReference.pages`): give the last one's with
    /// `previousPages` when it is not recorded yet. Takes, marks and pieces do not move: the new score's pages come
    /// after every page the session has.
    ///
    /// - Throws: `ProtocolError.scoreNotFound` when a page count is missing or smaller than that score's layout,
    ///   `.invalidLayout` for a layout page past the new score's page count; the session is unchanged then.
    @discardableResult
    public mutating func addScore(_ score: ScoreReference, layout scoreLayout: ScoreLayout?, previousPages: Int? = nil) throws -> Int {
        var copy = self
        let last = copy.scores.count - 1
        if copy.scores[last].pages == nil { copy.scores[last].pages = previousPages }
        for (index, reference) in copy.scores.enumerated() {
            guard let pages = reference.pages, pages >= 1 else {
                throw ProtocolError.scoreNotFound(index: index, count: copy.scores.count,
                                                  reason: "score \(index) (\(reference.file)) has no page count: open its PDF to add another score")
            }
            let used = copy.layout(ofScore: index)?.pages.map(\.page).max() ?? 0
            if index == last, used > pages {
                throw ProtocolError.scoreNotFound(index: index, count: copy.scores.count,
                                                  reason: "its layout reaches page \(used), past its \(pages) pages")
            }
        }
        if let pages = score.pages, let used = scoreLayout?.pages.map(\.page).max(), used > pages {
            throw ProtocolError.invalidLayout(reason: "the new score's layout reaches page \(used), past its \(pages) pages")
        }
        let layouts = copy.scores.indices.map { copy.layout(ofScore: $0) } + [scoreLayout]
        copy.scores.append(score)
        copy.layout = Self.combinedLayout(layouts, pages: copy.scorePages)
        try copy.validate(.lenient)
        self = copy
        return copy.scores.count - 1
    }

    /// The session page range of piece `index`'s score (every page when the piece names none or there is one score).
    func pageRange(ofPiece index: Int) -> ClosedRange<Int>? {
        guard pieces.indices.contains(index), let score = pieces[index].score else { return nil }
        return pageRange(ofScore: score)
    }

    /// The session page range of score `index` (nil, every page, when there is one score or no such score).
    public func pageRange(ofScore index: Int) -> ClosedRange<Int>? {
        guard hasSeveralScores, scores.indices.contains(index) else { return nil }
        return scorePages.pages(ofScore: index)
    }

    /// Checks the scores: every score but the last has a page count of at least 1 when there are several, and each
    /// piece's score exists.
    func validateScores() throws {
        guard !scores.isEmpty else { throw ProtocolError.scoreNotFound(index: 0, count: 0, reason: "a session needs a score") }
        if hasSeveralScores {
            for (index, score) in scores.enumerated() where index < scores.count - 1 || score.pages != nil {
                guard let pages = score.pages, pages >= 1 else {
                    throw ProtocolError.scoreNotFound(index: index, count: scores.count,
                                                      reason: "with several scores, each needs its page count (\"pages\", at least 1)")
                }
            }
        }
        for (index, piece) in pieces.enumerated() {
            guard let score = piece.score else { continue }
            guard scores.indices.contains(score) else {
                throw ProtocolError.invalidPiece(index: index, title: piece.title,
                                                 reason: "its score \(score) does not exist (the session has \(scores.count), numbered from 0)")
            }
        }
    }
}

/// The page map the session JSON is read or written with (set by `Session.jsonTree` and the reader), so that every
/// position in it, wherever it is nested, is written as `{"score","page",…}` and read back to a session page.
enum ScorePageContext {
    @TaskLocal static var current: ScorePages?
}

extension Session {
    /// Runs `body` with positions written the session JSON's way (`Session.positionTree`): with several scores,
    /// `{"score","page",…}` in the score's own pages; with one, unchanged.
    package func withScorePages<T>(_ body: () throws -> T) rethrows -> T {
        try ScorePageContext.$current.withValue(hasSeveralScores ? scorePages : nil, operation: body)
    }

    /// A position as the session JSON writes it (see `withScorePages(_:)`; outside it, the session page).
    package static func positionTree(_ position: ScorePosition) -> JSONValue { tree(position) }
}
