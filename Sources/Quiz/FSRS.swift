#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The FSRS-5 spaced-repetition model (Free Spaced Repetition Scheduler, version 5) with its published default weights.
///
/// A memory is a stability `S` (days until recall falls to 90 %) and a difficulty `D` (1…10). With the 19 weights
/// `w0…w18`, a rating `G` (1 again, 2 hard, 3 good, 4 easy) and `t` days since the last review:
///
/// - retrievability `R(t, S) = (1 + F·t/S)^C` with `C = -0.5`, `F = 19/81` (so `R(S, S) = 0.9`);
/// - interval for a target retention `r`: `I(r, S) = S/F · (r^(1/C) − 1)` (`I(0.9, S) = S`);
/// - first review: `S₀(G) = w[G−1]`, `D₀(G) = w4 − e^(w5·(G−1)) + 1`;
/// - difficulty: `D' = D − w6·(G−3)·(10−D)/9`, then mean reversion `D'' = w7·D₀(4) + (1−w7)·D'`, kept in 1…10;
/// - recall (G ≥ 2, t ≥ 1 day): `S' = S·(1 + e^w8·(11−D)·S^(−w9)·(e^(w10·(1−R)) − 1)·(w15 if hard)·(w16 if easy))`;
/// - lapse (G = 1, t ≥ 1 day): `S' = min(w11·D^(−w12)·((S+1)^w13 − 1)·e^(w14·(1−R)), S/e^(w17·w18))`;
/// - same day (t < 1 day): `S' = S·e^(w17·(G − 3 + w18))`.
///
/// The stability formulas use the difficulty before the review. Stability is kept in 0.01…36 500 days.
///
/// An item is due `I(retention, S)` after its last review, except after `again`: then, as in FSRS's reference
/// schedulers (py-fsrs, Anki) where a lapse goes through a relearning step, it is due 10 minutes later
/// (`relearningStep`), or at `I` when that is sooner, so a wrong answer comes back in the next practice session.
/// The default weights are FSRS-5's published defaults (open-spaced-repetition, "The Algorithm", FSRS-5; the
/// `DEFAULT_PARAMETERS` of fsrs-rs 1.4 / Anki 24.11). Unlike Anki, time is not counted in whole days:
/// elapsed time is exact (milliseconds), a review less than 24 hours after the previous one is a same-day
/// review, and intervals are not rounded or fuzzed, so a schedule follows from the log alone.
public struct FSRS: Hashable, Sendable {
    /// FSRS-5's default weights w0…w18.
    public static let defaultWeights: [Double] = [
        0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
        1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
    ]
    /// The exponent of the forgetting curve.
    public static let decay = -0.5
    /// The factor that makes `R(S, S) = 0.9`: `0.9^(1/decay) − 1 = 19/81`.
    public static let factor = 19.0 / 81.0
    /// The bounds of stability, in days.
    public static let stabilityRange = 0.01...36_500.0
    /// The retention targets accepted.
    public static let retentionRange = 0.5...0.99
    /// How soon an item answered `again` is due: 10 minutes, in days.
    public static let relearningStep = 10.0 / 1440

    /// The weights w0…w18.
    public let weights: [Double]
    /// The probability of recall an item is due at (0.9 by default).
    public let retention: Double

    /// FSRS-5 with the default weights and a target retention of 0.9.
    public init() {
        weights = Self.defaultWeights
        retention = 0.9
    }

    /// FSRS-5 with other weights or another target retention.
    public init(weights: [Double] = FSRS.defaultWeights, retention: Double) throws(QuizError) {
        guard weights.count == 19, weights.allSatisfy(\.isFinite) else {
            throw .invalidSpec(field: "weights", reason: "FSRS-5 needs 19 finite weights, not \(weights.count)")
        }
        guard retention.isFinite, Self.retentionRange.contains(retention) else {
            throw .invalidSpec(field: "retention", reason: "\(retention) is outside 0.5…0.99")
        }
        self.weights = weights
        self.retention = retention
    }

    // MARK: The memory model

    /// The probability of recall `t` days after a review that left stability `S`.
    public func retrievability(elapsedDays t: Double, stability: Double) -> Double {
        pow(1 + Self.factor * max(0, t) / stability, Self.decay)
    }

    /// The probability of recall of an item at `time`.
    public func retrievability(_ state: MemoryState, at time: PracticeTime) -> Double {
        retrievability(elapsedDays: time.days(since: state.lastReview), stability: state.stability)
    }

    /// The days after a review until recall falls to `retention` (by default the scheduler's), at most 36 500.
    public func interval(stability: Double, retention: Double? = nil) -> Double {
        let r = retention ?? self.retention
        return min(stability / Self.factor * (pow(r, 1 / Self.decay) - 1), Self.stabilityRange.upperBound)
    }

    /// `S₀(G) = w[G−1]`.
    public func initialStability(_ rating: PracticeRating) -> Double { clampStability(weights[rating.rawValue - 1]) }

