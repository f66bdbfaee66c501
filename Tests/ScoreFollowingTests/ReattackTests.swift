import Foundation
import Testing
@testable import ScoreFollowing

/// The seventh round: a downbeat on the harmony held before it, found by its notes' re-attack.
struct ReattackTests {
    /// A level that flickers by ±0.5 frame to frame (vibrato) and steps up to 2 at frame 20: its slow rise over 5
    /// frames either side is largest at the step (2 less the flicker's mean of −0.1 before it), while away from the step
    /// the flicker's rises stay within ±0.2 (a frame-to-frame rise would be 1 there).
    @Test func slowRiseFindsAStepThroughFlicker() {
        let level: [Float] = (0..<30).map { $0 < 20 ? ($0 % 2 == 0 ? 0.5 : -0.5) : 2 }
        let rise = ScoreFollower.slowRise(level, span: 5...24, half: 5)
        let best = rise.indices.max { rise[$0] < rise[$1] }!
        #expect(best + 5 == 20)
        #expect(abs(rise[best] - 2.1) < 1e-5)
        #expect(rise[0...10].allSatisfy { abs($0) <= 0.2 + 1e-5 })
    }

    /// The rendered fermata take (FluidR3 piano): bar 5 strikes the C major chord held under bar 4's fermata. Placed
    /// 0.6 s early, on the held chord, as a path that leaves the fermata early does, it is moved onto its re-attack;
    /// the other downbeats, not near a fermata or already on their onsets, stay where they are.
    @Test func downbeatPlacedOnTheHeldChordMovesToItsReattack() throws {
        let score = try ScoreFile.read(Fixtures.path("fermata.musicxml"))
        let audio = try AudioSignal.read(Fixtures.path("fermata-take.flac"))
        let truth = try JSONDecoder().decode([Fixtures.Downbeat].self,
                                             from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("fermata-truth.json"))))
        var options = ScoreFollower.Options()
        options.reattackHolds = true
        let follower = ScoreFollower(options: options)
        let timeline = follower.laidOut(score, scale: try follower.follow(score: score, audio: audio).tempoScale)
        #expect(follower.repeatsHarmony(timeline, at: timeline.downbeats[5]))
        #expect(follower.nearFermata(timeline, at: timeline.downbeats[5]))
        #expect(!follower.nearFermata(timeline, at: timeline.downbeats[2]))
        let features = try follower.features(of: audio)
        var measures = truth.map { FollowedMeasure(index: $0.index, number: $0.number, pass: 1, time: $0.time) }
        measures[5].time -= 0.6
        follower.reattack(&measures, timeline: timeline, audio: features)
        #expect(abs(measures[5].time - truth[5].time) < 0.1, "bar 5: \(measures[5].time) s, truth \(truth[5].time) s")
        for k in measures.indices where k != 5 {
            #expect(abs(measures[k].time - truth[k].time) < 0.1, "bar \(measures[k].number) moved to \(measures[k].time) s")
        }
    }
}
