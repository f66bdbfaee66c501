import ScoreLayout

/// One take: its number and label, where it starts and ends on the score, and its recording details.
///
/// A take without an `end` is **open**: it covers to the end of the score and queries report it
/// as open. Deleting a take is a soft delete (`deleted = true`): it keeps its number, no other
/// take is renumbered, and queries ignore it.
public struct Take: Hashable, Sendable {
    /// The session-unique number; marks refer to the take by it.
    public var number: Int
    /// The printed label, such as "12" or "B3" (see `TakeNumbering`).
    public var label: String
    /// Where the take starts on the score.
    public var start: ScorePosition
    /// Where the take ends; nil for an open take.
    public var end: ScorePosition?
    /// The source file or reel, such as "T001.wav".
    public var source: String?
    /// The record-start timecode `HH:MM:SS:FF` (see `Timecode`).
    public var recordStart: String?
    /// The frame rate of `recordStart`, such as 25 or 29.97.
    public var fps: Double?
    /// A free note.
    public var note: String
    /// True when the take is soft-deleted.
    public var deleted: Bool
    /// Unknown JSON members kept for the round trip.
    public var extra: ExtraFields

    /// Creates a take without checking it (see `Session.validate()` and `Session.addTake`).
    public init(
        number: Int, label: String? = nil, start: ScorePosition, end: ScorePosition? = nil,
        source: String? = nil, recordStart: String? = nil, fps: Double? = nil, note: String = "",
        deleted: Bool = false, extra: ExtraFields = ExtraFields()
    ) {
        self.number = number
        self.label = label ?? String(number)
        self.start = start
        self.end = end
        self.source = source
        self.recordStart = recordStart
        self.fps = fps
        self.note = note
        self.deleted = deleted
        self.extra = extra
    }

    /// True when the take has no end (it covers to the end of the score).
    public var isOpen: Bool { end == nil }
}