    /// `D₀(G) = w4 − e^(w5·(G−1)) + 1`, kept in 1…10.
    public func initialDifficulty(_ rating: PracticeRating) -> Double { clampDifficulty(rawInitialDifficulty(rating)) }

    /// The difficulty after a review: linear damping towards 10, then mean reversion towards `D₀(easy)`.
    public func nextDifficulty(_ difficulty: Double, _ rating: PracticeRating) -> Double {
        let damped = difficulty - weights[6] * Double(rating.rawValue - 3) * (10 - difficulty) / 9
        return clampDifficulty(weights[7] * rawInitialDifficulty(.easy) + (1 - weights[7]) * damped)
    }

    /// The stability after a successful review (hard, good or easy) at retrievability `r`.
    public func recallStability(difficulty d: Double, stability s: Double, retrievability r: Double, rating: PracticeRating) -> Double {
        let hard = rating == .hard ? weights[15] : 1, easy = rating == .easy ? weights[16] : 1
        let growth = exp(weights[8]) * (11 - d) * pow(s, -weights[9]) * (exp(weights[10] * (1 - r)) - 1) * hard * easy
        return clampStability(s * (1 + growth))
    }

    /// The stability after a lapse (again) at retrievability `r`; never more than `S/e^(w17·w18)`.
    public func forgetStability(difficulty d: Double, stability s: Double, retrievability r: Double) -> Double {
        let longTerm = weights[11] * pow(d, -weights[12]) * (pow(s + 1, weights[13]) - 1) * exp(weights[14] * (1 - r))
        return clampStability(min(longTerm, s / exp(weights[17] * weights[18])))
    }

    /// The stability after a review on the same day as the previous one: `S·e^(w17·(G − 3 + w18))`.
    public func sameDayStability(_ s: Double, _ rating: PracticeRating) -> Double {
        clampStability(s * exp(weights[17] * (Double(rating.rawValue) - 3 + weights[18])))
    }

    // MARK: Reviews

    /// The state after an item's first review.
    public func first(_ rating: PracticeRating, at time: PracticeTime) -> MemoryState {
        let stability = initialStability(rating)
        return MemoryState(stability: stability, difficulty: initialDifficulty(rating), lastReview: time,
                           due: time.adding(days: dueDays(stability, rating)), reviews: 1, lapses: 0)
    }

    /// The state after one more review at `time` (a time before the last review counts as the same moment).
    public func next(_ state: MemoryState, _ rating: PracticeRating, at time: PracticeTime) -> MemoryState {
        let elapsed = max(0, time.days(since: state.lastReview))
        let stability: Double
        if elapsed < 1 {
            stability = sameDayStability(state.stability, rating)
        } else {
            let r = retrievability(elapsedDays: elapsed, stability: state.stability)
            stability = rating == .again
                ? forgetStability(difficulty: state.difficulty, stability: state.stability, retrievability: r)
                : recallStability(difficulty: state.difficulty, stability: state.stability, retrievability: r, rating: rating)
        }
        let reviewed = max(time, state.lastReview)
        return MemoryState(stability: stability, difficulty: nextDifficulty(state.difficulty, rating), lastReview: reviewed,
                           due: reviewed.adding(days: dueDays(stability, rating)), reviews: state.reviews + 1,
                           lapses: state.lapses + (rating == .again ? 1 : 0))
    }

    /// Replays reviews in the order given (the log's time order): nil when there are none.
    public func replay(_ reviews: some Sequence<(time: PracticeTime, rating: PracticeRating)>) -> MemoryState? {
        var state: MemoryState?
        for review in reviews {
            state = state.map { next($0, review.rating, at: review.time) } ?? first(review.rating, at: review.time)
        }
        return state
    }

    /// Replays log entries in the order given.
    public func replay(_ entries: [PracticeEntry]) -> MemoryState? {
        replay(entries.lazy.map { (time: $0.answeredAt, rating: $0.rating) })
    }

    /// The state of every item in a log (entries in time order), by item key.
    public func states(_ entries: [PracticeEntry]) -> [String: MemoryState] {
        var states: [String: MemoryState] = [:]
        for entry in entries {
            states[entry.item] = states[entry.item].map { next($0, entry.rating, at: entry.answeredAt) }
                ?? first(entry.rating, at: entry.answeredAt)
        }
        return states
    }

    /// Days from a review to the due time: the interval, or at most the relearning step after `again`.
    private func dueDays(_ stability: Double, _ rating: PracticeRating) -> Double {
        let days = interval(stability: stability)
        return rating == .again ? min(days, Self.relearningStep) : days
    }

    private func rawInitialDifficulty(_ rating: PracticeRating) -> Double {
        weights[4] - exp(weights[5] * Double(rating.rawValue - 1)) + 1
    }

    private func clampDifficulty(_ d: Double) -> Double { d.isFinite ? min(max(d, 1), 10) : 10 }

    private func clampStability(_ s: Double) -> Double {
        s.isFinite ? min(max(s, Self.stabilityRange.lowerBound), Self.stabilityRange.upperBound) : Self.stabilityRange.lowerBound
    }
}
