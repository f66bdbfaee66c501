import ScoreLayout

/// What is in the can for one bar: the takes covering it and the best rating among the full ones.
public struct BarCoverage: Hashable, Sendable {
    /// The printed bar number.
    public var bar: BarNumber
    /// The 0-based index of the bar in playing order (score order when no piece has an order).
    public var index: Int
    /// The time through the bar in the playing order (1-based).
    public var pass: Int = 1
    /// The numbers of the takes fully covering the bar, ascending.
    public var takes: [Int]
    /// The numbers of the takes covering the bar only partially, ascending.
    public var partial: [Int]
    /// The highest, over the fully covering takes, of each take's lowest rating in force in the bar; nil when none.
    public var best: Int?

    /// Creates a bar's coverage.
    public init(bar: BarNumber, index: Int, takes: [Int], partial: [Int], best: Int?) {
        self.bar = bar
        self.index = index
        self.takes = takes
        self.partial = partial
        self.best = best
    }
}

/// A bar that still needs a take: no take fully covers it, or its best rating is below a threshold.
public struct Gap: Hashable, Sendable {
    /// Why the bar is a gap.
    public enum Reason: Hashable, Sendable {
        /// No take fully covers the bar.
        case uncovered
        /// The best rating of the fully covering takes is below the threshold.
        case belowThreshold(best: Int)
    }

    /// The printed bar number.
    public var bar: BarNumber
    /// The 0-based index of the bar in playing order (score order when no piece has an order).
    public var index: Int
    /// The time through the bar in the playing order (1-based).
    public var pass: Int = 1
    /// Why the bar is a gap.
    public var reason: Reason

    /// Creates a gap.
    public init(bar: BarNumber, index: Int, reason: Reason) {
        self.bar = bar
        self.index = index
        self.reason = reason
    }
}
