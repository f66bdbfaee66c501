/// One answered question: what was asked, the verdict and how long the answer took.
public struct AnswerRecord: Hashable, Sendable {
    /// The question's number in its quiz (from 1).
    public let number: Int
    public let question: Question
    public let grade: Grade
    /// Seconds from showing the question to the answer.
    public let seconds: Double

    public init(number: Int, question: Question, grade: Grade, seconds: Double) {
        self.number = number
        self.question = question
        self.grade = grade
        self.seconds = seconds
    }

    /// The practice rating the answer earns (FSRS grades): 1 again (wrong), 2 hard (right but slow),
    /// 3 good, 4 easy (right within `easySeconds`).
    public var rating: Int {
        guard grade.correct else { return 1 }
        if seconds <= Self.easySeconds { return 4 }
        return seconds <= Self.hardSeconds ? 3 : 2
    }

    /// A right answer within this many seconds rates easy.
    public static let easySeconds = 4.0
    /// A right answer after more than this many seconds rates hard.
    public static let hardSeconds = 12.0
}
