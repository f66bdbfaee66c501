import ScoreLayout

/// Something in a session that was repaired or kept as it is, told to the producer instead of refusing the session.
///
/// Reading is lenient (DESIGN §6): what can be repaired without losing meaning is repaired, and each
/// repair, or each oddity kept as it lies, is one warning naming the take, mark or bar and what was
/// done. `--strict` turns warnings back into errors (`error`).
public struct SessionWarning: Hashable, Sendable, CustomStringConvertible {
    /// What kind of repair or oddity this is; the raw value is the `kind` of the JSON form.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Two neighbouring bars overlapped by less than half a point and were snapped together.
        case barsSnapped = "bars-snapped"
        /// Two neighbouring systems overlapped by less than half a point and were snapped together.
        case systemsSnapped = "systems-snapped"
        /// Two neighbouring staves overlapped by less than half a point and were snapped together.
        case stavesSnapped = "staves-snapped"
        /// A mark lies before its take's start; it is kept where it lies.
        case markBeforeTake = "mark-before-take"
        /// A mark lies after its take's end; it is kept where it lies.
        case markAfterTake = "mark-after-take"
        /// A mark's range ran backwards (`to` before `at`) and was turned around.
        case rangeReversed = "range-reversed"
        /// A take has a record start but no timed mark: it is placed in time with the session tempo.
        case untimedTake = "untimed-take"
        /// A take has no record start: it is exported without timecode.
        case noTimecode = "no-timecode"
        /// A take number, mark id or mark time lies outside `SessionLimits`: a number is kept (the next one is
        /// counted from the highest inside the range), a time is dropped.
        case outOfRange = "out-of-range"
        /// A database row held a value of the wrong type (text, NULL, a number too large) in a column: the value was
        /// repaired, or the row left out; the warning names the table, the row and the column.
        case damagedRow = "damaged-row"
        /// A position's pass does not exist in the playing order (the order goes through its bar fewer times, or it is
        /// below 1): it is set to the last pass through the bar (to the first when below 1).
        case passRepaired = "pass-repaired"
        /// A piece's playing order was repaired: an empty order was dropped (score order), a backwards run turned around.
        case orderRepaired = "order-repaired"
        /// The document breaks off: what was complete before the break was kept, and it opens read-only.
        case damaged
        /// A take was started for a piece whose bars do not hold its start (`take start --piece N`).
        case takeOutsidePiece = "take-outside-piece"
        /// The score PDF differs from the one the session was made on (its SHA-256): marks may be drawn off their bars;
        /// `session rescore` moves them onto the new edition.
        case scoreChanged = "score-changed"
        /// `score form --detect` found no repeat signs in a piece (or none that change its order): it proposes the
        /// score order.
        case noRepeatSigns = "no-repeat-signs"
        /// A take's placement from audio held downbeats that cannot be used (a time not finite, below 0 or not after the
        /// one before, a position off the layout) or a confidence outside 0–1: they were left out, the confidence clamped.
        case placementRepaired = "placement-repaired"
        /// A part of the score's notes (MusicXML) runs over or falls short of the length the other parts give a bar:
        /// the bar keeps their length, the notes of the part that runs over are squeezed into it, the one that falls short ends early.
        case partLength = "part-length"
    }

    public var kind: Kind
    /// The full sentence, naming what was found and what was done.
    public var message: String
    /// The take concerned, by number.
    public var take: Int?
    /// The mark concerned, by id.
    public var mark: Int?
    /// The page concerned (layout repairs).
    public var page: Int?
    /// The bar concerned (bar repairs: the later bar of the pair).
    public var bar: String?

    public init(kind: Kind, message: String, take: Int? = nil, mark: Int? = nil, page: Int? = nil, bar: String? = nil) {
        self.kind = kind
        self.message = message
        self.take = take
        self.mark = mark
        self.page = page
        self.bar = bar
    }

    public var description: String { message }

    /// The error `--strict` raises for this warning: today's error where there was one.
    public var error: ProtocolError { .strictWarning(kind: kind.rawValue, message: message) }

    /// The warning for one layout repair.
    init(_ repair: ScoreLayout.Repair) {
        let kind: Kind
        switch repair.element {
        case .system: kind = .systemsSnapped
        case .staff: kind = .stavesSnapped
        case .bar: kind = .barsSnapped
        }
        self.init(kind: kind, message: "layout: " + repair.description, page: repair.page, bar: repair.bar?.description)
    }
}

extension SessionWarning {
    /// The `score-changed` warning for the score at `path`, whose SHA-256 differs from the session's.
    public static func scoreChanged(path: String) -> SessionWarning {
        SessionWarning(kind: .scoreChanged,
                       message: "\(path) differs from the score the session was made on (SHA-256): marks may be drawn off their bars; "
                           + "`tonmeister session rescore` moves them onto a new edition")
    }
}

/// A session read leniently, with the warnings for what was repaired or kept.
public struct SessionReading: Sendable {
    /// The session, repaired.
    public var session: Session
    /// What was repaired or kept, in document order (layout, then marks).
    public var warnings: [SessionWarning]
    /// Where a damaged document broke off; such a session must not be written back over its file.
    public var damage: SessionDamage?

    public init(session: Session, warnings: [SessionWarning], damage: SessionDamage? = nil) {
        self.session = session
        self.warnings = warnings
        self.damage = damage
    }
}

/// How a session is read: repairing with warnings (the default), or refusing what needs a repair (`--strict`).
public enum ReadingMode: Sendable, Equatable {
    case lenient, strict
}
