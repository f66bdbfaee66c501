/// How much of a bar (or bar range) a take covers.
public enum Coverage: String, Hashable, Sendable {
    /// The take starts at or before the point 25% into the bar and ends at or after the point 75% into it.
    case full
    /// The take overlaps the bar without covering it fully.
    case partial
}

/// One take covering a point, a bar or a bar range.
public struct CoverResult: Hashable, Sendable {
    /// The take number.
    public var take: Int
    /// The take label.
    public var label: String
    /// Full or partial coverage (for a point: of the bar containing the point).
    public var coverage: Coverage
    /// The rating in force at the point, or the lowest rating in force inside the bar(s) within the take.
    public var rating: Int
    /// True when the take is open (no end: it runs to the end of the score).
    public var open: Bool
    /// For a bar the playing order goes through more than once, asked for on every pass: the passes the take
    /// overlaps, ascending (nil for other questions and in score order).
    public var passes: [Int]?

    /// Creates a result.
    public init(take: Int, label: String, coverage: Coverage, rating: Int, open: Bool, passes: [Int]? = nil) {
        self.take = take
        self.label = label
        self.coverage = coverage
        self.rating = rating
        self.open = open
        self.passes = passes
    }
}
