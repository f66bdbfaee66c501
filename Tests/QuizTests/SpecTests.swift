import Quiz
import TheoryCore
import Testing

/// Specs: presets, JSON round trips, and clear errors for bad fields.
@Suite("Quiz specs")
struct SpecTests {
    @Test func levelOneIsThirdsAndPerfectIntervalsOnNaturals() throws {
        let spec = try QuizSpec(level: 1)
        #expect(spec.intervals.map(\.name) == ["m3", "M3", "P4", "P5", "P8"])
        #expect(spec.rootAccidentals == 0 && spec.noteAccidentals == 0)
        let quiz = try QuizGenerator(spec: spec).quiz(seed: 9)
        #expect(quiz.questions.allSatisfy { $0.notes.allSatisfy { $0.accidental == 0 } })
    }

    @Test func levelSixHasDoublyAlteredAndCompoundIntervals() throws {
        let names = Set(try QuizSpec(level: 6).intervals.map(\.name))
        #expect(names.isSuperset(of: ["AA4", "dd5", "m9", "A11", "P15", "d2"]))
        #expect(!names.contains("P1") && !names.contains("d1"))
        let five = Set(try QuizSpec(level: 5).intervals.map(\.name))
        #expect(five.contains("M13") && !five.contains("AA4"))
    }

    @Test func jsonRoundTrip() throws {
        var spec = try QuizSpec(level: 4, kinds: [.earInterval, .fretboardInterval])
        spec.choices = 5
        spec.frets = 2...9
        spec.a4 = 442
        let (back, seed) = try QuizSpec.read(json: Array(spec.json.utf8))
        #expect(back == spec)
        #expect(seed == nil)
        let (_, named) = try QuizSpec.read(json: Array(#"{"level":2,"seed":77,"count":3}"#.utf8))
        #expect(named == 77)
    }

    static let badSpecs: [(String, String)] = [
        (#"{"kinds":["name"]}"#, "kinds: 'name' is not a known value"),
        (#"{"levle":2}"#, "levle: unknown key"),
        (#"{"level":9}"#, "level: 9 is outside 1…6"),
        (#"{"count":0}"#, "count: 0 is outside 1…500"),
        (#"{"choices":1}"#, "choices: 1 is neither 0"),
        (#"{"intervals":["M-3"]}"#, "M-3 is descending"),
        (#"{"intervals":["X3"]}"#, "intervals:"),
        (#"{"octaves":[5,3]}"#, "octaves: 5 is above 3"),
        (#"{"rootAccidentals":2,"noteAccidentals":1}"#, "more than noteAccidentals"),
        (#"{"seed":-1}"#, "seed: -1 is negative"),
        (#"{"a4":1000}"#, "a4: 1000.0 Hz is outside"),
        (#"[1]"#, "expected a JSON object"),
        (#"{"count":3"#, "not valid JSON"),
    ]

    @Test(arguments: badSpecs)
    func badSpecsAreNamed(json: String, message: String) {
        do {
            _ = try QuizSpec.read(json: Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("a spec that cannot make a question says why")
    func impossible() throws {
        var spec = try QuizSpec(level: 1)
        spec.intervals = [try Interval("AA4")]
        #expect(throws: QuizError.self) { try QuizGenerator(spec: spec) }
        spec = try QuizSpec(level: 1, kinds: [.fretboardInterval])
        spec.tuning = "no-such-tuning"
        #expect(throws: QuizError.self) { try QuizGenerator(spec: spec) }
    }
}
