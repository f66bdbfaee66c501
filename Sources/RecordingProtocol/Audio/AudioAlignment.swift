/// A take's file aligned with the score's notes, as `tonmeister follow` finds it: the input of `Session.place`.
public struct AudioAlignment: Sendable {
    /// One downbeat found in the file.
    public struct Measure: Hashable, Sendable {
        /// The notes' measure number (`12`).
        public var number: String
        /// 1-based time through the measure in the notes' playing order.
        public var pass: Int
        /// Seconds from the file's first sample.
        public var time: Double

        public init(number: String, pass: Int, time: Double) {
            (self.number, self.pass, self.time) = (number, pass, time)
        }
    }

    /// Seconds from the file's first sample where the score's music begins and ends.
    public var start: Double
    public var end: Double
    /// 0–1; below `Session.placementThreshold` the take is another piece and is left alone.
    public var confidence: Double
    /// The downbeats inside the take, in playing order.
    public var measures: [Measure]
    /// The index of the session's score whose notes the file was aligned with (0, the first, unless it has several).
    public var score: Int
    /// The score the take's start was tapped on, when the audio matched `score`'s notes better and the take is moved
    /// there: placing then sets its start and end from the audio whatever the producer tapped.
    public var movedFrom: Int?
    /// The take's A4 in Hz as the follower heard it (nil: not known).
    public var referencePitch: Double?

    /// Audio beginning more than this many seconds before the first downbeat holds music of the bar before it: two
    /// passes of the same bars are the same music only if the bars before them are too.
    public static let leadIn = 0.25

    public init(start: Double, end: Double, confidence: Double, measures: [Measure], score: Int = 0, movedFrom: Int? = nil) {
        (self.start, self.end, self.confidence, self.measures, self.score) = (start, end, confidence, measures, score)
        self.movedFrom = movedFrom
    }
}
