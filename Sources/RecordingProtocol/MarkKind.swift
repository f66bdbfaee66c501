/// What a mark says: a rating, a problem, a preferred edit point or a text.
public enum MarkKind: Hashable, Sendable {
    /// A rating 1…5 (1 bad, 2 ±, 3 ok, 4 good, 5 excellent) in force from the mark to the next rating of the take.
    case rating(Int)
    /// A problem at a point or over a range.
    case problem(ProblemKind)
    /// A preferred splice place.
    case editPoint
    /// A text note (the text is the mark's `text`).
    case text

    /// The JSON `kind`: `rating`, `problem`, `edit-point` or `text`.
    public var name: String {
        switch self {
        case .rating: return "rating"
        case .problem: return "problem"
        case .editPoint: return "edit-point"
        case .text: return "text"
        }
    }

    /// The rating value, nil for other kinds.
    public var rating: Int? {
        if case .rating(let value) = self { return value }
        return nil
    }

    /// The problem, nil for other kinds.
    public var problem: ProblemKind? {
        if case .problem(let kind) = self { return kind }
        return nil
    }
}
