/// A measure found in a take: its place in the playing order and the time of its downbeat in the file.
public struct FollowedMeasure: Sendable, Equatable {
    /// 0-based position in the expanded playing order.
    public var index: Int
    /// The printed measure number.
    public var number: String
    /// 1-based pass through this notated measure.
    public var pass: Int
    /// Seconds from the start of the audio file.
    public var time: Double
    /// Frames from the onset found at this downbeat to its peak (nil: not moved to an onset); for diagnosis.
    public var rise: Double? = nil
}

/// Where a take lies on its score: its first and last aligned moments, every downbeat inside, and how sure.
public struct FollowResult: Sendable {
    /// Seconds from the start of the file where the music of the score begins and ends.
    public var start: Double
    public var end: Double
    public var measures: [FollowedMeasure]
    /// 0–1: how sure the take is of this score (``MatchEvidence/confidence``, and no more than the take's confidence
    /// followed without leaving a false start out); < 0.3 is another piece.
    public var confidence: Double
    /// The file's duration in seconds.
    public var duration: Double
    /// The alignment path as (score seconds at the score's tempo, audio seconds), for pictures and checks.
    public var path: [(score: Double, audio: Double)]
    /// Mean cost per aligned audio frame over the cost of matching at random (lower is a closer match).
    public var costRatio: Double = 0
    /// Share of the path's steps that keep the local tempo within a factor 2 of the take's.
    public var plainSteps: Double = 0
    /// The take's tempo relative to the score's marking (2 = twice as slow).
    public var tempoScale: Double
    /// Mean frames from an onset's start to its peak of flux over the refined downbeats: how slow the attacks are.
    public var attackFrames: Double = 0
    /// The take's fastest energy fall over 0.3 s, in dB (``ScoreFollower/fastestDecay(_:)``): small in a reverberant room.
    public var fastestDecay: Double = 0
    /// The measures the confidence is made of.
    public var evidence: MatchEvidence?
    /// The reference pitch the take was analysed at and how it was chosen.
    public var tuning = ReferencePitch.Choice(reference: ReferencePitch.standard)
    /// The frequency of A4 in the take as analysed (Hz): given, or estimated from the take and the score.
    public var referencePitch: Double { tuning.reference }
}
