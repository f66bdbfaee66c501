/// An edit list in time: stretches of take recordings laid one after another on a master timeline.
///
/// Built from an edit plan and the session's timing (see `EditTimeline+Plan.swift`); written as a
/// CMX3600 EDL (`cmx3600()`) or an OpenTimelineIO timeline (`otio()`). Times are frame counts since
/// midnight at one frame rate, so that source and record durations are equal by construction.
public struct EditTimeline: Hashable, Sendable {
    /// One event: the part of one take's recording that plays from `sourceIn` up to (not including) `sourceOut`.
    public struct Event: Hashable, Sendable {
        /// The take number and label.
        public var take: Int
        public var label: String
        /// The take's recording (file or reel name), if the session names one.
        public var source: String?
        /// The reel name written in the EDL: at most 8 characters, unique per take.
        public var reel: String
        /// First frame and the frame after the last, since midnight, in the take's source timecode.
        public var sourceIn: Int
        public var sourceOut: Int
        /// The bars the event plays, as printed in the score.
        public var fromBar: String
        public var toBar: String
        /// The plan's rating for the stretch (the lowest quality over its bars).
        public var rating: Int
        /// Marks of the take that fall inside the event, at their source frames.
        public var locators: [Locator]
        /// True when the take has no record-start timecode: its frames count from 00:00:00:00 at the take's start.
        public var noTimecode = false
        /// How the take's times were found (its timed marks, or a tempo from its start).
        public var placement: SessionTiming.Placement = .timed
        /// How the take's clock is known (nil: it has none, `noTimecode`).
        public var clockBasis: Session.AlignedClock.Basis?
        /// The take's recording: channels, rate, length and time reference, when linked.
        public var media: RecordingMedia?
        /// The barlines `sourceIn` and `sourceOut` round to the nearest frame, unrounded: seconds since midnight on the
        /// take's clock (nil when the event was not built from a session's timing).
        public var exactIn: Double?
        public var exactOut: Double?

        public init(take: Int, label: String, source: String?, reel: String, sourceIn: Int, sourceOut: Int,
                    fromBar: String, toBar: String, rating: Int, locators: [Locator] = []) {
            (self.take, self.label, self.source, self.reel) = (take, label, source, reel)
            (self.sourceIn, self.sourceOut, self.fromBar, self.toBar) = (sourceIn, sourceOut, fromBar, toBar)
            (self.rating, self.locators) = (rating, locators)
        }

        /// The number of frames the event lasts.
        public var duration: Int { sourceOut - sourceIn }

        /// The channels of the take's file (1 when it is not known).
        public var channels: Int { max(1, media?.channels ?? 1) }

        /// The file's name without its folder, for `FROM CLIP NAME` and clip names.
        public var clipName: String {
            guard let source else { return "take \(label)" }
            return source.split(separator: "/").last.map(String.init) ?? source
        }
    }

    /// A mark placed in an event: a rating, a problem, an edit point or a text.
    public struct Locator: Hashable, Sendable {
        /// The frame since midnight in the take's source timecode.
        public var frame: Int
        /// A marker colour name as OpenTimelineIO spells it (RED, ORANGE, YELLOW, GREEN, CYAN, BLUE, …).
        public var color: String
        /// What the mark says, such as "intonation: first violin sharp" or "rating 4".
        public var text: String
        /// The mark's id in the session.
        public var mark: Int
        /// The mark's kind name (`rating`, `problem`, `edit-point`, `text`).
        public var kind: String

        public init(frame: Int, color: String, text: String, mark: Int, kind: String = "") {
            (self.frame, self.color, self.text, self.mark, self.kind) = (frame, color, text, mark, kind)
        }
    }

    /// The title (the session's).
    public var title: String
    /// The frame rate of every timecode, such as 25 or 29.97.
    public var fps: Double
    /// True for drop-frame timecode (29.97 and 59.94 only).
    public var dropFrame: Bool
    /// Where the master timeline starts, in frames since midnight (01:00:00:00 by convention).
    public var recordStart: Int
    /// The events in playing order.
    public var events: [Event]
    /// Bar ranges the plan leaves uncovered (no usable take), as printed in the score: `"40–44"`.
    public var uncovered: [String]
    /// What was estimated or missing while placing the takes in time, one warning per take and kind.
    public var warnings: [SessionWarning] = []
    /// The crossfade at each splice between two events, in seconds (0: plain cuts).
    public var crossfade: Double = 0

    /// The crossfade in frames: at least one frame when there is any (an EDL counts whole frames).
    public var crossfadeFrames: Int {
        crossfade > 0 ? max(1, Int((crossfade * Timecode.realRate(fps)).rounded())) : 0
    }

    public init(title: String, fps: Double, dropFrame: Bool = false, recordStart: Int? = nil, events: [Event],
                uncovered: [String] = []) {
        self.title = title
        self.fps = fps
        self.dropFrame = dropFrame
        self.recordStart = recordStart ?? Timecode.nominalRate(fps) * 3600 - (dropFrame ? 108 * Timecode.nominalRate(fps) / 30 : 0)
        self.events = events
        self.uncovered = uncovered
    }

    /// The reel name of a take: `TK` and its number with at least three digits (`TK007`), at most 8 characters.
    public static func reel(take number: Int) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return String(("TK" + padded).prefix(8))
    }

    /// The timecode text of a frame count at this timeline's rate.
    func timecode(_ frame: Int) -> String {
        Timecode(frameCount: frame, fps: fps, dropFrame: dropFrame).description
    }
}
