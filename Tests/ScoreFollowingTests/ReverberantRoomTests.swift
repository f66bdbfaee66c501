import Foundation
import Testing
@testable import ScoreFollowing

/// A take's room measured on the take itself: the fastest fall of its energy, which a reverberant room slows.
struct ReverberantRoomTests {
    /// Two phrases of a C major chord (0.1–1.4 s and 1.9–3.2 s, a breath between them), convolved with a room whose
    /// reverberant sound decays by 60 dB over `rt60` seconds and carries `ratio` times the direct sound's energy
    /// (`rt60` 0: dry). The tail is a decaying sum of detuned partials rather than noise, so the test is reproducible.
    static func take(rt60: Double, ratio: Double) -> [Float] {
        let rate = Double(AudioSignal.analysisRate)
        let count = Int(4 * rate)
        var dry = [Float](repeating: 0, count: count)
        for n in 0..<count {
            let t = Double(n) / rate
            guard (t >= 0.1 && t < 1.4) || (t >= 1.9 && t < 3.2) else { continue }
            dry[n] = 0.05 * [60, 64, 67].reduce(0) { $0 + FreshNoteOnsetTests.tone($1, at: n, rate: rate) }
        }
        guard rt60 > 0 else { return dry }
        // The tail as a one-pole smoothing of the direct sound's energy envelope: each sample's reverberant level is the
        // last one decayed at the room's rate plus the direct sound's contribution, carried by a steady chord.
        let decay = exp(-13.82 / (rt60 * rate))  // energy: 60 dB over rt60
        var level = 0.0, power = 0.0
        var out = [Float](repeating: 0, count: count)
        let carrier = (0..<count).map { n in [61, 65, 68].reduce(Float(0)) { $0 + FreshNoteOnsetTests.tone($1, at: n, rate: rate) } }
        for n in 0..<count {
            let direct = Double(dry[n])
            power = decay * power + (1 - decay) * direct * direct
            level = sqrt(ratio * power)
            out[n] = dry[n] + Float(level) * carrier[n] / 3
        }
        return out
    }

    static func decay(rt60: Double, ratio: Double) throws -> Double {
        let audio = try AudioFeatures(AudioSignal(samples: take(rt60: rt60, ratio: ratio), rate: AudioSignal.analysisRate))
        return ScoreFollower().fastestDecay(audio)
    }

    @Test func aDryTakeFallsFastAtItsBreath() throws {
        #expect(try Self.decay(rt60: 0, ratio: 0) > ScoreFollower.Options().reverberantDecay + 10)
    }

    @Test func aChurchSlowsTheFallBelowTheThreshold() throws {
        // A church: RT60 4 s, reverberant energy 5 dB above the direct sound. The direct sound goes at the breath
        // (about 1.2 dB), the rest falls 15 dB a second: about 6 dB in the 0.3 s measured.
        let church = try Self.decay(rt60: 4, ratio: pow(10, 0.5))
        #expect(church < ScoreFollower.Options().reverberantDecay)
        #expect(church > 3 && church < 9)
        // A hall (2.2 s, equal energy) falls faster than the church (3 dB, then 27 dB a second), far slower than dry.
        let hall = try Self.decay(rt60: 2.2, ratio: 1)
        #expect(hall > church && hall < ScoreFollower.Options().reverberantDecay + 3)
    }

    @Test func aTakeWithoutAStopIsNotMeasuredAsDry() throws {
        // A chord held throughout never falls: the measure is small (evidence only together with slow attacks).
        let rate = Double(AudioSignal.analysisRate)
        let held = (0..<Int(3 * rate)).map { n in 0.05 * [60, 64, 67].reduce(Float(0)) { $0 + FreshNoteOnsetTests.tone($1, at: n, rate: rate) } }
        let audio = try AudioFeatures(AudioSignal(samples: held, rate: AudioSignal.analysisRate))
        #expect(ScoreFollower().fastestDecay(audio) < 3)
    }
}
