/// The verdict on one answer.
public struct Grade: Hashable, Sendable {
    /// Whether the answer counts as right.
    public let correct: Bool
    /// The right answer, as the quiz prints it.
    public let expected: String
    /// What was answered, as typed.
    public let given: String
    /// How the answer was read (`M3` for "major third"), when it could be read.
    public let reading: String?
    /// Why it is wrong, or a remark on an accepted answer (an enharmonic twin), if any.
    public let remark: String?

    public init(correct: Bool, expected: String, given: String, reading: String?, remark: String? = nil) {
        self.correct = correct
        self.expected = expected
        self.given = given
        self.reading = reading
        self.remark = remark
    }
}
