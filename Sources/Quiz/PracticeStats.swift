import TheoryCore

/// What a practice log says: accuracy and response time per item, interval and kind; what is due; what is confused.
public struct PracticeStats: Sendable {
    /// One item's answers and memory state.
    public struct ItemSummary: Hashable, Sendable {
        public let item: String
        public let kind: QuizKind
        /// The fretboard task, for fretboard items.
        public let task: String?
        /// The interval (ascending short name) and direction, as the key writes them.
        public let interval: String
        public let direction: String
        public let reviews: Int
        public let correct: Int
        /// Mean seconds per answer.
        public let meanSeconds: Double
        public let lastAnswer: PracticeTime
        /// The scheduler's state after every answer.
        public let state: MemoryState
        /// The probability of recall at the time of the statistics.
        public let retrievability: Double

        public var accuracy: Double { reviews == 0 ? 0 : Double(correct) / Double(reviews) }
        public var due: PracticeTime { state.due }
    }

    /// Answers summed over a group of items (an interval, a kind, or everything).
    public struct GroupSummary: Hashable, Sendable {
        public let name: String
        public let reviews: Int
        public let correct: Int
        public let meanSeconds: Double

        public var accuracy: Double { reviews == 0 ? 0 : Double(correct) / Double(reviews) }
    }

    /// How often an item was answered as another interval.
    public struct Confusion: Hashable, Sendable {
        public let item: String
        public let answeredAs: String
        public let count: Int

        public init(item: String, answeredAs: String, count: Int) {
            self.item = item
            self.answeredAs = answeredAs
            self.count = count
        }
    }

    /// The time the statistics are for.
    public let now: PracticeTime
    /// The scheduler's target retention.
    public let retention: Double
    /// Every item in the log, by kind, task, interval size and direction.
    public let items: [ItemSummary]
    /// Per interval (over all kinds and directions), smallest first.
    public let intervals: [GroupSummary]
    /// Per kind.
    public let kinds: [GroupSummary]
    /// Everything.
    public let total: GroupSummary
    /// The items due at `now`, lowest retrievability first.
    public let due: [ItemSummary]
    /// The items not yet due, soonest first.
    public let upcoming: [ItemSummary]
    /// Confusions, most frequent first.
    public let confusions: [Confusion]
    /// The time of the first and the last answer, if any.
    public let span: ClosedRange<PracticeTime>?

    /// The statistics of a log (entries in time order) at `now`.
    public init(entries: [PracticeEntry], now: PracticeTime, scheduler: FSRS = FSRS()) {
        self.now = now
        retention = scheduler.retention
        let states = scheduler.states(entries)
        var byItem: [String: [PracticeEntry]] = [:]
        for entry in entries { byItem[entry.item, default: []].append(entry) }
        let items = byItem.compactMap { key, answers -> ItemSummary? in
            guard let state = states[key], let last = answers.last else { return nil }
            let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            return ItemSummary(
                item: key, kind: last.kind, task: parts.count == 4 ? parts[1] : nil,
                interval: parts.count >= 3 ? parts[parts.count - 2] : "?", direction: parts.last ?? "?",
                reviews: answers.count, correct: answers.filter(\.correct).count,
                meanSeconds: answers.reduce(0) { $0 + $1.seconds } / Double(answers.count),
                lastAnswer: last.answeredAt, state: state, retrievability: scheduler.retrievability(state, at: now))
        }
        self.items = items.sorted { a, b in
            let ka = (Self.order(of: a.kind), a.task ?? ""), kb = (Self.order(of: b.kind), b.task ?? "")
            if ka != kb { return ka < kb }
            let ia = Self.size(a.interval), ib = Self.size(b.interval)
            if ia != ib { return ia < ib }
            let da = QuizDirection(rawValue: a.direction).flatMap(QuizDirection.allCases.firstIndex) ?? 9
            let db = QuizDirection(rawValue: b.direction).flatMap(QuizDirection.allCases.firstIndex) ?? 9
            return (da, a.item) < (db, b.item)
        }
        intervals = Self.groups(entries, name: { Self.intervalName(of: $0.item) }).sorted { a, b in
            let sa = Self.size(a.name), sb = Self.size(b.name)
            return (sa.0, sa.1, a.name) < (sb.0, sb.1, b.name)
        }
        kinds = Self.groups(entries, name: { $0.kind.rawValue }).sorted { a, b in
            Self.order(of: QuizKind(rawValue: a.name)) < Self.order(of: QuizKind(rawValue: b.name))
        }
        total = Self.groups(entries, name: { _ in "all" }).first ?? GroupSummary(name: "all", reviews: 0, correct: 0, meanSeconds: 0)
        due = self.items.filter { $0.due <= now }.sorted { ($0.retrievability, $0.item) < ($1.retrievability, $1.item) }
        upcoming = self.items.filter { $0.due > now }.sorted { ($0.due, $0.item) < ($1.due, $1.item) }
        var confusions: [String: [String: Int]] = [:]
        for entry in entries where entry.isConfusion { confusions[entry.item, default: [:]][entry.answeredInterval!, default: 0] += 1 }
        self.confusions = confusions.flatMap { item, counts in counts.map { Confusion(item: item, answeredAs: $0.key, count: $0.value) } }
            .sorted { ($1.count, $0.item, $0.answeredAs) < ($0.count, $1.item, $1.answeredAs) }
        span = entries.isEmpty ? nil : entries.map(\.answeredAt).min()!...entries.map(\.answeredAt).max()!
    }

    /// The interval part of an item key.
    static func intervalName(of key: String) -> String {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[parts.count - 2]) : "?"
    }

    /// A kind's place in `QuizKind.allCases`.
    private static func order(of kind: QuizKind?) -> Int {
        kind.flatMap(QuizKind.allCases.firstIndex) ?? QuizKind.allCases.count
    }

    /// An interval name's size for sorting: semitones, then steps (unreadable names last).
    private static func size(_ name: String) -> (Int, Int) {
        guard let interval = try? Interval(name) else { return (Int.max, 0) }
        return (interval.semitones, interval.steps)
    }

    private static func groups(_ entries: [PracticeEntry], name: (PracticeEntry) -> String) -> [GroupSummary] {
        var order: [String] = []
        var sums: [String: (reviews: Int, correct: Int, seconds: Double)] = [:]
        for entry in entries {
            let key = name(entry)
            if sums[key] == nil { order.append(key); sums[key] = (0, 0, 0) }
            sums[key]!.reviews += 1
            sums[key]!.correct += entry.correct ? 1 : 0
            sums[key]!.seconds += entry.seconds
        }
        return order.map { key in
            let sum = sums[key]!
            return GroupSummary(name: key, reviews: sum.reviews, correct: sum.correct, meanSeconds: sum.seconds / Double(sum.reviews))
        }
    }
}
