import Foundation
import Testing
@testable import ScoreFollowing

/// Slow attacks, as a bow, a voice or a wind player makes them: each chord swells in over 0.15 s and is held with a
/// tremolo, so its notes' level hardly rises from one 20 ms frame to the next, and its partials are not a piano's.
/// Pitch evidence, on by default, must accept such a take of its own score and refuse it against another piece of the
/// same harmony voiced otherwise.
struct SlowAttackEvidenceTests {
    /// Partial weights of a clarinet-like tone (odd harmonics strong): harmonics 1 to 5.
    static let reedy: [Double] = [1, 0.08, 0.7, 0.05, 0.4]

    /// ``PitchEvidenceTests/close`` with its three upper voices an octave higher: the same pitch classes (the same
    /// chroma), other pitches.
    static let raised: [[Int]] = PitchEvidenceTests.close.map { [$0[0], $0[1] + 12, $0[2] + 12, $0[3] + 12] }

    /// `chords` one every 0.7 s after half a second of faint noise, each swelling in over `swell` seconds (a raised
    /// cosine) while the chord before fades over 0.05 s, held with a 5.5 Hz tremolo of ±15 %, its tones' harmonics
    /// weighted `partials`; a second of noise after.
    static func take(_ chords: [[Int]], swell: Double = 0.15, partials: [Double] = reedy, seed: UInt64 = 11) -> AudioSignal {
        let rate = Double(AudioSignal.analysisRate)
        let beat = 0.7, lead = 0.5
        let count = Int((lead + beat * Double(chords.count) + 1) * rate)
        var noise = PitchEvidenceTests.SeededNoise(state: seed)
        func tone(_ pitch: Int, _ n: Int) -> Double {
            let f = 440 * pow(2, Double(pitch - 69) / 12)
            return partials.enumerated().reduce(0.0) {
                $0 + $1.element * sin(2 * Double.pi * f * Double($1.offset + 1) * Double(n) / rate)
            }
        }
        return AudioSignal(samples: (0..<count).map { n -> Float in
            let t = Double(n) / rate - lead
            var s = 0.001 * Double(noise.next())
            guard t >= 0 else { return Float(s) }
            let k = Int(t / beat)
            let since = t - Double(k) * beat
            let tremolo = 1 + 0.15 * sin(2 * Double.pi * 5.5 * t)
            if k < chords.count {
                let rise = since >= swell ? 1 : 0.5 - 0.5 * cos(Double.pi * since / swell)
                s += 0.03 * tremolo * rise * chords[k].reduce(0.0) { $0 + tone($1, n) }
            }
            if k >= 1, k - 1 < chords.count, since < 0.05 {
                s += 0.03 * tremolo * (1 - since / 0.05) * chords[k - 1].reduce(0.0) { $0 + tone($1, n) }
            }
            return Float(s)
        }, rate: AudioSignal.analysisRate)
    }

    /// Right takes with slow attacks, whole and two bars, are accepted by the default follower (pitch evidence on) and
    /// their bars found.
    @Test(arguments: [("whole take", Array(0..<16)), ("bars 2-3", Array(4..<12))])
    func slowRightTakesAreAccepted(name: String, chords: [Int]) throws {
        #expect(ScoreFollower.Options().pitchEvidence)
        let audio = Self.take(chords.map { PitchEvidenceTests.close[$0] })
        let result = try ScoreFollower().follow(score: PitchEvidenceTests.score(PitchEvidenceTests.close), audio: audio)
        #expect(result.confidence >= 0.9, "\(name): \(result.confidence)")
        let played = Set((chords[0] / 4)...(chords[chords.count - 1] / 4))
        #expect(played.isSubset(of: Set(result.measures.map(\.index))), "\(name): \(result.measures.map(\.index))")
    }

