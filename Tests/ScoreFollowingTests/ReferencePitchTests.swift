import Foundation
import Testing
@testable import ScoreFollowing

/// A take's reference pitch: the spectrum's deviation from the 440 Hz grid, the whole semitone chosen by the score,
/// and a take of another piece still refused with the three offsets tried.
struct ReferencePitchTests {
    /// Eight four-part chords (MIDI pitches), 0.5 s each.
    static let chords: [[Int]] = [[48, 55, 64, 72], [53, 57, 65, 72], [55, 59, 67, 74], [45, 60, 64, 69],
                                  [50, 57, 65, 69], [43, 59, 62, 67], [41, 57, 65, 72], [48, 60, 64, 67]]

    /// `chords` as harmonic tones (six partials, amplitude 1/k) with A4 at `reference` Hz, over faint noise.
    static func chordTones(reference: Double) -> AudioSignal {
        let rate = Double(AudioSignal.analysisRate)
        var noise = PitchEvidenceTests.SeededNoise(state: 11)
        let count = Int(0.5 * Double(chords.count) * rate)
        return AudioSignal(samples: (0..<count).map { n -> Float in
            let t = Double(n) / rate
            let chord = chords[min(chords.count - 1, Int(t / 0.5))]
            let since = t.truncatingRemainder(dividingBy: 0.5)
            var s = 0.0
            for pitch in chord {
                let f = reference * pow(2, Double(pitch - 69) / 12)
                for k in 1...6 where f * Double(k) < rate / 2 { s += sin(2 * Double.pi * f * Double(k) * t) / Double(k) }
            }
            return Float(0.03 * min(1, since / 0.01) * exp(-since) * s) + 0.001 * noise.next()
        }, rate: AudioSignal.analysisRate)
    }

    /// The smallest distance between two deviations in cents modulo 100.
    static func apart(_ a: Double, _ b: Double) -> Double {
        let d = (a - b).truncatingRemainder(dividingBy: 100)
        return min(abs(d), 100 - abs(d))
    }

    /// Within 2 cents of where the tones lie between the grid's semitones, wherever that is (A = 415.3 and 466.16 Hz are
    /// whole semitones from 440 and sit on the grid; 427 Hz lies 52 cents low, so 48 cents high of the semitone below).
    @Test(arguments: [440.0, 415.305, 430.0, 435.0, 442.0, 443.0, 446.0, 452.0, 466.164, 427.0])
    func deviationOfTonesAtAKnownReference(reference: Double) throws {
        let found = try ReferencePitch.deviation(of: Self.chordTones(reference: reference))
        let expected = ReferencePitch.cents(of: reference)
        #expect(Self.apart(found.cents, expected) < 2, "A = \(reference) Hz: \(found.cents) cents, expected \(expected) modulo 100")
        #expect(found.cents >= -50 && found.cents < 50)
        #expect(found.concentration > 0.5 && found.peaks > 100)
    }

    /// Noise has no pitch: its peaks spread over the semitone.
    @Test func noiseHasNoConcentratedDeviation() throws {
        var noise = PitchEvidenceTests.SeededNoise(state: 3)
        let signal = AudioSignal(samples: (0..<(2 * AudioSignal.analysisRate)).map { _ in 0.1 * noise.next() }, rate: AudioSignal.analysisRate)
        #expect(try ReferencePitch.deviation(of: signal).concentration < 0.1)
    }

    /// The same samples heard at another rate: a take played `rate`/22 050 times as fast, its pitch as much higher
    /// (as a tape or a sampler's rate; the rates keep 50 frames a second whole).
    static func played(at rate: Int) throws -> AudioSignal {
        AudioSignal(samples: try AudioSignal.read(Fixtures.path("volta-take.flac")).samples, rate: rate)
    }

    /// The rendered take at A = 415, 430 and 466 Hz is analysed at its own reference and placed as the 440 Hz take is:
    /// every downbeat within 0.1 s of the truth moved with the tempo.
    @Test(arguments: [20_800, 21_550, 23_350])
    func shiftedTakeIsPlacedAtItsReference(rate: Int) throws {
        let ratio = Double(rate) / Double(AudioSignal.analysisRate)
        let audio = try Self.played(at: rate)
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let result = try ScoreFollower().follow(score: score, audio: audio)
        #expect(abs(ReferencePitch.cents(of: result.referencePitch) - ReferencePitch.cents(of: 440 * ratio)) < 5,
                "A = \(440 * ratio) Hz, analysed at \(result.referencePitch)")
        let truth = try Fixtures.truth().take
        #expect(result.measures.map(\.index) == truth.map(\.index))
        for (found, expected) in zip(result.measures, truth) {
            #expect(abs(found.time - expected.time / ratio) < 0.1, "bar \(found.number): \(found.time) s, truth \(expected.time / ratio) s")
        }
        // On the 440 Hz grid alone the 415 and 466 Hz takes are no longer placed.
        var fixed = ScoreFollower.Options()
        fixed.estimateTuning = false
        fixed.semitoneSearch = false
        if abs(ratio - 1) > 0.04 {
            #expect(throws: FollowError.self) { try ScoreFollower(options: fixed).follow(score: score, audio: audio) }
        }
    }

    /// A take at A = 415 Hz of another piece is refused though a semitone up and down were tried.
    @Test(arguments: [20_800, AudioSignal.analysisRate])
    func takeOfAnotherPieceIsRefusedWithTheOffsetsSearched(rate: Int) throws {
        let audio = try Self.played(at: rate)
        let wrong = try ScoreFollower().follow(score: ScoreFile.read(Fixtures.path("other.musicxml")), audio: audio, refuse: false)
        #expect(wrong.tuning.offsetCosts.count == 3)
        #expect(wrong.confidence < ScoreFollower.refusalThreshold)
    }

    /// A reference given is used as it is, without estimating or searching.
    @Test func givenReferenceIsUsed() throws {
        var options = ScoreFollower.Options()
        options.referencePitch = 415.0
        let result = try ScoreFollower(options: options).follow(score: ScoreFile.read(Fixtures.path("volta.musicxml")),
                                                                audio: Self.played(at: 20_800))
        #expect(result.referencePitch == 415.0 && result.tuning.deviation == nil && result.tuning.offsetCosts.isEmpty)
        #expect(result.confidence >= ScoreFollower.refusalThreshold)
    }
}
