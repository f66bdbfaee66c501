import Foundation
import Testing
@testable import ScoreFollowing

/// Following real rendered takes (FLAC and AIFF decoded by libsndfile) through a score with a repeat and voltas.
struct FollowTests {
    @Test func completeTakeFindsEveryDownbeatInPlayingOrder() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let audio = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        #expect(audio.rate == AudioSignal.analysisRate)
        // With refusal on: the right piece is not refused.
        let result = try ScoreFollower().follow(score: score, audio: audio)
        #expect(result.confidence >= ScoreFollower.refusalThreshold)
        let truth = try Fixtures.truth().take
        #expect(result.measures.map(\.index) == truth.map(\.index))
        #expect(result.measures.map(\.number) == truth.map(\.number))
        #expect(result.measures.map(\.pass) == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1])
        for (found, expected) in zip(result.measures, truth) {
            #expect(abs(found.time - expected.time) < 0.1, "bar \(found.number) pass \(found.pass): \(found.time) s, truth \(expected.time) s")
        }
        // The music ends in the last bar, before the synthesizer's release tail (silence is not aligned).
        #expect(result.start < 0.2 && result.end > truth[truth.count - 1].time + 0.5 && result.end < audio.duration)
    }

    @Test func partialTakeThroughTheSecondPassIsPlaced() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.mxl"))
        let audio = try AudioSignal.read(Fixtures.path("volta-partial.aiff"))
        let result = try ScoreFollower().follow(score: score, audio: audio)
        let truth = try Fixtures.truth().partial
        #expect(result.measures.map(\.index) == truth.map(\.index))
        #expect(result.measures.map(\.pass) == [2, 2, 2, 2, 1])
        for (found, expected) in zip(result.measures, truth) {
            #expect(abs(found.time - expected.time) < 0.1, "bar \(found.number): \(found.time) s, truth \(expected.time) s")
        }
    }

    @Test func takeOfAnotherPieceIsRefused() throws {
        let score = try ScoreFile.read(Fixtures.path("other.musicxml"))
        let audio = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        #expect {
            try ScoreFollower().follow(score: score, audio: audio)
        } throws: { error in
            guard case FollowError.otherPiece(let confidence) = error else { return false }
            return confidence < ScoreFollower.refusalThreshold
        }
    }

    @Test func wrongPieceStraysFromTheOrderFreeBound() throws {
        let audio = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let right = try ScoreFollower().follow(score: ScoreFile.read(Fixtures.path("volta.musicxml")), audio: audio)
        let wrong = try ScoreFollower().follow(score: ScoreFile.read(Fixtures.path("other.musicxml")), audio: audio, refuse: false)
        let r = try #require(right.evidence), w = try #require(wrong.evidence)
        #expect(r.orderFreeCost <= r.pathCost && w.orderFreeCost <= w.pathCost)
        #expect(r.mismatch < w.mismatch)
        #expect(wrong.confidence < ScoreFollower.refusalThreshold)
    }

    @Test(arguments: [
        ("noise.wav", "RIFF\u{0}\u{0}\u{0}\u{0}WAVEjunk"),
        ("text.flac", "this is not audio"),
        ("empty.aiff", ""),
    ])
    func badAudioIsRefusedWithItsName(name: String, contents: String) throws {
        let path = try Fixtures.temporary(name, Data(contents.utf8))
        #expect {
            try AudioSignal.read(path)
        } throws: { error in
            guard case FollowError.unreadableAudio(let p, _) = error else { return false }
            return p == path && (error as? FollowError)?.exitStatus == 2
        }
    }

    @Test func missingAudioFileIsNamed() {
        #expect(throws: FollowError.unreadableAudio(path: "/nonexistent/take.wav", reason: "no such file or it cannot be read")) {
            try AudioSignal.read("/nonexistent/take.wav")
        }
    }
}
