import ScoreLayout
import Testing
import TheoryCore
@testable import RecordingProtocol

/// The planner against an enumeration of every plan on small random sessions: the whole chosen plan must agree.
@Suite struct PlanBruteForceTests {
    /// The grid, and a layout with a system without bars between bars 2 and 3 and a title page.
    static let layouts: [ScoreLayout] = [Fixtures.grid, ScoreLayout(pages: [
        PageLayout(page: 1, systems: []),
        PageLayout(page: 2, systems: [
            SystemLayout(top: 100, bottom: 200, bars: [BarLayout(number: BarNumber(1), left: 100, right: 200),
                                                       BarLayout(number: BarNumber(2), left: 200, right: 320)]),
            SystemLayout(top: 300, bottom: 400),
            SystemLayout(top: 500, bottom: 600, bars: (0..<5).map { BarLayout(number: BarNumber(3 + $0), left: 80 + 90 * Double($0), right: 170 + 90 * Double($0)) }),
        ]),
    ])]

    /// The best plan by enumeration: the take per planned bar, the total in thousandths, the splices,
    /// the barlines at an edit point, and the reason per uncovered bar.
    struct Best: Equatable {
        var takes: [Int?] = []
        var total = Int.min
        var splices = 0
    }

    static func brute(_ session: Session, _ options: PlanOptions) throws -> (best: Best, editBarlines: [Int: Set<Int>], reasons: [String?]) {
        let index = try session.coverageIndex()
        let layout = session.layout!
        let range = options.bars ?? 0...(index.barCount - 1)
        var candidates: [[(take: Int, quality: Int)]] = []
        var reasons: [String?] = []
        for k in range {
            let full = index.covers(barIndex: k).filter { $0.coverage == .full && !options.excludedTakes.contains($0.take) }
            let scored = full.map { (take: $0.take, quality: index.quality(take: $0.take, barIndex: k)!) }
            let eligible = scored.filter { cell in cell.quality >= (options.minimumRating ?? Int.min) }
            candidates.append(eligible)
            reasons.append(eligible.isEmpty ? (full.isEmpty ? "not-covered" : "below-minimum") : nil)
        }
        // Barlines (index of the bar after) within half a bar of each take's live edit points.
        var editBarlines: [Int: Set<Int>] = [:]
        for mark in session.marks where !mark.deleted && mark.kind == .editPoint {
            let c = try IndexPropertyTests.coordinate(layout, mark.at)
            for b in 0...index.barCount where abs(c - Double(b)) <= 0.5 { editBarlines[mark.take, default: []].insert(b) }
        }
        let penalty = PlanOptions.millis(options.splicePenalty)
        let reduced = options.preferEditPoints ? max(0, penalty - PlanOptions.millis(options.editPointBonus)) : penalty
        var best = Best()
        var current: [Int?] = []
        func better(_ total: Int, _ splices: Int, _ takes: [Int?]) -> Bool {
            if total != best.total { return total > best.total }
            if splices != best.splices { return splices < best.splices }
            for (a, b) in zip(takes, best.takes) where a != b { return (a ?? 0) > (b ?? 0) }
            return false
        }
        func visit(_ i: Int, _ total: Int, _ splices: Int) {
            if i == candidates.count {
                if better(total, splices, current) { best = Best(takes: current, total: total, splices: splices) }
                return
            }
            if candidates[i].isEmpty {
                current.append(nil)
                visit(i + 1, total, splices)
                current.removeLast()
                return
            }
            for (take, quality) in candidates[i] {
                var t = total + quality * 1_000, s = splices
                if i > 0, let previous = current[i - 1], previous != take {
                    let barline = range.lowerBound + i
                    let edit = editBarlines[previous]?.contains(barline) == true || editBarlines[take]?.contains(barline) == true
                    t -= edit ? reduced : penalty
                    s += 1
                }
                current.append(take)
                visit(i + 1, t, s)
                current.removeLast()
            }
        }
        visit(0, 0, 0)
        if best.total == Int.min { best.total = 0 }
        return (best, editBarlines, reasons)
    }