    /// A two-bar slow take against a score of the same chords, its bars reordered and its upper voices an octave higher,
    /// is refused by default; chroma alone accepted it.
    @Test(arguments: [0.15, 0.01])
    func slowWrongTakeIsRefused(swell: Double) throws {
        let audio = Self.take(Array(4..<12).map { PitchEvidenceTests.close[$0] }, swell: swell)
        let score = try PitchEvidenceTests.score(PitchEvidenceTests.bars(Self.raised, [2, 0, 3, 1]))
        let result = try ScoreFollower().follow(score: score, audio: audio, refuse: false)
        #expect(result.confidence < ScoreFollower.refusalThreshold, "\(result.confidence)")
        #expect(throws: FollowError.self) { try ScoreFollower().follow(score: score, audio: audio) }
        var chromaOnly = ScoreFollower.Options()
        chromaOnly.pitchEvidence = false
        let plain = try ScoreFollower(options: chromaOnly).follow(score: score, audio: audio, refuse: false)
        #expect(plain.confidence >= ScoreFollower.refusalThreshold, "chroma alone accepts it: \(plain.confidence)")
    }

    /// The partial weights fitted along the path follow the take's timbre (the clarinet-like tone's third harmonic, 19
    /// semitones up, outweighs its second, 12 up), and the template with them matches the take better than the fixed
    /// piano-like one (1, ½, ⅓, ¼).
    @Test func fittedWeightsFollowTheTimbre() throws {
        let audio = Self.take(PitchEvidenceTests.close)
        let result = try ScoreFollower().follow(score: PitchEvidenceTests.score(PitchEvidenceTests.close), audio: audio)
        let pitch = try #require(result.evidence?.pitch)
        let weights = pitch.partialWeights
        #expect(weights.count == PitchEvidenceMeter.fittedOffsets.count)
        #expect(weights[2] > 3 * weights[1], "\(weights)")
        #expect(pitch.fittedMatch > pitch.templateMatch + 0.05, "\(pitch.fittedMatch) vs \(pitch.templateMatch)")
    }

    /// The rise match reads slow attacks: the pitches that swell in where the score strikes its fresh notes are those
    /// notes in the right take (as with struck notes), not in the wrong one.
    @Test func riseMatchReadsSlowAttacks() throws {
        let chords = Array(4..<12).map { PitchEvidenceTests.close[$0] }
        let own = try PitchEvidenceTests.score(PitchEvidenceTests.close)
        let another = try PitchEvidenceTests.score(PitchEvidenceTests.bars(Self.raised, [2, 0, 3, 1]))
        let right = try ScoreFollower().follow(score: own, audio: Self.take(chords))
        let struck = try ScoreFollower().follow(score: own, audio: Self.take(chords, swell: 0.01))
        let wrong = try ScoreFollower().follow(score: another, audio: Self.take(chords), refuse: false)
        let slow = try #require(right.evidence?.pitch).riseMatch, sharp = try #require(struck.evidence?.pitch).riseMatch
        let other = try #require(wrong.evidence?.pitch).riseMatch
        #expect(slow > sharp - 0.15, "\(slow) vs \(sharp)")
        #expect(slow > other + 0.2, "\(slow) vs \(other)")
    }

    /// Notes so high that their upper partials lie above the pitch range in every frame still get a fit: those partials
    /// weigh 0 and the fundamental carries the template; frames without level give no fit (the fixed weights are used).
    @Test func fitSkipsPartialsOutOfRange() throws {
        let width = PitchEvidenceMeter.highest - PitchEvidenceMeter.lowest + 1
        var vector = [Float](repeating: 0, count: width)
        vector[100 - PitchEvidenceMeter.lowest] = 2
        vector[90 - PitchEvidenceMeter.lowest] = 1
        let weights = try #require(PitchEvidenceMeter.fittedWeights([(vector, [100], 0), (vector, [100, 90], 0)]))
        #expect(weights[0] > 0.5, "\(weights)")
        #expect(weights.dropFirst().allSatisfy { $0 == 0 }, "\(weights)")
        #expect(PitchEvidenceMeter.fittedWeights([([Float](repeating: 0, count: width), [60], 0)]) == nil)
    }
}
