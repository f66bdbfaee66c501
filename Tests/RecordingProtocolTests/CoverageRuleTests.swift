import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// The 25%/75% full-coverage rule at its edges, open takes and multi-page takes.
@Suite struct CoverageRuleTests {
    /// Bar 2 of the grid spans x 200…300 on page 1, system 0 (y 150): 25% is x 225, 75% is x 275.
    @Test(arguments: [
        (225.0, 275.0, Coverage.full),         // exactly 25% and exactly 75%
        (224.99, 275.01, Coverage.full),       // just before 25%, just after 75%
        (225.01, 275.0, Coverage.partial),     // starts just after 25%
        (225.0, 274.99, Coverage.partial),     // ends just before 75%
        (290.0, 299.0, Coverage.partial),      // only the bar's tail
        (201.0, 210.0, Coverage.partial),      // only the bar's head
        (150.0, 350.0, Coverage.full),         // from bar 1 into bar 3
    ])
    func edgesOfTheRule(startX: Double, endX: Double, expected: Coverage) throws {
        let session = Fixtures.session(Fixtures.grid, takes: [
            (ScorePosition(page: 1, x: startX, y: 150), ScorePosition(page: 1, x: endX, y: 150)),
        ])
        let results = try session.coverageIndex().covers(bar: Fixtures.n("2"))
        #expect(results.map(\.coverage) == [expected])
        #expect(results.first?.open == false)
    }

    @Test func takeEndingAtTheBarlineDoesNotTouchTheNextBar() throws {
        let session = Fixtures.session(Fixtures.grid, takes: [
            (ScorePosition(page: 1, x: 120, y: 150), ScorePosition(page: 1, x: 200, y: 150)),
        ])
        let index = try session.coverageIndex()
        #expect(try index.covers(bar: Fixtures.n("1")).map(\.coverage) == [.full])
        #expect(try index.covers(bar: Fixtures.n("2")).isEmpty)
    }

    @Test func openTakeCoversToTheEndOfTheScore() throws {
        var session = Fixtures.session(Fixtures.prelude)
        try session.addTake(start: Fixtures.at(Fixtures.prelude, 29, 0.1))
        let index = try session.coverageIndex()
        for bar in 29..<35 {
            let results = index.covers(barIndex: bar)
            #expect(results == [CoverResult(take: 1, label: "1", coverage: .full, rating: 3, open: true)], "bar index \(bar)")
        }
        #expect(index.covers(barIndex: 28).isEmpty)
        let last = try index.covers(point: ScorePosition(page: 3, x: 560, y: 740))
        #expect(last.map(\.open) == [true])
    }

    @Test func multiPageTakeOnTheChorale() throws {
        // Starts on the title page (page 1) and ends in bar 30 on page 3 (system 1).
        let layout = Fixtures.chorale
        let end = Fixtures.at(layout, 29, 0.8)
        let session = Fixtures.session(layout, takes: [(ScorePosition(page: 1, x: 300, y: 400), end)])
        let index = try session.coverageIndex()
        for bar in 0..<30 {
            #expect(index.covers(barIndex: bar).map(\.coverage) == [.full], "bar index \(bar)")
        }
        #expect(index.covers(barIndex: 30).isEmpty)
        #expect(try index.covers(bars: Fixtures.n("1")...Fixtures.n("30")).map(\.coverage) == [.full])
        #expect(try index.covers(bars: Fixtures.n("25")...Fixtures.n("31")).map(\.coverage) == [.partial])
        #expect(try index.covers(point: ScorePosition(page: 1, x: 10, y: 500)).map(\.coverage) == [.full])
        #expect(try index.covers(point: ScorePosition(page: 1, x: 500, y: 10)).isEmpty)  // above the start on the title page
    }

    @Test func multiPageTakeWhereTheNaiveXComparisonFails() throws {
        // Starts late on page 2 system 0 (x 500), ends early on page 3 system 2 (x 100):
        // a point at x 100 on page 2 system 3 lies inside although its x is before the start's.
        let layout = Fixtures.chorale
        let start = ScorePosition(page: 2, x: 500, y: 120)
        let end = ScorePosition(page: 3, x: 100, y: 700)
        let session = Fixtures.session(layout, takes: [(start, end)])
        let index = try session.coverageIndex()
        #expect(try index.covers(point: ScorePosition(page: 2, x: 100, y: 730)).map(\.take) == [1])
        #expect(try index.covers(point: ScorePosition(page: 2, x: 400, y: 120)).isEmpty)
        #expect(try index.covers(point: ScorePosition(page: 3, x: 300, y: 700)).isEmpty)
        #expect(try index.covers(point: ScorePosition(page: 3, x: 500, y: 400)).map(\.take) == [1])
        #expect(try index.covers(bar: Fixtures.n("5")).map(\.coverage) == [.partial])
        #expect(try index.covers(bar: Fixtures.n("6")).map(\.coverage) == [.full])
        #expect(try index.covers(bar: Fixtures.n("31")).map(\.coverage) == [.full])
        #expect(try index.covers(bar: Fixtures.n("32")).map(\.coverage) == [.partial])
    }

