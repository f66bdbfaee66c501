import TonmeisterSupport

/// Grading a whole quiz from files: the quiz (or its spec and seed) and a document of answers.
public enum BatchGrading {
    /// Reads a quiz document (`tonmeister quiz --json` output) or a spec document with a seed, and makes the quiz.
    ///
    /// A quiz document is regenerated from its `spec` and `seed` and checked against the questions it lists,
    /// so answers are never graded against a quiz that differs from the one the student saw.
    public static func quiz(json bytes: some Sequence<UInt8>) throws(QuizError) -> Quiz {
        let tree: JSONValue
        do { tree = try JSONReader.parse(bytes) } catch { throw .invalidDocument(what: "quiz", reason: error.description) }
        guard case .object = tree else { throw .invalidDocument(what: "quiz", reason: "expected a JSON object") }
        var document = try reading("quiz") { try JSONObject(tree) }
        if let specTree = document.value("spec") {
            let seed = try reading("quiz") { () throws -> Int in
                let seed = try document.required("seed", JSONValue.int)
                guard seed >= 0 else { throw JSONFieldError("must be a whole number ≥ 0", at: [.key("seed")]) }
                return seed
            }
            let spec = try QuizSpec.read(specTree).spec
            let quiz = try QuizGenerator(spec: spec).quiz(seed: UInt64(seed))
            if case .array(let listed)? = document.value("questions") {
                let prompts = listed.map { item -> String? in
                    guard var question = try? JSONObject(item) else { return nil }
                    return try? question.optional("prompt", JSONValue.string)
                }
                guard prompts == quiz.questions.map(\.prompt) else {
                    if let practice = practiceQuiz(listed, spec: spec, seed: UInt64(seed)),
                       practice.questions.map(\.prompt) == prompts { return practice }
                    throw .invalidDocument(what: "quiz", reason: "its questions differ from the ones its spec and seed make (edited, or made by another version)")
                }
            }
            return quiz
        }
        let (spec, seed) = try QuizSpec.read(tree)
        guard let seed else { throw .invalidDocument(what: "quiz spec", reason: "it has no 'seed', so the questions are not known") }
        return try QuizGenerator(spec: spec).quiz(seed: seed)
    }

    /// One answer from an answers document.
    public struct Answer: Hashable, Sendable {
        /// The question's number (from 1).
        public let number: Int
        /// The text answered, or nil when the question was skipped.
        public let text: String?
        /// Seconds taken, when known.
        public let seconds: Double?
    }

    /// Reads answers: `["M3", "d5", null]`, `{"answers": [...]}`, or objects `{"number", "answer", "seconds"?}`.
    public static func answers(json bytes: some Sequence<UInt8>) throws(QuizError) -> [Answer] {
        let tree: JSONValue
        do { tree = try JSONReader.parse(bytes) } catch { throw .invalidDocument(what: "answers", reason: error.description) }
        var list = tree
        if case .object = tree {
            var document = try reading("answers") { try JSONObject(tree) }
            guard let inner = document.value("answers") else {
                throw .invalidDocument(what: "answers", reason: "expected an array, or an object with an 'answers' array")
            }
            list = inner
        }
        guard case .array(let items) = list else { throw .invalidDocument(what: "answers", reason: "'answers' must be an array") }
        var answers: [Answer] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .string(let text): answers.append(Answer(number: index + 1, text: text, seconds: nil))
            case .null: answers.append(Answer(number: index + 1, text: nil, seconds: nil))
            case .object:
                answers.append(try reading("answers") {
                    try JSONObject.reading("answer \(index + 1)", item) { item in
                        var answer = try JSONObject(item)
                        let seconds = try answer.optional("seconds", JSONValue.double)
                        if let seconds, !(seconds.isFinite && seconds >= 0) {
                            throw JSONFieldError("must be a number ≥ 0", at: [.key("seconds")])
                        }
                        return Answer(number: try answer.optional("number", JSONValue.int) ?? index + 1,
                                      text: try answer.optional("answer", JSONValue.string), seconds: seconds)
                    }
                })
            default:
                throw .invalidDocument(what: "answers", reason: "answer \(index + 1) must be a string, null or an object")
            }
        }
        return answers
    }

    /// Grades the answers against the quiz; unanswered questions count as wrong.
    public static func grade(_ quiz: Quiz, answers: [Answer]) throws(QuizError) -> QuizResult {
        var byNumber: [Int: Answer] = [:]
        for answer in answers {
            guard (1...quiz.questions.count).contains(answer.number) else {
                throw .invalidDocument(what: "answers", reason: "question \(answer.number) does not exist (the quiz has \(quiz.questions.count))")
            }
            guard byNumber.updateValue(answer, forKey: answer.number) == nil else {
                throw .invalidDocument(what: "answers", reason: "question \(answer.number) is answered twice")
            }
        }
        let records = quiz.questions.enumerated().map { index, question in
            let answer = byNumber[index + 1]
            let grade: Grade
            if let text = answer?.text {
                grade = Grader.grade(question, answer: text)
            } else {
                grade = Grade(correct: false, expected: question.answer.description, given: "", reading: nil, remark: "not answered")
            }
            return AnswerRecord(number: index + 1, question: question, grade: grade, seconds: answer?.seconds ?? 0)
        }
        return QuizResult(records: records, total: quiz.questions.count)
    }

    /// Runs `body`, turning a ``JSONFieldError`` into `QuizError.invalidDocument` for the document `what`.
    private static func reading<T>(_ what: String, _ body: () throws -> T) throws(QuizError) -> T {
        do { return try body() } catch let error as JSONFieldError {
            throw .invalidDocument(what: what, reason: error.description)
        } catch {
            throw .invalidDocument(what: what, reason: "\(error)")
        }
    }
}
