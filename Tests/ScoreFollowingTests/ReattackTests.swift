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
        follower.reattack(&measures, timeline: timeline, path: truthPath(truth, timeline: timeline), audio: features)
        #expect(abs(measures[5].time - truth[5].time) < 0.1, "bar 5: \(measures[5].time) s, truth \(truth[5].time) s")
        for k in measures.indices where k != 5 {
            #expect(abs(measures[k].time - truth[k].time) < 0.1, "bar \(measures[k].number) moved to \(measures[k].time) s")
        }
    }

    /// A downbeat placed on its re-attack, whose fresh notes swell in slowly and are struck again harder on a later
    /// beat (the slow-attack renderings' BWV 26.6 strings and BWV 40.8 choir: moved a second late onto that strike):
    /// the search ends before the path reaches the later strike, so the downbeat stays. Without that end it moves there,
    /// which shows the test can tell. The take ends in bar 5, as an insert may.
    @Test func laterStrikeOfTheSamePitchesIsNotTakenForTheReattack() throws {
        let score = try ScoreFile.read(Fixtures.path("fermata.musicxml"))
        let audio = try AudioSignal.read(Fixtures.path("fermata-take.flac"))
        let truth = try JSONDecoder().decode([Fixtures.Downbeat].self,
                                             from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("fermata-truth.json"))))
        let follower = ScoreFollower(options: ScoreFollower.Options())
        let timeline = follower.laidOut(score, scale: try follower.follow(score: score, audio: audio).tempoScale)
        let path = truthPath(truth, timeline: timeline)
        let beat = timeline.downbeats[5]
        let pitches = follower.freshPitches(timeline, at: beat)
        let next = try #require(timeline.notes.filter { $0.struck && $0.onset > beat + 0.005 && pitches.contains($0.pitch) }
            .map(\.onset).min())
        let rate = FeatureSequence.frameRate
        let start = Int((truth[5].time * rate).rounded())
        let strike = Int(ScoreFollower.audioFrame(at: next * rate, path: path).rounded())
        #expect(strike - start > 20 && strike - start < 90, "the later strike \(strike - start) frames after the downbeat")
        // The fresh pitches' partials: a held level, a slow swell from the downbeat, a hard strike later.
        var features = try follower.features(of: audio)
        for t in (start - 40)..<min(features.flux.count, strike + 40) {
            let level: Float = t < start ? 0.5 : t < strike ? 0.5 + 0.3 * Float(min(t - start, 30)) / 30 : 3
            for p in pitches { for (offset, _) in ScoreFollower.onsetPartials where p + offset < 109 { features.pitchLevel[t * 128 + p + offset] = level } }
        }
        // The take ends in bar 5 (its last downbeat), so no later downbeat bounds the search.
        let placed = truth.prefix(6).map { FollowedMeasure(index: $0.index, number: $0.number, pass: 1, time: $0.time) }
        var measures = placed
        follower.reattack(&measures, timeline: timeline, path: path, audio: features)
        #expect(abs(measures[5].time - truth[5].time) < 0.05, "bar 5 moved to \(measures[5].time) s, truth \(truth[5].time) s")
        var open = follower
        open.options.reattackBeforeNextStrike = nil
        measures = placed
        open.reattack(&measures, timeline: timeline, path: path, audio: features)
        #expect(abs(measures[5].time - Double(strike) / rate) < 0.1, "without the end: bar 5 at \(measures[5].time) s")
    }

    /// The path the true downbeats give: each downbeat's score frame at its true audio frame, straight between them.
    private func truthPath(_ truth: [Fixtures.Downbeat], timeline: ScoreTimeline) -> [SubsequenceDTW.Point] {
        let rate = FeatureSequence.frameRate
        let anchors = truth.map { (score: timeline.downbeats[$0.index] * rate, audio: $0.time * rate) }
        var path: [SubsequenceDTW.Point] = []
        for (a, b) in zip(anchors, anchors.dropFirst()) {
            let from = Int(a.score.rounded()), to = Int(b.score.rounded())
            for s in from..<max(from + 1, to) {
                let t = Double(s - from) / Double(max(1, to - from))
                path.append(SubsequenceDTW.Point(score: s, audio: Int((a.audio + t * (b.audio - a.audio)).rounded())))
            }
        }
        if let last = anchors.last { path.append(SubsequenceDTW.Point(score: Int(last.score.rounded()), audio: Int(last.audio.rounded()))) }
        return path
    }
}
