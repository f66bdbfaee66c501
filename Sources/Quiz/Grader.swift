import Fretboard
import TheoryCore

/// Grades answers against questions: accepts the common ways to write an answer and stays strict about spelling.
///
/// Written questions (naming, building) want the spelling asked for: A4 is not d5 and F## is not G, unless the
/// spec allows enharmonic equivalence. Ear and fretboard questions accept any interval of the same size
/// (their notes are heard or placed, not written). A multiple-choice answer may be the option's letter (a, b, …).
public enum Grader {
    /// The option letters of multiple-choice questions.
    public static let optionLetters: [Character] = ["a", "b", "c", "d", "e", "f", "g", "h"]

    /// Grades one answer.
    public static func grade(_ question: Question, answer text: String) -> Grade {
        var given = text
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !question.choices.isEmpty, trimmed.count == 1, let letter = trimmed.lowercased().first,
           let index = optionLetters.firstIndex(of: letter), index < question.choices.count {
            given = question.choices[index]
        }
        switch question.answer {
        case .interval(let expected): return gradeInterval(question, expected, given, typed: text)
        case .pitch(let expected): return gradePitch(question, expected, given, typed: text)
        case .cells(let expected): return gradeCells(question, expected, given, typed: text)
        }
    }

    private static func gradeInterval(_ q: Question, _ expected: Interval, _ text: String, typed: String) -> Grade {
        let expectedText = expected.name
        let given: Interval
        do { given = try AnswerReader.interval(text) } catch {
            return Grade(correct: false, expected: expectedText, given: typed, reading: nil, remark: error.description)
        }
        let reading = given.directedName
        func verdict(_ correct: Bool, _ remark: String? = nil) -> Grade {
            Grade(correct: correct, expected: expectedText, given: typed, reading: reading, remark: remark)
        }
        if given.direction == .descending && q.direction == .ascending {
            return verdict(false, "the interval goes up, not down")
        }
        let up = given.ascending
        if up == expected { return verdict(true) }
        if up.semitones == expected.semitones {
            return q.acceptsEnharmonic
                ? verdict(true, "\(up.name) sounds the same as \(expected.name)")
                : verdict(false, "\(up.name) sounds the same but is spelled differently from \(expected.name)")
        }
        if up.simple == expected.simple { return verdict(false, "the right interval but not the right number of octaves") }
        if up.number == expected.number { return verdict(false, "the right number but not the right quality") }
        return verdict(false)
    }

    private static func gradePitch(_ q: Question, _ expected: Pitch, _ text: String, typed: String) -> Grade {
        let read: (pitch: Pitch, hasOctave: Bool)
        do { read = try AnswerReader.pitch(text) } catch {
            return Grade(correct: false, expected: expected.description, given: typed, reading: nil, remark: error.description)
        }
        let reading = read.hasOctave ? read.pitch.description : read.pitch.pitchClass.description
        func verdict(_ correct: Bool, _ remark: String? = nil) -> Grade {
            Grade(correct: correct, expected: expected.description, given: typed, reading: reading, remark: remark)
        }
        let sameSpelling = read.pitch.pitchClass == expected.pitchClass
        let sameOctave = !read.hasOctave || read.pitch.octave == expected.octave
        let sameSound = read.hasOctave ? read.pitch.midi == expected.midi
                                       : (read.pitch.midi - expected.midi) % 12 == 0
        if sameSpelling && sameOctave { return verdict(true) }
        if sameSpelling { return verdict(false, "the right note in the wrong octave") }
        if sameSound {
            return q.acceptsEnharmonic
                ? verdict(true, "\(reading) sounds the same as \(expected)")
                : verdict(false, "\(reading) sounds the same but is spelled differently from \(expected)")
        }
        return verdict(false)
    }

    private static func gradeCells(_ q: Question, _ expected: [FretCell], _ text: String, typed: String) -> Grade {
        let expectedText = expected.map(\.description).joined(separator: " ")
        let given: [FretCell]
        do { given = try AnswerReader.cells(text) } catch {
            return Grade(correct: false, expected: expectedText, given: typed, reading: nil, remark: error.description)
        }
        let reading = given.sorted().map(\.description).joined(separator: " ")
        let missing = Set(expected).subtracting(given).sorted(), extra = Set(given).subtracting(expected).sorted()
        if missing.isEmpty && extra.isEmpty {
            return Grade(correct: true, expected: expectedText, given: typed, reading: reading)
        }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing \(missing.map(\.description).joined(separator: " "))") }
        if !extra.isEmpty { parts.append("not there: \(extra.map(\.description).joined(separator: " "))") }
        return Grade(correct: false, expected: expectedText, given: typed, reading: reading, remark: parts.joined(separator: "; "))
    }
}
