import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Hand-checked plans on the grid layout (bars exactly 100 pt wide): the objective of DESIGN §6 and each tie-break.
@Suite struct PlanObjectiveTests {
    /// A take from `fraction` into bar `first` to `endFraction` into bar `last` (open when `last` is nil).
    struct T {
        var first: Int, from: Double = 0.1, last: Int?, to: Double = 0.9
    }

    /// A mark on take `take`: at bar `bar` (fraction `at`), optionally to bar `toBar` (fraction `to`).
    struct M {
        var take: Int, kind: MarkKind, bar: Int, at: Double = 0.5, toBar: Int? = nil, to: Double = 0.5
    }

    static let g = Fixtures.grid

    static func session(_ takes: [T], _ marks: [M] = []) throws -> Session {
        var s = Fixtures.session(g)
        for t in takes {
            try s.addTake(start: Fixtures.at(g, t.first, t.from), end: t.last.map { Fixtures.at(g, $0, t.to) })
        }
        for m in marks {
            try s.addMark(take: m.take, kind: m.kind, at: Fixtures.at(g, m.bar, m.at), to: m.toBar.map { Fixtures.at(g, $0, m.to) })
        }
        return s
    }

    static func plan(_ takes: [T], _ marks: [M] = [], _ options: PlanOptions = PlanOptions()) throws -> EditPlan {
        try session(takes, marks).editPlan(options)
    }

    static func bars(_ range: ClosedRange<Int>) -> PlanOptions { PlanOptions(bars: range) }

    @Test(arguments: [
        (0.25, 0.75, true), (0.2500001, 0.75, false), (0.25, 0.7499999, false), (0.0, 1.0, true),
    ])
    func fullCoverageEdges(start: Double, end: Double, covered: Bool) throws {
        let plan = try Self.plan([T(first: 1, from: start, last: 1, to: end)], [], Self.bars(1...1))
        #expect(plan.takePerBar == [covered ? 1 : nil])
        #expect(plan.uncovered.map(\.reason) == (covered ? [] : [.notCovered]))
    }

    @Test func ratingBeforeTheFirstMarkIsThree() throws {
        // Rating 5 from the start of bar 1: bar 0 is 3 (no mark yet), bars 1–2 are 5.
        let plan = try Self.plan([T(first: 0, last: 2)], [M(take: 1, kind: .rating(5), bar: 1, at: 0)], Self.bars(0...2))
        #expect(plan.totalMillis == 13_000)
        #expect(plan.segments.map(\.rating) == [3])
        #expect(plan.segments.map(\.quality) == [13])
    }

    @Test func lowestRatingInsideTheBarCounts() throws {
        // A 1 tapped at 60 % of bar 1 then a 5 at 80 %: bar 1 scores 1, bar 2 scores 5.
        let plan = try Self.plan([T(first: 0, last: 2)],
                                 [M(take: 1, kind: .rating(1), bar: 1, at: 0.6), M(take: 1, kind: .rating(5), bar: 1, at: 0.8)],
                                 Self.bars(0...2))
        #expect(plan.totalMillis == 9_000)
        #expect(plan.segments[0].rating == 1)
    }

    @Test func problemRangeCountsOnEveryBarItTouches() throws {
        // One problem from bar 0 to bar 2 and one at a point in bar 1: qualities 2, 1, 2.
        let plan = try Self.plan([T(first: 0, last: 3)],
                                 [M(take: 1, kind: .problem(.intonation), bar: 0, at: 0.5, toBar: 2, to: 0.1),
                                  M(take: 1, kind: .problem(.noise), bar: 1)],
                                 Self.bars(0...3))
        #expect(plan.totalMillis == 8_000)
        #expect(plan.segments[0].rating == 1)
        #expect(try Self.session([T(first: 0, last: 3)]).coverageIndex().quality(take: 1, barIndex: 3) == 3)
    }

