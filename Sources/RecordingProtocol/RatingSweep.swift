/// `CoverageIndex.lowestRating` for the bars of one take in increasing order, in one pass over its ratings.
struct RatingSweep {
    let ratings: [CoverageIndex.RatingPoint]
    let start: Double, end: Double
    /// The rating before the first rating mark.
    var initial = CoverageIndex.defaultRating
    /// The first rating after the start of the last bar asked for.
    var next = 0

    init(ratings: [CoverageIndex.RatingPoint], start: Double, end: Double) {
        self.ratings = ratings
        self.start = start
        self.end = end
    }

    /// The lowest rating in force inside bar `bar` within the take (bars must be asked for in increasing order).
    mutating func lowest(inBar bar: Int) -> Int {
        let limit = Double(bar + 1), a = max(start, Double(bar)), b = min(end, limit)
        while next < ratings.count, ratings[next].place.coordinate <= a { next += 1 }
        return ratings.withUnsafeBufferPointer { CoverageIndex.lowestRating($0, next: next, to: b, limit: limit, initial: initial) }
    }
}
