import Foundation
import Testing
@testable import ScoreFollowing

/// A recorder that rolls a minute before the music and a minute after it: only room tone around the take.
struct RecorderRollTests {
    /// The rendered take with `seconds` of faint room noise (about −80 dBFS, seeded) before and after it.
    static func rolled(_ seconds: Double) throws -> AudioSignal {
        let take = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func noise(_ count: Int) -> [Float] {
            (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return (Float(state >> 40) / Float(1 << 24) - 0.5) * 2e-4
            }
        }
        let pad = Int(seconds * Double(take.rate))
        return AudioSignal(samples: noise(pad) + take.samples + noise(pad), rate: take.rate)
    }

    @Test func takeInsideAMinuteOfRoomToneIsPlacedAsSurelyAsAlone() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let alone = try ScoreFollower().follow(score: score, audio: AudioSignal.read(Fixtures.path("volta-take.flac")))
        let rolled = try ScoreFollower().follow(score: score, audio: Self.rolled(60))
        #expect(abs(rolled.confidence - alone.confidence) < 0.1, "\(rolled.confidence) against \(alone.confidence) alone")
        #expect(rolled.measures.map(\.index) == alone.measures.map(\.index))
        for (r, a) in zip(rolled.measures, alone.measures) {
            #expect(abs(r.time - 60 - a.time) < 0.05, "bar \(r.number): \(r.time) s, alone \(a.time) s")
        }
        // Counting every quiet frame as take the path leaves out (before session 31) makes it far less sure.
        var counting = ScoreFollower.Options()
        counting.edgeQuiet = nil
        let before = try ScoreFollower(options: counting).follow(score: score, audio: Self.rolled(60), refuse: false)
        #expect(before.confidence < rolled.confidence - 0.3, "\(before.confidence) against \(rolled.confidence)")
    }

    @Test func anotherPieceInsideRoomToneIsStillRefused() throws {
        let score = try ScoreFile.read(Fixtures.path("other.musicxml"))
        let result = try ScoreFollower().follow(score: score, audio: Self.rolled(60), refuse: false)
        #expect(result.confidence < ScoreFollower.refusalThreshold, "\(result.confidence)")
    }
}
