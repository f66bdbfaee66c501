import Quiz
import TheoryCore
import Testing

/// Picking practice items: due (lowest recall first), new, confusion-weighted with partners; the spec's items.
@Suite("Practice planner")
struct PracticePlannerTests {
    static let day0 = PracticeTime(milliseconds: 1_735_689_600_000)  // 2025-01-01T00:00:00Z

    /// Name-interval questions going up over m3, M3, P4, P5 and M6 (five items).
    static func spec(count: Int) throws -> QuizSpec {
        var spec = try QuizSpec(level: 1)
        spec.intervals = try ["m3", "M3", "P4", "P5", "M6"].map { try Interval($0) }
        spec.directions = [.ascending]
        spec.count = count
        return spec
    }

    static func item(_ interval: String) -> String { "name-interval/\(interval)/ascending" }

    /// An answer to item `interval` at `days` after day 0; wrong answers name `answered`.
    static func entry(_ interval: String, days: Double, _ rating: PracticeRating, answered: String? = nil) -> PracticeEntry {
        PracticeEntry(item: item(interval), kind: .nameInterval, answeredAt: day0.adding(days: days), correct: rating != .again,
                      responseMilliseconds: 3000, rating: rating, given: answered ?? interval, expected: interval,
                      reading: answered ?? interval, answeredInterval: answered ?? interval)
    }

