import ArgumentParser
import Foundation
import Quiz

/// `tonmeister quiz grade QUIZ ANSWERS.json`: grades a batch of answers.
struct QuizGradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade a file of answers against a quiz (the JSON of `tonmeister quiz --json`, or a spec with a seed).",
        discussion: """
            ANSWERS is a JSON array of answers in question order (strings, or null for a skipped question), or \
            {"answers": [...]} whose items may be objects {"number", "answer", "seconds"}.
            """)

    @Argument(help: "The quiz: its JSON, or a spec with a seed.")
    var quiz: String

    @Argument(help: "The answers (JSON).")
    var answers: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Append the answered questions to the practice log (also implied by --log).")
    var record = false

    @OptionGroup(title: "Practice log") var logOptions: PracticeLogOptions

    func run() throws {
        let quiz = try BatchGrading.quiz(json: try Self.read(self.quiz, what: "quiz"))
        let answers = try BatchGrading.answers(json: try Self.read(self.answers, what: "answers"))
        let result = try BatchGrading.grade(quiz, answers: answers)
        if record || logOptions.log != nil { try logOptions.record(result, seed: quiz.seed) }
        if json {
            print(result.json)
            return
        }
        for record in result.records {
            let mark = record.grade.correct ? "right" : "wrong"
            var line = "\(record.number). \(mark): \(record.grade.given.isEmpty ? "(nothing)" : record.grade.given)"
            if !record.grade.correct { line += " — the answer is \(record.grade.expected)" }
            if let remark = record.grade.remark { line += " (\(remark))" }
            print(line)
        }
        print("")
        print(result.summary[0])
    }

    static func read(_ path: String, what: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError.badInput("cannot read the \(what) file \(path)") }
        return data
    }
}
