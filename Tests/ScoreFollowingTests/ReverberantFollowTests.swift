import Foundation
import Testing
@testable import ScoreFollowing

/// Following takes heard in a reverberant room, where every chord rings on under the next ones for seconds.
struct ReverberantFollowTests {
    /// The volta fixture's complete take (piano) in a stone church (``SyntheticRoom/church``).
    static func pianoInChurch() throws -> AudioSignal {
        let dry = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        return AudioSignal(samples: SyntheticRoom.church.apply(to: dry.samples, rate: dry.rate), rate: dry.rate)
    }

    /// The volta fixture's score sung: every note of its timeline (at the score's tempo, repeats taken) a tone of five
    /// harmonics that swells in over `attack` seconds, as a choir's or an organ's notes do, and fades over 50 ms after
    /// its written end; heard in a stone church. Half a second of silence before the music.
    static func sungInChurch(attack: Double = 0.15) throws -> (audio: AudioSignal, downbeats: [Double]) {
        let timeline = ScoreTimeline(score: try ScoreFile.read(Fixtures.path("volta.musicxml")))
        let rate = AudioSignal.analysisRate, lead = 0.5
        // The performer's time: 15 % slower than written, pressing on and holding back by up to half a second.
        func played(_ t: Double) -> Double { lead + 1.15 * t + 0.5 * sin(2 * Double.pi * t / 7) }
        var dry = [Float](repeating: 0, count: Int((played(timeline.end) + 1) * Double(rate)))
        for note in timeline.notes where note.struck {
            // A tied note sounds on through its continuations.
            var offset = note.offset
            while let next = timeline.notes.first(where: { !$0.struck && $0.pitch == note.pitch && abs($0.onset - offset) < 0.005 }) {
                offset = next.offset
            }
            let f = 440 * pow(2, Double(note.pitch - 69) / 12)
            let start = Int(played(note.onset) * Double(rate)), end = Int((played(offset) + 0.05) * Double(rate))
            for n in start..<min(end, dry.count) {
                let t = Double(n - start) / Double(rate), left = Double(end - n) / Double(rate)
                let envelope = min(1, 0.5 - 0.5 * cos(Double.pi * min(1, t / attack)), left / 0.05)
                let tone = (1...5).reduce(0.0) { $0 + sin(2 * Double.pi * f * Double($1) * t) / Double($1) }
                dry[n] += Float(0.04 * envelope * tone)
            }
        }
        return (AudioSignal(samples: SyntheticRoom.church.apply(to: dry, rate: rate), rate: rate), timeline.downbeats.map(played))
    }

    /// Each downbeat's error against `truth` (nil: not found), with the errors described for a failure's message.
    static func errors(_ result: FollowResult, _ truth: [(index: Int, time: Double)]) -> (errors: [Double?], described: String) {
        let found = Dictionary(result.measures.map { ($0.index, $0.time) }, uniquingKeysWith: { a, _ in a })
        let errors = truth.map { t in found[t.index].map { $0 - t.time } }
        return (errors, errors.map { $0.map { String(format: "%+.3f", $0) } ?? "missing" }.joined(separator: " "))
    }

    @Test func pianoInAChurchIsPlacedOnItsAttacks() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let result = try ScoreFollower().follow(score: score, audio: Self.pianoInChurch())
        let (errors, described) = Self.errors(result, try Fixtures.truth().take.map { ($0.index, $0.time) })
        #expect(errors.allSatisfy { $0.map { abs($0) <= 0.1 } ?? false }, "errors: \(described)")
    }

    @Test func sungTakeInAChurchIsPlacedOnItsDownbeats() throws {
        // Notes swelling in over 0.3 s under the last chord's ring: without the score's notes ringing on as the room's do,
        // bar 6 (the second ending, after the repeat) was placed 0.144 s late.
        let (audio, downbeats) = try Self.sungInChurch(attack: 0.3)
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let result = try ScoreFollower().follow(score: score, audio: audio)
        #expect(result.fastestDecay < ScoreFollower.Options().reverberantDecay)
        let (errors, described) = Self.errors(result, downbeats.enumerated().map { ($0.offset, $0.element) })
        #expect(errors.allSatisfy { $0.map { abs($0) <= 0.1 } ?? false }, "errors: \(described)")
    }

    @Test func slowAttacksInAChurchArePlacedByASecondPassWithSofterOnsets() throws {
        // The swelling notes' attack (the refined onsets' mean rise) calls for the second fine pass; it places the
        // downbeats, while which of them are in the take and the confidence stay the first pass's.
        let (audio, downbeats) = try Self.sungInChurch(attack: 0.3)
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        var onePass = ScoreFollower.Options()
        onePass.reverberantOnsetWeight = nil
        let once = try ScoreFollower(options: onePass).follow(score: score, audio: audio)
        let twice = try ScoreFollower().follow(score: score, audio: audio)
        #expect(once.attackFrames >= ScoreFollower.Options().reverberantSlowAttack)
        #expect(twice.measures.map(\.index) == once.measures.map(\.index))
        #expect(twice.confidence == once.confidence && twice.start == once.start && twice.end == once.end)
        let (errors, described) = Self.errors(twice, downbeats.enumerated().map { ($0.offset, $0.element) })
        #expect(errors.allSatisfy { $0.map { abs($0) <= 0.1 } ?? false }, "errors: \(described)")
    }

    @Test func theRingingLastsAsLongAsTheRoomRings() {
        let follower = ScoreFollower()
        let gate = follower.options.reverberantDecay
        #expect(follower.ringShare(gate) == 0 && follower.ringShare(gate + 5) == 0)
        #expect(abs(follower.ringShare(gate - follower.options.ringFall) - 1) < 1e-9)
        #expect(follower.ringShare(0) == 1.5)
    }

    @Test func ringingNotesFillTheScoresChromaAfterTheirEnds() throws {
        // A C major chord for one second, then a second's rest: dry, the rest is silent; ringing, it holds the chord's
        // chroma, fading, and strikes nothing.
        var bar = ScoreMeasure(number: "1", duration: 8)
        bar.notes = [60, 64, 67].map { ScoreNote(pitch: $0, onset: 0, duration: 4) }
        bar.tempo = 240
        let timeline = ScoreTimeline(score: FollowedScore(measures: [bar]))
        let dry = timeline.features, ringing = timeline.features(ringing: 0.5)
        let rate = Int(FeatureSequence.frameRate)
        #expect(dry.silent[rate + 10] && !ringing.silent[rate + 10])
        #expect(ringing.chroma[(rate + 10) * 12 + 0] > 0.3 && ringing.chroma[(rate + 10) * 12 + 1] == 0)
        #expect(ringing.onset[(rate + 10) * 12 ..< (rate + 11) * 12].allSatisfy { $0 == 0 })
        #expect(Array(dry.chroma[0..<(rate * 12)]) == Array(ringing.chroma[0..<(rate * 12)]))
    }
}
