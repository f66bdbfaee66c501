/// Picks the items of a practice quiz from the spec's items, the practice log, the time and a seed.
///
/// The order of picking:
/// 1. **due** items (seen before, due at `now` by the scheduler), lowest retrievability first;
/// 2. **new** items (never seen), in the spec's order (`QuizGenerator.items`);
/// 3. **confusion-weighted** picks among the other seen items, drawn without replacement with probability
///    proportional to `ConfusionTable.weight(of:)`; each pick brings its partner (the interval it is most often
///    confused with, when the spec asks it and it is not already in the quiz) right after it;
/// 4. if the spec has fewer items than questions, further weighted draws from all its items (repeats allowed).
///
/// The same log, spec, time and seed give the same picks; the questions are then made from the picked items
/// with the same seed (`QuizGenerator.quiz(items:seed:)`), so a practice quiz can be regraded from its items.
public struct PracticePlanner: Sendable {
    /// Why an item was picked.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// Due at the time of picking, with its retrievability then.
        case due(retrievability: Double)
        /// Never seen.
        case new
        /// Drawn by confusion weight.
        case confused(weight: Double)
        /// Asked next to the item it is most often confused with.
        case partner(of: PracticeItem)
        /// Drawn again because the spec has fewer items than questions.
        case repeated

        public var description: String {
            switch self {
            case .due(let r): return "due (recall \(Int((r * 100).rounded())) %)"
            case .new: return "new"
            case .confused(let weight): return "confusion weight \(QuizResult.format(weight))"
            case .partner(let item): return "confused with \(item.interval.name)"
            case .repeated: return "repeated"
            }
        }
    }

    /// One picked item and why.
    public struct Pick: Hashable, Sendable {
        public let item: PracticeItem
        public let reason: Reason
    }

    public let generator: QuizGenerator
    public let scheduler: FSRS

    public init(generator: QuizGenerator, scheduler: FSRS = FSRS()) {
        self.generator = generator
        self.scheduler = scheduler
    }

    /// The items of a practice quiz of `count` questions (entries in time order).
    public func pick(entries: [PracticeEntry], now: PracticeTime, count: Int, seed: UInt64) -> [Pick] {
        let universe = generator.items
        guard count > 0, !universe.isEmpty else { return [] }
        let states = scheduler.states(entries)
        let confusions = ConfusionTable(entries: entries)
        var random = QuizRandom(seed: seed ^ 0x5052_4143_5449_4345)  // "PRACTICE": apart from the questions' draws
        var picks: [Pick] = []
        var chosen = Set<PracticeItem>()
        func add(_ item: PracticeItem, _ reason: Reason) {
            guard picks.count < count else { return }
            picks.append(Pick(item: item, reason: reason))
            chosen.insert(item)
        }

        let due = universe.compactMap { item -> (item: PracticeItem, r: Double)? in
            guard let state = states[item.key], state.due <= now else { return nil }
            return (item, scheduler.retrievability(state, at: now))
        }
        for (item, r) in due.enumerated().sorted(by: { ($0.element.r, $0.offset) < ($1.element.r, $1.offset) }).map(\.element) {
            add(item, .due(retrievability: r))
        }
        for item in universe where states[item.key] == nil { add(item, .new) }

        var pool = universe.filter { !chosen.contains($0) }.map { ($0, confusions.weight(of: $0)) }
        while picks.count < count, !pool.isEmpty {
            let index = Self.draw(pool.map(\.1), &random)
            let (item, weight) = pool.remove(at: index)
            add(item, .confused(weight: weight))
            if let partner = confusions.partner(of: item), !chosen.contains(partner), generator.canAsk(partner) {
                add(partner, .partner(of: item))
                pool.removeAll { $0.0 == partner }
            }
        }
        let weights = universe.map { confusions.weight(of: $0) }
        while picks.count < count {
            var index = Self.draw(weights, &random)
            if universe.count > 1 && universe[index] == picks.last?.item { index = (index + 1) % universe.count }
            add(universe[index], .repeated)
        }
        return picks
    }

    /// A practice quiz: the picked items asked with the spec's question makers and `seed`.
    public func quiz(entries: [PracticeEntry], now: PracticeTime, seed: UInt64) throws(QuizError) -> (quiz: Quiz, picks: [Pick]) {
        let picks = pick(entries: entries, now: now, count: generator.spec.count, seed: seed)
        return (try generator.quiz(items: picks.map(\.item), seed: seed), picks)
    }

    /// An index drawn with probability proportional to its weight (weights in thousandths, at least 1).
    private static func draw(_ weights: [Double], _ random: inout QuizRandom) -> Int {
        let scaled = weights.map { max(1, Int(($0 * 1000).rounded())) }
        var ticket = random.below(scaled.reduce(0, +))
        for (index, weight) in scaled.enumerated() {
            if ticket < weight { return index }
            ticket -= weight
        }
        return scaled.count - 1
    }
}