    @Test func takesOverManyPagesOfThePrelude() throws {
        let layout = Fixtures.prelude
        let session = Fixtures.session(layout, takes: [
            (Fixtures.at(layout, 0, 0.1), Fixtures.at(layout, 34, 0.9)),   // the whole piece, 3 pages
            (Fixtures.at(layout, 10, 0.5), Fixtures.at(layout, 26, 0.5)),  // page 1 to page 3, partial at both ends
            (Fixtures.at(layout, 12, 0.0), nil),                            // open from page 2
        ])
        let index = try session.coverageIndex()
        let coverage = index.coverage()
        #expect(coverage.count == 35)
        #expect(coverage[0].takes == [1])
        #expect(coverage[10].takes == [1] && coverage[10].partial == [2])
        #expect(coverage[12].takes == [1, 2, 3])
        #expect(coverage[26].takes == [1, 3] && coverage[26].partial == [2])
        #expect(coverage[34].takes == [1, 3])
        #expect(coverage.allSatisfy { $0.best == 3 })
        #expect(index.gaps(threshold: 3).isEmpty)
        #expect(index.gaps(threshold: 4).count == 35)
    }

    @Test func gapsNameUncoveredAndWeakBars() throws {
        let layout = Fixtures.grid
        var session = Fixtures.session(layout, takes: [
            (Fixtures.at(layout, 0, 0.1), Fixtures.at(layout, 2, 0.9)),
            (Fixtures.at(layout, 6, 0.1), nil),
        ])
        try session.addMark(take: 1, kind: .rating(2), at: Fixtures.at(layout, 1, 0.5))
        let gaps = try session.coverageIndex().gaps(threshold: 3)
        #expect(gaps == [
            Gap(bar: Fixtures.n("2"), index: 1, reason: .belowThreshold(best: 2)),
            Gap(bar: Fixtures.n("3"), index: 2, reason: .belowThreshold(best: 2)),
            Gap(bar: Fixtures.n("4"), index: 3, reason: .uncovered),
            Gap(bar: Fixtures.n("5"), index: 4, reason: .uncovered),
            Gap(bar: Fixtures.n("6"), index: 5, reason: .uncovered),
        ])
    }

    @Test func queriesNameUnknownBarsAndPages() throws {
        let index = try Fixtures.session(Fixtures.grid).coverageIndex()
        #expect(throws: ProtocolError.barNotFound("99")) { try index.covers(bar: Fixtures.n("99")) }
        // Pages 1 numbered 10…15, page 3 numbered 1…3: bar "11" comes before bar "2" in the score.
        var layout = Fixtures.grid
        for s in 0..<2 {
            layout.pages[0].systems[s].bars = layout.pages[0].systems[s].bars!.enumerated().map { i, bar in
                BarLayout(number: BarNumber(10 + 3 * s + i), left: bar.left, right: bar.right)
            }
        }
        layout.pages[2].systems[0].bars = layout.pages[2].systems[0].bars!.enumerated().map { i, bar in
            BarLayout(number: BarNumber(i + 1), left: bar.left, right: bar.right)
        }
        let renumbered = try Fixtures.session(layout).coverageIndex()
        #expect(throws: ProtocolError.invalidBarRange(from: "2", to: "11")) {
            try renumbered.covers(bars: Fixtures.n("2")...Fixtures.n("11"))
        }
        #expect(try renumbered.covers(bars: Fixtures.n("11")...Fixtures.n("13")).isEmpty)
        #expect(throws: ProtocolError.self) { try index.covers(point: ScorePosition(page: 9, x: 1, y: 1)) }
        #expect(throws: ProtocolError.noLayout(reason: "coverage queries resolve positions to bars through the layout")) {
            try Fixtures.session(nil).coverageIndex()
        }
    }
}

