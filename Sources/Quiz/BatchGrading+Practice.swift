import TonmeisterSupport

extension BatchGrading {
    /// The practice quiz a quiz document lists: the items of its questions asked with its spec and seed.
    ///
    /// A practice quiz (`tonmeister quiz --practice`) picks its items from the practice log, which a grader may
    /// not have; its questions are made from the items alone (`QuizGenerator.quiz(items:seed:)`), so the items
    /// the document lists, the spec and the seed make it again. Nil when an item is missing or cannot be asked.
    static func practiceQuiz(_ listed: [JSONValue], spec: QuizSpec, seed: UInt64) -> Quiz? {
        var items: [PracticeItem] = []
        for question in listed {
            guard var fields = try? JSONObject(question), let key = try? fields.required("item", JSONValue.string),
                  let item = try? PracticeItem(key: key) else { return nil }
            items.append(item)
        }
        guard let generator = try? QuizGenerator(spec: spec) else { return nil }
        return try? generator.quiz(items: items, seed: seed)
    }
}
