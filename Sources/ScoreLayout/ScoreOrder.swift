/// The result of comparing two positions in score order.
public enum ScoreOrder: Hashable, Sendable {
    /// The first position comes earlier in the score.
    case before
    /// Both positions are at the same place in score order (same system and x).
    case same
    /// The first position comes later in the score.
    case after

    /// The opposite order (`before` ↔ `after`).
    public var reversed: ScoreOrder {
        switch self {
        case .before: return .after
        case .same: return .same
        case .after: return .before
        }
    }
}
