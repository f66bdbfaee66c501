/// Asks a quiz question by question through text input and output, grading and timing each answer.
///
/// The caller supplies the lines in and out and a clock, so the same loop serves a terminal, a test, or a
/// pseudo-terminal. An empty line or end of input stops the quiz early; the questions asked so far count.
public struct InteractiveQuiz {
    public let questions: [Question]
    /// Called after each answer (e.g. to append it to the practice log).
    public var onAnswer: (AnswerRecord) throws -> Void = { _ in }
    /// Extra lines shown with a question, by index (e.g. where its audio is).
    public var remarks: [Int: [String]] = [:]

    public init(questions: [Question]) { self.questions = questions }

    /// Runs the quiz: `read` returns the next line (nil at the end of input), `write` prints one, `now` is seconds.
    public func run(read: () -> String?, write: (String) -> Void, now: () -> Double) throws -> QuizResult {
        var records: [AnswerRecord] = []
        for (index, question) in questions.enumerated() {
            write("")
            write("Question \(index + 1)/\(questions.count): \(question.prompt)")
            if !question.choices.isEmpty {
                let options = zip(Grader.optionLetters, question.choices).map { "\($0)) \($1)" }
                write("  " + options.joined(separator: "   "))
            }
            for line in remarks[index] ?? [] { write(line) }
            write(Self.hint(question))
            let start = now()
            guard let line = read(), !line.allSatisfy(\.isWhitespace) else { break }
            let seconds = max(0, now() - start)
            let grade = Grader.grade(question, answer: line)
            let record = AnswerRecord(number: index + 1, question: question, grade: grade, seconds: seconds)
            records.append(record)
            try onAnswer(record)
            write(Self.verdict(grade, seconds: seconds))
        }
        let result = QuizResult(records: records, total: questions.count)
        write("")
        for line in result.summary { write(line) }
        return result
    }

    /// The answer prompt: what kind of answer is expected.
    private static func hint(_ question: Question) -> String {
        if !question.choices.isEmpty { return "> Your answer (a letter or the option):" }
        switch question.answer {
        case .interval: return "> Your answer (e.g. M3, maj3, major third, +4, b5):"
        case .pitch: return "> Your answer (a note such as F#4):"
        case .cells: return "> Your answer (string/fret cells such as 6/7 5/2):"
        }
    }

    private static func verdict(_ grade: Grade, seconds: Double) -> String {
        let time = " (\(QuizResult.format(seconds)) s)"
        if grade.correct { return "Right" + (grade.remark.map { ": \($0)" } ?? "") + time }
        var line = "Wrong: the answer is \(grade.expected)"
        if let reading = grade.reading { line += "; you wrote \(reading)" }
        if let remark = grade.remark { line += " (\(remark))" }
        return line + time
    }
}
