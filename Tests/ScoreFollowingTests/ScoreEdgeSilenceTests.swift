import Foundation
import Testing
@testable import ScoreFollowing

/// The score's silence before its first note and after its last is not a free place for a take's pause.
struct ScoreEdgeSilenceTests {
    /// The path of `audio` through `score` with the follower's silence settings, the score's edge silence free or
    /// priced at the skip cost.
    static func aligned(_ score: FeatureSequence, _ audio: FeatureSequence, costed: Bool) -> [SubsequenceDTW.Point]? {
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.silentMismatch = 0.7
        dtw.edgeSilence = true
        dtw.wideSteps = true
        dtw.elasticFermatas = true
        dtw.holdPenalty = 0.3
        dtw.onsetWeight = 0.6
        dtw.skipCost = 0.8
        dtw.scoreEdgeSilenceSkips = costed
        return dtw.align()?.path
    }

    /// Score: C, G, F (10 frames each) and 2 silent frames, its last 12 frames under a fermata (elastic). Audio: C and
    /// G, a pause of 20 frames, and talk (3 frames of other classes). Matched free, the pause is held as the score's
    /// closing silence and the path runs from G through F to the end of the piece, as a recorder's takes were drawn
    /// to the piece's end across the pause before the talk; at the skip cost the take ends on G.
    @Test("a pause after the take is not held as the score's closing silence", arguments: [false, true])
    func pauseAfterTheTake(costed: Bool) throws {
        let c = EdgeHoldTests.c, g = EdgeHoldTests.g, f = EdgeHoldTests.f, talk = EdgeHoldTests.chord([1, 3, 6])
        let frames = Array(repeating: c, count: 10) + Array(repeating: g, count: 10) + Array(repeating: f, count: 10) + [nil, nil]
        var score = AccuracyChoiceTests.sequence(frames)
        score.elastic = (0..<frames.count).map { $0 >= 20 }
        let audio = AccuracyChoiceTests.sequence(Array(repeating: c, count: 10) + Array(repeating: g, count: 10)
                                                 + Array(repeating: nil, count: 20) + Array(repeating: talk, count: 3))
        let path = try #require(Self.aligned(score, audio, costed: costed))
        if costed {
            #expect(path.last?.score ?? 99 < 20, "ends on G")
            #expect(path.last?.audio ?? 99 < 21, "before the pause")
        } else {
            #expect(path.last?.score == frames.count - 1, "drawn to the piece's end")
            #expect(path.last?.audio ?? 0 >= 30, "across the pause")
        }
    }

    /// The same before the take: talk, a pause of 20 frames, then F and G of a score that opens with 2 silent frames
    /// and C: matched free, the pause is held as the score's opening silence, and the path begins at the piece's start.
    @Test("a pause before the take is not held as the score's opening silence", arguments: [false, true])
    func pauseBeforeTheTake(costed: Bool) throws {
        let c = EdgeHoldTests.c, g = EdgeHoldTests.g, f = EdgeHoldTests.f, talk = EdgeHoldTests.chord([1, 3, 6])
        let frames = [nil, nil] + Array(repeating: c, count: 10) + Array(repeating: f, count: 10) + Array(repeating: g, count: 10)
        var score = AccuracyChoiceTests.sequence(frames)
        score.elastic = (0..<frames.count).map { $0 < 12 }
        let audio = AccuracyChoiceTests.sequence(Array(repeating: talk, count: 3) + Array(repeating: nil, count: 20)
                                                 + Array(repeating: f, count: 10) + Array(repeating: g, count: 10))
        let path = try #require(Self.aligned(score, audio, costed: costed))
        if costed {
            #expect(path.first?.score ?? 0 >= 12, "begins on F")
            #expect(path.first?.audio ?? 0 >= 23, "after the pause")
        } else {
            #expect(path.first?.score ?? 99 < 2, "drawn to the piece's start")
            #expect(path.first?.audio ?? 99 <= 3, "across the pause")
        }
    }
}
