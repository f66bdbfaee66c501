import Fretboard
import Quiz
import TheoryCore
import Testing

/// Thousands of generated questions checked against TheoryCore and Fretboard, and against the spec's limits.
@Suite("Generated questions obey their spec and have answers TheoryCore agrees with")
struct GenerationPropertyTests {
    static let cases: [(QuizKind, Int)] = QuizKind.allCases.flatMap { kind in QuizLevel.range.map { (kind, $0) } }

    @Test(arguments: cases)
    func questionsAreRight(kind: QuizKind, level: Int) throws {
        var spec = try QuizSpec(level: level, kinds: [kind])
        spec.count = 100
        spec.directions = [.ascending, .descending, .harmonic]
        spec.choices = level % 2 == 0 ? 4 : 0
        let generator = try QuizGenerator(spec: spec)
        let neck = try Neck(try Tuning.named(spec.tuning))
        for seed in UInt64(0)..<5 {
            let quiz = generator.quiz(seed: seed &* 7919 &+ UInt64(level))
            #expect(quiz.questions.count == 100)
            for question in quiz.questions { try check(question, spec, neck) }
        }
    }

    func check(_ q: Question, _ spec: QuizSpec, _ neck: Neck) throws {
        #expect(q.kind == spec.kinds[0])
        let asked = q.interval.ascending
        #expect(spec.intervals.contains(asked), "\(asked) is not in the spec")
        #expect(abs(q.notes[0].accidental) <= spec.rootAccidentals, "\(q.prompt)")
        switch q.answer {
        case .interval(let answer):
            #expect(answer == asked)
            if q.kind == .fretboardInterval {
                // The second cell sounds the root moved by the interval.
                let root = q.cells[0], target = q.cells[1]
                #expect(neck.midi(at: target.cell) - neck.midi(at: root.cell) == q.interval.semitones, "\(q.prompt)")
                #expect(neck.midi(at: root.cell) == q.notes[0].midi)
                #expect(spec.frets.contains(target.cell.fret) && spec.frets.contains(root.cell.fret))
            } else {
                #expect(q.notes.count == 2)
                let between = Interval(from: q.notes[0], to: q.notes[1])
                #expect(between == q.interval, "\(q.notes) is \(between.directedName), not \(q.interval.directedName)")
                for note in q.notes {
                    #expect(abs(note.accidental) <= spec.noteAccidentals)
                    #expect(spec.octaves.contains(note.octave))
                }
                if q.direction == .harmonic { #expect(q.notes[0] <= q.notes[1]) }
            }
        case .pitch(let answer):
            #expect(q.notes.count == 1)
            let expected = q.direction == .descending ? q.notes[0].transposed(downBy: asked) : q.notes[0].transposed(by: asked)
            #expect(answer == expected)
            #expect(abs(answer.accidental) <= spec.noteAccidentals && spec.octaves.contains(answer.octave))
        case .cells(let cells):
            let target = q.direction == .descending ? q.notes[0].transposed(downBy: asked) : q.notes[0].transposed(by: asked)
            let everywhere = neck.cells(in: spec.frets).filter { neck.midi(at: $0) == target.midi }
            #expect(Set(cells) == Set(everywhere), "\(q.prompt)")
            #expect(!cells.isEmpty)
            #expect(neck.midi(at: q.cells[0].cell) == q.notes[0].midi)
        }
        // The answer, as printed, grades right; so does each way of writing an interval answer.
        #expect(Grader.grade(q, answer: q.answer.description).correct, "\(q.prompt) → \(q.answer)")
        if case .interval(let answer) = q.answer {
            #expect(Grader.grade(q, answer: answer.longName).correct)
        }
        if !q.choices.isEmpty {
            #expect(q.choices.count == spec.choices)
            #expect(Set(q.choices).count == q.choices.count, "repeated option in \(q.choices)")
            let right = q.choices.filter { Grader.grade(q, answer: $0).correct }
            #expect(right == [q.answer.description], "\(q.prompt): \(q.choices) has right options \(right)")
        }
    }

    @Test("the same spec and seed give the same quiz; other seeds give other quizzes")
    func reproducible() throws {
        var spec = try QuizSpec(level: 5, kinds: QuizKind.allCases)
        spec.count = 40
        spec.choices = 5
        let a = try QuizGenerator(spec: spec).quiz(seed: 2026), b = try QuizGenerator(spec: spec).quiz(seed: 2026)
        #expect(a.json() == b.json())
        #expect(a.json() != (try QuizGenerator(spec: spec).quiz(seed: 2027)).json())
    }

    @Test("a short quiz does not repeat a question when it can avoid it")
    func noRepeats() throws {
        var spec = try QuizSpec(level: 1)
        spec.count = 20
        for seed in UInt64(0)..<20 {
            let prompts = try QuizGenerator(spec: spec).quiz(seed: seed).questions.map(\.prompt)
            #expect(Set(prompts).count == prompts.count)
        }
    }

    @Test("intervals are drawn about evenly")
    func evenIntervals() throws {
        var spec = try QuizSpec(level: 2)
        spec.count = 500
        let quiz = try QuizGenerator(spec: spec).quiz(seed: 1)
        var counts: [String: Int] = [:]
        for q in quiz.questions { counts[q.interval.ascending.name, default: 0] += 1 }
        #expect(counts.count == spec.intervals.count)
        let expected = 500.0 / Double(spec.intervals.count)
        for (name, n) in counts { #expect(Double(n) > expected * 0.5 && Double(n) < expected * 1.6, "\(name): \(n)") }
    }
}