    /// A small random session: 1–4 takes (some open, some deleted) with ratings, problems (some over ranges) and
    /// edit points (some deleted), planned over a window of 2–8 bars with random options.
    static func randomCase(seed: UInt64) throws -> (Session, PlanOptions) {
        var g = SplitMix64(seed: seed)
        let layout = layouts[Int.random(in: 0..<layouts.count, using: &g)]
        let count = layout.barCount
        let width = Int.random(in: 2...min(8, count), using: &g)
        let first = Int.random(in: 0...(count - width), using: &g)
        let window = first...(first + width - 1)
        func position() -> ScorePosition {
            if layout.pages.count == 2, Int.random(in: 0..<8, using: &g) == 0 {   // inside the system without bars
                return ScorePosition(page: 2, x: Double.random(in: 50...500, using: &g), y: 350)
            }
            let bar = Int.random(in: max(0, first - 1)...min(count - 1, window.upperBound + 1), using: &g)
            return Fixtures.at(layout, bar, IndexPropertyTests.fraction(&g))
        }
        var session = Fixtures.session(layout)
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let a = position(), b = position()
            let (start, end) = try layout.compare(a, b) == .after ? (b, a) : (a, b)
            let take = try session.addTake(start: start, end: Int.random(in: 0..<6, using: &g) == 0 ? nil : end)
            for _ in 0..<Int.random(in: 0...5, using: &g) {
                var at = position(), to = position()
                if try layout.compare(at, start) == .before { at = start }
                if let end = take.end, try layout.compare(at, end) == .after { at = end }
                if try layout.compare(to, at) == .before { to = at }
                if let end = take.end, try layout.compare(to, end) == .after { to = end }
                switch Int.random(in: 0..<6, using: &g) {
                case 0: try session.addMark(take: take.number, kind: .problem(.ensemble), at: at)
                case 1: try session.addMark(take: take.number, kind: .problem(.tempo), at: at, to: to)
                case 2: try session.addMark(take: take.number, kind: .editPoint, at: at)
                default: try session.addMark(take: take.number, kind: .rating(Int.random(in: 1...5, using: &g)), at: at)
                }
            }
        }
        for mark in session.marks where Int.random(in: 0..<8, using: &g) == 0 { try session.deleteMark(mark.id) }
        for take in session.takes where Int.random(in: 0..<10, using: &g) == 0 { try session.deleteTake(take.number) }
        var options = PlanOptions(bars: window)
        options.splicePenalty = [0, 0.25, 0.5, 0.75, 0.75, 1, 1.5, 2, 0.333, Double.random(in: 0...3, using: &g)][Int.random(in: 0..<10, using: &g)]
        if Int.random(in: 0..<3, using: &g) == 0 { options.minimumRating = Int.random(in: 1...4, using: &g) }
        options.preferEditPoints = Bool.random(using: &g)
        options.editPointBonus = [0.25, 0.5, 1, 3][Int.random(in: 0..<4, using: &g)]
        if Int.random(in: 0..<6, using: &g) == 0 { options.excludedTakes = [Int.random(in: 1...session.takes.count, using: &g)] }
        return (session, options)
    }

    @Test(arguments: 0..<25)
    func plannerMatchesEnumeration(batch: Int) throws {
        for seed in (batch * 24)..<(batch * 24 + 24) {   // 600 sessions in all
            let (session, options) = try Self.randomCase(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
            let plan = try session.editPlan(options)
            let (best, editBarlines, reasons) = try Self.brute(session, options)
            #expect(plan.takePerBar == best.takes, "seed \(seed)")
            #expect(plan.totalMillis == best.total, "seed \(seed)")
            #expect(plan.splices.count == best.splices, "seed \(seed)")
            for splice in plan.splices {
                let edit = editBarlines[splice.fromTake]?.contains(splice.index) == true
                    || editBarlines[splice.toTake]?.contains(splice.index) == true
                #expect(splice.atEditPoint == edit, "seed \(seed)")
            }
            var planReasons = [String?](repeating: nil, count: plan.bars.count)
            for run in plan.uncovered {
                for i in run.bars { planReasons[i - plan.bars.lowerBound] = run.reason.name }
            }
            #expect(planReasons == reasons, "seed \(seed)")
            #expect(plan.segments.map(\.quality).reduce(0, +) * 1_000 - plan.splices.map(\.costMillis).reduce(0, +) == plan.totalMillis)
        }
    }

    @Test(arguments: 0..<30)
    func planQualitiesMatchTheIndexOnLargerScores(seed: Int) throws {
        // The chorale, the prelude and the grid with up to 14 takes: every planned bar's take fully covers it,
        // the segment's rating and quality are the index's quality(take, bar), and uncovered bars have no candidate.
        let session = try IndexPropertyTests.randomSession(seed: UInt64(seed) &* 7919 &+ 1)
        let index = try session.coverageIndex()
        let plan = try index.plan()
        for segment in plan.segments {
            let qualities = segment.bars.map { index.quality(take: segment.take, barIndex: $0) }
            #expect(qualities.allSatisfy { $0 != nil })
            #expect(segment.quality == qualities.compactMap { $0 }.reduce(0, +), "seed \(seed)")
            #expect(segment.rating == qualities.compactMap { $0 }.min(), "seed \(seed)")
            for bar in segment.bars {
                #expect(index.covers(barIndex: bar).contains { $0.take == segment.take && $0.coverage == .full })
            }
        }
        for run in plan.uncovered {
            #expect(run.reason == .notCovered)
            for bar in run.bars { #expect(!index.covers(barIndex: bar).contains { $0.coverage == .full }) }
        }
        #expect(plan.segments.map(\.bars.count).reduce(0, +) + plan.uncovered.map(\.bars.count).reduce(0, +) == index.barCount)
    }

    @Test func randomCasesExerciseTheInterestingParts() throws {
        var splices = 0, uncovered = 0, belowMinimum = 0, editSplices = 0
        for seed in 0..<600 {
            let (session, options) = try Self.randomCase(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
            let plan = try session.editPlan(options)
            splices += plan.splices.count
            uncovered += plan.uncovered.count
            belowMinimum += plan.uncovered.filter { $0.reason.name == "below-minimum" }.count
            editSplices += plan.splices.filter(\.atEditPoint).count
        }
        #expect(splices > 100 && uncovered > 100 && belowMinimum > 10 && editSplices > 10,
                "\(splices) \(uncovered) \(belowMinimum) \(editSplices)")
    }
}
