import ScoreLayout

/// Grading a whole quiz from files: the quiz (or its spec and seed) and a document of answers.
public enum BatchGrading {
    /// Reads a quiz document (`tonmeister quiz --json` output) or a spec document with a seed, and makes the quiz.
    ///
    /// A quiz document is regenerated from its `spec` and `seed` and checked against the questions it lists,
    /// so answers are never graded against a quiz that differs from the one the student saw.
    public static func quiz(json bytes: some Sequence<UInt8>) throws(QuizError) -> Quiz {
        let tree: JSONValue
        do { tree = try JSONReader.parse(bytes) } catch { throw .invalidDocument(what: "quiz", reason: error.description) }
        guard case .object(let members) = tree else { throw .invalidDocument(what: "quiz", reason: "expected a JSON object") }
        let field = { (key: String) in members.first { $0.0 == key }?.1 }
        if let specTree = field("spec") {
            guard case .int(let seed)? = field("seed"), seed >= 0 else {
                throw .invalidDocument(what: "quiz", reason: "'seed' must be a whole number ≥ 0")
            }
            let spec = try QuizSpec.read(specTree).spec
            let quiz = try QuizGenerator(spec: spec).quiz(seed: UInt64(seed))
            if case .array(let listed)? = field("questions") {
                let prompts = listed.map { item -> String? in
                    guard case .object(let q) = item, case .string(let prompt)? = q.first(where: { $0.0 == "prompt" })?.1 else { return nil }
                    return prompt
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
        if case .object(let members) = tree {
            guard let inner = members.first(where: { $0.0 == "answers" })?.1 else {
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
            case .object(let members):
                let field = { (key: String) in members.first { $0.0 == key }?.1 }
                var number = index + 1
                if let value = field("number") {
                    guard case .int(let n) = value else { throw .invalidDocument(what: "answers", reason: "answer \(index + 1): 'number' must be a whole number") }
                    number = n
                }
                var text: String?
                switch field("answer") {
                case .string(let s)?: text = s
                case .null?, nil: text = nil
                default: throw .invalidDocument(what: "answers", reason: "answer \(index + 1): 'answer' must be a string")
                }
                var seconds: Double?
                switch field("seconds") {
                case .int(let n)?: seconds = Double(n)
                case .double(let x)? where x.isFinite && x >= 0: seconds = x
                case nil, .null?: seconds = nil
                default: throw .invalidDocument(what: "answers", reason: "answer \(index + 1): 'seconds' must be a number ≥ 0")
                }
                answers.append(Answer(number: number, text: text, seconds: seconds))
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
}
