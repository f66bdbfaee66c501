import Quiz
import TheoryCore
import Testing

/// Log entries made from answers: the rating, the clamped response time, and the interval an answer amounts to.
@Suite("Practice entries")
struct PracticeEntryTests {
    static let time = PracticeTime(milliseconds: 1_740_823_200_000)

    static func pitch(_ text: String) -> Pitch { try! Pitch(text) }
    static func interval(_ text: String) -> Interval { try! Interval(text) }

    /// A building question: the note `interval` above (or below) `root`.
    static func building(_ root: String, _ interval: String, _ direction: QuizDirection) -> Question {
        let up = Self.interval(interval)
        let other = direction == .descending ? pitch(root).transposed(downBy: up) : pitch(root).transposed(by: up)
        return Question(kind: .buildInterval, prompt: "build", notes: [pitch(root)],
                        interval: direction == .descending ? up.reversed : up, direction: direction,
                        answer: .pitch(other), acceptsEnharmonic: false)
    }

    /// A naming question from `root` by `interval`.
    static func naming(_ root: String, _ interval: String, _ direction: QuizDirection) -> Question {
        let up = Self.interval(interval)
        let other = direction == .descending ? pitch(root).transposed(downBy: up) : pitch(root).transposed(by: up)
        return Question(kind: .nameInterval, prompt: "name", notes: [pitch(root), other],
                        interval: direction == .descending ? up.reversed : up, direction: direction,
                        answer: .interval(up), acceptsEnharmonic: false)
    }

    static func entry(_ question: Question, _ answer: String, seconds: Double = 5) -> PracticeEntry {
        let record = AnswerRecord(number: 2, question: question, grade: Grader.grade(question, answer: answer), seconds: seconds)
        return PracticeEntry(record, at: time, quizSeed: 99)
    }

    @Test("what a naming answer amounts to", arguments: [
        ("M3", QuizDirection.ascending, "m3", "m3" as String?),
        ("M3", .ascending, "minor third", "m3"),
        ("M3", .descending, "m3", "m3"),
        ("M3", .descending, "m-3", "m3"),
        ("M3", .ascending, "m-3", nil),    // the wrong way: not a confusion of intervals
        ("M3", .ascending, "what", nil),   // unreadable
        ("A4", .ascending, "d5", "d5"),
    ])
    func naming(interval: String, direction: QuizDirection, answer: String, amounts: String?) {
        let entry = Self.entry(Self.naming("C4", interval, direction), answer)
        #expect(entry.answeredInterval == amounts)
        #expect(entry.isConfusion == (amounts != nil))
        #expect(entry.item == "name-interval/\(interval)/\(direction)")
    }

    @Test("what a built note amounts to, with or without an octave", arguments: [
        ("C4", "M3", QuizDirection.ascending, "Eb4", "m3" as String?),
        ("C4", "M3", .ascending, "Eb", "m3"),
        ("C4", "M3", .ascending, "E5", "M10"),
        ("C4", "M3", .descending, "A3", "m3"),
        ("C4", "M3", .descending, "A", "m3"),
        ("C4", "M3", .descending, "E4", nil),   // above, when below was asked
        ("B3", "m2", .ascending, "C#", "M2"),
        ("C4", "M10", .ascending, "Eb", "m10"),  // no octave: as many octaves out as the item's interval
        ("C4", "M3", .ascending, "E4", "M3"),   // right: no confusion
    ])
    func building(root: String, interval: String, direction: QuizDirection, answer: String, amounts: String?) {
        let entry = Self.entry(Self.building(root, interval, direction), answer)
        #expect(entry.answeredInterval == amounts)
        #expect(entry.isConfusion == (amounts != nil && amounts != interval))
    }

    @Test("an entry keeps the answer's verdict, rating, time, seed and number; response time is clamped to a day")
    func fromRecord() throws {
        let question = Self.naming("C4", "P5", .ascending)
        let right = Self.entry(question, "P5", seconds: 2.5)
        #expect(right.correct && right.rating == .easy && right.responseMilliseconds == 2500)
        #expect(right.given == "P5" && right.expected == "P5" && right.reading == "P5")
        #expect(right.quizSeed == 99 && right.questionNumber == 2 && right.answeredAt == Self.time && right.kind == .nameInterval)
        #expect(Self.entry(question, "P5", seconds: 8).rating == .good)
        #expect(Self.entry(question, "P5", seconds: 30).rating == .hard)
        let wrong = Self.entry(question, "P4", seconds: 1e9)
        #expect(!wrong.correct && wrong.rating == .again && wrong.responseMilliseconds == PracticeEntry.maximumResponseMilliseconds)
        try right.validate()
        try wrong.validate()
    }

    @Test("validation refuses entries the log would refuse")
    func validation() {
        let good = Self.entry(Self.naming("C4", "P5", .ascending), "P5")
        var cases: [PracticeEntry] = []
        var entry = good; entry.item = "name-interval/P5"; cases.append(entry)
        entry = good; entry.item = "name-interval/p5/ascending"; cases.append(entry)
        entry = good; entry.kind = .earInterval; cases.append(entry)
        entry = good; entry.rating = .again; cases.append(entry)
        entry = good; entry.correct = false; cases.append(entry)
        entry = good; entry.responseMilliseconds = -1; cases.append(entry)
        entry = good; entry.questionNumber = 0; cases.append(entry)
        entry = good; entry.answeredInterval = ""; cases.append(entry)
        for bad in cases {
            #expect(throws: QuizError.self, "\(bad)") { try bad.validate() }
        }
    }

    @Test("item keys read back, and malformed keys are refused", arguments: [
        "name-interval/M3/ascending", "fretboard-interval/find/P5/descending", "ear-interval/m10/harmonic", "build-interval/AA4/ascending",
    ])
    func keys(key: String) throws {
        #expect(try PracticeItem(key: key).key == key)
    }

    @Test("malformed item keys are refused", arguments: [
        "", "name-interval", "name-interval/M3", "name-interval/M-3/ascending", "name-interval/maj3/ascending",
        "fretboard-interval/M3/ascending", "fretboard-interval/play/M3/ascending", "name-interval/M3/sideways", "guess/M3/ascending",
    ])
    func badKeys(key: String) {
        #expect(throws: QuizError.self) { try PracticeItem(key: key) }
    }
}
