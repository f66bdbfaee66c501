import TheoryCore

/// Which intervals a student mistakes for which, counted from the practice log, and the sampling weight it gives items.
///
/// A confusion is a wrong answer that names (or builds) another interval than the item's: `M3` answered `m3`.
/// Confusions are counted both ways within the same kind, task and direction, since M3 taken for m3 and m3
/// taken for M3 are the same weakness. For an item `i` with `n` reviews and `c` confusions (its own wrong
/// answers naming another interval, plus the answers of the items of those intervals that named `i`'s):
///
///     weight(i) = min(1 + 9 · c / (n + 2), 10)
///
/// An item never confused weighs 1; one confused in its only review weighs 4; the `+ 2` keeps a single slip
/// from weighing as much as a habit. The partner of an item is the interval it is most often confused with
/// (ties: the smaller interval first), which practice asks right after it.
public struct ConfusionTable: Hashable, Sendable {
    /// For each item key, how often each other interval (ascending short name) was answered.
    public let answered: [String: [String: Int]]
    /// For each item key, how many times it was reviewed.
    public let reviews: [String: Int]
    /// For each item key, the pair count with each other interval (both ways), built once from `answered`.
    private let pairs: [String: [String: Int]]

    /// The weight of a confusion in `weight(of:)`, and the largest weight.
    public static let boost = 9.0
    public static let maximumWeight = 10.0

    public init(entries: [PracticeEntry]) {
        var answered: [String: [String: Int]] = [:], reviews: [String: Int] = [:]
        for entry in entries {
            reviews[entry.item, default: 0] += 1
            if entry.isConfusion, let interval = entry.answeredInterval {
                answered[entry.item, default: [:]][interval, default: 0] += 1
            }
        }
        var pairs: [String: [String: Int]] = [:]
        for (key, names) in answered {
            guard let item = try? PracticeItem(key: key) else { continue }
            for (name, count) in names {
                guard let interval = try? Interval(name), interval.name == name, interval == interval.ascending else { continue }
                pairs[key, default: [:]][name, default: 0] += count
                pairs[item.with(interval: interval).key, default: [:]][item.interval.name, default: 0] += count
            }
        }
        self.answered = answered
        self.reviews = reviews
        self.pairs = pairs
    }

    /// How often `item` and the same item with `other`'s interval were taken for each other.
    public func pairCount(_ item: PracticeItem, _ other: PracticeItem) -> Int {
        item.with(interval: other.interval) == other ? pairs[item.key]?[other.interval.name] ?? 0 : 0
    }

    /// The items `item` is confused with, with the pair counts, most confused first (ties: the smaller interval).
    public func confusions(of item: PracticeItem) -> [(item: PracticeItem, count: Int)] {
        let list = (pairs[item.key] ?? [:]).compactMap { name, count -> (item: PracticeItem, count: Int)? in
            guard let interval = try? Interval(name) else { return nil }
            return (item.with(interval: interval), count)
        }
        return list.sorted {
            $0.count != $1.count ? $0.count > $1.count
                : ($0.item.interval.semitones, $0.item.interval.steps) < ($1.item.interval.semitones, $1.item.interval.steps)
        }
    }

    /// The sampling weight of an item: `min(1 + 9 · c / (n + 2), 10)`.
    public func weight(of item: PracticeItem) -> Double {
        let confusions = pairs[item.key]?.values.reduce(0, +) ?? 0
        let n = Double(reviews[item.key] ?? 0)
        return min(1 + Self.boost * Double(confusions) / (n + 2), Self.maximumWeight)
    }

    /// The item most often confused with `item`, if any.
    public func partner(of item: PracticeItem) -> PracticeItem? { confusions(of: item).first?.item }
}
