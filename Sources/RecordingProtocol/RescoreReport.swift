import ScoreLayout

/// What `Session.rescore(matching:to:score:)` did: how many takes and marks it moved, and what it could not place.
public struct RescoreReport: Hashable, Sendable {
    /// A take or mark left where it was (never removed): its bar is not in the new edition, or its place has no bar.
    public struct Unplaced: Hashable, Sendable {
        /// The take, or the mark's take.
        public var take: Int
        /// The mark, nil for the take itself.
        public var mark: Int?
        /// Which position: `start`, `end`, `at` or `to`.
        public var position: String
        /// The bar it lies in on the old edition, if it lies in one.
        public var bar: BarNumber?
        /// Why it could not be placed.
        public var reason: String
    }

    /// Takes and marks whose every position was moved onto the new edition.
    public var moved = 0
    /// The positions that stay where they were.
    public var unplaced: [Unplaced] = []
    /// Bars of the old edition that the new one lacks, in score order.
    public var missingBars: [BarNumber] = []
    /// Bars of the new edition that the old one lacked, in score order.
    public var newBars: [BarNumber] = []

    /// For each old bar (by global index) the new bar it was matched to (by global index), nil when the new
    /// edition lacks it.
    public var matches: [Int?] = []

    /// Creates an empty report.
    public init() {}
}
