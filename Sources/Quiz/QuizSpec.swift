import TheoryCore

/// What a quiz asks and how: the kinds of question, the intervals, directions, notes and answers allowed.
///
/// A spec and a seed determine a quiz completely (the same questions, in the same order, with the same
/// choices, on every machine). Specs are shared as JSON (`QuizSpec(json:)`, `json`); a difficulty `level`
/// 1–6 fills in the interval set and accidentals, and explicit fields override the preset.
public struct QuizSpec: Hashable, Sendable {
    /// The kinds of question, drawn at random for each question.
    public var kinds: [QuizKind]
    /// The difficulty preset the spec was made from, if any (informative once the fields are set).
    public var level: Int?
    /// The intervals asked, as ascending intervals (simple or compound).
    public var intervals: [Interval]
    /// The directions asked (harmonic applies to naming and ear questions).
    public var directions: [QuizDirection]
    /// The largest number of sharps or flats on the given note (0: naturals only, 1: ♯/♭, 2: 𝄪/𝄫).
    public var rootAccidentals: Int
    /// The largest number of sharps or flats on any note of a question, the answer included.
    public var noteAccidentals: Int
    /// The octaves the written notes lie in.
    public var octaves: ClosedRange<Int>
    /// How many questions.
    public var count: Int
    /// Multiple choice with this many options, or 0 for a free answer.
    public var choices: Int
    /// Whether an enharmonic twin (A4 for d5) counts as right on written questions.
    public var enharmonicEquivalence: Bool
    /// The tuning of fretboard questions (an id from `tonmeister tunings`).
    public var tuning: String
    /// The fret range of fretboard questions.
    public var frets: ClosedRange<Int>
    /// The fretboard tasks asked.
    public var fretboardTasks: [FretboardTask]
    /// Concert pitch for audio, in hertz.
    public var a4: Double
    /// The tone of audio questions: `piano` or `plucked`.
    public var timbre: String

    /// The limits a spec must keep.
    public static let countRange = 1...500
    public static let choiceRange = 2...8
    public static let octaveRange = 0...8
    public static let a4Range = IntervalAudio.a4Range
    public static let timbres = Timbre.allCases.map(\.rawValue)

    /// A spec from a difficulty level (1–6), with 10 free-answer naming questions.
    public init(level: Int = 1, kinds: [QuizKind] = [.nameInterval]) throws(QuizError) {
        let preset = try QuizLevel(level)
        self.kinds = kinds
        self.level = level
        intervals = preset.intervals
        directions = [.ascending, .descending]
        rootAccidentals = preset.rootAccidentals
        noteAccidentals = preset.noteAccidentals
        octaves = 3...5
        count = 10
        choices = 0
        enharmonicEquivalence = false
        tuning = "guitar-standard"
        frets = 0...12
        fretboardTasks = [.find, .name]
        a4 = 440
        timbre = "piano"
    }

    /// Checks every field, throwing the first problem found.
    public func validate() throws(QuizError) {
        func bad(_ field: String, _ reason: String) -> QuizError { .invalidSpec(field: field, reason: reason) }
        if kinds.isEmpty { throw bad("kinds", "name at least one kind (\(QuizKind.allCases.map(\.rawValue).joined(separator: ", ")))") }
        if let level, !QuizLevel.range.contains(level) { throw bad("level", "\(level) is outside 1…6") }
        if intervals.isEmpty { throw bad("intervals", "name at least one interval") }
        if let wrong = intervals.first(where: { $0.steps < 0 || ($0.steps == 0 && $0.semitones < 0) }) {
            throw bad("intervals", "\(wrong.directedName) is descending; list ascending intervals and set directions")
        }
        if directions.isEmpty { throw bad("directions", "name at least one of ascending, descending, harmonic") }
        if !(0...2).contains(rootAccidentals) { throw bad("rootAccidentals", "\(rootAccidentals) is outside 0…2") }
        if !(0...2).contains(noteAccidentals) { throw bad("noteAccidentals", "\(noteAccidentals) is outside 0…2") }
        if rootAccidentals > noteAccidentals {
            throw bad("rootAccidentals", "\(rootAccidentals) is more than noteAccidentals (\(noteAccidentals))")
        }
        if !Self.octaveRange.contains(octaves.lowerBound) || !Self.octaveRange.contains(octaves.upperBound) {
            throw bad("octaves", "\(octaves.lowerBound)…\(octaves.upperBound) is outside 0…8")
        }
        if !Self.countRange.contains(count) { throw bad("count", "\(count) is outside 1…500") }
        if choices != 0 && !Self.choiceRange.contains(choices) { throw bad("choices", "\(choices) is neither 0 (free answer) nor 2…8") }
        if fretboardTasks.isEmpty { throw bad("fretboardTasks", "name at least one of find, name") }
        if frets.lowerBound < 0 || frets.upperBound > 36 { throw bad("frets", "\(frets.lowerBound)-\(frets.upperBound) is outside 0…36") }
        if !a4.isFinite || !Self.a4Range.contains(a4) { throw bad("a4", "\(a4) Hz is outside 380…500 Hz") }
        if !Self.timbres.contains(timbre) { throw bad("timbre", "'\(timbre)' is not one of \(Self.timbres.joined(separator: ", "))") }
    }
}
