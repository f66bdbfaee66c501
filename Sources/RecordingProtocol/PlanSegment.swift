import ScoreLayout

/// A run of consecutive bars an edit plan takes from one take.
public struct PlanSegment: Hashable, Sendable {
    /// The take number.
    public var take: Int
    /// The take label.
    public var label: String
    /// The indices in playing order of the run's bars (both ends included; global bar indices when no piece has an order).
    public var bars: ClosedRange<Int>
    /// The time through the first bar in the playing order (1-based).
    public var fromPass: Int
    /// The time through the last bar in the playing order (1-based).
    public var toPass: Int
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
        from: ScorePosition, to: ScorePosition, rating: Int, quality: Int, open: Bool, fromPass: Int = 1, toPass: Int = 1
    ) {
        self.fromPass = fromPass
        self.toPass = toPass
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
