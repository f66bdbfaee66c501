import ScoreLayout

/// One user action on a session, kept in the session's history so that it can be undone.
///
/// Each case holds what undoing it needs: a started take or added mark is soft-deleted again,
/// an ended take gets its previous end back (nil reopens it), a changed note gets its previous
/// text back, a deleted take or mark comes back, a renumbered take its previous number and label,
/// a moved or changed mark its previous place or content. Undo never gives out a number again:
/// the numbers and ids of undone takes and marks are not reused.
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
    /// A take was given another number (`take` is the new one) or label; its marks and history followed it.
    case takeRenumbered(take: Int, previousNumber: Int, previousLabel: String)
    /// A mark was moved; `previousTo` is nil when it was a point.
    case markMoved(mark: Int, previousAt: ScorePosition, previousTo: ScorePosition?)
    /// A mark's kind (rating value, problem) or text was changed.
    case markChanged(mark: Int, previousKind: MarkKind, previousText: String?)
    /// The recorder's clock of takes or of the session was set (`link-audio`, `take clock`, `session clock`, `--relocate`).
    case clockChanged(ClockChange)
    /// The programme or the bar numbers were changed (`piece …`, `score numbering`, `score form --order`); holds what they were.
    case programmeChanged(ProgrammeChange)

    /// The name used in the session JSON (`history[].action`) and the database (`action.kind`).
    public var name: String {
        switch self {
        case .takeStarted: return "take-start"
        case .takeEnded: return "take-end"
        case .noteChanged: return "take-note"
        case .markAdded: return "mark"
        case .markDeleted: return "delete-mark"
        case .takeDeleted: return "delete-take"
        case .takeRenumbered: return "take-renumber"
        case .markMoved: return "mark-move"
        case .markChanged: return "mark-change"
        case .clockChanged: return "clock"
        case .programmeChanged: return "programme"
        }
    }

    /// Every action name, as `name` spells them.
    public static let names = [
        "take-start", "take-end", "take-note", "mark", "delete-mark", "delete-take", "take-renumber", "mark-move", "mark-change", "clock", "programme",
    ]

    /// The take the action changed, if it was a take action.
    public var take: Int? {
        switch self {
        case .takeStarted(let take), .takeEnded(let take, _), .noteChanged(let take, _), .takeDeleted(let take),
             .takeRenumbered(let take, _, _): return take
        case .markAdded, .markDeleted, .markMoved, .markChanged, .clockChanged, .programmeChanged: return nil
        }
    }

    /// The mark the action changed, if it was a mark action.
    public var mark: Int? {
        switch self {
        case .markAdded(let mark), .markDeleted(let mark), .markMoved(let mark, _, _), .markChanged(let mark, _, _): return mark
        case .takeStarted, .takeEnded, .noteChanged, .takeDeleted, .takeRenumbered, .clockChanged, .programmeChanged: return nil
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
        case .takeRenumbered(let take, let number, let label):
            return label == String(number) ? "gives take \(take) its number \(number) back"
                : "gives take \(take) its number \(number) and label \(label) back"
        case .markMoved(let mark, let at, let to):
            return "moves mark \(mark) back to \(at)" + (to.map { "–\($0)" } ?? "")
        case .markChanged(let mark, let kind, _): return "changes mark \(mark) back to \(kind.summary)"
        case .clockChanged(let change):
            let takes = change.takes.map { String($0.take) }.joined(separator: ", ")
            switch change.reason {
            case .linkAudio: return "unlinks the audio of take\(change.takes.count == 1 ? "" : "s") \(takes)"
            case .relocate: return "moves the media of take\(change.takes.count == 1 ? "" : "s") \(takes) back"
            case .sessionClock: return "gives the session its previous clock offset back"
            case .takeClock: return "gives take\(change.takes.count == 1 ? "" : "s") \(takes) its previous record start and offset back"
            case .place: return "gives take\(change.takes.count == 1 ? "" : "s") \(takes) the start, end and downbeats they had before placing from audio"
            case .music:
                let whose = change.musicScore == 0 ? "the score's" : "score \(change.musicScore)'s"
                return change.music.flatMap { $0 }.map { "names \(whose) notes \($0) again" } ?? "forgets \(whose) notes again"
            }
        case .programmeChanged(let change): return change.undoDescription
        }
    }

    /// Builds an action from its stored parts (the JSON members or database columns).
    ///
    /// `previous` holds what the newer actions need: the previous number and label of a renumbered
    /// take, the previous place of a moved mark, the previous kind and text of a changed one.
    ///
    /// - Throws: `ProtocolError.invalidHistory` when the name is unknown or a part it needs is missing.
    public init(name: String, take: Int?, mark: Int?, previousEnd: ScorePosition?, previousNote: String?,
                previous: PreviousState = PreviousState()) throws {
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
        case "take-renumber":
            self = .takeRenumbered(take: try need(take, "a take"), previousNumber: try need(previous.number, "a previous number"),
                                   previousLabel: try need(previous.label, "a previous label"))
        case "mark-move":
            self = .markMoved(mark: try need(mark, "a mark"), previousAt: try need(previous.at, "a previous position"),
                              previousTo: previous.to)
        case "mark-change":
            let kindName = try need(previous.kind, "a previous kind")
            let kind: MarkKind
            do {
                kind = try MarkKind(name: kindName, value: previous.value, problem: previous.problem)
            } catch let error as ProtocolError {
                throw ProtocolError.invalidHistory(reason: "a 'mark-change' action's previous kind: \(error.description)")
            }
            self = .markChanged(mark: try need(mark, "a mark"), previousKind: kind, previousText: previous.text)
        case "clock":
            self = .clockChanged(try need(previous.clock, "its previous clocks (previous)"))
        case "programme":
            self = .programmeChanged(try need(previous.programme, "its previous pieces and numbering (previous)"))
        default:
            throw ProtocolError.invalidHistory(
                reason: "unknown action '\(name)' (expected one of \(Self.names.joined(separator: ", ")))")
        }
    }
}

