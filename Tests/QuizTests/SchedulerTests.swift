import Foundation
import Quiz
import Testing

/// FSRS-5: first reviews, growth and lapses, intervals, retrievability and replay, checked against hand-computed values.
@Suite("FSRS scheduler")
struct SchedulerTests {
    let fsrs = FSRS()
    let start = PracticeTime(milliseconds: 1_700_000_000_000)

    /// Equal within a relative tolerance.
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(b))
    }

    @Test("the default weights are FSRS-5's published ones, retention 0.9")
    func defaults() {
        #expect(FSRS.defaultWeights.count == 19)
        #expect(FSRS.defaultWeights[0] == 0.40255 && FSRS.defaultWeights[3] == 15.69105 && FSRS.defaultWeights[18] == 0.6621)
        #expect(fsrs.retention == 0.9)
        #expect(Self.close(FSRS.factor, 19.0 / 81.0))
    }

    @Test("a first review's stability is w0…w3 and its difficulty D₀(G) = w4 − e^(w5·(G−1)) + 1", arguments: [
        (PracticeRating.again, 0.40255, 7.1949),
        (.hard, 1.18385, 6.488305268471453),
        (.good, 3.173, 5.282434422319005),
        (.easy, 15.69105, 3.2245015893713678),
    ])
    func firstReview(rating: PracticeRating, stability: Double, difficulty: Double) {
        let state = fsrs.first(rating, at: start)
        #expect(state.stability == stability)
        #expect(Self.close(state.difficulty, difficulty))
        #expect(state.reviews == 1 && state.lapses == 0 && state.lastReview == start)
        // At retention 0.9 the interval equals the stability; after again the item is due after the relearning step.
        #expect(abs(state.due.days(since: start) - (rating == .again ? 10.0 / 1440 : stability)) < 1e-6)
    }

    @Test("a review after exactly S days (R = 0.9): hand-computed stability and difficulty for each rating", arguments: [
        (PracticeRating.again, 1.0668778273752988, 6.796932579932991),
        (.hard, 5.015337156070959, 6.0349502556102195),
        (.good, 11.131259853438268, 5.272967931287446),
        (.easy, 26.96660530980973, 4.510985606964673),
    ])
    func secondReview(rating: PracticeRating, stability: Double, difficulty: Double) {
        let first = fsrs.first(.good, at: start)
        #expect(Self.close(fsrs.retrievability(first, at: first.due), 0.9, 1e-6))
        let second = fsrs.next(first, rating, at: start.adding(days: first.stability))
        #expect(Self.close(second.stability, stability, 1e-6))
        #expect(Self.close(second.difficulty, difficulty, 1e-9))
        #expect(second.reviews == 2 && second.lapses == (rating == .again ? 1 : 0))
    }

    @Test("good after good grows stability; again shrinks it and raises difficulty")
    func growthAndLapse() {
        var state = fsrs.first(.good, at: start)
        for _ in 0..<5 {
            let later = state.due
            let good = fsrs.next(state, .good, at: later), again = fsrs.next(state, .again, at: later)
            #expect(good.stability > state.stability)
            #expect(again.stability < state.stability)
            #expect(again.difficulty > state.difficulty)
            state = good
        }
        #expect(state.stability > 100)
    }

    @Test("intervals are monotone in the rating, after a first review and after a later one")
    func monotoneIntervals() {
        let firsts = PracticeRating.allCases.map { fsrs.first($0, at: start) }
        #expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0.due < $1.due })
        let base = fsrs.first(.good, at: start)
        for days in [0.01, 0.5, 1.0, 3.173, 10, 100] {
            let nexts = PracticeRating.allCases.map { fsrs.next(base, $0, at: start.adding(days: days)) }
            #expect(zip(nexts, nexts.dropFirst()).allSatisfy { $0.due < $1.due }, "after \(days) days")
        }
    }

    @Test("same-day reviews use S·e^(w17·(G − 3 + w18))")
    func sameDay() {
        let base = fsrs.first(.good, at: start)
        let expected = [1.589763507266002, 2.664816680910697, 4.466858064362218, 7.487502277394533]
        for (rating, stability) in zip(PracticeRating.allCases, expected) {
            #expect(Self.close(fsrs.next(base, rating, at: start.adding(days: 0.25)).stability, stability, 1e-9))
        }
    }

    @Test("a wrong answer is due again after the 10-minute relearning step, however stable the item was")
    func relearning() {
        let easy = fsrs.first(.easy, at: start)
        let lapse = fsrs.next(easy, .again, at: start.adding(days: 0.01))
        #expect(lapse.stability > 7 && lapse.stability < easy.stability)  // same day: S·e^(w17·(w18 − 2))
        #expect(abs(lapse.due.days(since: lapse.lastReview) - FSRS.relearningStep) < 1e-6)
        let later = fsrs.next(easy, .again, at: start.adding(days: 40))
        #expect(abs(later.due.days(since: later.lastReview) - FSRS.relearningStep) < 1e-6)
        // With a high target retention a very unstable item's interval is sooner than the step.
        let strict = try! FSRS(retention: 0.99)
        var fragile = strict.first(.again, at: start)
        for minute in 1...4 { fragile = strict.next(fragile, .again, at: start.adding(days: Double(minute) / 1440)) }
        #expect(fragile.stability < 0.06)
        #expect(fragile.due.days(since: fragile.lastReview) < FSRS.relearningStep)
    }

    @Test("retrievability and intervals follow the power forgetting curve")
    func curve() {
        #expect(Self.close(fsrs.retrievability(elapsedDays: 10, stability: 10), 0.9))
        #expect(Self.close(fsrs.retrievability(elapsedDays: 20, stability: 10), 0.8250286473253902))
        #expect(fsrs.retrievability(elapsedDays: 0, stability: 10) == 1)
        #expect(Self.close(fsrs.interval(stability: 10), 10))
        #expect(Self.close(fsrs.interval(stability: 10, retention: 0.8), 23.98026315789473))
        let strict = try! FSRS(retention: 0.95)
        #expect(strict.interval(stability: 10) < 10)
    }

    @Test("replay depends on the order of reviews and gives the same state every time")
    func replay() {
        let day = { (n: Double) in self.start.adding(days: n) }
        let againGood = fsrs.replay([(time: day(0), rating: .again), (time: day(2), rating: .good)])!
        let goodAgain = fsrs.replay([(time: day(0), rating: .good), (time: day(2), rating: .again)])!
        #expect(Self.close(againGood.stability, 3.496227050157062, 1e-9))
        #expect(Self.close(againGood.difficulty, 7.176636167311107, 1e-9))
        #expect(Self.close(goodAgain.stability, 0.9890384868360809, 1e-9))
        #expect(againGood != goodAgain)
        let reviews: [(time: PracticeTime, rating: PracticeRating)] = (0..<30).map { (day(Double($0 * $0) / 3), PracticeRating(rawValue: $0 % 4 + 1)!) }
        #expect(fsrs.replay(reviews) == fsrs.replay(reviews))
        #expect(fsrs.replay([(time: PracticeTime, rating: PracticeRating)]()) == nil)
    }

    @Test("docs/quiz.md lists the default weights in order")
    func documentedWeights() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/quiz.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| 0.") || $0.hasPrefix("| 1.0") }
        let numbers = rows.flatMap { $0.split(separator: "|").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        #expect(numbers == FSRS.defaultWeights)
    }

    @Test("bad weights or retention are refused with a message")
    func validation() {
        #expect(throws: QuizError.self) { try FSRS(weights: [1, 2, 3], retention: 0.9) }
        #expect(throws: QuizError.self) { try FSRS(retention: 1.0) }
        #expect(throws: QuizError.self) { try FSRS(retention: .nan) }
    }
}
