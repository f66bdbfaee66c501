import Foundation
import Testing
@testable import ScoreFollowing

/// A downbeat whose pitch is struck just before it (an upbeat of the same note) is told apart by the score's rhythm.
struct RhythmShiftTests {
    /// Three bars of quarter notes at 240 quarters a minute (1 s a bar): G4 E4 D4 C4 | C4 E4 G4 E4 | D4 F4 A4 F4.
    /// The C4 that ends the first bar is struck again on the second bar's downbeat.
    static let bars: [[String]] = [["G", "E", "D", "C"], ["C", "E", "G", "E"], ["D", "F", "A", "F"]]
    static let midi: [String: Int] = ["C": 60, "D": 62, "E": 64, "F": 65, "G": 67, "A": 69]

    static func score() throws -> FollowedScore {
        let measures = bars.enumerated().map { index, notes in
            let head = index == 0 ? "<attributes><divisions>1</divisions></attributes><direction><sound tempo=\"240\"/></direction>" : ""
            let body = notes.map { "<note><pitch><step>\($0)</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type></note>" }
            return "<measure number=\"\(index + 1)\">\(head)\(body.joined())</measure>"
        }.joined()
        let xml = "<score-partwise><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\">\(measures)</part></score-partwise>"
        let path = try Fixtures.temporary("quarters.musicxml", Data(xml.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScoreFile.read(path)
    }

    /// The twelve quarters struck every 0.25 s from 0 s, each dying away (e every 0.1 s) until the next.
    static func take() throws -> AudioFeatures {
        let rate = Double(AudioSignal.analysisRate)
        let pitches = bars.flatMap { $0 }.map { midi[$0]! }
        let samples = (0..<Int(3.2 * rate)).map { n -> Float in
            let t = Double(n) / rate
            let k = min(pitches.count - 1, Int(t / 0.25))
            return 0.1 * Float(exp(-(t - Double(k) * 0.25) / 0.1)) * FreshNoteOnsetTests.tone(pitches[k], at: n, rate: rate)
        }
        return try AudioFeatures(AudioSignal(samples: samples, rate: AudioSignal.analysisRate))
    }

    /// The second downbeat (1 s) placed from a path that reaches every note a quarter (12 frames) early, onto the
    /// upbeat's strike of the same C4.
    static func secondDownbeat(_ follower: ScoreFollower) throws -> Double {
        try Fixtures.placedDownbeat(1, follower: follower, score: score(), audio: take(), early: 12, frames: 150)
    }

    @Test func upbeatOfTheSamePitchIsToldApartByTheRhythm() throws {
        var options = ScoreFollower.Options()
        options.rhythmRadius = 0
        let alone = try Self.secondDownbeat(ScoreFollower(options: options))
        #expect(abs(alone - 0.75) <= 0.06, "the onset search alone keeps the upbeat's strike: \(alone)")
        options.rhythmRadius = 20
        let matched = try Self.secondDownbeat(ScoreFollower(options: options))
        #expect(abs(matched - 1) <= 0.05, "the score's rhythm finds the downbeat: \(matched)")
    }

    @Test func matchPeaksWhereTheScoreRhythmFalls() throws {
        let follower = ScoreFollower(options: ScoreFollower.Options())
        let timeline = follower.laidOut(try Self.score())
        let onsets = follower.rhythmOnsets(timeline, around: 1, span: 1)
        #expect(onsets.count == 9)
        let match = follower.rhythmMatch(onsets, near: 38, radius: 20, scale: 1, audio: try Self.take())
        let best = try #require(match.indices.max { match[$0] < match[$1] })
        #expect(abs(38 + best - 20 - 50) <= 1)
    }
}
