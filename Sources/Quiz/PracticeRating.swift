/// How well an item was recalled, on FSRS's four-point scale.
///
/// A quiz rates an answer itself (see `AnswerRecord.rating`): wrong is `again`; right is `hard` when slow,
/// `easy` when quick and `good` otherwise.
public enum PracticeRating: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// Forgotten: the answer was wrong.
    case again = 1
    /// Recalled with effort: right, but slowly.
    case hard = 2
    /// Recalled.
    case good = 3
    /// Recalled at once.
    case easy = 4

    public static func < (a: PracticeRating, b: PracticeRating) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .again: return "again"
        case .hard: return "hard"
        case .good: return "good"
        case .easy: return "easy"
        }
    }
}
