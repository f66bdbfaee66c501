import TheoryCore
import TonmeisterSupport

/// A generated quiz: its seed, the spec it was made from, and the questions.
public struct Quiz: Hashable, Sendable {
    public let seed: UInt64
    public let spec: QuizSpec
    public var questions: [Question]

    public init(seed: UInt64, spec: QuizSpec, questions: [Question]) {
        self.seed = seed
        self.spec = spec
        self.questions = questions
    }

    /// The quiz as JSON: `{"seed","spec","questions":[{"kind","prompt","notes"|"cells","answer","choices"?,…}]}`.
    ///
    /// `audio` names the audio files written for each question, by index, when there are any.
    public func json(audio: [Int: [String]] = [:], pretty: Bool = false) -> String {
        let questions: [JSONValue] = questions.enumerated().map { index, question in
            question.jsonValue(number: index + 1, audio: audio[index] ?? [])
        }
        let tree: JSONValue = .object([
            ("seed", .int(Int(truncatingIfNeeded: seed))),
            ("spec", spec.jsonValue),
            ("questions", .array(questions)),
        ])
        return tree.serialized(pretty: pretty)
    }
}
