import Foundation
import Quiz

extension DemoCommand {
    /// A short seeded quiz from `Examples/quiz-spec.json`: its questions and answers, written as JSON.
    func quizLines() throws -> [String] {
        guard let scores = BundledScores.directory() else { return ["   (the Scores folder was not found)"] }
        let path = scores.deletingLastPathComponent().appendingPathComponent("Examples/quiz-spec.json").path
        guard let data = FileManager.default.contents(atPath: path) else { return ["   (Examples/quiz-spec.json was not found)"] }
        let (spec, seed) = try QuizSpec.read(json: data)
        let quiz = try QuizGenerator(spec: spec).quiz(seed: seed ?? 2026)
        var lines = ["12. A seeded interval quiz (Examples/quiz-spec.json: level \(spec.level ?? 0), \(quiz.questions.count) questions "
                     + "of \(Set(spec.kinds).count) kinds, seed \(quiz.seed)); the same seed gives the same quiz everywhere"]
        for (index, question) in quiz.questions.enumerated() {
            var line = "   \(index + 1). \(question.prompt)"
            if question.kind == .earInterval { line += " (plays \(question.notes.map(\.description).joined(separator: " and ")))" }
            if !question.choices.isEmpty { line += " [" + question.choices.joined(separator: " / ") + "]" }
            lines.append(line + " → \(question.answer)")
        }
        let directory = URL(fileURLWithPath: outputDirectory).appendingPathComponent("quiz")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("quiz.json").path
        try writeText(quiz.json(pretty: true) + "\n", to: json)
        lines.append("   wrote \(outputDirectory)/quiz/quiz.json (grade answers with: tonmeister quiz grade \(outputDirectory)/quiz/quiz.json ANSWERS.json)")
        return lines
    }
}
