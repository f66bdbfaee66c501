import Foundation
import RecordingProtocol
import TestSupport
import Testing

/// Placing a take from its audio from the live page (`Browser/place.py`, by finger): a rendered piece (fluidsynth),
/// its MusicXML named as the score's notes, take 2's Broadcast WAVE linked with `session link-audio` while the page is open.
@Suite("Placing from the page", .serialized)
struct PlaceBrowserTests {
    /// Writes the rendered session into `folder`: the notes, and take 2's file (bars 4½–12 of the rendering) in `audio/`.
    static func session(in folder: URL) throws -> URL {
        try singleScore(in: folder, repeated: false)
    }

    /// The piece with its bars 1–13 played twice (repeat signs in the notes, `"order": ["1-13", "1-13"]`): take 2's file,
    /// bars 4½–12, fits both passes alike; its start was tapped on bar 5 of the second pass, and the tap chooses.
    static func repeated(in folder: URL) throws -> URL {
        try singleScore(in: folder, repeated: true)
    }

    /// The rendered piece as the session's one score; `repeated`: played twice, take 2 tapped on the second pass.
    static func singleScore(in folder: URL, repeated: Bool) throws -> URL {
        let music = try renderedTake(in: folder, repeated: repeated)
        let pieces = repeated ? #""pieces": [{"title": "Minuet", "firstBar": "1", "lastBar": "13", "order": ["1-13", "1-13"]}],"# : ""
        // place.py links the file (`session link-audio` on the served database) while the page is open: the file arrives.
        return try written("""
            {"format": "tonmeister-session/1", "title": "Rendered\(repeated ? ", repeated" : "")", "score": {"file": "score.pdf", "music": "\(music)"},
             "layout": \(layout), \(pieces)
             "takes": [{"number": 1, "start": {"page": 1, "x": 62, "y": 170}, "end": {"page": 1, "x": 500, "y": 170}},
                       {"number": 2, "start": {"page": 1, "x": 210, "y": 170\(repeated ? ", \"pass\": 2" : "")}}]}
            """, in: folder)
    }

    /// Writes `json` as the session `day1.json` in `folder`; answers its path.
    static func written(_ json: String, in folder: URL) throws -> URL {
        let session = folder.appendingPathComponent("day1.json")
        try Data(json.utf8).write(to: session)
        return session
    }

    /// The same takes in a session of two scores: the chorale (3 pages, no notes), then the rendered piece's page
    /// (session page 4, the minuet's PDF), the only score with notes; both takes lie on it.
    static func twoScores(in folder: URL) throws -> URL {
        let music = try renderedTake(in: folder)
        try FileManager.default.copyItem(at: BrowserTests.root.appendingPathComponent("Scores/chorale.pdf"), to: folder.appendingPathComponent("score.pdf"))
        let second = BrowserTests.root.appendingPathComponent("Scores/minuet.pdf").path
        let json = """
            {"format": "tonmeister-session/1", "title": "Rendered, two scores",
             "scores": [{"file": "score.pdf", "pages": 3, "layout": {"pages": []}},
                        {"file": "\(second)", "pages": 1, "music": "\(music)", "layout": \(layout)}],
             "takes": [{"number": 1, "start": {"score": 1, "page": 1, "x": 62, "y": 170}, "end": {"score": 1, "page": 1, "x": 500, "y": 170}},
                       {"number": 2, "start": {"score": 1, "page": 1, "x": 210, "y": 170}}]}
            """
        return try written(json, in: folder)
    }

    /// Two pieces' scores, each with its notes: another piece (score 0, the chorale's 3 pages, `other.musicxml`) and the
    /// rendered piece (score 1, session page 4). Take 1 lies on the rendered piece; take 2's start was tapped on the
    /// other piece's first page (the producer had not turned to the next score), though its file is the rendered piece.
    static func wrongScore(in folder: URL) throws -> URL {
        let music = try renderedTake(in: folder)
        try FileManager.default.copyItem(at: BrowserTests.root.appendingPathComponent("Scores/chorale.pdf"), to: folder.appendingPathComponent("score.pdf"))
        let other = BrowserTests.root.appendingPathComponent("Tests/ScoreFollowingTests/Fixtures/other.musicxml").path
        let second = BrowserTests.root.appendingPathComponent("Scores/minuet.pdf").path
        let json = """
            {"format": "tonmeister-session/1", "title": "Rendered, tapped on the wrong score",
             "scores": [{"file": "score.pdf", "pages": 3, "music": "\(other)", "layout": \(layout)},
                        {"file": "\(second)", "pages": 1, "music": "\(music)", "layout": \(layout)}],
             "pieces": [{"title": "Chorale", "firstBar": "1", "lastBar": "13", "score": 0},
                        {"title": "Minuet", "firstBar": "1", "lastBar": "13", "score": 1}],
             "takes": [{"number": 1, "start": {"score": 1, "page": 1, "x": 62, "y": 170}, "end": {"score": 1, "page": 1, "x": 500, "y": 170}},
                       {"number": 2, "start": {"score": 0, "page": 1, "x": 210, "y": 170}}]}
            """
        return try written(json, in: folder)
    }

