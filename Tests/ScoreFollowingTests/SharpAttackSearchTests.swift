import Foundation
import Testing
@testable import ScoreFollowing

/// A take with sharp attacks (a piano's) has its fresh notes' onsets looked for further after the path's estimate.
struct SharpAttackSearchTests {
    /// Two bars at 240 quarters a minute (1 s each): a C major chord, then an F major chord.
    static func twoBars() throws -> FollowedScore {
        try Fixtures.wholeNoteChords([[("C", 4), ("E", 4), ("G", 4)], [("F", 4), ("A", 4), ("C", 5)]], tempo: 240)
    }

    /// The two chords struck at 0 and 1 s, each dying away (e every 0.3 s) and damped when the next is struck.
    static func take() throws -> AudioFeatures {
        let rate = Double(AudioSignal.analysisRate)
        let samples = (0..<Int(2 * rate)).map { n -> Float in
            let t = Double(n) / rate
            let chord = t < 1 ? [60, 64, 67] : [65, 69, 72]
            let level = Float(exp(-(t < 1 ? t : t - 1) / 0.3))
            return 0.05 * level * chord.reduce(0) { $0 + FreshNoteOnsetTests.tone($1, at: n, rate: rate) }
        }
        return try AudioFeatures(AudioSignal(samples: samples, rate: AudioSignal.analysisRate))
    }

    /// The second downbeat's time placed from a path that reaches it 8 frames (0.16 s) early.
    static func secondDownbeat(_ follower: ScoreFollower) throws -> Double {
        try Fixtures.placedDownbeat(1, follower: follower, score: twoBars(), audio: take(), early: 8, frames: 100)
    }

    @Test func earlyPathFindsTheOnsetOnlyWithTheWiderSearch() throws {
        var options = ScoreFollower.Options()
        options.sharpFreshAfter = nil
        let narrow = try Self.secondDownbeat(ScoreFollower(options: options))
        #expect(abs(narrow - 1) > 0.1)
        options.sharpFreshAfter = 9
        let wide = try Self.secondDownbeat(ScoreFollower(options: options))
        #expect(abs(wide - 1) <= 0.05)
        // A take whose attacks are not sharp enough keeps the narrow search.
        options.sharpAttack = 0
        #expect(try Self.secondDownbeat(ScoreFollower(options: options)) == narrow)
    }
}
