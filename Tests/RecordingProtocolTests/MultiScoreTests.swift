import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Sessions of several scores: the chorale (3 pages, bars 1–36 on pages 2–3) as score 0 and the grid (3 pages,
/// bars 1–9 on pages 1 and 3) as score 1, so session pages 4–6 are the grid's pages 1–3.
@Suite("Several scores in a session")
struct MultiScoreTests {
    static func session() throws -> Session {
        var session = Session(title: "Two movements", score: ScoreReference(file: "chorale.pdf", sha256: String(repeating: "a", count: 64)),
                              layout: Fixtures.chorale)
        session.pieces = [Piece(title: "I", firstBar: BarNumber(1), lastBar: BarNumber(36))]
        try session.addScore(ScoreReference(file: "grid.pdf", sha256: String(repeating: "b", count: 64), pages: 3),
                             layout: Fixtures.grid, previousPages: 3)
        try session.addPiece(Piece(title: "II", firstBar: BarNumber(1), lastBar: BarNumber(9), score: 1))
        // Take 1 on the chorale's bars 1–5; take 2 on the grid's bars 2–8 rated 5 from its first bar and a problem over 7–8.
        let grid = session.scorePages.offset(ofScore: 1)
        try session.addTake(start: Fixtures.at(Fixtures.chorale, 0, 0.1))
        try session.endTake(1, at: Fixtures.at(Fixtures.chorale, 4, 0.9))
        try session.addTake(start: ScorePosition(page: grid + 1, x: 205, y: 150))
        try session.addMark(take: 2, kind: .rating(5), at: ScorePosition(page: grid + 1, x: 250, y: 150))
        try session.addMark(take: 2, kind: .problem(ProblemKind("noise")), at: ScorePosition(page: grid + 3, x: 120, y: 150),
                            to: ScorePosition(page: grid + 3, x: 290, y: 150))
        try session.endTake(2, at: ScorePosition(page: grid + 3, x: 290, y: 150))
        return session
    }

    @Test("pages run through the scores in order and back")
    func pageMap() throws {
        let pages = ScorePages(counts: [3, 1, nil])
        #expect(pages.offset(ofScore: 2) == 4)
        #expect((1...6).map { pages.scorePage($0).score } == [0, 0, 0, 1, 2, 2])
        #expect((1...6).map { pages.scorePage($0).page } == [1, 2, 3, 1, 1, 2])
        #expect(try pages.sessionPage(score: 1, page: 1) == 4)
        #expect(try pages.sessionPage(score: 2, page: 9) == 13)
        #expect(throws: ProtocolError.self) { try pages.sessionPage(score: 1, page: 2) }
        #expect(throws: ProtocolError.self) { try pages.sessionPage(score: 3, page: 1) }
    }

    @Test("the JSON names each position's score and page in it, and reads back to the same session and bytes")
    func json() throws {
        let session = try Self.session()
        let text = session.jsonText()
        #expect(!text.contains("\"score\":{"))
        #expect(text.contains("\"scores\":[{\"file\":\"chorale.pdf\""))
        #expect(text.contains("{\"file\":\"grid.pdf\",\"sha256\":\"\(String(repeating: "b", count: 64))\",\"pages\":3,\"layout\":{\"pages\":[{\"page\":1,"))
        #expect(text.contains("\"start\":{\"score\":1,\"page\":1,\"x\":205.0,\"y\":150.0}"))
        #expect(text.contains("\"to\":{\"score\":1,\"page\":3,\"x\":290.0,\"y\":150.0}"))
        #expect(text.contains("{\"title\":\"II\",\"firstBar\":\"1\",\"lastBar\":\"9\",\"score\":1}"))
        let read = try Session(json: Data(text.utf8))
        #expect(read == session)
        #expect(read.jsonText() == text)
        #expect(read.jsonText(pretty: true) == session.jsonText(pretty: true))
    }

    @Test("one-score documents are written as before: no score index anywhere", arguments: ["chorale-session", "minuet-repeat-session"])
    func oneScore(name: String) throws {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("Examples/\(name).json"))
        let session = try Session(json: data)
        #expect(!session.hasSeveralScores)
        let text = session.jsonText(pretty: true)
        #expect(!text.contains("\"scores\"") && !text.contains("\"pages\": 3,"))
        #expect(try Session(json: Data(text.utf8)).jsonText(pretty: true) == text)
        // An explicit score 0 on a position of a one-score session reads as the position itself.
        let zero = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"start\": {", with: "\"start\": {\"score\": 0,")
        #expect(try Session(json: Data(zero.utf8)).takes.map(\.start) == session.takes.map(\.start))
    }

    @Test("pieces find their bars on their own score; covers looks a bar up in a piece")
    func pieces() throws {
        let session = try Self.session()
        #expect(session.pieceBarRanges() == [0...35, 36...44])
        var index = try session.coverageIndex()
        #expect(try index.covers(bar: BarNumber(4)).map(\.take) == [1])
        index.barScope = session.pieceBarRanges()[1]
        #expect(try index.covers(bar: BarNumber(4)).map(\.take) == [2])
        #expect(try index.covers(bar: BarNumber(4)).first?.rating == 5)
        #expect(throws: ProtocolError.barNotFound("12")) { try index.covers(bar: BarNumber(12)) }
        let bar = try session.position(of: BarAddress("8"), fraction: 0.5, inScore: 1)
        #expect(session.scorePosition(bar).score == 1 && session.scorePosition(bar).position.page == 3)
    }

    @Test("the plan spans both scores")
    func plan() throws {
        let plan = try Self.session().editPlan(PlanOptions())
        #expect(plan.segments.map(\.take) == [1, 2])
        #expect(plan.segments.map(\.fromBar.description) == ["1", "2"])
    }

    @Test("the EDL places each score's take at its own times")
    func edl() throws {
        var session = try Self.session()
        session.takes[0].recordStart = "10:00:00:00"
        session.takes[0].fps = 25
        session.takes[1].recordStart = "11:00:00:00"
        session.takes[1].fps = 25
        let grid = session.scorePages.offset(ofScore: 1)
        try session.addMark(take: 1, kind: .text, at: Fixtures.at(Fixtures.chorale, 2, 0.5), time: 5)
        session.marks[0].time = 1.5   // the rating at bar 2 of the grid
        session.marks[1].time = 12.5  // the problem from bar 7
        _ = grid
        let timeline = try EditTimeline(plan: try session.editPlan(), session: session, baseDirectory: nil)
        #expect(timeline.events.map(\.take) == [1, 2])
        #expect(timeline.events.map(\.fromBar) == ["1", "2"])
        let eleven = 11 * 3600 * 25
        #expect(timeline.events[0].sourceIn < eleven - 3000 * 25 && timeline.events[0].sourceOut > timeline.events[0].sourceIn)
        #expect(timeline.events[1].sourceIn >= eleven && timeline.events[1].sourceIn <= eleven + 2 * 25)
        #expect(timeline.events[1].sourceOut > eleven + 12 * 25)
        #expect(timeline.cmx3600().contains("TAKE 2 BARS 2-8"))
    }

    @Test("a bad score index in the JSON is refused, naming the field")
    func badIndex() throws {
        let text = try Self.session().jsonText().replacingOccurrences(of: "\"start\":{\"score\":1", with: "\"start\":{\"score\":2")
        #expect {
            try Session(json: Data(text.utf8))
        } throws: { error in
            "\(error)".contains("takes[1].start.score") && "\(error)".contains("there is no score 2")
        }
        let piece = try Self.session().jsonText().replacingOccurrences(of: "\"lastBar\":\"9\",\"score\":1", with: "\"lastBar\":\"9\",\"score\":4")
        #expect(throws: ProtocolError.self) { try Session(json: Data(piece.utf8)) }
        let both = try Self.session().jsonText().replacingOccurrences(of: "\"scores\":[", with: "\"score\":{\"file\":\"x.pdf\"},\"scores\":[")
        #expect(throws: ProtocolError.self) { try Session(json: Data(both.utf8)) }
    }

    @Test("adding a score needs the page count of the score before it, and changes nothing when refused")
    func addScore() throws {
        var session = Session(title: "t", score: ScoreReference(file: "chorale.pdf"), layout: Fixtures.chorale)
        let before = session
        #expect(throws: ProtocolError.self) { try session.addScore(ScoreReference(file: "g.pdf", pages: 3), layout: Fixtures.grid) }
        #expect(throws: ProtocolError.self) { try session.addScore(ScoreReference(file: "g.pdf", pages: 3), layout: Fixtures.grid, previousPages: 2) }
        #expect(throws: ProtocolError.self) { try session.addScore(ScoreReference(file: "g.pdf", pages: 2), layout: Fixtures.grid, previousPages: 3) }
        #expect(session == before)
    }

    @Test("a new edition of one score moves its positions and keeps the other score's exactly")
    func rescore() throws {
        var session = try Self.session()
        let before = session
        // The new edition of the grid has a blank first page: everything on it moves one page on.
        let shifted = ScoreLayout(pages: [PageLayout(page: 1, systems: [])] + Fixtures.grid.pages.map { PageLayout(page: $0.page + 1, systems: $0.systems) })
        let report = try session.rescore(score: 1, matching: Fixtures.grid, to: shifted,
                                         reference: ScoreReference(file: "grid-2.pdf", pages: 4))
        #expect(report.unplaced.isEmpty)
        #expect(session.scores.map(\.file) == ["chorale.pdf", "grid-2.pdf"])
        #expect(session.takes[0] == before.takes[0])
        #expect(session.scorePosition(session.takes[1].start).position.page == 2)
        #expect(session.scorePosition(session.takes[1].end!).position.page == 4)
        #expect(try session.coverageIndex().covers(bar: BarNumber(4)).map(\.take) == [1])
        #expect(throws: ProtocolError.self) {
            try session.rescore(score: 2, matching: Fixtures.grid, to: shifted, reference: ScoreReference(file: "x.pdf", pages: 4))
        }
    }
}
