import Foundation
import Testing
@testable import ScoreFollowing

/// The vibrato-tolerant energy a frame's rise is taken from: a held note's vibrato hardly rises, a new note a semitone
/// away keeps part of its rise (a third at A4, where the 2048-point frame's bins are 0.4 semitone apart).
struct VibratoToleranceTests {
    /// `seconds` of a harmonic tone (five partials) of `pitch` (MIDI) with vibrato of ±`cents` at 6 Hz, from `start` s.
    static func tone(_ pitch: Int, cents: Double, seconds: Double, start: Double = 0) -> [Float] {
        let rate = Double(AudioSignal.analysisRate)
        let f0 = 440 * pow(2, Double(pitch - 69) / 12)
        var phase = 0.0
        return (0..<Int(seconds * rate)).map { n in
            let t = Double(n) / rate
            guard t >= start else { return 0 }
            phase += 2 * Double.pi * f0 * pow(2, cents * sin(2 * Double.pi * 6 * t) / 1200) / rate
            return Float((1...5).reduce(0.0) { $0 + sin(Double($1) * phase) / Double($1) }) * 0.05
        }
    }

    /// Per frame from 1, the positive rises of `log(1 + 1000·e)` of every pitch from the frame before (`before`: the
    /// previous frame's energies, plain or tolerant), summed over `pitches`.
    static func rises(_ now: [Float], _ before: [Float], pitches: [Int]) -> [Float] {
        (1..<(now.count / 128)).map { t in
            pitches.reduce(Float(0)) { sum, p in sum + max(0, log1pf(1000 * now[t * 128 + p]) - log1pf(1000 * before[(t - 1) * 128 + p])) }
        }
    }

    static func energies(_ samples: [Float]) throws -> (plain: [Float], tolerant: [Float]) {
        let signal = AudioSignal(samples: samples, rate: AudioSignal.analysisRate)
        let hop = Int((Double(signal.rate) / FeatureSequence.frameRate).rounded())
        let count = samples.count / hop + 1
        // As AudioFeatures does: the take's level set to an RMS of 0.1.
        let rms = (samples.reduce(0) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
        let gain = 0.1 / rms
        return (try AudioFeatures.pitchEnergy(signal, size: 2048, hop: hop, count: count, gain: gain, lowest: 36),
                try AudioFeatures.vibratoTolerantEnergy(signal, size: 2048, hop: hop, count: count, gain: gain, lowest: 36))
    }

    @Test(arguments: [30.0, 50.0])
    func heldNoteWithVibratoRisesLess(cents: Double) throws {
        // A4 held for 2 s with vibrato: from 0.5 s on (the attack over), every rise is the vibrato's.
        let (plain, tolerant) = try Self.energies(Self.tone(69, cents: cents, seconds: 2))
        let all = Array(36...108)
        let steady = 25..<95
        let plainRise = Self.rises(plain, plain, pitches: all)[steady].reduce(0, +)
        let tolerantRise = Self.rises(plain, tolerant, pitches: all)[steady].reduce(0, +)
        #expect(plainRise > 1)
        #expect(tolerantRise < 0.05 * plainRise)
    }

    @Test func noteASemitoneAwayStillRises() throws {
        // A4 held without vibrato, and B♭4 entering at 1 s while A4 sounds on (legato).
        let held = Self.tone(69, cents: 0, seconds: 2), entering = Self.tone(70, cents: 0, seconds: 2, start: 1)
        let (plain, tolerant) = try Self.energies(zip(held, entering).map { $0 + $1 })
        let around = 45..<56  // 0.9–1.1 s
        let plainRise = Self.rises(plain, plain, pitches: [70, 82])[around].reduce(0, +)
        let tolerantRise = Self.rises(plain, tolerant, pitches: [70, 82])[around].reduce(0, +)
        #expect(plainRise > 0.5)
        #expect(tolerantRise > 0.25 * plainRise)
    }
}
