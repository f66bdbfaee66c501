import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import ScoreFollowing

/// A session's takes share one pitch: found from its long, sure takes, it is the grid of a take whose own estimate
/// strayed from it, which is then never moved a semitone.
struct SessionPitchTests {
    @Test("the session's pitch: the median of the long, sure takes when two thirds agree within 20 cents",
          arguments: [
              ([(440.0, 0.9, 60.0)], 440.0),
              ([(440.0, 0.9, 60.0), (415.305, 0.9, 60.0), (441.0, 0.95, 30.0)], 440.0),
              ([(440.0, 0.9, 60.0), (415.305, 0.9, 60.0)], nil),
              ([(415.305, 0.9, 10.0)], nil),
              ([(415.305, 0.5, 60.0)], nil),
              ([(415.305, 0.5, 60.0), (442.0, 1.0, 25.0), (466.164, 0.9, 5.0)], 442.0),
              ([], nil),
          ] as [([(Double, Double, Double)], Double?)])
    func sessionPitch(takes: [(Double, Double, Double)], expected: Double?) {
        let found = TakePlacer.sessionPitch(takes.map { (reference: $0.0, confidence: $0.1, duration: $0.2) })
        if let expected {
            #expect(found.map { abs($0 - expected) < 1e-6 } == true, "\(String(describing: found))")
        } else {
            #expect(found == nil)
        }
    }

    /// The rendered take as a 16-bit mono WAV file declared at `rate` Hz (at 20 800 Hz it sounds at A = 415 Hz).
    static func wave(at rate: Int) throws -> String {
        let samples = try AudioSignal.read(Fixtures.path("volta-take.flac")).samples
        return try Fixtures.temporary("take-\(rate).wav", Fixtures.wave([samples], rate: rate))
    }

    /// A session of the volta piece whose takes are the given files.
    static func session(_ files: [String]) -> Session {
        var session = Session(title: "Volta", score: ScoreReference(file: "volta.pdf", music: Fixtures.path("volta.musicxml"), pages: 1))
        for (k, file) in files.enumerated() {
            var take = Take(number: k + 1, start: ScorePosition(page: 1, x: 100, y: 100))
            take.source = file
            session.takes.append(take)
        }
        return session
    }

    @Test("given the session's pitch, a take a semitone off is analysed on that grid, its offsets measured but not taken")
    func followerKeepsTheSessionsGrid() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let audio = try ReferencePitchTests.played(at: 20_800)
        var options = ScoreFollower.Options()
        options.sessionPitch = 440
        let kept = try ScoreFollower(options: options).follow(score: score, audio: audio, refuse: false)
        #expect(kept.referencePitch == 440 && kept.tuning.semitones == 0 && kept.tuning.offsetCosts.count == 3)
        let free = try ScoreFollower().follow(score: score, audio: audio)
        #expect(free.tuning.semitones == -1)
        #expect(kept.confidence < free.confidence, "\(kept.confidence) against \(free.confidence)")
        options.sessionPitch = 415.305
        let right = try ScoreFollower(options: options).follow(score: score, audio: audio)
        #expect(right.measures.map(\.index) == free.measures.map(\.index))
    }

    @Test("placing a session, a take whose pitch strays a semitone from its long, sure takes' is followed again at theirs")
    func placingUsesTheSessionsPitch() throws {
        let concert = try Self.wave(at: AudioSignal.analysisRate), low = try Self.wave(at: 20_800)
        let alone = try TakePlacer.align(session: Self.session([low]), takes: nil, baseDirectory: nil)
        let own = try #require(alone.alignments[1])
        #expect(own.confidence >= Session.placementThreshold)
        // Two takes at A = 440 Hz and one at 415 Hz: the third is followed on the session's 440 Hz grid.
        let together = try TakePlacer.align(session: Self.session([concert, concert, low]), takes: nil, baseDirectory: nil)
        let concertAlone = try TakePlacer.align(session: Self.session([concert]), takes: nil, baseDirectory: nil)
        #expect(together.alignments[1]?.measures == concertAlone.alignments[1]?.measures)
        #expect(together.alignments[1]?.referencePitch == 440 && together.alignments[3]?.referencePitch == 440)
        let kept = together.alignments[3]?.confidence ?? together.skipped.first { $0.take == 3 }?.confidence ?? 0
        #expect(kept < own.confidence, "\(kept) against \(own.confidence)")
        #expect(together.atSessionPitch == [3: 440])
        // Named alone in a session never placed, it has no other take to learn the session's pitch from; once takes 1
        // and 2 were placed (their pitch stored with their placement), it is followed on their grid.
        var session = Self.session([concert, concert, low])
        #expect(try TakePlacer.align(session: session, takes: [3], baseDirectory: nil).alignments[3]?.measures == own.measures)
        for k in 0..<2 {
            var placed = AudioPlacement(downbeats: [], startTime: 0.5, endTime: 35, confidence: 1)
            placed.referencePitch = try #require(together.alignments[k + 1]?.referencePitch)
            session.takes[k].placement = placed
        }
        let named = try TakePlacer.align(session: session, takes: [3], baseDirectory: nil)
        #expect((named.alignments[3]?.confidence ?? 0) == kept)
        // Two takes at 415 Hz and one at 440 Hz: the session's pitch is theirs, and they are placed as alone.
        let baroque = try TakePlacer.align(session: Self.session([low, low, concert]), takes: nil, baseDirectory: nil)
        #expect(baroque.alignments[1]?.measures == own.measures && baroque.alignments[2]?.measures == own.measures)
        #expect(Array(baroque.atSessionPitch.keys) == [3] && abs((baroque.atSessionPitch[3] ?? 0) - 415.3) < 0.1)
    }

    @Test("each score has its own pitch: a long take at 415 Hz on a second score is placed at it beside two 440 Hz takes on the first")
    func eachScoreItsOwnPitch() throws {
        let concert = try Self.wave(at: AudioSignal.analysisRate), low = try Self.wave(at: 20_800)
        var session = Self.session([concert, concert, low])
        _ = try session.addScore(ScoreReference(file: "baroque.pdf", music: Fixtures.path("volta.musicxml"), pages: 1), layout: nil)
        session.takes[2].start = ScorePosition(page: 2, x: 100, y: 100)
        let found = try TakePlacer.align(session: session, takes: nil, baseDirectory: nil)
        #expect(found.atSessionPitch.isEmpty, "\(found.atSessionPitch)")
        #expect(abs((found.alignments[3]?.referencePitch ?? 0) - 415.3) < 0.1, "\(found.skipped.map(\.reason))")
    }
}