    @Test func uncoveredBarsRestartThePlanWithoutAPenalty() throws {
        // Take 1 covers bars 0–1, take 2 bars 3–4: bar 2 is uncovered and no splice is charged.
        let plan = try Self.plan([T(first: 0, last: 1), T(first: 3, last: 4)], [], Self.bars(0...4))
        #expect(plan.takePerBar == [1, 1, nil, 2, 2])
        #expect(plan.splices.isEmpty)
        #expect(plan.totalMillis == 12_000)
        #expect(plan.uncovered == [UncoveredRun(bars: 2...2, fromBar: Fixtures.n("3"), toBar: Fixtures.n("3"), reason: .notCovered)])
    }

    @Test func openTakeCoversToTheEndOfTheScore() throws {
        let plan = try Self.plan([T(first: 6, last: nil)])
        #expect(plan.takePerBar == [nil, nil, nil, nil, nil, nil, 1, 1, 1])
        #expect(plan.segments.first?.open == true)
        #expect(plan.segments.first?.to == ScorePosition(page: 3, x: 400, y: 150))
    }

    @Test func spliceWhenTheGainBeatsThePenalty() throws {
        // Take 2 is excellent on bar 1 only: switching in and out costs 1.5 and gains 2.
        let marks = [M(take: 2, kind: .rating(5), bar: 0, at: 0.2)]
        let plan = try Self.plan([T(first: 0, last: 2), T(first: 0, from: 0.1, last: 1, to: 0.9)], marks, Self.bars(0...2))
        #expect(plan.takePerBar == [2, 2, 1])
        let gain = try Self.plan([T(first: 0, last: 2), T(first: 1, from: 0.1, last: 1, to: 0.9)],
                                 [M(take: 2, kind: .rating(5), bar: 1, at: 0.1)], Self.bars(0...2))
        #expect(gain.takePerBar == [1, 2, 1])
        #expect(gain.totalMillis == 3_000 + 5_000 + 3_000 - 1_500)
        #expect(gain.splices.map(\.index) == [1, 2])
        #expect(gain.splices.map { "\($0.fromTake)→\($0.toTake)" } == ["1→2", "2→1"])
    }

    @Test func tieBreakHigherTakeWhenEverythingElseIsEqual() throws {
        let plan = try Self.plan([T(first: 0, last: 2), T(first: 0, last: 2)], [], Self.bars(0...2))
        #expect(plan.takePerBar == [2, 2, 2])
    }

    @Test func tieBreakFewerSplicesBeforeTakeNumbers() throws {
        // Penalty 0: [2, 2, 1] and [1, 1, 1] both total 9; the plan without a splice wins.
        let plan = try Self.plan([T(first: 0, last: 2), T(first: 0, last: 1)], [], PlanOptions(splicePenalty: 0, bars: 0...2))
        #expect(plan.takePerBar == [1, 1, 1])
        #expect(plan.splices.isEmpty)
    }

    @Test func tieBreakHigherTakeAtTheEarliestDifferingBar() throws {
        // Bar 0 only take 1, bar 2 only take 2: one splice either way; at bar 1 the higher take wins.
        let plan = try Self.plan([T(first: 0, last: 1), T(first: 1, last: 2)], [], Self.bars(0...2))
        #expect(plan.takePerBar == [1, 2, 2])
        // [1, 3, 3], [1, 1, 3] (one splice each) beat [1, 2, 3] (two); at bar 1 take 3 > take 1.
        let three = try Self.plan([T(first: 0, last: 1), T(first: 1, last: 1), T(first: 1, last: 2)], [], Self.bars(0...2))
        #expect(three.takePerBar == [1, 3, 3])
    }

    @Test func exactArithmeticDecidesTies() throws {
        // Take 2 gains exactly 1 on bar 1; two splices at 0.5 cost exactly 1: tie, fewer splices wins.
        let takes = [T(first: 0, last: 2), T(first: 1, last: 1)]
        let marks = [M(take: 2, kind: .rating(4), bar: 1, at: 0.1)]
        #expect(try Self.plan(takes, marks, PlanOptions(splicePenalty: 0.5, bars: 0...2)).takePerBar == [1, 1, 1])
        #expect(try Self.plan(takes, marks, PlanOptions(splicePenalty: 0.499, bars: 0...2)).takePerBar == [1, 2, 1])
        #expect(try Self.plan(takes, marks, PlanOptions(splicePenalty: 0.5004, bars: 0...2)).takePerBar == [1, 1, 1])
        #expect(try Self.plan(takes, marks, PlanOptions(splicePenalty: 0.4996, bars: 0...2)).takePerBar == [1, 1, 1])  // rounds to 0.5
    }

