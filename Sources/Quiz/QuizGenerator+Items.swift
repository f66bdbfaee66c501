import TheoryCore

/// The spec's practice items, and questions made for chosen items (what `--practice` asks).
extension QuizGenerator {
    /// Every item the spec can ask: kind × interval × direction (× fretboard task), leaving out what has no question.
    ///
    /// Ordered by the spec's interval order, then direction (ascending, descending, harmonic), then the spec's
    /// kind and task order, so new items are introduced interval by interval across kinds.
    public var items: [PracticeItem] {
        var keyed: [(order: [Int], item: PracticeItem)] = []
        var seen = Set<PracticeItem>()
        for (kindIndex, kind) in spec.kinds.enumerated() {
            for (interval, directions) in tables[kind] ?? [] {
                let intervalIndex = spec.intervals.firstIndex(of: interval) ?? spec.intervals.count
                for (direction, _) in directions {
                    let directionIndex = QuizDirection.allCases.firstIndex(of: direction) ?? 0
                    let tasks: [FretboardTask?] = kind == .fretboardInterval ? spec.fretboardTasks : [nil]
                    for (taskIndex, task) in tasks.enumerated() {
                        let item = PracticeItem(kind: kind, task: task, interval: interval, direction: direction)
                        if seen.insert(item).inserted {
                            keyed.append(([intervalIndex, directionIndex, kindIndex, taskIndex], item))
                        }
                    }
                }
            }
        }
        return keyed.sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.item)
    }

    /// Whether the spec can ask the item.
    public func canAsk(_ item: PracticeItem) -> Bool { placements(of: item) != nil }

    /// A quiz of one question per item, in the order given; the same spec, items and seed give the same quiz.
    ///
    /// - Throws: `QuizError.noQuestions` for an item the spec cannot ask.
    public func quiz(items: [PracticeItem], seed: UInt64) throws(QuizError) -> Quiz {
        var random = QuizRandom(seed: seed)
        var questions: [Question] = []
        var seen: Set<String> = []
        for item in items {
            var question = try self.question(for: item, &random)
            var attempts = 1
            while seen.contains(Self.identity(question)) && attempts < 8 {
                question = try self.question(for: item, &random)
                attempts += 1
            }
            seen.insert(Self.identity(question))
            questions.append(question)
        }
        return Quiz(seed: seed, spec: spec, questions: questions)
    }

    /// A question for an item, from a placement drawn with `random`.
    package func question(for item: PracticeItem, _ random: inout QuizRandom) throws(QuizError) -> Question {
        guard let placements = placements(of: item) else {
            throw .noQuestions(reason: "the spec cannot ask \(item.key) (its kinds, intervals, directions or fretboard tasks leave it out)")
        }
        let placement = random.pick(placements)
        switch item.kind {
        case .nameInterval, .earInterval: return namingQuestion(item.kind, placement, &random)
        case .buildInterval: return buildingQuestion(placement, &random)
        case .fretboardInterval: return fretboardQuestion(placement, neck!, &random, task: item.task)
        }
    }

    /// The placements that ask the item, or nil when the spec leaves it out.
    private func placements(of item: PracticeItem) -> [IntervalPlacement]? {
        if item.kind == .fretboardInterval && !spec.fretboardTasks.contains(item.task ?? .find) { return nil }
        guard let byDirection = tables[item.kind]?.first(where: { $0.0 == item.interval })?.1,
              let placements = byDirection.first(where: { $0.0 == item.direction })?.1, !placements.isEmpty else { return nil }
        return placements
    }
}
