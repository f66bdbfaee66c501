import Fretboard
import TheoryCore

/// A printable worksheet of a quiz: the questions first, then the answer key starting on a page of its own.
///
/// ``layout(paper:)`` lays it out as PDF pages of overlays (`BlankPDF` in ScoreDocument draws them with cairo);
/// ``markdown()`` writes it as Markdown. Both show a title, a name and date line, short instructions, and the
/// numbered questions with a blank to answer on or boxes to tick; a fretboard question shows a neck diagram of
/// the quiz's fret range with the root marked (and, when an interval is to be named, the second cell marked `?`);
/// an ear question names its audio files when there are any. The key gives every answer (with its option letter
/// for multiple choice), and for fretboard "find" questions a neck with every answer cell marked.
/// The same quiz gives the same worksheet, overlay for overlay and byte for byte.
public struct Worksheet: Sendable {
    /// The title used when none is given.
    public static let defaultTitle = "Interval quiz"

    /// The quiz written out.
    public let quiz: Quiz
    /// The heading of the first page.
    public let title: String
    /// The audio files of each question, by 0-based question index (as for ``Quiz/json(audio:pretty:)``).
    public let audio: [Int: [String]]
    /// The neck of the fretboard questions, when there are any.
    package let neck: Neck?

    /// A worksheet of `quiz`; throws when its fretboard questions name a tuning or frets the catalogue does not have,
    /// or when `title` is blank.
    public init(quiz: Quiz, title: String? = nil, audio: [Int: [String]] = [:]) throws(QuizError) {
        let words = (title ?? Self.defaultTitle).split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { throw .invalidDocument(what: "worksheet title", reason: "it is empty") }
        self.quiz = quiz
        self.title = words.joined(separator: " ")
        self.audio = audio
        if quiz.questions.contains(where: { $0.kind == .fretboardInterval }) {
            let neck: Neck
            do { neck = try Neck(try Tuning.named(quiz.spec.tuning)) } catch {
                throw .invalidSpec(field: "tuning", reason: "\(error)")
            }
            guard quiz.spec.frets.upperBound <= neck.frets else {
                throw .invalidSpec(field: "frets", reason: "\(quiz.spec.tuning) has \(neck.frets) frets, not \(quiz.spec.frets.upperBound)")
            }
            self.neck = neck
        } else {
            neck = nil
        }
    }
}
