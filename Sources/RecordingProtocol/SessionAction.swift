import ScoreLayout

/// One user action on a session, kept in the session's history so that it can be undone.
///
/// Each case holds what undoing it needs: a started take or added mark is soft-deleted again,
/// an ended take gets its previous end back (nil reopens it), a changed note gets its previous
/// text back, a deleted take or mark comes back. Undo never renumbers anything: the numbers and
/// ids of undone takes and marks are not reused.
public enum SessionAction: Hashable, Sendable {
    /// A take was started (`take start`).
    case takeStarted(take: Int)
    /// A take was ended or its end moved; `previousEnd` is nil when it was open.
    case takeEnded(take: Int, previousEnd: ScorePosition?)
    /// A take's note was replaced.
    case noteChanged(take: Int, previousNote: String)
    /// A mark was added.
    case markAdded(mark: Int)
    /// A mark was soft-deleted.
    case markDeleted(mark: Int)
    /// A take was soft-deleted.
    case takeDeleted(take: Int)

    /// The name used in the session JSON (`history[].action`) and the database (`action.kind`).
    public var name: String {
        switch self {
        case .takeStarted: return "take-start"
        case .takeEnded: return "take-end"
        case .noteChanged: return "take-note"
        case .markAdded: return "mark"
        case .markDeleted: return "delete-mark"
        case .takeDeleted: return "delete-take"
        }
    }

    /// Every action name, as `name` spells them.
    public static let names = ["take-start", "take-end", "take-note", "mark", "delete-mark", "delete-take"]

    /// The take the action changed, if it was a take action.
    public var take: Int? {
        switch self {
        case .takeStarted(let take), .takeEnded(let take, _), .noteChanged(let take, _), .takeDeleted(let take): return take
        case .markAdded, .markDeleted: return nil
        }
    }

    /// The mark the action changed, if it was a mark action.
    public var mark: Int? {
        switch self {
        case .markAdded(let mark), .markDeleted(let mark): return mark
        case .takeStarted, .takeEnded, .noteChanged, .takeDeleted: return nil
        }
    }

    /// A short English description of what undoing this action does ("removes take 12").
    public var undoDescription: String {
        switch self {
        case .takeStarted(let take): return "removes take \(take)"
        case .takeEnded(let take, let previous):
            if let previous { return "moves the end of take \(take) back to \(previous)" }
            return "reopens take \(take)"
        case .noteChanged(let take, let previous):
            return previous.isEmpty ? "clears the note of take \(take)" : "restores the note of take \(take) to \"\(previous)\""
        case .markAdded(let mark): return "removes mark \(mark)"
        case .markDeleted(let mark): return "restores mark \(mark)"
        case .takeDeleted(let take): return "restores take \(take)"
        }
    }

    /// Builds an action from its stored parts (the JSON members or database columns).
    ///
    /// - Throws: `ProtocolError.invalidHistory` when the name is unknown or a part it needs is missing.
    public init(name: String, take: Int?, mark: Int?, previousEnd: ScorePosition?, previousNote: String?) throws {
        func need<T>(_ value: T?, _ what: String) throws -> T {
            guard let value else { throw ProtocolError.invalidHistory(reason: "a '\(name)' action needs \(what)") }
            return value
        }
        switch name {
        case "take-start": self = .takeStarted(take: try need(take, "a take"))
        case "take-end": self = .takeEnded(take: try need(take, "a take"), previousEnd: previousEnd)
        case "take-note": self = .noteChanged(take: try need(take, "a take"), previousNote: previousNote ?? "")
        case "mark": self = .markAdded(mark: try need(mark, "a mark"))
        case "delete-mark": self = .markDeleted(mark: try need(mark, "a mark"))
        case "delete-take": self = .takeDeleted(take: try need(take, "a take"))
        default:
            throw ProtocolError.invalidHistory(
                reason: "unknown action '\(name)' (expected one of \(Self.names.joined(separator: ", ")))")
        }
    }
}
