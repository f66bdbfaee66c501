import Foundation
import Testing
@testable import ScoreFollowing

/// The local order null in pitch (``PitchEvidenceMeter/localOrderMatch(partials:shifts:)``): the fitted template match
/// along the path against the same frames matched with the bar before or after.
struct LocalOrderTests {
    /// A place keeps its share of its bar when shifted to a bar of another length, and no place lies outside the score.
    @Test func shiftKeepsThePlaceInTheBar() throws {
        let downbeats = [0.0, 1.0, 3.0, 5.0]
        #expect(try #require(PitchEvidenceMeter.time(1.5, shiftedBy: 1, downbeats: downbeats, end: 6)) == 3.5)
        #expect(try #require(PitchEvidenceMeter.time(1.5, shiftedBy: -1, downbeats: downbeats, end: 6)) == 0.25)
        #expect(try #require(PitchEvidenceMeter.time(5.5, shiftedBy: -1, downbeats: downbeats, end: 6)) == 4.0)
        #expect(PitchEvidenceMeter.time(0.5, shiftedBy: -1, downbeats: downbeats, end: 6) == nil)
        #expect(PitchEvidenceMeter.time(5.5, shiftedBy: 1, downbeats: downbeats, end: 6) == nil)
    }

    /// The worst window's mean gain, stepping a quarter window; one window over all frames when fewer.
    @Test func worstWindow() throws {
        let frames: [(own: Double, shifted: Double)] = (0..<8).map { k in (0.8, k >= 4 ? 0.9 : 0.4) }
        #expect(abs(try #require(PitchEvidenceMeter.worstGain(frames, window: 4)) - -0.1) < 1e-9)
        #expect(abs(try #require(PitchEvidenceMeter.worstGain(frames, window: 100)) - 0.15) < 1e-9)
        #expect(PitchEvidenceMeter.worstGain([], window: 4) == nil)
    }

    /// A two-bar take matches the voices of its own bars far better than its neighbours' (the chords change from bar to
    /// bar); against another piece made of the same chords (its bars reordered, the upper voices raised) the path's bars
    /// are hardly better than their neighbours.
    @Test func rightTakeGainsOverItsNeighbouringBars() throws {
        let audio = PitchEvidenceTests.take(Array(4..<12).map { PitchEvidenceTests.close[$0] })
        var options = ScoreFollower.Options()
        options.localOrderWeight = 3  // measured only when weighed
        let follower = ScoreFollower(options: options)
        let right = try follower.follow(score: PitchEvidenceTests.score(PitchEvidenceTests.close), audio: audio)
        let wrongScore = try PitchEvidenceTests.score(PitchEvidenceTests.bars(SlowAttackEvidenceTests.raised, [2, 0, 3, 1]))
        let wrong = try follower.follow(score: wrongScore, audio: audio, refuse: false)
        let a = try #require(right.evidence?.pitch), b = try #require(wrong.evidence?.pitch)
        #expect(a.localOwn > a.localShifted + 0.2, "right: \(a.localOwn) against \(a.localShifted)")
        #expect(a.localOwn - a.localShifted > b.localOwn - b.localShifted + 0.1,
                "right gain \(a.localOwn - a.localShifted), wrong gain \(b.localOwn - b.localShifted)")
        #expect(a.localWorstGain > b.localWorstGain)
    }
}

/// The penalty the local order null adds to the mismatch, and the entry's onsets cleared (an option measured and not
/// adopted, docs/follow.md, eighth round).
struct LocalOrderPenaltyTests {
    /// Only a window whose voices match the neighbouring bars better than its own adds to the mismatch, and only with
    /// a weight (off by default since the human performances: docs/follow.md).
    @Test func onlyANegativeWorstWindowCounts() {
        var evidence = PitchEvidence(templateMatch: 0.6, onsetHits: 1, notes: 4)
        evidence.fittedMatch = 0.7
        evidence.riseMatch = 0.8
        let base = 0.33 * 0.3 + 0.5 * 0.2
        evidence.localWorstGain = -0.04
        #expect(abs(evidence.mismatch - base) < 1e-9)
        evidence.localOrderWeight = 3
        evidence.localWorstGain = 0.05
        #expect(abs(evidence.mismatch - base) < 1e-9)
        evidence.localWorstGain = -0.04
        #expect(abs(evidence.mismatch - (base + 3 * 0.04)) < 1e-9)
    }

    /// A right take's worst window still matches its own bars better than their neighbours', so the penalty leaves it
    /// alone; a take against a score holding its bars in another order is never judged more kindly with it.
    @Test func penaltyLeavesTheRightTakeAlone() throws {
        let audio = PitchEvidenceTests.take(Array(4..<12).map { PitchEvidenceTests.close[$0] })
        var on = ScoreFollower.Options()
        on.localOrderWeight = 3
        var off = ScoreFollower.Options()
        off.localOrderWeight = 0
        let own = try PitchEvidenceTests.score(PitchEvidenceTests.close)
        let right = try ScoreFollower(options: on).follow(score: own, audio: audio)
        let rightOff = try ScoreFollower(options: off).follow(score: own, audio: audio)
        let rightGain = try #require(right.evidence?.pitch).localWorstGain
        #expect(rightGain > 0.1, "\(rightGain)")
        #expect(right.confidence == rightOff.confidence)
        let shared = try PitchEvidenceTests.score(PitchEvidenceTests.bars(PitchEvidenceTests.close, [2, 0, 3, 1]))
        let wrong = try ScoreFollower(options: on).follow(score: shared, audio: audio, refuse: false)
        let wrongOff = try ScoreFollower(options: off).follow(score: shared, audio: audio, refuse: false)
        #expect(wrong.confidence <= wrongOff.confidence)
        #expect(try #require(wrong.evidence?.pitch).localWorstGain < rightGain)
    }

    /// The onsets of the first entry out of room noise are cleared for the given frames, nothing else.
    @Test func entryOnsetsCleared() {
        let count = 40
        var silent = [Bool](repeating: false, count: count)
        for t in 0..<10 { silent[t] = true }
        for t in 25..<30 { silent[t] = true }
        let features = FeatureSequence(chroma: [Float](repeating: 0.3, count: count * 12), onset: [Float](repeating: 1, count: count * 12),
                                       count: count, silent: silent)
        let first = ScoreFollower.clearingEntryOnsets(features, frames: 4, quiet: 5, everyEntry: false)
        for t in 0..<count {
            #expect(first.onset[t * 12] == ((10..<14).contains(t) ? 0 : 1), "frame \(t)")
        }
        let every = ScoreFollower.clearingEntryOnsets(features, frames: 4, quiet: 5, everyEntry: true)
        for t in 0..<count {
            #expect(every.onset[t * 12] == ((10..<14).contains(t) || (30..<34).contains(t) ? 0 : 1), "frame \(t)")
        }
        #expect(ScoreFollower.clearingEntryOnsets(features, frames: 4, quiet: 11, everyEntry: true).onset == features.onset)
        #expect(first.chroma == features.chroma)
    }
}
