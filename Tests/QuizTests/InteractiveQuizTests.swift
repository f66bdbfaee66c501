import Quiz
import Testing

/// The question-by-question loop, driven by scripted lines and a fake clock.
@Suite("Interactive quiz loop")
struct InteractiveQuizTests {
    @Test("asks every question, times each answer, and ends with the score and the items missed")
    func run() throws {
        var spec = try QuizSpec(level: 1)
        spec.count = 3
        let quiz = try QuizGenerator(spec: spec).quiz(seed: 42)
        var answers = [quiz.questions[0].answer.description, "m2", "perfect octave"]
        var output: [String] = []
        var time = 0.0
        var logged: [AnswerRecord] = []
        var loop = InteractiveQuiz(questions: quiz.questions)
        loop.onAnswer = { logged.append($0) }
        let result = try loop.run(read: { time += 2.5; return answers.isEmpty ? nil : answers.removeFirst() },
                                  write: { output.append($0) }, now: { time })
        #expect(result.records.count == 3)
        #expect(logged.map(\.number) == [1, 2, 3])
        #expect(result.records.allSatisfy { $0.seconds == 2.5 })
        #expect(result.records[0].grade.correct && !result.records[1].grade.correct)
        #expect(output.contains("Question 1/3: \(quiz.questions[0].prompt)"))
        #expect(output.contains { $0.hasPrefix("Score: \(result.score)/3") })
        #expect(output.contains("Missed:"))
        #expect(result.records[0].rating == 4)
    }

    @Test("end of input stops early and counts the rest as not answered")
    func early() throws {
        let quiz = try QuizGenerator(spec: try QuizSpec(level: 1)).quiz(seed: 1)
        var output: [String] = []
        let result = try InteractiveQuiz(questions: quiz.questions).run(read: { nil }, write: { output.append($0) }, now: { 0 })
        #expect(result.records.isEmpty)
        #expect(output.last == "Score: 0/10 (0%) in 0.0 s; 10 not answered")
    }
}
