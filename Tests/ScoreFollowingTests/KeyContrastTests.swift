import Foundation
import Testing
@testable import ScoreFollowing

/// A take that fits its score a semitone off as well as in its own key is judged less like the score.
struct KeyContrastTests {
    @Test("the key penalty: the weight times the contrast's shortfall below 1, nothing at or above 1 or unsearched",
          arguments: [
              (0.9, 10.0, 1.0), (0.97, 10.0, 0.3), (1.0, 10.0, 0), (1.8, 10.0, 0), (nil, 10.0, 0), (0.9, 0.0, 0),
          ] as [(Double?, Double, Double)])
    func penalty(contrast: Double?, weight: Double, expected: Double) {
        var evidence = MatchEvidence(pathCost: 0.5, orderFreeCost: 0.4, chanceCost: 1, coverage: 1)
        let plain = evidence.mismatch
        evidence.keyContrast = contrast
        evidence.keyBlindWeight = weight
        #expect(abs(evidence.keyPenalty - expected) < 1e-9)
        #expect(abs(evidence.mismatch - plain - expected) < 1e-9)
    }

    /// The volta fixture's take in its own key: a semitone off its path costs far more (every tuning set's right takes
    /// at least 1.05 times, median 1.84), so it pays nothing; against another piece's score the contrast is lower.
    @Test("a right take's chords fit its score far better in its key than a semitone off")
    func rightTakeHasContrast() throws {
        let audio = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let right = try ScoreFollower().follow(score: ScoreFile.read(Fixtures.path("volta.musicxml")), audio: audio)
        let contrast = try #require(right.evidence?.keyContrast)
        #expect(contrast > 1.3, "contrast \(contrast)")
        #expect(right.evidence?.keyPenalty == 0)
        let wrong = try ScoreFollower().follow(score: ScoreFile.read(Fixtures.path("other.musicxml")), audio: audio, refuse: false)
        if let other = wrong.evidence?.keyContrast { #expect(other < contrast) }
    }
}