    @Test("the spec's items: kind × interval × direction (× task), in interval order, each askable")
    func items() throws {
        var spec = try QuizSpec(level: 2, kinds: [.nameInterval, .fretboardInterval])
        spec.directions = [.ascending, .descending]
        let generator = try QuizGenerator(spec: spec)
        let items = generator.items
        let expected = spec.intervals.count * 2 * 3  // naming, fretboard find and fretboard name per interval and direction
        #expect(items.count == expected)
        #expect(items.prefix(3).map(\.key) == ["name-interval/\(spec.intervals[0].name)/ascending",
                                               "fretboard-interval/find/\(spec.intervals[0].name)/ascending",
                                               "fretboard-interval/name/\(spec.intervals[0].name)/ascending"])
        for item in items {
            #expect(try PracticeItem(key: item.key) == item)
            #expect(generator.canAsk(item))
        }
        let quiz = try generator.quiz(items: items, seed: 9)
        #expect(quiz.questions.map(\.item) == items.map(\.key))
        #expect(try generator.quiz(items: items, seed: 9) == quiz)
        #expect(throws: QuizError.self) {
            try generator.quiz(items: [PracticeItem(kind: .buildInterval, interval: spec.intervals[0], direction: .ascending)], seed: 1)
        }
    }

    @Test("every kind's items at level 6 make questions for exactly those items")
    func everyKind() throws {
        let spec = try QuizSpec(level: 6, kinds: QuizKind.allCases)
        let generator = try QuizGenerator(spec: spec)
        let items = generator.items
        #expect(Set(items.map(\.kind)) == Set(QuizKind.allCases))
        let quiz = try generator.quiz(items: items, seed: 123)
        #expect(quiz.questions.map(\.item) == items.map(\.key))
        #expect(quiz.questions.allSatisfy { $0.practiceItem.key == $0.item })
    }

    @Test("due items first (lowest recall first), then new ones, then weighted picks, then repeats")
    func order() throws {
        let log = [
            Self.entry("m3", days: 0, .again, answered: "M3"),
            Self.entry("M3", days: 0, .good),
            Self.entry("P4", days: 0, .easy),
            Self.entry("P5", days: 0, .easy),
        ]
        let planner = PracticePlanner(generator: try QuizGenerator(spec: try Self.spec(count: 7)))
        let picks = planner.pick(entries: log, now: Self.day0.adding(days: 10), count: 7, seed: 4)
        #expect(picks.count == 7)
        #expect(picks.prefix(3).map(\.item.key) == [Self.item("m3"), Self.item("M3"), Self.item("M6")])
        guard case .due(let r0) = picks[0].reason, case .due(let r1) = picks[1].reason else {
            Issue.record("the first two picks are not due: \(picks)")
            return
        }
        // Hand-computed: R = (1 + 19/81 · 10 / S)^-0.5 with S = w0 = 0.40255 (again) and S = w2 = 3.173 (good).
        #expect(abs(r0 - 0.382722) < 1e-6 && abs(r1 - 0.758259) < 1e-6)
        #expect(picks[2].reason == .new)
        #expect(Set(picks[3...4].map(\.item.key)) == [Self.item("P4"), Self.item("P5")])
        #expect(picks[3...4].allSatisfy { $0.reason == .confused(weight: 1) })
        #expect(picks[5...].allSatisfy { $0.reason == .repeated })
        #expect(zip(picks, picks.dropFirst()).allSatisfy { $0.item != $1.item }, "no item twice in a row")
    }

    @Test("the same log, spec, time and seed give the same picks and questions")
    func deterministic() throws {
        let intervals = ["m3", "M3", "P4", "P5"]
        let log: [PracticeEntry] = (0..<40).map { (n: Int) -> PracticeEntry in
            let wrong = n % 5 == 0
            return Self.entry(intervals[n % 4], days: Double(n) / 4, wrong ? .again : .good, answered: wrong ? "P4" : nil)
        }
        let planner = PracticePlanner(generator: try QuizGenerator(spec: try Self.spec(count: 12)))
        let now = Self.day0.adding(days: 14)
        let first = try planner.quiz(entries: log, now: now, seed: 77)
        let second = try planner.quiz(entries: log, now: now, seed: 77)
        #expect(first.picks == second.picks)
        #expect(first.quiz == second.quiz)
        #expect(first.quiz.questions.map(\.item) == first.picks.map(\.item.key))
        let other = try planner.quiz(entries: log, now: now, seed: 78)
        #expect(other.quiz.questions != first.quiz.questions)
    }

    @Test("confused items weigh more and bring their partner right after them")
    func confusion() throws {
        // Everything seen and nothing due at day 0.2; P4 was once answered P5.
        var log = ["m3", "M3", "P5", "M6"].map { Self.entry($0, days: 0, .good) }
        log += [Self.entry("P4", days: 0, .again, answered: "P5"), Self.entry("P4", days: 0.001, .easy)]
        let generator = try QuizGenerator(spec: try Self.spec(count: 3))
        let table = ConfusionTable(entries: log)
        let p4 = try PracticeItem(key: Self.item("P4")), p5 = try PracticeItem(key: Self.item("P5"))
        #expect(table.weight(of: p4) == 3.25)  // 1 + 9 · 1 / (2 + 2)
        #expect(table.weight(of: p5) == 4.0)  // 1 + 9 · 1 / (1 + 2)
        #expect(table.weight(of: try PracticeItem(key: Self.item("m3"))) == 1)
        #expect(table.partner(of: p4) == p5 && table.partner(of: p5) == p4)

        let planner = PracticePlanner(generator: generator)
        var firsts: [String: Int] = [:]
        for seed in UInt64(0)..<300 {
            let picks = planner.pick(entries: log, now: Self.day0.adding(days: 0.2), count: 3, seed: seed)
            #expect(picks.count == 3 && Set(picks.map(\.item)).count == 3)
            firsts[picks[0].item.interval.name, default: 0] += 1
            for (index, pick) in picks.enumerated().dropLast() where [p4, p5].contains(pick.item) {
                if case .confused = pick.reason {
                    #expect(picks[index + 1].item == table.partner(of: pick.item), "seed \(seed): \(picks)")
                    #expect(picks[index + 1].reason == .partner(of: pick.item))
                }
            }
        }
        // Weights 3.25 (P4) and 4 (P5) against 1 for the others: the pair is drawn first far more often.
        #expect((firsts["P5"] ?? 0) > 2 * (firsts["m3"] ?? 0))
        #expect((firsts["P4"] ?? 0) > 2 * (firsts["M6"] ?? 0))
    }

    @Test("an empty log asks new items in the spec's order; items outside the spec are ignored")
    func fresh() throws {
        let planner = PracticePlanner(generator: try QuizGenerator(spec: try Self.spec(count: 3)))
        let stranger = PracticeEntry(item: "build-interval/A4/descending", kind: .buildInterval, answeredAt: Self.day0,
                                     correct: false, responseMilliseconds: 0, rating: .again, given: "x", expected: "y")
        for log in [[], [stranger]] {
            let picks = planner.pick(entries: log, now: Self.day0.adding(days: 30), count: 3, seed: 1)
            #expect(picks.map(\.item.key) == ["m3", "M3", "P4"].map(Self.item))
            #expect(picks.allSatisfy { $0.reason == .new })
        }
    }
}