extension SessionAction {
    /// The stored parts of the newer actions (`take-renumber`, `mark-move`, `mark-change`) that say what undo restores.
    public struct PreviousState: Hashable, Sendable {
        /// A renumbered take's previous number.
        public var number: Int?
        /// A renumbered take's previous label.
        public var label: String?
        /// A moved mark's previous position.
        public var at: ScorePosition?
        /// A moved mark's previous range end.
        public var to: ScorePosition?
        /// A changed mark's previous kind name (`rating`, `problem`, `edit-point`, `text`).
        public var kind: String?
        /// A changed mark's previous rating value.
        public var value: Int?
        /// A changed mark's previous problem name.
        public var problem: String?
        /// A changed mark's previous text.
        public var text: String?
        /// A clock change's previous clocks.
        public var clock: ClockChange?
        /// A programme change's previous pieces and numbering.
        public var programme: ProgrammeChange?

        /// Creates the parts; absent ones are nil.
        public init(number: Int? = nil, label: String? = nil, at: ScorePosition? = nil, to: ScorePosition? = nil,
                    kind: String? = nil, value: Int? = nil, problem: String? = nil, text: String? = nil, clock: ClockChange? = nil,
                    programme: ProgrammeChange? = nil) {
            self.number = number
            self.label = label
            self.at = at
            self.to = to
            self.kind = kind
            self.value = value
            self.problem = problem
            self.text = text
            self.clock = clock
            self.programme = programme
        }
    }

    /// The parts of this action that `PreviousState` holds (all nil for the older actions).
    public var previousState: PreviousState {
        switch self {
        case .takeRenumbered(_, let number, let label): return PreviousState(number: number, label: label)
        case .markMoved(_, let at, let to): return PreviousState(at: at, to: to)
        case .markChanged(_, let kind, let text):
            return PreviousState(kind: kind.name, value: kind.rating, problem: kind.problem?.name, text: text)
        case .clockChanged(let change): return PreviousState(clock: change)
        case .programmeChanged(let change): return PreviousState(programme: change)
        default: return PreviousState()
        }
    }
}
