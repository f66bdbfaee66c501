import Fretboard
import TheoryCore

/// The wording shared by the PDF and Markdown worksheets.
extension Worksheet {
    /// "12 questions · seed 42 · level 3".
    package var subtitle: String {
        let count = quiz.questions.count
        var parts = ["\(count) question\(count == 1 ? "" : "s")", "seed \(quiz.seed)"]
        if let level = quiz.spec.level { parts.append("level \(level)") }
        return parts.joined(separator: " · ")
    }

    /// How to answer, for the kinds of question on the sheet.
    package var instructions: String {
        let questions = quiz.questions
        var sentences: [String] = []
        let freeIntervals = questions.contains { question in
            guard question.choices.isEmpty, case .interval = question.answer else { return false }
            return true
        }
        if freeIntervals { sentences.append("Write intervals as short names: M3, m6, P5, A4, d5.") }
        if questions.contains(where: { $0.choices.isEmpty && $0.kind == .buildInterval }) {
            sentences.append("Write notes with their octave: F#4, Bb3.")
        }
        if questions.contains(where: { !$0.choices.isEmpty }) { sentences.append("Tick one box for each multiple-choice question.") }
        if questions.contains(where: { $0.task == .find }) { sentences.append("Fretboard: mark every cell asked for on the neck.") }
        if questions.contains(where: { $0.kind == .fretboardInterval }) {
            sentences.append("Strings are numbered from the thumb side; string 1 is drawn at the bottom.")
        }
        return sentences.joined(separator: " ")
    }

    /// The audio files of question `index`, as "Audio: a.wav, b.mid", or nil.
    package func audioLine(_ index: Int) -> String? {
        guard let files = audio[index], !files.isEmpty else { return nil }
        return "Audio: " + files.joined(separator: ", ")
    }

    /// The options of a multiple-choice question as "a) M3".
    package static func options(_ question: Question) -> [String] {
        zip(Grader.optionLetters, question.choices).map { "\($0)) \($1)" }
    }

    /// The answer as the key writes it: "b) M3 (major third)", "F#4", "D3 at 1/10 2/5 (string/fret)"; ear and fretboard
    /// naming questions add the two notes ("C4 → E4", "C4 + E4" when harmonic).
    package static func keyAnswer(_ question: Question) -> String {
        var text: String
        switch question.answer {
        case .interval(let interval): text = "\(interval.ascending.name) (\(interval.ascending.longName))"
        case .pitch(let pitch): text = pitch.description
        case .cells(let cells):
            let note = question.notes.first.map { "\($0.transposed(by: question.interval)) at " } ?? ""
            text = note + cells.map(\.description).joined(separator: " ") + " (string/fret)"
        }
        if let index = question.choices.firstIndex(of: question.answer.description) {
            text = "\(Grader.optionLetters[index])) " + text
        }
        if question.kind == .earInterval || question.task == .name, let first = question.notes.first {
            let second = question.notes.count > 1 ? question.notes[1] : first.transposed(by: question.interval)
            text += " · \(first) \(question.direction == .harmonic ? "+" : "→") \(second)"
        }
        return text
    }

    /// The cells marked on a fretboard question's neck: the root with its note, and the cell to name as `?`.
    package static func questionMarks(_ question: Question) -> [WorksheetNeck.Mark] {
        question.cells.enumerated().map { index, cell in
            index == 0 || cell.note != nil
                ? WorksheetNeck.Mark(cell.cell, cell.note?.pitchClass.description ?? "R", .root)
                : WorksheetNeck.Mark(cell.cell, "?", .target)
        }
    }

    /// The cells marked on the key's neck for a "find" question: the root, and every answer cell with its note.
    package static func keyMarks(_ question: Question) -> [WorksheetNeck.Mark] {
        guard case .cells(let cells) = question.answer, let root = question.cells.first else { return [] }
        let note = question.notes.first.map { $0.transposed(by: question.interval).pitchClass.description } ?? "X"
        return [WorksheetNeck.Mark(root.cell, root.note?.pitchClass.description ?? "R", .root)]
            + cells.filter { $0 != root.cell }.map { WorksheetNeck.Mark($0, note, .answer) }
    }
}
