import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import ScoreFollowing

/// `TakePlacer` in a session of two scores, each with its notes: the volta piece (score 0) and another piece (score
/// 1), both one page. The rendered take of the volta piece is followed through the score its start lies in and
/// through the other; it is placed only on the score it is of.
@Suite("Takes followed through several scores' notes")
struct TakePlacerScoresTests {
    /// Take 1 starts on the volta piece's page, take 2 (the same file) on the other piece's, take 3 on a third score
    /// without notes.
    static func session() throws -> Session {
        var session = Session(title: "Two pieces", score: ScoreReference(file: "volta.pdf", music: Fixtures.path("volta.musicxml"), pages: 1))
        _ = try session.addScore(ScoreReference(file: "other.pdf", music: Fixtures.path("other.musicxml"), pages: 1), layout: nil)
        _ = try session.addScore(ScoreReference(file: "third.pdf", pages: 1), layout: nil)
        for (number, page) in [(1, 1), (2, 2), (3, 3)] {
            var take = Take(number: number, start: ScorePosition(page: page, x: 100, y: 100))
            take.source = Fixtures.path("volta-take.flac")
            session.takes.append(take)
        }
        return session
    }

    @Test("a take is aligned with its own score's notes; the same audio started on another piece's score, or on a score without notes, is reported")
    func eachTakeOnItsOwnScore() throws {
        let found = try TakePlacer.align(session: try Self.session(), takes: nil, baseDirectory: nil)
        #expect(found.measuresByScore.keys.sorted() == [0, 1])
        #expect(found.measures == found.measuresByScore[0])
        #expect(found.alignments.keys.sorted() == [1])
        let placed = try #require(found.alignments[1])
        #expect(placed.score == 0 && placed.confidence >= Session.placementThreshold)
        #expect(placed.measures.map(\.number) == (try Fixtures.truth()).take.map(\.number))
        let skipped = Dictionary(uniqueKeysWithValues: found.skipped.map { ($0.take, $0) })
        #expect(skipped[2]?.kind == .otherScore && skipped[2]?.bestScore == 0, "\(found.skipped.map(\.reason))")
        #expect(skipped[2]?.reason.contains("score 0 better than those of its own score 1") == true, "\(skipped[2]?.reason ?? "")")
        #expect(skipped[3]?.kind == .noNotes && skipped[3]?.reason.contains("--score 2") == true)
    }

    @Test("moving allowed, the take started on the other piece's score is aligned with the score its audio matches, as placed from there")
    func movingToTheMatchingScore() throws {
        let found = try TakePlacer.align(session: try Self.session(), takes: [1, 2], baseDirectory: nil, moving: true)
        #expect(found.skipped.isEmpty, "\(found.skipped.map(\.reason))")
        let moved = try #require(found.alignments[2]), own = try #require(found.alignments[1])
        #expect(moved.score == 0 && moved.movedFrom == 1 && own.movedFrom == nil)
        #expect(moved.measures == own.measures && moved.start == own.start && moved.end == own.end)
    }

    @Test("with one score's notes only, a take on it is placed as before, without following the others")
    func oneScoreWithNotes() throws {
        var session = try Self.session()
        session.scores[1].music = nil
        session.takes.removeLast(2)
        let found = try TakePlacer.align(session: session, takes: nil, baseDirectory: nil)
        #expect(found.alignments[1]?.score == 0 && found.skipped.isEmpty)
        #expect(found.measuresByScore.keys.sorted() == [0])
    }

    @Test("notes that cannot be read cost only their own score's takes; when no score's can be read, the placing fails")
    func unreadableNotes() throws {
        var session = try Self.session()
        session.scores[1].music = "/nonexistent/other.musicxml"
        let found = try TakePlacer.align(session: session, takes: [1, 2], baseDirectory: nil)
        #expect(found.alignments.keys.sorted() == [1])
        #expect(found.skipped.map(\.take) == [2] && found.skipped.first?.kind == .unreadable)
        #expect(found.skipped.first?.reason.contains("/nonexistent/other.musicxml") == true, "\(found.skipped.map(\.reason))")
        session.scores[0].music = "/nonexistent/volta.musicxml"
        #expect(throws: FollowError.self) { try TakePlacer.align(session: session, takes: [1], baseDirectory: nil) }
    }
}
