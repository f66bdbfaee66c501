import Foundation
import Testing
@testable import ScoreFollowing

/// The fifth round's choices: onsets normalized against a floor, silence against sound at a fixed cost, and the
/// band held to pass through an anchor.
struct OnsetFloorTests {
    /// Onset chroma with `values[t]` in pitch class 0 of frame t.
    static func raw(_ values: [Int: Float], count: Int) -> [Float] {
        var raw = [Float](repeating: 0, count: count * 12)
        for (t, v) in values { raw[t * 12] = v }
        return raw
    }

    @Test func smallRiseInAHeldChordIsNotRaisedToAFullOnset() {
        // A real onset at frame 0, a rise a hundredth as large 2 s later (beyond the ±0.5 s local window).
        let raw = Self.raw([0: 1, 100: 0.01], count: 160)
        let plain = FeatureMath.decayingNormalizedOnsets(raw, count: 160)
        #expect(abs(plain[0] - 1) < 1e-5)
        #expect(abs(plain[100 * 12] - 1) < 1e-5)  // divided by its own local maximum
        let floored = FeatureMath.decayingNormalizedOnsets(raw, count: 160, floorShare: 0.2, floorRadius: 150)
        #expect(abs(floored[0] - 1) < 1e-5)
        #expect(abs(floored[100 * 12] - 0.05) < 1e-5)  // 0.01 / (0.2 · 1)
        // Beyond the floor's reach the rise is its own maximum again.
        let far = FeatureMath.decayingNormalizedOnsets(raw, count: 160, floorShare: 0.2, floorRadius: 50)
        #expect(abs(far[100 * 12] - 1) < 1e-5)
    }

    @Test func silenceAgainstSoundCostsAFixedAmount() {
        let triad = AccuracyChoiceTests.triad
        var score = AccuracyChoiceTests.sequence([triad, nil])
        score.onset[0] = 1  // an onset in the score's chord
        let audio = AccuracyChoiceTests.sequence([triad, nil])
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.onsetWeight = 0.6
        #expect(abs(dtw.cost(0, 1) - 1.6) < 1e-5)  // chroma 1 plus the onset's distance 1
        #expect(abs(dtw.cost(1, 0) - 1) < 1e-5)
        dtw.silentMismatch = 0.7
        #expect(abs(dtw.cost(0, 1) - 1.42) < 1e-5)  // 1 + 0.6 · 0.7 whatever the onsets
        #expect(abs(dtw.cost(1, 0) - 1.42) < 1e-5)
        #expect(abs(dtw.cost(1, 1)) < 1e-5)  // silence against silence still matches
    }

    @Test func anchoredBandPassesThroughTheAnchor() {
        let band: [Range<Int>] = [0..<10, 0..<10, 2..<10, 2..<4, 0..<0, 6..<10]
        let narrowed = ScoreFollower().anchored(band, at: [ScoreFollower.Anchor(score: 5, audio: 3)])
        #expect(narrowed == [0..<5, 0..<5, 2..<5, 5..<6, 0..<0, 6..<10])
    }
}