    /// The rendered piece as the session's one score; take 2 (its file bars 4½–12) was tapped in bar 1 only.
    static func tappedFar(in folder: URL) throws -> URL {
        let music = try renderedTake(in: folder)
        return try written("""
            {"format": "tonmeister-session/1", "title": "Rendered, tapped far from its audio", "score": {"file": "score.pdf", "music": "\(music)"},
             "layout": \(layout),
             "takes": [{"number": 1, "start": {"page": 1, "x": 62, "y": 170}, "end": {"page": 1, "x": 500, "y": 170}},
                       {"number": 2, "start": {"page": 1, "x": 62, "y": 170}, "end": {"page": 1, "x": 80, "y": 170}}]}
            """, in: folder)
    }

    /// One system of bars 1–13 on page 1.
    static let layout: String = {
        let bars = (1...13).map { n in
            "{\"number\": \"\(n)\", \"left\": \(60 + (n - 1) * 36), \"right\": \(96 + (n - 1) * 36)}"
        }.joined(separator: ", ")
        return #"{"pages": [{"page": 1, "systems": [{"top": 120, "bottom": 220, "bars": [\#(bars)]}]}]}"#
    }()

    /// Renders the piece into `folder`, writes take 2's file (bars 4½–12) to `audio/` and the notes; answers their path.
    static func renderedTake(in folder: URL, repeated: Bool = false) throws -> String {
        let rate = 22_050
        let samples = try RenderedPiece.render(in: folder, rate: rate)
        let audio = folder.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        let beats = RenderedPiece.downbeats
        let pcm = RenderedPiece.pcm(samples, rate: rate, from: beats[4] - 1.3, to: beats[11] + 0.9)
        try BroadcastWave(sampleRate: rate, channels: 1, bitsPerSample: 16, dataBytes: 0,
                          bext: BroadcastExtension(originator: "Tonmeister test", timeReference: UInt64(36_300 * rate)),
                          ixml: RecorderXML(take: "2", timecodeRate: "25/1", timecodeFlag: "NDF"))
            .fileData(pcm: pcm).write(to: audio.appendingPathComponent("T002.wav"))
        let music = folder.appendingPathComponent("piece.musicxml")
        try Data(RenderedPiece.musicXML(repeated: repeated).utf8).write(to: music)
        return music.path
    }

    @Test("in a session of two scores, a take on the second, the only one with notes, is placed from the page when its file arrives",
          .enabled(if: BrowserTests.missing == nil && RenderedPiece.available,
                   "browser tools or fluidsynth missing: \(BrowserTests.missing ?? "fluidsynth and fluid-soundfont-gm (scripts/install-test-tools)")"))
    func placesOnTheSecondScore() async throws {
        let shots = try await BrowserTests.drive("place.py", shots: "place-scores", passed: "all place checks passed",
                                                 session: Self.twoScores(in:), score: nil, arguments: ["1"])
        #expect(shots.count == 3, "\(shots)")
    }

    @Test("a take tapped on another piece's score: the page says which score its audio matches, and moves it there by finger",
          .enabled(if: BrowserTests.missing == nil && RenderedPiece.available,
                   "browser tools or fluidsynth missing: \(BrowserTests.missing ?? "fluidsynth and fluid-soundfont-gm (scripts/install-test-tools)")"))
    func movesToTheScoreItsAudioMatches() async throws {
        let shots = try await BrowserTests.drive("place-move.py", shots: "place-move", passed: "all move checks passed",
                                                 session: Self.wrongScore(in:), score: nil)
        #expect(shots.count == 2, "\(shots)")
    }

    @Test("a take whose audio lies far from its taps: the page names its bars and asks; cancel keeps the taps, agreeing places it there",
          .enabled(if: BrowserTests.missing == nil && RenderedPiece.available,
                   "browser tools or fluidsynth missing: \(BrowserTests.missing ?? "fluidsynth and fluid-soundfont-gm (scripts/install-test-tools)")"))
    func asksWhenFarFromTheTaps() async throws {
        let shots = try await BrowserTests.drive("place-far.py", shots: "place-far", passed: "all far-from-tap checks passed",
                                                 session: Self.tappedFar(in:))
        #expect(shots.count == 2, "\(shots)")
    }

    @Test("a take inside a repeat is placed on the pass its tapped start lies on, and the page says the tap chose",
          .enabled(if: BrowserTests.missing == nil && RenderedPiece.available,
                   "browser tools or fluidsynth missing: \(BrowserTests.missing ?? "fluidsynth and fluid-soundfont-gm (scripts/install-test-tools)")"))
    func tapChoosesThePass() async throws {
        let shots = try await BrowserTests.drive("place.py", shots: "place-repeat", passed: "all place checks passed",
                                                 session: Self.repeated(in:), arguments: ["repeat"])
        #expect(shots.count == 3, "\(shots)")
    }

    @Test("the page asks to place a take whose file arrives and places it; the page draws it as placed from audio; the take panel places it again",
          .enabled(if: BrowserTests.missing == nil && RenderedPiece.available,
                   "browser tools or fluidsynth missing: \(BrowserTests.missing ?? "fluidsynth and fluid-soundfont-gm (scripts/install-test-tools)")"))
    func placesFromThePage() async throws {
        let shots = try await BrowserTests.drive("place.py", shots: "place", passed: "all place checks passed", session: Self.session(in:))
        #expect(shots.count == 3, "\(shots)")
    }
}
