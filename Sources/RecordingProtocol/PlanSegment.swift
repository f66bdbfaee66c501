import ScoreLayout

/// A run of consecutive bars an edit plan takes from one take.
public struct PlanSegment: Hashable, Sendable {
    /// The take number.
    public var take: Int
    /// The take label.
    public var label: String
    /// The global bar indices of the run (both ends included).
    public var bars: ClosedRange<Int>
    /// The printed number of the first bar.
    public var fromBar: BarNumber
    /// The printed number of the last bar.
    public var toBar: BarNumber
    /// The left edge of the first bar, at the vertical middle of its system.
    public var from: ScorePosition
    /// The right edge of the last bar, at the vertical middle of its system.
    public var to: ScorePosition
    /// The lowest quality(take, bar) over the run (the rating in force less the problems; may be below 1).
    public var rating: Int
    /// Σ quality(take, bar) over the run.
    public var quality: Int
    /// True when the take is open (no end marked).
    public var open: Bool

    /// Creates a segment.
    public init(
        take: Int, label: String, bars: ClosedRange<Int>, fromBar: BarNumber, toBar: BarNumber,
        from: ScorePosition, to: ScorePosition, rating: Int, quality: Int, open: Bool
    ) {
        self.take = take
        self.label = label
        self.bars = bars
        self.fromBar = fromBar
        self.toBar = toBar
        self.from = from
        self.to = to
        self.rating = rating
        self.quality = quality
        self.open = open
    }
}
