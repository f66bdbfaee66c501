import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Ratings in force, deleted marks and takes, and quality(take, bar).
@Suite struct RatingTests {
    /// One take over grid bars 1–9 (3 pages) with ratings 4 at bar 2 (50%), 2 at bar 5 (50%), 5 at bar 8 (0%).
    static func rated() throws -> Session {
        let g = Fixtures.grid
        var session = Fixtures.session(g, takes: [(Fixtures.at(g, 0, 0.1), Fixtures.at(g, 8, 0.9))])
        try session.addMark(take: 1, kind: .rating(4), at: Fixtures.at(g, 1, 0.5))
        try session.addMark(take: 1, kind: .rating(2), at: Fixtures.at(g, 4, 0.5))
        try session.addMark(take: 1, kind: .rating(5), at: Fixtures.at(g, 7, 0.0))
        return session
    }

    @Test(arguments: [
        (0, 0.5, 3),   // before the first rating: 3
        (1, 0.4, 3),
        (1, 0.5, 4),   // exactly at a rating mark
        (3, 0.5, 4),
        (4, 0.49, 4),
        (4, 0.5, 2),
        (6, 0.9, 2),
        (7, 0.0, 5),
        (8, 0.8, 5),
    ])
    func ratingInForceAtAPoint(bar: Int, fraction: Double, expected: Int) throws {
        let index = try Self.rated().coverageIndex()
        let results = try index.covers(point: Fixtures.at(Fixtures.grid, bar, fraction))
        #expect(results.map(\.rating) == [expected])
    }

    @Test(arguments: [(0, 3), (1, 3), (2, 4), (3, 4), (4, 2), (5, 2), (6, 2), (7, 5), (8, 5)])
    func lowestRatingInsideABar(bar: Int, expected: Int) throws {
        let index = try Self.rated().coverageIndex()
        #expect(index.covers(barIndex: bar).map(\.rating) == [expected])
        #expect(index.coverage()[bar].best == expected)
        #expect(index.quality(take: 1, barIndex: bar) == expected)
    }

    @Test func rangeRatingIsTheLowestInForce() throws {
        let index = try Self.rated().coverageIndex()
        #expect(try index.covers(bars: Fixtures.n("3")...Fixtures.n("4")).map(\.rating) == [4])
        #expect(try index.covers(bars: Fixtures.n("3")...Fixtures.n("8")).map(\.rating) == [2])
        #expect(try index.covers(bars: Fixtures.n("8")...Fixtures.n("9")).map(\.rating) == [5])
    }

    @Test func deletedMarksAndTakesAreIgnored() throws {
        var session = try Self.rated()
        try session.deleteMark(2)  // the 2 at bar 5
        var index = try session.coverageIndex()
        #expect(index.covers(barIndex: 5).map(\.rating) == [4])
        try session.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.0), end: nil)
        try session.addMark(take: 2, kind: .rating(1), at: Fixtures.at(Fixtures.grid, 0, 0.5))
        index = try session.coverageIndex()
        #expect(index.covers(barIndex: 0).map(\.take) == [1, 2])
        try session.deleteTake(2)
        index = try session.coverageIndex()
        #expect(index.covers(barIndex: 0).map(\.take) == [1])
        #expect(index.coverage()[0].best == 3)
        #expect(index.quality(take: 2, barIndex: 0) == nil)
        // Soft delete keeps numbers: the next take is 3, the next mark 5.
        #expect(try session.nextTakeNumber().number == 3)
        #expect(try session.addMark(take: 1, kind: .text, at: Fixtures.at(Fixtures.grid, 2)).id == 5)
        #expect(throws: ProtocolError.takeDeleted(number: 2)) {
            try session.addMark(take: 2, kind: .editPoint, at: Fixtures.at(Fixtures.grid, 2))
        }
    }

    @Test func qualitySubtractsOnePerProblemTouchingTheBar() throws {
        let g = Fixtures.grid
        var session = try Self.rated()
        try session.addMark(take: 1, kind: .problem(.intonation), at: Fixtures.at(g, 2, 0.2))
        try session.addMark(take: 1, kind: .problem(.symbol("breath")), at: Fixtures.at(g, 2, 0.5), to: Fixtures.at(g, 4, 0.5))
        try session.addMark(take: 1, kind: .problem(.noise), at: Fixtures.at(g, 6, 0.5))
        try session.addMark(take: 1, kind: .editPoint, at: Fixtures.at(g, 3, 0.5))
        let deleted = try session.addMark(take: 1, kind: .problem(.tempo), at: Fixtures.at(g, 3, 0.5))
        try session.deleteMark(deleted.id)
        let index = try session.coverageIndex()
        let qualities = (0..<9).map { index.quality(take: 1, barIndex: $0) }
        #expect(qualities == [3, 3, 4 - 2, 4 - 1, 2 - 1, 2, 2 - 1, 5, 5])
        #expect(try index.quality(take: 1, bar: Fixtures.n("3")) == 2)
        #expect(index.quality(take: 9, barIndex: 0) == nil)
        #expect(index.quality(take: 1, barIndex: 99) == nil)
    }
}
