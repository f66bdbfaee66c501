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
    /// Seconds from `recordStart` to the take's time 0 on the tablet (its start tap), which the marks' times count from;
    /// nil is 0 (the marks' times count from the record start itself).
    public var tabletOffset: Double?
    /// When the take was started by the tablet's (or computer's) clock: ISO 8601 local time with its UTC offset,
    /// such as `2026-11-26T10:02:11.250+01:00` (see `WallClock`).
    public var startedAt: String?
    /// The linked recording's channels, rate, length and time reference (filled by `link-audio`).
    public var media: RecordingMedia?
    /// A free note.
    public var note: String
    /// True when the take is soft-deleted.
    public var deleted: Bool
    /// Unknown JSON members kept for the round trip.
    public var extra: ExtraFields
    /// The device that started the take (see `Mark.device`); nil when unknown.
    public var device: String?
    /// Where the take lies according to its audio (`session place`); nil when it was not placed.
    public var placement: AudioPlacement?

    /// Creates a take without checking it (see `Session.validate()` and `Session.addTake`).
    public init(
        number: Int, label: String? = nil, start: ScorePosition, end: ScorePosition? = nil,
        source: String? = nil, recordStart: String? = nil, fps: Double? = nil, note: String = "",
        deleted: Bool = false, extra: ExtraFields = ExtraFields(),
        tabletOffset: Double? = nil, startedAt: String? = nil, media: RecordingMedia? = nil, device: String? = nil
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
        self.tabletOffset = tabletOffset
        self.startedAt = startedAt
        self.media = media
        self.device = device
    }

    /// True when the take has no end (it covers to the end of the score).
    public var isOpen: Bool { end == nil }
}
