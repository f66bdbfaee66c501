import Foundation
import Testing
@testable import ScoreFollowing

/// The sixth round's edges: a path held to begin on the score's first note or to end past a downbeat.
struct EdgeHoldTests {
    static func chord(_ classes: [Int], weights: [Float]? = nil) -> [Float] {
        var c = [Float](repeating: 0, count: 12)
        for (n, k) in classes.enumerated() { c[k] = weights?[n] ?? 1 }
        let norm = c.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return c.map { $0 / norm }
    }

    static let c = chord([0, 4, 7]), g = chord([7, 11, 2]), f = chord([5, 9, 0])
    /// A soft attack: the chord's classes faint under others.
    static func faint(_ classes: [Int]) -> [Float] { chord(classes + [1, 3, 6, 10], weights: [0.6, 0.6, 0.6, 1, 1, 1, 1]) }

    /// Score: C (5 frames, the first note), G (10), F (10). Audio: silence, C faintly (6 frames), G (10), F faintly
    /// (6), silence. Unheld, the path leaves both faint chords out (they cost more than skipping); held, it begins
    /// on the score's first frames (inside the faint C) and ends inside F.
    @Test func heldPathBeginsOnTheFirstNoteAndEndsPastTheDownbeat() {
        let score = AccuracyChoiceTests.sequence(Array(repeating: Self.c, count: 5) + Array(repeating: Self.g, count: 10)
                                                 + Array(repeating: Self.f, count: 10))
        let audio = AccuracyChoiceTests.sequence(Array(repeating: nil, count: 5) + Array(repeating: Self.faint([0, 4, 7]), count: 6)
                                                 + Array(repeating: Self.g, count: 10) + Array(repeating: Self.faint([5, 9, 0]), count: 6)
                                                 + Array(repeating: nil, count: 5))
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.wideSteps = true
        dtw.onsetWeight = 0
        let faintCost = max(dtw.cost(0, 5), dtw.cost(15, 21))
        #expect(faintCost > 0.2)
        dtw.skipCost = faintCost * 0.8
        let plain = dtw.align()
        #expect(plain?.path.first?.score ?? 0 >= 5)
        #expect(plain?.path.last?.score ?? 99 < 15)
        dtw.startLimit = 2
        dtw.endMinimum = 17
        let held = dtw.align()
        #expect(held?.path.first?.score ?? 99 <= 2)
        #expect((5...10).contains(held?.path.first?.audio ?? 0))  // inside the faint C, before G's onset at 11
        #expect(held?.path.last?.score ?? 0 >= 17)
        #expect(held?.path.last?.audio ?? 99 <= 26)
    }
    /// Score: two one-quarter measures at 100 per minute (30 frames each), C/F then G. Audio: silence, C/F (30 frames), G
    /// faintly (6), room noise. The plain path ends on C/F a frame before G's downbeat, inside the frames a downbeat may
    /// lie beyond the path and still be placed (`edgeSlack`): read off the path, G's downbeat would fall in the room
    /// noise. The end is held past that downbeat, so the path takes the faint G.
    @Test func endHeldPastADownbeatJustBeyondThePath() throws {
        var first = ScoreMeasure(number: "1", duration: 1), second = ScoreMeasure(number: "2", duration: 1)
        first.notes = [ScoreNote(pitch: 60, onset: 0, duration: 1)]
        second.notes = [ScoreNote(pitch: 67, onset: 0, duration: 1)]
        let timeline = ScoreTimeline(score: FollowedScore(measures: [first, second]))
        let downbeat = Int((timeline.downbeats[1] * FeatureSequence.frameRate).rounded())
        #expect(downbeat == 30)
        // The first measure alternates C and F every 5 frames in both, so the path keeps to the diagonal there.
        let opening = (0..<30).map { $0 / 5 % 2 == 0 ? Self.c : Self.f }
        let score = AccuracyChoiceTests.sequence(opening + Array(repeating: Self.g, count: 30))
        let audio = AccuracyChoiceTests.sequence(Array(repeating: nil, count: 5) + opening
                                                 + Array(repeating: Self.faint([7, 11, 2]), count: 6) + Array(repeating: nil, count: 10))
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.wideSteps = true
        dtw.onsetWeight = 0
        dtw.skipCost = dtw.cost(30, 36) * 0.8
        let plain = try #require(dtw.align())
        let end = try #require(plain.path.last)
        let follower = ScoreFollower()
        #expect(end.score < downbeat && end.score + follower.options.edgeSlack >= downbeat)
        let held = try #require(follower.edgesHeld(dtw, band: nil, path: plain.path, timeline: timeline, silent: audio.silent))
        #expect(held.path.last?.score ?? 0 >= downbeat + follower.options.holdEndFrames)
        #expect((35...40).contains(held.path.last?.audio ?? 0))
    }
}
