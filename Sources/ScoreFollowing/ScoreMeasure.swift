/// One notated measure of a score: its notes and the marks that decide the playing order.
public struct ScoreMeasure: Sendable, Equatable {
    /// The printed measure number (MusicXML `number`, MEI `n`).
    public var number: String
    /// Length in quarter notes, from its content (a pickup is shorter than its time signature).
    public var duration: Double
    /// The notes sounding in this measure, onsets in quarters from its start.
    public var notes: [ScoreNote] = []
    /// A forward repeat sign at its start.
    public var repeatStart = false
    /// A backward repeat sign at its end, and how many times the section is played.
    public var repeatEnd = false
    public var repeatTimes: Int?
    /// The volta (first/second ending) numbers this measure belongs to; empty outside endings.
    public var endings: [Int] = []
    /// Navigation marks: segno and coda targets, "To Coda", Fine, D.C. and D.S. (taken after this measure).
    public var segno = false
    public var coda = false
    public var toCoda = false
    public var fine = false
    public var daCapo = false
    public var dalSegno = false
    /// Its right barline closes a section: a final or double barline (MusicXML `<bar-style>` light-heavy, light-light,
    /// heavy-heavy or heavy; MEI `@right` end or dbl). A D.C. or D.S. written shortly before is taken there.
    public var closesSection = false
    /// A tempo (quarter notes per minute) set at its start.
    public var tempo: Double?
    /// Spans (quarters from its start) held under a fermata: the notes or rests that carry one.
    public var fermatas: [Range<Double>] = []

    public init(number: String, duration: Double) {
        self.number = number
        self.duration = duration
    }
}

/// A note of a score: its sounding pitch, onset and length in quarter notes.
public struct ScoreNote: Sendable, Equatable {
    /// MIDI key number of the sounding pitch.
    public var pitch: Int
    /// Onset in quarters from the start of its measure.
    public var onset: Double
    /// Length in quarters.
    public var duration: Double
    /// False for the continuation of a tied note (it sounds but is not struck again).
    public var struck: Bool

    public init(pitch: Int, onset: Double, duration: Double, struck: Bool = true) {
        self.pitch = pitch
        self.onset = onset
        self.duration = duration
        self.struck = struck
    }
}

/// A score read from MusicXML or MEI: its measures in notated order.
public struct FollowedScore: Sendable, Equatable {
    public var measures: [ScoreMeasure]
    /// What the reader repaired where one part's bars do not hold the others' length (warnings for the user).
    public var repairs: [PartLengthRepair]

    public init(measures: [ScoreMeasure], repairs: [PartLengthRepair] = []) {
        self.measures = measures
        self.repairs = repairs
    }
}
