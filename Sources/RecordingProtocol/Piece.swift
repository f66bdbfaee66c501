import ScoreLayout
import TheoryCore

/// A piece or movement of the programme: its title, bar range, key and take-label prefix.
public struct Piece: Hashable, Sendable {
    /// The title, such as "I. Allegro".
    public var title: String
    /// The first bar of the piece.
    public var firstBar: BarNumber
    /// The last bar of the piece.
    public var lastBar: BarNumber
    /// The key as written, such as "D major"; validated with TheoryCore's `Key` when present.
    public var key: String?
    /// The take-label prefix for this piece (used with `TakeNumbering.prefixPerPiece`).
    public var prefix: String?
    /// The bars in playing order, as runs of printed bar numbers (`1-8`, `1-8`, `9-24`); nil is score order.
    ///
    /// See `PlayingOrder` for how it is expanded and what a pass is.
    public var order: [BarSpan]?
    /// The score (0-based index in `Session.scores`) the piece's bars are on; nil is any score, its bars found after
    /// the previous piece's (as with one score). JSON `"score"`, written when set.
    public var score: Int?
    /// Unknown JSON members kept for the round trip.
    public var extra: ExtraFields

    /// Creates a piece without checking it (see `Session.validate()`).
    public init(
        title: String, firstBar: BarNumber, lastBar: BarNumber, key: String? = nil, prefix: String? = nil,
        order: [BarSpan]? = nil, score: Int? = nil, extra: ExtraFields = ExtraFields()
    ) {
        self.score = score
        self.title = title
        self.firstBar = firstBar
        self.lastBar = lastBar
        self.key = key
        self.prefix = prefix
        self.order = order
        self.extra = extra
    }

    /// The key parsed by TheoryCore, nil when the piece has none.
    ///
    /// - Throws: TheoryCore's error for a key it cannot read.
    public func parsedKey() throws -> Key? {
        try key.map { try Key($0) }
    }
}
