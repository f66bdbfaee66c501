import Fretboard
import ScoreLayout
import Testing
import TheoryCore
@testable import Quiz

/// A quiz for worksheet tests.
func worksheetQuiz(_ kinds: [QuizKind], count: Int, seed: UInt64, choices: Int = 0, level: Int = 3,
                   tuning: String = "guitar-standard", frets: ClosedRange<Int> = 0...12) throws -> Quiz {
    var spec = try QuizSpec(level: level, kinds: kinds)
    spec.count = count
    spec.choices = choices
    spec.tuning = tuning
    spec.frets = frets
    return try QuizGenerator(spec: spec).quiz(seed: seed)
}

/// A text overlay read back: the string, its anchor, size and style.
struct PlacedText {
    let text: String, x: Double, y: Double, size: Double, style: OverlayTextStyle

    /// The box the text covers, from the metrics the layout uses (cap height above the baseline, descent below).
    var box: (left: Double, right: Double, top: Double, bottom: Double) {
        let width = WorksheetFont.width(text, size: size, bold: style.weight == .bold)
        let left = style.alignment == .left ? x : style.alignment == .center ? x - width / 2 : x - width
        return (left, left + width, y - 0.76 * size, y + 0.24 * size)
    }

    static func all(_ overlays: [Overlay]) -> [PlacedText] {
        overlays.compactMap { overlay in
            guard case .text(let text, let at, let size) = overlay.shape else { return nil }
            return PlacedText(text: text, x: at.x, y: at.y, size: size, style: overlay.textStyle)
        }
    }
}

/// The texts of a page joined by spaces, in drawing order.
func pageText(_ overlays: [Overlay]) -> String { PlacedText.all(overlays).map(\.text).joined(separator: " ") }

@Suite("Worksheet layout")
struct WorksheetLayoutTests {
    let mixed: Quiz

    init() throws {
        mixed = try worksheetQuiz([.nameInterval, .buildInterval, .fretboardInterval, .earInterval], count: 24, seed: 11)
    }

    @Test func sameQuizGivesTheSameLayout() throws {
        let again = try worksheetQuiz([.nameInterval, .buildInterval, .fretboardInterval, .earInterval], count: 24, seed: 11)
        #expect(try Worksheet(quiz: mixed).layout() == Worksheet(quiz: again).layout())
        #expect(try Worksheet(quiz: mixed).layout(paper: .letter) != Worksheet(quiz: mixed).layout(paper: .a4))
    }

    @Test func questionsComeFirstAndTheKeyStartsOnItsOwnPage() throws {
        let layout = try Worksheet(quiz: mixed).layout()
        #expect(layout.pages.count >= 3, "24 questions with necks take more than one page, and the key one more")
        #expect(layout.answerKeyPage > 1 && layout.answerKeyPage <= layout.pages.count)
        let questionText = layout.pages[..<(layout.answerKeyPage - 1)].map(pageText).joined(separator: " ")
        let keyText = layout.pages[(layout.answerKeyPage - 1)...].map(pageText).joined(separator: " ")
        #expect(questionText.hasPrefix("Interval quiz 24 questions · seed 11 · level 3 Name Date"))
        #expect(!questionText.contains("Answer key"))
        #expect(keyText.hasPrefix("Answer key"))
        for (index, question) in mixed.questions.enumerated() {
            #expect(questionText.contains("\(index + 1). \(question.prompt)"), "question \(index + 1) on the question pages")
            #expect(keyText.contains("\(index + 1). \(Worksheet.keyAnswer(question))"), "answer \(index + 1) in the key")
        }
        let footers = layout.pages.map { PlacedText.all($0).last!.text }
        #expect(footers.first == "Interval quiz · page 1 of \(layout.pages.count)")
        #expect(footers.last == "Interval quiz · answer key · page \(layout.pages.count) of \(layout.pages.count)")
    }

