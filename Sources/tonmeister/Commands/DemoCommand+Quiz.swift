import Foundation
import Quiz
import ScoreDocument

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
        let audio = try quiz.audio()
        for file in audio.values.joined() {
            try writeBytes(Data(file.bytes), to: directory.appendingPathComponent(file.name).path)
        }
        let json = directory.appendingPathComponent("quiz.json").path
        try writeText(quiz.json(audio: audio.mapValues { $0.map(\.name) }, pretty: true) + "\n", to: json)
        let names = audio.keys.sorted().flatMap { audio[$0]!.map(\.name) }
        lines.append("   wrote the ear questions' audio (\(spec.timbre), A4 = \(Int(spec.a4)) Hz, 44.1 kHz 16-bit WAV and MIDI): "
                     + names.joined(separator: " "))
        let sheet = try Worksheet(quiz: quiz, audio: audio.mapValues { $0.map(\.name) })
        let layout = sheet.layout(paper: .a4)
        try BlankPDF.write(pages: layout.pages, size: .a4, title: sheet.title, to: directory.appendingPathComponent("worksheet.pdf").path)
        try writeText(sheet.markdown(), to: directory.appendingPathComponent("worksheet.md").path)
        lines.append("   wrote \(outputDirectory)/quiz/worksheet.pdf (\(layout.pages.count) A4 pages, neck diagrams, answer key "
                     + "from page \(layout.answerKeyPage)) and worksheet.md")
        lines.append("   wrote \(outputDirectory)/quiz/quiz.json (grade answers with: tonmeister quiz grade \(outputDirectory)/quiz/quiz.json ANSWERS.json)")
        return lines
    }
}
