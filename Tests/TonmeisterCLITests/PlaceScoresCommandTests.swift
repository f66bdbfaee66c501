import Foundation
import TestSupport
import Testing
@testable import RecordingProtocol

/// `session music --score` and `session place` in a session of two scores: the rendered piece of `PlaceCommandTests`
/// engraved twice (two movements of the same music, each numbered from bar 1), take 1 tapped on the first, take 2 on
/// the second. Each take is placed on its own score's bars, and the EDL cuts on the rendering's bar times.
@Suite("session place in a session of two scores")
struct PlaceScoresCommandTests {
    /// Both scores: one page, bars 1–7 and 8–13 in two systems; take 1 tapped over the first score's bars 1–13, take 2
    /// from the second score's bar 5, left open; the producer's marks a second late.
    static func session() -> String {
        func bars(_ range: ClosedRange<Int>) -> String {
            range.map { n in "{\"number\": \"\(n)\", \"left\": \(40 + (n - range.lowerBound) * 70), \"right\": \(110 + (n - range.lowerBound) * 70)}" }
                .joined(separator: ", ")
        }
        func at(_ score: Int, _ bar: Int, _ f: Double) -> String {
            let first = bar <= 7 ? 1 : 8
            return "{\"score\": \(score), \"page\": 1, \"x\": \(40 + Double(bar - first) * 70 + 70 * f), \"y\": \(bar <= 7 ? 150 : 350)}"
        }
        let layout = """
            {"pages": [{"page": 1, "width": 595, "height": 842, "systems": [
               {"top": 100, "bottom": 200, "bars": [\(bars(1...7))]}, {"top": 300, "bottom": 400, "bars": [\(bars(8...13))]}]}]}
            """
        return """
            {"format": "tonmeister-session/1", "title": "Two movements",
             "scores": [{"file": "first.pdf", "pages": 1, "layout": \(layout)}, {"file": "second.pdf", "pages": 1, "layout": \(layout)}],
             "pieces": [{"title": "I", "firstBar": "1", "lastBar": "12", "score": 0}, {"title": "II", "firstBar": "1", "lastBar": "12", "score": 1}],
             "takes": [{"number": 1, "start": \(at(0, 1, 0.1)), "end": \(at(0, 13, 0.5))}, {"number": 2, "start": \(at(1, 5, 0.15))}],
             "marks": [{"take": 1, "kind": "rating", "value": 3, "at": \(at(0, 1, 0.1)), "time": 2.2},
                       {"take": 2, "kind": "rating", "value": 5, "at": \(at(1, 5, 0.15)), "time": 2.4},
                       {"take": 2, "kind": "text", "text": "late tap", "at": \(at(1, 9, 0)), "time": 13.5}]}
            """
    }

    @Test("each take is placed on its own score's bars; the EDL cuts within 20 ms of the rendering's; undo takes it back",
          .enabled(if: RenderedPiece.available, "fluidsynth and fluid-soundfont-gm are not installed (scripts/install-test-tools)"))
    func placesOnEachScore() throws {
        let (dir, audio) = try PlaceCommandTests.renderedTakes("tm-place-scores")
        defer { try? FileManager.default.removeItem(at: dir) }
        let music = dir.appendingPathComponent("piece.musicxml")
        try Data(RenderedPiece.musicXML().utf8).write(to: music)
        let session = dir.appendingPathComponent("day.json")
        try Data(Self.session().utf8).write(to: session)
        #expect(try CLIRunner.run("session", "link-audio", session.path, audio.path).status == 0)
        // Only the first score's notes: take 2, on the second score, has none to follow.
        #expect(try CLIRunner.run("session", "music", session.path, music.path).status == 0)
        let half = try CLIRunner.json("session", "place", session.path, "--all", "--json")
        #expect((half["placed"] as? [[String: Any]])?.compactMap { $0["take"] as? Int } == [1], "\(half)")
        #expect((half["skipped"] as? [[String: Any]])?.first?["kind"] as? String == "no-notes", "\(half)")
        #expect(try CLIRunner.run("undo", session.path).status == 0)

        let named = try CLIRunner.json("session", "music", session.path, music.path, "--score", "1", "--json")
        #expect(named["score"] as? Int == 1 && (named["mismatches"] as? [String]) == [], "\(named)")
        let placed = try CLIRunner.json("session", "place", session.path, "--all", "--json")
        let rows = placed["placed"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["take"] as? Int } == [1, 2], "\(placed)")
        #expect(rows.compactMap { $0["score"] as? Int } == [0, 1])
        #expect(rows.last?["firstBar"] as? String == "5" && rows.last?["endSet"] as? Bool == true)
        #expect((placed["mismatches"] as? [String]) == [], "\(placed)")

        let edl = try CLIRunner.run("plan", session.path, "--format", "edl")
        #expect(edl.status == 0, "\(edl.stderr)")
        // Piece I from take 1 (bars 1–12), piece II from take 2 (bar 5 to where its file ends, in bar 12).
        let worst = PlaceCommandTests.worstCut(edl.stdout, [(1, 0, 12), (2, 4, 11)])
        #expect(worst <= 0.020, "the worst cut is \(Int((worst * 1000).rounded())) ms from the rendering's bar\n\(edl.stdout)")

        // Undo: the placing, then the second score's notes.
        #expect(try CLIRunner.run("undo", session.path).status == 0)
        #expect(!(try String(contentsOf: session, encoding: .utf8)).contains("\"placed\""))
        #expect(try CLIRunner.run("undo", session.path).status == 0)
        let scores = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: session)) as? [String: Any])?["scores"] as? [[String: Any]])
        #expect(scores.map { $0["music"] as? String } == [music.path, nil])
    }
}
