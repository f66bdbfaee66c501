/// The outcome of a quiz: every answer, the score, and the items missed.
public struct QuizResult: Hashable, Sendable {
    public let records: [AnswerRecord]
    /// How many questions there were (more than `records` when the quiz was left early).
    public let total: Int

    public init(records: [AnswerRecord], total: Int) {
        self.records = records
        self.total = total
    }

    /// How many answers were right.
    public var score: Int { records.filter(\.grade.correct).count }

    /// The answers that were wrong.
    public var missed: [AnswerRecord] { records.filter { !$0.grade.correct } }

    /// Seconds spent answering.
    public var seconds: Double { records.reduce(0) { $0 + $1.seconds } }

    /// The closing summary: the score, the time, and each item missed with the right answer.
    public var summary: [String] {
        let percent = total == 0 ? 0 : Int((Double(score) / Double(total) * 100).rounded())
        var lines = ["Score: \(score)/\(total) (\(percent)%) in \(Self.format(seconds)) s"
                     + (records.count < total ? "; \(total - records.count) not answered" : "")]
        if !missed.isEmpty {
            lines.append("Missed:")
            for record in missed {
                let given = record.grade.given.isEmpty ? "(nothing)" : record.grade.given
                var line = "  \(record.number). \(record.question.prompt) You wrote \(given); the answer is \(record.grade.expected)."
                if let remark = record.grade.remark { line += " (\(remark))" }
                lines.append(line)
            }
        }
        return lines
    }

    /// Seconds with one decimal, the same on every platform.
    package static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
