import ScoreLayout

/// A recording session: the score and its layout, the programme, the numbering scheme, the takes and their marks.
///
/// A session is a plain value. `init(title:score:…)` does not check it; `validate()`,
/// `init(validating:)`-style use through `Session(json:)`, and the editing methods (`addTake`,
/// `endTake`, `addMark`, …) do, and throw `ProtocolError` naming what is wrong. Positions are
/// ordered through the layout (page, system, x), so takes may span any number of pages; without
/// a layout only the page order of positions can be checked.
public struct Session: Hashable, Sendable {
    /// The `format` of the session JSON this version reads and writes.
    public static let format = "tonmeister-session/1"

    /// The session title, such as "Botifarra — day 1".
    public var title: String
    /// The score PDFs, at least one; most sessions have one. With several, the session's pages run through the
    /// scores in order (`ScorePages`): positions and `layout` count pages that way, and the JSON names each
    /// position's score and its own page (`"score": 1`).
    public var scores: [ScoreReference]
    /// The first (usually the only) score PDF.
    public var score: ScoreReference {
        get { scores[0] }
        set { scores[0] = newValue }
    }
    /// The layout of every score's pages, in session page numbers; nil when not (yet) known. Queries need it.
    public var layout: ScoreLayout?
    /// How takes are numbered and labelled.
    public var numbering: TakeNumbering
    /// The programme: pieces or movements in order.
    public var pieces: [Piece]
    /// Every take, including soft-deleted ones, in the order they were made.
    public var takes: [Take]
    /// Every mark, including soft-deleted ones, in the order they were made.
    public var marks: [Mark]
    /// The user actions made through the editing methods, oldest first; `undo()` reverts the last one.
    public var history: [SessionAction]
    /// The device that made each entry of `history`, by the same index (`history[].device` in the JSON, the device
    /// header or `--device`); an entry without one here (the list may be shorter) has no known device.
    public var historyDevices: [String?] = []
    /// Unknown top-level JSON members kept for the round trip.
    public var extra: ExtraFields
    /// The recorder's clock minus the tablet's, in seconds (`session clock --offset`); nil when not set.
    public var clockOffset: Double?
    /// The crossfade at every splice of the exports, in seconds; nil is `defaultCrossfade` (10 ms).
    public var crossfade: Double?
    /// The rating in force before a take's first rating mark (unless that mark lies in the take's first bar); nil is 3.
    public var defaultRating: Int?

    /// The crossfade when the session sets none: 10 ms.
    public static let defaultCrossfade = 0.010

    /// Creates a session without checking it (call `validate()`).
    public init(
        title: String, score: ScoreReference, layout: ScoreLayout? = nil, numbering: TakeNumbering = TakeNumbering(),
        pieces: [Piece] = [], takes: [Take] = [], marks: [Mark] = [], history: [SessionAction] = [],
        extra: ExtraFields = ExtraFields()
    ) {
        self.title = title
        self.scores = [score]
        self.layout = layout
        self.numbering = numbering
        self.pieces = pieces
        self.takes = takes
        self.marks = marks
        self.history = history
        self.extra = extra
    }

    /// The take with this number (deleted or not), if any.
    public func take(_ number: Int) -> Take? {
        takes.first { $0.number == number }
    }

    /// The mark with this id (deleted or not), if any.
    public func mark(_ id: Int) -> Mark? {
        marks.first { $0.id == id }
    }

    /// The takes that are not deleted, in the order they were made.
    public var liveTakes: [Take] { takes.filter { !$0.deleted } }

    /// The marks that are not deleted and whose take is not deleted, in the order they were made.
    public var liveMarks: [Mark] {
        let deletedTakes = Set(takes.filter(\.deleted).map(\.number))
        return marks.filter { !$0.deleted && !deletedTakes.contains($0.take) }
    }

    /// The marks of one take (deleted ones included), in the order they were made.
    public func marks(ofTake number: Int) -> [Mark] {
        marks.filter { $0.take == number }
    }

    /// A coverage index over the session's live takes and marks (see `CoverageIndex`).
    ///
    /// - Throws: `ProtocolError.noLayout` without a layout, or the errors of `validate()`.
    public func coverageIndex() throws -> CoverageIndex {
        try CoverageIndex(session: self)
    }
}
