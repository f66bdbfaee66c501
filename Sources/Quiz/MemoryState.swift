/// What the scheduler knows about one item after its reviews: FSRS's stability and difficulty, and when it is due.
public struct MemoryState: Hashable, Sendable {
    /// Days after the last review at which recall falls to 90 %.
    public var stability: Double
    /// How hard the item is, 1 (easy) … 10 (hard).
    public var difficulty: Double
    /// The time of the last review.
    public var lastReview: PracticeTime
    /// When recall is predicted to fall to the scheduler's target retention.
    public var due: PracticeTime
    /// How many reviews made this state.
    public var reviews: Int
    /// How many of them were rated `again` after the first.
    public var lapses: Int

    public init(stability: Double, difficulty: Double, lastReview: PracticeTime, due: PracticeTime, reviews: Int, lapses: Int) {
        self.stability = stability
        self.difficulty = difficulty
        self.lastReview = lastReview
        self.due = due
        self.reviews = reviews
        self.lapses = lapses
    }
}
