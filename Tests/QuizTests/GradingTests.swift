import Fretboard
import Quiz
import TheoryCore
import Testing

/// Reading answers the ways students write them, and grading strictly by spelling.
@Suite("Answers and grading")
struct GradingTests {
    static let intervalForms: [(String, String)] = [
        ("M3", "M3"), ("maj3", "M3"), ("Maj3", "M3"), ("major third", "M3"), ("major 3rd", "M3"), ("maj 3", "M3"),
        ("3", "M3"), ("m3", "m3"), ("min3", "m3"), ("minor third", "m3"), ("b3", "m3"), ("min 3rd", "m3"),
        ("+4", "A4"), ("4+", "A4"), ("aug4", "A4"), ("augmented fourth", "A4"), ("#4", "A4"), ("A4", "A4"),
        ("b5", "d5"), ("dim5", "d5"), ("°5", "d5"), ("5°", "d5"), ("diminished fifth", "d5"), ("d5", "d5"),
        ("P5", "P5"), ("perf5", "P5"), ("perfect fifth", "P5"), ("5", "P5"), ("5th", "P5"), ("P8", "P8"), ("octave", "P8"),
        ("bb7", "d7"), ("dd7", "dd7"), ("doubly augmented fourth", "AA4"), ("m10", "m10"), ("minor tenth", "m10"),
        ("b9", "m9"), ("#9", "A9"), ("M-3", "M-3"), ("-M3", "M-3"), ("major third down", "M-3"),
    ]

    @Test(arguments: intervalForms)
    func readsIntervals(text: String, expected: String) throws {
        #expect(try AnswerReader.interval(text).directedName == expected)
    }

    @Test(arguments: ["", "tritone", "M", "major", "P3", "x", "M3 up up", "maj 3 4"])
    func refusesIntervals(text: String) {
        #expect(throws: QuizError.self) { try AnswerReader.interval(text) }
    }

    @Test func readsNotesAndCells() throws {
        #expect(try AnswerReader.pitch("F#4").pitch == Pitch("F#4"))
        #expect(try AnswerReader.pitch(" Eb ").hasOctave == false)
        #expect(try AnswerReader.cells("6/7 5:2, s4f9") == [FretCell(string: 6, fret: 7), FretCell(string: 5, fret: 2), FretCell(string: 4, fret: 9)])
        #expect(throws: QuizError.self) { try AnswerReader.cells("6-7") }
        #expect(throws: QuizError.self) { try AnswerReader.pitch("H4") }
    }

    static func naming(_ from: String, _ to: String, direction: QuizDirection = .ascending, kind: QuizKind = .nameInterval,
                       equivalent: Bool = false) throws -> Question {
        let a = try Pitch(from), b = try Pitch(to)
        let interval = Interval(from: a, to: b)
        return Question(kind: kind, prompt: "?", notes: [a, b], interval: interval, direction: direction,
                        answer: .interval(interval.ascending), acceptsEnharmonic: equivalent || !kind.isWritten)
    }

    @Test("written questions keep A4 and d5 apart unless the spec allows equivalence")
    func enharmonicStrictness() throws {
        let strict = try Self.naming("C4", "F#4")
        #expect(Grader.grade(strict, answer: "A4").correct)
        #expect(Grader.grade(strict, answer: "+4").correct)
        let wrong = Grader.grade(strict, answer: "d5")
        #expect(!wrong.correct)
        #expect(wrong.remark == "d5 sounds the same but is spelled differently from A4")
        #expect(Grader.grade(try Self.naming("C4", "F#4", equivalent: true), answer: "b5").correct)
        // Ear questions cannot hear spelling.
        #expect(Grader.grade(try Self.naming("C4", "F#4", kind: .earInterval), answer: "d5").correct)
    }

    @Test("direction, octave span and quality are each named when wrong")
    func remarks() throws {
        let up = try Self.naming("C4", "E4")
        #expect(Grader.grade(up, answer: "M-3").remark == "the interval goes up, not down")
        #expect(Grader.grade(up, answer: "M10").remark == "the right interval but not the right number of octaves")
        #expect(Grader.grade(up, answer: "m3").remark == "the right number but not the right quality")
        let down = try Self.naming("E4", "C4", direction: .descending)
        #expect(Grader.grade(down, answer: "M3").correct)
        #expect(Grader.grade(down, answer: "M-3").correct)
        #expect(Grader.grade(up, answer: "banana").remark?.contains("cannot read the answer 'banana'") == true)
    }

    @Test("note answers: spelling, octave, and a note without an octave")
    func notes() throws {
        let given = try Pitch("D5"), answer = try Pitch("Bb5")
        let q = Question(kind: .buildInterval, prompt: "?", notes: [given], interval: try Interval("m6"), direction: .ascending,
                         answer: .pitch(answer), acceptsEnharmonic: false)
        #expect(Grader.grade(q, answer: "Bb5").correct)
        #expect(Grader.grade(q, answer: "Bb").correct)
        #expect(Grader.grade(q, answer: "B♭5").correct)
        #expect(Grader.grade(q, answer: "A#5").remark == "A#5 sounds the same but is spelled differently from Bb5")
        #expect(Grader.grade(q, answer: "Bb4").remark == "the right note in the wrong octave")
        #expect(!Grader.grade(q, answer: "B5").correct)
    }

    @Test("cells: all of them, and the missing or extra ones named")
    func cells() throws {
        let q = Question(kind: .fretboardInterval, prompt: "?", notes: [try Pitch("B3")], task: .find, interval: try Interval("P4"),
                         direction: .ascending, answer: .cells([FretCell(string: 5, fret: 5), FretCell(string: 6, fret: 0)]),
                         acceptsEnharmonic: true)
        #expect(Grader.grade(q, answer: "6/0 5/5").correct)
        #expect(Grader.grade(q, answer: "5/5").remark == "missing 6/0")
        #expect(Grader.grade(q, answer: "5/5 6/0 4/9").remark == "not there: 4/9")
    }

    @Test("a multiple-choice answer may be the option's letter")
    func letters() throws {
        var spec = try QuizSpec(level: 2)
        spec.choices = 4
        let q = try QuizGenerator(spec: spec).quiz(seed: 5).questions[0]
        let index = q.choices.firstIndex(of: q.answer.description)!
        #expect(Grader.grade(q, answer: String(Grader.optionLetters[index])).correct)
        #expect(!Grader.grade(q, answer: String(Grader.optionLetters[(index + 1) % 4])).correct)
    }
}
