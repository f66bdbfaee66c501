import Foundation
import Testing
@testable import ScoreFollowing

/// A take stopped inside a bar, the recorder rolling on: the next bar's downbeat is not placed in the release.
struct StoppedTakeTests {
    /// The volta fixture's complete take stopped at `stop` s (a 0.2 s release, then 3 s of room noise): inside bar 7
    /// (25.78–28.34 s) or bar 8 (28.34–31.02 s), or 0.4 s after bar 8's downbeat. The downbeats before the stop are
    /// placed; the next one is placed only when its chord was heard.
    @Test("a take stopped inside a bar ends on the bars it played; one stopped after a downbeat keeps it",
          arguments: [(27.0, "7", false), (28.0, "7", false), (29.9, "8", false), (28.74, "8", true)])
    func stoppedInsideABar(stop: Double, lastBar: String, afterDownbeat: Bool) throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let whole = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let rate = Double(whole.rate)
        let end = Int(stop * rate), release = Int(0.2 * rate)
        var samples = Array(whole.samples[..<(end + release)])
        for k in 0..<release { samples[end + k] *= Float(release - k) / Float(release) }
        var noise = PitchEvidenceTests.SeededNoise(state: 5)
        samples += Fixtures.room(3, rate: rate, level: Fixtures.rms(of: whole) * 0.002, noise: &noise)
        let take = AudioSignal(samples: samples, rate: whole.rate)
        var heard = ScoreFollower.Options()
        heard.stopOnsetShare = nil
        let before = try ScoreFollower(options: heard).follow(score: score, audio: take)
        let after = try ScoreFollower().follow(score: score, audio: take)
        #expect(after.measures.last?.number == lastBar, "\(after.measures.map(\.number))")
        #expect(after.measures.dropLast().map(\.index) == Array(before.measures.map(\.index).prefix(after.measures.count - 1)))
        if !afterDownbeat {
            // Without the check the path's end reaches the next downbeat in the release (or the silence after it).
            #expect(before.measures.count == after.measures.count + 1, "\(before.measures.map(\.number))")
        }
    }
}
