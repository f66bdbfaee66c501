/// What a mark says: a rating, a problem, a preferred edit point, a text or a free-hand stroke.
public enum MarkKind: Hashable, Sendable {
    /// A rating 1…5 (1 bad, 2 ±, 3 ok, 4 good, 5 excellent) in force from the mark to the next rating of the take.
    case rating(Int)
    /// A problem at a point or over a range.
    case problem(ProblemKind)
    /// A preferred splice place.
    case editPoint
    /// A text note (the text is the mark's `text`).
    case text
    /// A free-hand stroke (its points are the mark's `points`, on the page of `at`); coverage ignores it.
    case ink

    /// The JSON `kind`: `rating`, `problem`, `edit-point`, `text` or `ink`.
    public var name: String {
        switch self {
        case .rating: return "rating"
        case .problem: return "problem"
        case .editPoint: return "edit-point"
        case .text: return "text"
        case .ink: return "ink"
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

    /// Builds a kind from its stored parts: the name and, for a rating, its value, for a problem, its name.
    ///
    /// The value is not range-checked here (`Session.validate()` does that, naming the mark).
    ///
    /// - Throws: `ProtocolError.invalidJSON` for an unknown name or a missing value or problem.
    public init(name: String, value: Int?, problem: String?) throws {
        switch name {
        case "rating":
            guard let value else { throw ProtocolError.invalidJSON(path: "value", reason: "a rating needs a value 1–5") }
            self = .rating(value)
        case "problem":
            guard let problem, !problem.isEmpty else {
                throw ProtocolError.invalidJSON(path: "problem", reason: "a problem mark needs a problem name")
            }
            self = .problem(ProblemKind(problem))
        case "edit-point": self = .editPoint
        case "text": self = .text
        case "ink": self = .ink
        default:
            throw ProtocolError.invalidJSON(
                path: "kind", reason: "unknown mark kind '\(name)' (expected rating, problem, edit-point, text or ink)")
        }
    }

    /// A short description: "rating 4", "problem intonation", "edit-point", "text".
    public var summary: String {
        switch self {
        case .rating(let value): return "rating \(value)"
        case .problem(let kind): return "problem \(kind.name)"
        case .editPoint, .text, .ink: return name
        }
    }
}
