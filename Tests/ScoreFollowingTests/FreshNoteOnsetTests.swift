import Foundation
import Testing
@testable import ScoreFollowing

/// Refinement of a downbeat to the onset of its fresh notes: which notes are fresh, and a soft attack found where it
/// begins although the path's estimate is late.
struct FreshNoteOnsetTests {
    @Test func freshPitchesLeaveOutNotesSoundingBefore() throws {
        // 4/4 at 60 quarters per minute: a whole-note chord C4 E4, then E4 G4, then the same chord again.
        let timeline = ScoreTimeline(score: try Fixtures.wholeNoteChords([[("C", 4), ("E", 4)], [("E", 4), ("G", 4)], [("E", 4), ("G", 4)]], tempo: 60))
        let follower = ScoreFollower()
        #expect(follower.freshPitches(timeline, at: 0) == [60, 64])
        #expect(follower.freshPitches(timeline, at: 4) == [67])  // E4 sounded through the bar before
        #expect(follower.freshPitches(timeline, at: 8) == [64, 67])  // all re-struck: all of them
    }

    /// A harmonic tone of `pitch` (MIDI) with five partials.
    static func tone(_ pitch: Int, at n: Int, rate: Double) -> Float {
        let f = 440 * pow(2, Double(pitch - 69) / 12)
        return Float((1...5).reduce(0.0) { $0 + sin(2 * Double.pi * f * Double($1) * Double(n) / rate) / Double($1) })
    }

    @Test func softAttackIsFoundAtItsStartFromALateEstimate() throws {
        // A C major chord held for 1 s, then an F major chord (F4 A4 C5) swelling in over 150 ms from 1.0 s, as a bowed
        // or sung chord does, while the first one fades in 50 ms.
        let rate = Double(AudioSignal.analysisRate)
        let samples = (0..<Int(2 * rate)).map { n -> Float in
            let t = Double(n) / rate
            let old = Float(t < 1 ? 1 : max(0, 1 - (t - 1) / 0.05))
            let new = Float(t < 1 ? 0 : min(1, (t - 1) / 0.15))
            return 0.05 * (old * [60, 64, 67].reduce(0) { $0 + Self.tone($1, at: n, rate: rate) }
                + new * [65, 69, 72].reduce(0) { $0 + Self.tone($1, at: n, rate: rate) })
        }
        let audio = try AudioFeatures(AudioSignal(samples: samples, rate: AudioSignal.analysisRate))
        let follower = ScoreFollower()
        // The path reaches the soft chord 100 ms late (frame 55 at 50 frames per second).
        let onset = try #require(follower.freshNoteOnset(near: 55, pitches: [65, 69, 72], audio: audio))
        #expect(abs(onset.start / FeatureSequence.frameRate - 1.0) <= 0.06)
        #expect(Double(onset.peak) > onset.start)
    }
}
