import Foundation
import Testing
@testable import ScoreFollowing

/// `SampleOnset`: a downbeat moved onto its notes' attack at a few samples' resolution, or left where it was.
@Suite("Attacks at sample resolution")
struct SampleOnsetTests {
    static let rate = 22_050

    /// A held chord (from 0 s) with room noise, and a struck chord at `strike` seconds: 15 partials of each note start
    /// within 2 ms (a hammer's attack), the higher ones decaying faster; with `soft`, they swell in over 150 ms instead
    /// (a bow, a voice).
    static func signal(strike: Double, soft: Bool = false, seed: UInt64 = 7) -> AudioSignal {
        let count = Int(2.0 * Double(rate))
        var state = seed
        var samples = [Float](repeating: 0, count: count)
        let held: [Double] = [130.8, 164.8, 196.0], struck: [Double] = [220.0, 261.6, 329.6]
        for n in 0..<count {
            let t = Double(n) / Double(rate)
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var x = 0.002 * (Double(state >> 40) / Double(1 << 24) - 0.5)
            for f in held { x += 0.1 * exp(-t / 1.5) * sin(2 * .pi * f * t) }
            let since = t - strike
            if since >= 0 {
                for f in struck {
                    for k in 1...15 {
                        let envelope = soft ? min(1, since / 0.15) : min(1, since / 0.002) * exp(-since * Double(k) / 0.8)
                        x += 0.1 / Double(k) * envelope * sin(2 * .pi * f * Double(k) * since)
                    }
                }
            }
            samples[n] = Float(x)
        }
        return AudioSignal(samples: samples, rate: rate)
    }

    @Test("a struck chord over a held one is found within 3 ms from anywhere within 45 ms of it",
          arguments: [-0.045, -0.03, -0.01, 0, 0.02, 0.045])
    func findsAttack(offset: Double) throws {
        let strike = 1.0137
        let found = try #require(SampleOnset().attack(near: strike + offset, in: Self.signal(strike: strike)))
        #expect(abs(found - strike) < 0.003, "found \(found), struck \(strike)")
    }

    @Test("a swell (no attack), silence, and an attack farther than the radius leave the downbeat alone")
    func leavesAlone() {
        let onset = SampleOnset()
        #expect(onset.attack(near: 1.0, in: Self.signal(strike: 1.0, soft: true)) == nil)
        #expect(onset.attack(near: 1.0, in: AudioSignal(samples: [Float](repeating: 0, count: 2 * Self.rate), rate: Self.rate)) == nil)
        #expect(onset.attack(near: 0.9, in: Self.signal(strike: 1.0)) == nil)
        #expect(onset.attack(near: 0.001, in: Self.signal(strike: 1.0)) == nil, "too near the file's start to look before it")
        #expect(onset.attack(near: 5, in: Self.signal(strike: 1.0)) == nil, "past the file's end")
    }
}
