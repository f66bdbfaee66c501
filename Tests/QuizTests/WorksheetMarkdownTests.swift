import Foundation
import Fretboard
import Testing
import TheoryCore
@testable import Quiz

@Suite("Worksheet Markdown")
struct WorksheetMarkdownTests {
    @Test func questionsThenAPageBreakThenTheKey() throws {
        let quiz = try worksheetQuiz([.nameInterval, .buildInterval, .fretboardInterval], count: 9, seed: 6)
        let markdown = try Worksheet(quiz: quiz).markdown()
        #expect(markdown.hasPrefix("# Interval quiz\n\n9 questions · seed 6 · level 3\n\nName: "))
        let parts = markdown.components(separatedBy: Worksheet.markdownPageBreak + "\n\n## Answer key\n")
        #expect(parts.count == 2, "one page break, right before the key")
        for (index, question) in quiz.questions.enumerated() {
            #expect(parts[0].contains("\n\(index + 1). \(question.prompt)\n"))
            #expect(parts[1].contains("\n\(index + 1). \(Worksheet.keyAnswer(question))\n"))
        }
        #expect(markdown == (try Worksheet(quiz: quiz).markdown()), "deterministic")
        #expect(markdown.hasSuffix("\n") && !markdown.hasSuffix("\n\n"))
    }

    @Test func necksAreASCIIBlocksInsideTheListItems() throws {
        let quiz = try worksheetQuiz([.fretboardInterval], count: 6, seed: 8)
        let markdown = try Worksheet(quiz: quiz).markdown()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let fences = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") }
        let finds = quiz.questions.filter { $0.task == .find }.count
        #expect(fences.count == 2 * (quiz.questions.count + finds), "a neck per question and per find answer")
        #expect(fences.allSatisfy { $0.hasPrefix("   ```") }, "indented under the list marker")
        let name = try #require(quiz.questions.firstIndex { $0.task == .name })
        let neck = try Neck(Tuning.named("guitar-standard"))
        let marks = Dictionary(uniqueKeysWithValues: Worksheet.questionMarks(quiz.questions[name]).map { ($0.cell, $0.text) })
        let ascii = NeckDiagram.ascii(marks: marks, on: neck, frets: 0...12)
        #expect(ascii.contains("?"))
        let indented = ascii.split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")
        #expect(markdown.contains(indented))
    }

    @Test func optionsAudioAndEscaping() throws {
        let quiz = try worksheetQuiz([.earInterval], count: 2, seed: 3, choices: 3)
        let markdown = try Worksheet(quiz: quiz, title: "Ear *training* [week 2]", audio: [1: ["q 2.wav", "q2.mid"]]).markdown()
        #expect(markdown.hasPrefix("# Ear \\*training\\* \\[week 2\\]\n"))
        #expect(markdown.contains("   Audio: [q 2.wav](<q 2.wav>), [q2.mid](q2.mid)\n"))
        #expect(markdown.contains("   - [ ] a) "))
        #expect(!markdown.contains("Answer: ____"), "multiple choice has no blanks")
    }

    @Test func asciiMarksMatchThePatternDiagram() throws {
        let neck = try Neck(Tuning.named("guitar-standard"))
        let pattern = FretPattern.scale(try Scale("C major"), on: neck, frets: 0...5)
        let diagram = NeckDiagram(pattern, on: neck)
        let marks = Dictionary(pattern.cells.map { ($0.cell, $0.degree) }, uniquingKeysWith: { a, _ in a })
        #expect(NeckDiagram.ascii(marks: marks, on: neck, frets: 0...5) == diagram.ascii())
    }
}
