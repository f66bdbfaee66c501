import TheoryCore

/// One answer in the practice log: which item, when, right or wrong, how fast, the rating, and what was answered.
///
/// `answeredInterval` is the interval the answer amounts to (`m3` when a major third was named a minor third,
/// or when the note built lies a minor third away), so the log can tell which intervals a student confuses;
/// it is nil when the answer was unreadable, went the wrong way, or was a set of fretboard cells.
public struct PracticeEntry: Hashable, Sendable {
    /// The row id in the log (nil before the entry is appended).
    public var id: Int64?
    /// The item key (`Question.item`).
    public var item: String
    public var kind: QuizKind
    public var answeredAt: PracticeTime
    public var correct: Bool
    /// Milliseconds from showing the question to the answer (0 when unknown).
    public var responseMilliseconds: Int
    public var rating: PracticeRating
    /// The answer as typed.
    public var given: String
    /// The right answer, as the quiz prints it.
    public var expected: String
    /// How the answer was read (`M3` for "major third"), when it could be read.
    public var reading: String?
    /// The ascending interval the answer amounts to, when it names or builds one.
    public var answeredInterval: String?
    /// The seed of the quiz the question came from, if known.
    public var quizSeed: UInt64?
    /// The question's number in that quiz (from 1), if known.
    public var questionNumber: Int?

    /// The longest response time kept: a day (a longer pause is stored as a day).
    public static let maximumResponseMilliseconds = 86_400_000

    public init(id: Int64? = nil, item: String, kind: QuizKind, answeredAt: PracticeTime, correct: Bool,
                responseMilliseconds: Int, rating: PracticeRating, given: String, expected: String,
                reading: String? = nil, answeredInterval: String? = nil, quizSeed: UInt64? = nil, questionNumber: Int? = nil) {
        self.id = id
        self.item = item
        self.kind = kind
        self.answeredAt = answeredAt
        self.correct = correct
        self.responseMilliseconds = responseMilliseconds
        self.rating = rating
        self.given = given
        self.expected = expected
        self.reading = reading
        self.answeredInterval = answeredInterval
        self.quizSeed = quizSeed
        self.questionNumber = questionNumber
    }

    /// The entry for an answered question at `time`; the response time is clamped to 0…a day.
    public init(_ record: AnswerRecord, at time: PracticeTime, quizSeed: UInt64? = nil) {
        let millis = (record.seconds * 1000).rounded()
        let clamped = millis.isFinite ? Int(max(0, min(millis, Double(Self.maximumResponseMilliseconds)))) : 0
        self.init(item: record.question.item, kind: record.question.kind, answeredAt: time, correct: record.grade.correct,
                  responseMilliseconds: clamped, rating: PracticeRating(rawValue: record.rating) ?? .again,
                  given: record.grade.given, expected: record.grade.expected, reading: record.grade.reading,
                  answeredInterval: Self.answeredInterval(record.question, record.grade)?.name,
                  quizSeed: quizSeed, questionNumber: record.number)
    }

    /// Seconds from showing the question to the answer.
    public var seconds: Double { Double(responseMilliseconds) / 1000 }

    /// Whether the answer named (or built) another interval than the item's: a confusion.
    public var isConfusion: Bool {
        guard !correct, let answeredInterval, let item = try? PracticeItem(key: item) else { return false }
        return answeredInterval != item.interval.name
    }

    /// Checks the fields the log's constraints check, throwing the first problem.
    public func validate() throws(QuizError) {
        func bad(_ reason: String) -> QuizError { .invalidDocument(what: "practice entry for '\(item)'", reason: reason) }
        let parsed = try PracticeItem(key: item)
        if parsed.kind != kind { throw bad("its kind \(kind) is not the item's (\(parsed.kind))") }
        if correct == (rating == .again) { throw bad(correct ? "a right answer cannot rate 'again'" : "a wrong answer must rate 'again'") }
        if !(0...Self.maximumResponseMilliseconds).contains(responseMilliseconds) {
            throw bad("response time \(responseMilliseconds) ms is outside 0…\(Self.maximumResponseMilliseconds)")
        }
        if let questionNumber, questionNumber < 1 { throw bad("question number \(questionNumber) is below 1") }
        if answeredInterval == "" { throw bad("the answered interval is empty") }
    }

    /// The ascending interval an answer amounts to, in the question's direction; nil when there is none.
    static func answeredInterval(_ question: Question, _ grade: Grade) -> Interval? {
        guard let reading = grade.reading else { return nil }
        switch question.answer {
        case .interval:
            guard let read = try? AnswerReader.interval(reading) else { return nil }
            if read.direction == .descending && question.direction == .ascending { return nil }
            return read.ascending
        case .pitch:
            guard let first = question.notes.first, let read = try? AnswerReader.pitch(reading) else { return nil }
            let down = question.direction == .descending
            if read.hasOctave {
                let directed = Interval(from: first, to: read.pitch)
                let goesDown = directed.steps < 0 || (directed.steps == 0 && directed.semitones < 0)
                return goesDown == down || directed.steps == 0 && directed.semitones == 0 ? directed.ascending : nil
            }
            // A note without an octave: the nearest one the asked way, as many octaves out as the item's interval.
            var pitch = Pitch(read.pitch.letter, read.pitch.accidental, octave: first.octave)
            var directed = Interval(from: first, to: pitch)
            if !down && (directed.steps < 0 || directed.steps == 0 && directed.semitones < 0) { pitch.octave += 1 }
            if down && (directed.steps > 0 || directed.steps == 0 && directed.semitones > 0) { pitch.octave -= 1 }
            directed = Interval(from: first, to: pitch).ascending
            let octaves = question.interval.ascending.steps / 7
            return Interval(steps: directed.steps + 7 * octaves, semitones: directed.semitones + 12 * octaves)
        case .cells:
            return nil
        }
    }
}
