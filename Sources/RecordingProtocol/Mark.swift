import ScoreLayout

/// A mark the producer made on a take: a rating, problem, edit point or text at a point or over a range.
///
/// Marks have a stable `id`; deleting one (`deleted = true`) never renumbers the others, and
/// queries ignore deleted marks.
public struct Mark: Hashable, Sendable {
    /// The stable id, unique in the session.
    public var id: Int
    /// The number of the take the mark belongs to.
    public var take: Int
    /// What the mark says.
    public var kind: MarkKind
    /// Where the mark is (the start of a range).
    public var at: ScorePosition
    /// The end of a range; nil for a point.
    public var to: ScorePosition?
    /// Seconds since the take's record start when the mark was made.
    public var time: Double?
    /// A display colour, such as "#d33" or "red".
    public var colour: String?
    /// Free text (the content of a `.text` mark, or a comment on any mark).
    public var text: String?
    /// True when the mark is soft-deleted.
    public var deleted: Bool
    /// Unknown JSON members kept for the round trip.
    public var extra: ExtraFields
    /// The stroke of an `.ink` mark in page points on `at.page` (its first point is `at`); empty for other kinds.
    public var points: [InkPoint]
    /// The device that made the mark (the `X-Tonmeister-Device` of the live page, `--device` of the command line); nil when unknown.
    public var device: String?

    /// Creates a mark without checking it (see `Session.validate()` and `Session.addMark`).
    public init(
        id: Int, take: Int, kind: MarkKind, at: ScorePosition, to: ScorePosition? = nil,
        time: Double? = nil, colour: String? = nil, text: String? = nil, deleted: Bool = false,
        extra: ExtraFields = ExtraFields(), points: [InkPoint] = [], device: String? = nil
    ) {
        self.id = id
        self.take = take
        self.kind = kind
        self.at = at
        self.to = to
        self.time = time
        self.colour = colour
        self.text = text
        self.deleted = deleted
        self.extra = extra
        self.points = points
        self.device = device
    }

    /// The end of the mark: `to` for a range, else `at`.
    public var last: ScorePosition { to ?? at }

    /// Moves the mark's start to `newAt`; an ink stroke moves with it (every point by the same distance, to a
    /// millionth of a point, so that moving it back gives the very numbers it had).
    public mutating func move(to newAt: ScorePosition) {
        let (dx, dy) = (newAt.x - at.x, newAt.y - at.y)
        let micro = { (value: Double) in (value * 1_000_000).rounded() / 1_000_000 }
        if !points.isEmpty { points = points.map { InkPoint(x: micro($0.x + dx), y: micro($0.y + dy)) } }
        at = newAt
    }
}
