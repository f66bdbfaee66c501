import ScoreLayout

/// A run of consecutive bars an edit plan has no usable take for, with the reason.
public struct UncoveredRun: Hashable, Sendable {
    /// Why no take is used.
    public enum Reason: Hashable, Sendable {
        /// No (non-excluded) take fully covers the bars.
        case notCovered
        /// Takes fully cover the bars, but every one's quality is below the minimum rating; `best` is the
        /// highest quality among them over the run: a retake is needed.
        case belowMinimum(best: Int)

        /// `not-covered` or `below-minimum`.
        public var name: String {
            switch self {
            case .notCovered: return "not-covered"
            case .belowMinimum: return "below-minimum"
            }
        }
    }

    /// The global bar indices of the run (both ends included).
    public var bars: ClosedRange<Int>
    /// The times through the first and last bar in the playing order (1-based).
    public var fromPass = 1, toPass = 1
    /// The printed number of the first bar.
    public var fromBar: BarNumber
    /// The printed number of the last bar.
    public var toBar: BarNumber
    /// Why no take is used.
    public var reason: Reason

    /// Creates a run.
    public init(bars: ClosedRange<Int>, fromBar: BarNumber, toBar: BarNumber, reason: Reason) {
        self.bars = bars
        self.fromBar = fromBar
        self.toBar = toBar
        self.reason = reason
    }
}
