/// Why a quiz spec, an answer file or a practice request was rejected.
public enum QuizError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A spec field has a value that cannot be used.
    case invalidSpec(field: String, reason: String)
    /// The spec is fine field by field but no question can be made from it.
    case noQuestions(reason: String)
    /// A document (spec, quiz or answers) is not what was expected.
    case invalidDocument(what: String, reason: String)
    /// An answer could not be read.
    case unreadableAnswer(input: String, reason: String)

    public var description: String {
        switch self {
        case .invalidSpec(let field, let reason): return "quiz spec: \(field): \(reason)"
        case .noQuestions(let reason): return "no questions can be made: \(reason)"
        case .invalidDocument(let what, let reason): return "\(what): \(reason)"
        case .unreadableAnswer(let input, let reason): return "cannot read the answer '\(input)': \(reason)"
        }
    }
}