    @Test func minimumRatingMakesBarsNeedARetake() throws {
        // Take 1 is rated 2 on bars 1–2; with minimum 3 those bars are below the minimum, bar 3 is not covered at all.
        let takes = [T(first: 0, last: 2)]
        let marks = [M(take: 1, kind: .rating(2), bar: 1, at: 0)]
        let plan = try Self.plan(takes, marks, PlanOptions(minimumRating: 3, bars: 0...3))
        #expect(plan.takePerBar == [1, nil, nil, nil])
        #expect(plan.uncovered.map(\.reason) == [.belowMinimum(best: 2), .notCovered])
        #expect(plan.uncovered.map(\.bars) == [1...2, 3...3])
        #expect(try Self.plan(takes, marks, PlanOptions(minimumRating: 2, bars: 0...2)).takePerBar == [1, 1, 1])
    }

    @Test func excludedTakesAreNeverUsed() throws {
        let plan = try Self.plan([T(first: 0, last: 2), T(first: 0, last: 2)], [], PlanOptions(bars: 0...2, excludedTakes: [2]))
        #expect(plan.takePerBar == [1, 1, 1])
        #expect(throws: ProtocolError.takeNotFound(number: 9)) {
            try Self.plan([T(first: 0, last: 2)], [], PlanOptions(excludedTakes: [9]))
        }
    }

    @Test func editPointsMakeSplicesCheaper() throws {
        // Take 2 is 4 on bars 1–2 (gain 2 over take 1) but must splice in and out: 1.5 at full price.
        let takes = [T(first: 0, last: 3), T(first: 1, last: 2)]
        var marks = [M(take: 2, kind: .rating(4), bar: 1, at: 0.1)]
        let plain = try Self.plan(takes, marks, PlanOptions(splicePenalty: 1, bars: 0...3))
        #expect(plain.takePerBar == [1, 1, 1, 1])
        marks.append(M(take: 1, kind: .editPoint, bar: 0, at: 0.6))   // within half a bar of the barline before bar 1
        marks.append(M(take: 1, kind: .editPoint, bar: 3, at: 0.5))   // exactly half a bar after the barline before bar 3
        let preferred = try Self.plan(takes, marks, PlanOptions(splicePenalty: 1, preferEditPoints: true, bars: 0...3))
        #expect(preferred.takePerBar == [1, 2, 2, 1])
        #expect(preferred.splices.map(\.atEditPoint) == [true, true])
        #expect(preferred.totalMillis == 14_000 - 1_000)
        // Without --prefer-edit-points the marks are reported but cost the same.
        let ignored = try Self.plan(takes, marks, PlanOptions(splicePenalty: 0.9, bars: 0...3))
        #expect(ignored.takePerBar == [1, 2, 2, 1])
        #expect(ignored.splices.map(\.costMillis) == [900, 900])
        #expect(ignored.splices.map(\.atEditPoint) == [true, true])
        let tooFar = try Self.plan(takes, [marks[0], M(take: 1, kind: .editPoint, bar: 0, at: 0.49)],
                                   PlanOptions(splicePenalty: 1, preferEditPoints: true, bars: 0...3))
        #expect(tooFar.takePerBar == [1, 1, 1, 1])
    }

    @Test func segmentsCarryPositionsAndBars() throws {
        let plan = try Self.plan([T(first: 0, last: 4)], [], Self.bars(1...4))
        let segment = try #require(plan.segments.first)
        #expect(segment.bars == 1...4)
        #expect(segment.fromBar == Fixtures.n("2") && segment.toBar == Fixtures.n("5"))
        #expect(segment.from == ScorePosition(page: 1, x: 200, y: 150))
        #expect(segment.to == ScorePosition(page: 1, x: 300, y: 350))
        #expect(plan.firstBar == Fixtures.n("2") && plan.lastBar == Fixtures.n("5"))
    }

    @Test func systemsWithoutBarsLieOnTheBarlineBetweenTheirNeighbours() throws {
        // Page 1: bars 1–2, a system without bars, bars 3–4. A take ending inside the unbarred system covers bar 2;
        // one starting there covers bar 3; the plan splices at bar 3 and names the unbarred system.
        let layout = ScoreLayout(pages: [PageLayout(page: 1, systems: [
            SystemLayout(top: 100, bottom: 200, bars: [BarLayout(number: BarNumber(1), left: 100, right: 200),
                                                       BarLayout(number: BarNumber(2), left: 200, right: 300)]),
            SystemLayout(top: 300, bottom: 400),
            SystemLayout(top: 500, bottom: 600, bars: [BarLayout(number: BarNumber(3), left: 100, right: 200),
                                                       BarLayout(number: BarNumber(4), left: 200, right: 300)]),
        ])])
        var s = Fixtures.session(layout)
        try s.addTake(start: ScorePosition(page: 1, x: 110, y: 150), end: ScorePosition(page: 1, x: 300, y: 350))
        try s.addTake(start: ScorePosition(page: 1, x: 150, y: 350), end: ScorePosition(page: 1, x: 290, y: 550))
        let plan = try s.editPlan()
        #expect(plan.takePerBar == [1, 1, 2, 2])
        #expect(plan.splices.map(\.bar) == [BarNumber(3)])
        #expect(plan.unbarredSystems == [SystemReference(page: 1, system: 1)])
        let noBars = Fixtures.session(ScoreLayout(pages: [PageLayout(page: 1, systems: [SystemLayout(top: 1, bottom: 2)])]))
        #expect(throws: ProtocolError.self) { try noBars.editPlan() }
    }

    @Test(arguments: [
        PlanOptions(splicePenalty: -1), PlanOptions(splicePenalty: .nan), PlanOptions(editPointBonus: .infinity),
        PlanOptions(minimumRating: 0), PlanOptions(minimumRating: 6), PlanOptions(bars: 0...9),
    ])
    func badOptionsAreRejected(options: PlanOptions) throws {
        let session = try Self.session([T(first: 0, last: 2)])
        #expect(throws: ProtocolError.self) { try session.editPlan(options) }
    }

    @Test func pieceAndBarRangesResolveThroughTheLayout() throws {
        var s = try Self.session([T(first: 0, last: 8)])
        s.pieces = [Piece(title: "I. Allegro", firstBar: Fixtures.n("1"), lastBar: Fixtures.n("4")),
                    Piece(title: "II. Adagio", firstBar: Fixtures.n("5"), lastBar: Fixtures.n("9"))]
        #expect(try s.barIndices(ofPiece: "2") == 4...8)
        #expect(try s.barIndices(ofPiece: "ii. adag") == 4...8)
        #expect(try s.barIndices(ofPiece: "I. Allegro") == 0...3)
        #expect(throws: ProtocolError.unknownPiece("Finale", titles: ["I. Allegro", "II. Adagio"])) { try s.barIndices(ofPiece: "Finale") }
        #expect(throws: ProtocolError.unknownPiece("3", titles: ["I. Allegro", "II. Adagio"])) { try s.barIndices(ofPiece: "3") }
        #expect(try s.barIndices(from: Fixtures.n("6"), to: Fixtures.n("7"), within: 4...8) == 5...6)
        #expect(throws: ProtocolError.invalidBarRange(from: "7", to: "6")) { try s.barIndices(from: Fixtures.n("7"), to: Fixtures.n("6")) }
        #expect(throws: ProtocolError.barNotFound("2")) { try s.barIndices(from: Fixtures.n("2"), to: Fixtures.n("6"), within: 4...8) }
    }
}
