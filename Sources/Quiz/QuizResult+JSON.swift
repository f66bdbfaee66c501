import TonmeisterSupport

extension QuizResult {
    /// The result as JSON: `{"score","total","results":[{"number","item","given","reading","expected","correct",…}],"missed":[…]}`.
    public var json: String { jsonValue.serialized() }

    package var jsonValue: JSONValue {
        let results: [JSONValue] = records.map { record in
            var members: [(String, JSONValue)] = [
                ("number", .int(record.number)),
                ("item", .string(record.question.item)),
                ("given", .string(record.grade.given)),
                ("reading", .optional(record.grade.reading)),
                ("expected", .string(record.grade.expected)),
                ("correct", .bool(record.grade.correct)),
            ]
            if let remark = record.grade.remark { members.append(("remark", .string(remark))) }
            if record.seconds > 0 { members.append(("seconds", .double(record.seconds))) }
            return .object(members)
        }
        return .object([
            ("score", .int(score)),
            ("total", .int(total)),
            ("results", .array(results)),
            ("missed", .array(missed.map { .int($0.number) })),
        ])
    }
}