    @Test(arguments: [WorksheetPaper.a4, .letter])
    func nothingOverlapsOrLeavesTheMargins(paper: WorksheetPaper) throws {
        let quizzes = [mixed, try worksheetQuiz([.buildInterval, .nameInterval, .fretboardInterval], count: 30, seed: 4, choices: 5),
                       try worksheetQuiz([.fretboardInterval], count: 8, seed: 2, tuning: "guitar-8-standard", frets: 0...22)]
        for quiz in quizzes {
            let layout = try Worksheet(quiz: quiz, title: "A long title for a worksheet that a teacher wrote for the Tuesday group, week 3")
                .layout(paper: paper)
            let m = WorksheetComposer.margin
            for (number, page) in layout.pages.enumerated() {
                let texts = PlacedText.all(page)
                for text in texts {
                    let box = text.box
                    #expect(box.left >= m.left - 0.01 && box.right <= paper.width - m.right + 0.01,
                            "page \(number + 1): '\(text.text)' runs into the side margins (\(box.left)–\(box.right))")
                }
                for text in texts.dropLast() {
                    #expect(text.y >= m.top && text.y <= paper.height - m.bottom, "page \(number + 1): '\(text.text)' at y \(text.y)")
                }
                for i in texts.indices {
                    for j in texts.indices where j > i {
                        let a = texts[i].box, b = texts[j].box
                        let overlap = a.left < b.right - 0.1 && b.left < a.right - 0.1 && a.top < b.bottom - 0.1 && b.top < a.bottom - 0.1
                        #expect(!overlap, "page \(number + 1): '\(texts[i].text)' overlaps '\(texts[j].text)'")
                    }
                }
            }
        }
    }

    @Test func manyQuestionsFlowOverPagesInOrder() throws {
        let quiz = try worksheetQuiz([.nameInterval], count: 120, seed: 3)
        let layout = try Worksheet(quiz: quiz).layout()
        #expect(layout.answerKeyPage >= 3)
        let numbers = layout.pages[..<(layout.answerKeyPage - 1)].flatMap(PlacedText.all)
            .filter { $0.style.weight == .bold && $0.text.hasSuffix(".") }.map(\.text)
        #expect(numbers == (1...120).map { "\($0)." }, "every question once, in order")
        let widest = PlacedText.all(layout.pages[1]).first { $0.text == "100." }
        #expect(widest == nil || widest!.box.left >= WorksheetComposer.margin.left)
    }

    @Test func fretboardQuestionsShowTheNeckWithTheRootAndTheCellToName() throws {
        let quiz = try worksheetQuiz([.fretboardInterval], count: 12, seed: 8)
        let sheet = try Worksheet(quiz: quiz)
        let find = try #require(quiz.questions.firstIndex { $0.task == .find })
        let name = try #require(quiz.questions.firstIndex { $0.task == .name })
        #expect(Worksheet.questionMarks(quiz.questions[find]).map(\.style) == [.root])
        #expect(Worksheet.questionMarks(quiz.questions[name]).map(\.style) == [.root, .target])
        #expect(Worksheet.questionMarks(quiz.questions[name])[1].text == "?", "the second cell is not named")
        let rootNote = quiz.questions[find].notes[0].pitchClass.description
        #expect(Worksheet.questionMarks(quiz.questions[find])[0].text == rootNote)
        let layout = sheet.layout()
        let questionPages = layout.pages[..<(layout.answerKeyPage - 1)].flatMap { $0 }
        let filled = questionPages.filter { if case .circle = $0.shape { $0.fill == WorksheetCanvas.Ink.text } else { false } }
        #expect(filled.count == 12, "one filled root circle per question")
        #expect(questionPages.contains { if case .text("?", _, _) = $0.shape { true } else { false } })
        let strings = PlacedText.all(questionPages).filter { $0.text == "E2" }
        #expect(strings.count == 12, "each neck labels its strings")
    }

    @Test func theKeyMarksEveryAnswerCellOfFindQuestions() throws {
        let quiz = try worksheetQuiz([.fretboardInterval], count: 10, seed: 21)
        let layout = try Worksheet(quiz: quiz).layout()
        let key = layout.pages[(layout.answerKeyPage - 1)...].flatMap { $0 }
        let answerCircles = key.filter { if case .circle = $0.shape { $0.lineWidth == 1.6 } else { false } }
        let expected = quiz.questions.filter { $0.task == .find }.map { question -> Int in
            guard case .cells(let cells) = question.answer else { return 0 }
            return cells.filter { $0 != question.cells[0].cell }.count
        }.reduce(0, +)
        #expect(expected > 0)
        #expect(answerCircles.count == expected)
        for question in quiz.questions where question.task == .find {
            let marks = Worksheet.keyMarks(question)
            #expect(marks.first?.style == .root)
            let note = question.notes[0].transposed(by: question.interval)
            #expect(marks.dropFirst().allSatisfy { $0.text == note.pitchClass.description })
            #expect(Worksheet.keyAnswer(question).hasPrefix("\(note) at "))
        }
    }

    @Test func multipleChoiceHasABoxPerOptionAndTheKeyGivesTheLetter() throws {
        let quiz = try worksheetQuiz([.nameInterval, .buildInterval], count: 6, seed: 5, choices: 4)
        let layout = try Worksheet(quiz: quiz).layout()
        let boxes = layout.pages[0].filter { if case .rectangle(_, 9, 9) = $0.shape { true } else { false } }
        #expect(boxes.count == 24)
        for question in quiz.questions {
            let letter = Grader.optionLetters[question.choices.firstIndex(of: question.answer.description)!]
            #expect(Worksheet.keyAnswer(question).hasPrefix("\(letter)) \(question.answer)"))
        }
        #expect(!pageText(layout.pages[0]).contains("Answer:"), "no blanks on a multiple-choice sheet")
    }

    @Test func earQuestionsNameTheirAudioFiles() throws {
        let quiz = try worksheetQuiz([.earInterval], count: 3, seed: 1)
        let sheet = try Worksheet(quiz: quiz, audio: [0: ["q01.wav", "q01.mid"], 2: ["q03.wav"]])
        let text = pageText(sheet.layout().pages[0])
        #expect(text.contains("Audio: q01.wav, q01.mid"))
        #expect(text.contains("Audio: q03.wav"))
        #expect(text.components(separatedBy: "Audio:").count == 3)
        let answer = Worksheet.keyAnswer(quiz.questions[0])
        #expect(answer.contains("\(quiz.questions[0].notes[0])"), "the key names the notes played: \(answer)")
    }

    @Test func titlesAreCheckedAndTuningsResolved() throws {
        #expect(throws: QuizError.invalidDocument(what: "worksheet title", reason: "it is empty")) {
            try Worksheet(quiz: mixed, title: " \n ")
        }
        #expect(try Worksheet(quiz: mixed, title: "Week 3\nthirds").title == "Week 3 thirds")
        var spec = mixed.spec
        spec.tuning = "no-such-tuning"
        #expect(throws: QuizError.self) { try Worksheet(quiz: Quiz(seed: 1, spec: spec, questions: mixed.questions)) }
        let written = Quiz(seed: 1, spec: spec, questions: mixed.questions.filter { $0.kind != .fretboardInterval })
        #expect(try Worksheet(quiz: written).neck == nil, "a sheet without fretboard questions needs no tuning")
    }

    @Test func textIsMeasuredWithDejaVuSansWidths() {
        #expect(WorksheetFont.width("M", size: 10) == 1767.0 / 2048 * 10)
        #expect(WorksheetFont.width("M", size: 10, bold: true) > WorksheetFont.width("M", size: 10))
        #expect(WorksheetFont.width("𝄪", size: 10) == 10, "unknown characters count a full em")
        let lines = WorksheetFont.wrap("On guitar-standard (frets 0–12), the root Bb4 is at string 6, fret 6.", width: 120, size: 10)
        #expect(lines.count > 1 && lines.allSatisfy { WorksheetFont.width($0, size: 10) <= 120 })
        #expect(lines.joined(separator: " ") == "On guitar-standard (frets 0–12), the root Bb4 is at string 6, fret 6.")
        #expect(WorksheetFont.wrap("abcdefghijklmnop", width: 30, size: 10).allSatisfy { WorksheetFont.width($0, size: 10) <= 30 })
        #expect(WorksheetFont.truncated("A very long title indeed", width: 60, size: 10).hasSuffix("…"))
    }
}
