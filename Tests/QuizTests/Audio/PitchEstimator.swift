import Foundation

/// A precise estimate of the frequency of one partial: a Blackman–Harris windowed DTFT evaluated directly at
/// any frequency, maximised by a coarse scan and a golden-section search.
///
/// For one (possibly decaying) complex sinusoid the windowed spectrum's magnitude is symmetric about the
/// sinusoid's frequency, so its maximum lies exactly there; the window's −92 dB side lobes keep the other
/// partials and the negative-frequency image from moving it. On half a second of audio the estimate is good
/// to about a thousandth of a cent, so a test that allows an error below 1 cent fails for a 2-cent error.
struct PitchEstimator {
    /// The windowed signal.
    let windowed: [Double]
    /// Samples per second.
    let sampleRate: Double

    /// Windows `samples` (a 4-term Blackman–Harris window over the whole slice).
    init(_ samples: some Collection<Double>, sampleRate: Double) {
        let x = Array(samples)
        let n = Double(x.count - 1)
        windowed = x.enumerated().map { i, value in
            let t = 2 * Double.pi * Double(i) / n
            let w = 0.35875 - 0.48829 * cos(t) + 0.14128 * cos(2 * t) - 0.01168 * cos(3 * t)
            return w * value
        }
        self.sampleRate = sampleRate
    }

    /// The magnitude of the windowed signal's spectrum at `frequency` hertz.
    func magnitude(at frequency: Double) -> Double {
        let step = 2 * Double.pi * frequency / sampleRate
        let (s, c) = (sin(step), cos(step))
        var re = 1.0, im = 0.0          // e^{-j·step·n}, by rotation; exact enough over a second of samples
        var sumRe = 0.0, sumIm = 0.0
        windowed.withUnsafeBufferPointer { x in
            for n in 0..<x.count {
                sumRe += x[n] * re
                sumIm += x[n] * im
                let next = re * c + im * s
                im = im * c - re * s
                re = next
            }
        }
        return (sumRe * sumRe + sumIm * sumIm).squareRoot()
    }

    /// The frequency of the strongest partial within `searchCents` of `expected`.
    func frequency(near expected: Double, searchCents: Double = 30) -> Double {
        func at(_ cents: Double) -> Double { expected * pow(2, cents / 1200) }
        // Coarse scan in 2-cent steps (the main lobe is several cents wide even for high notes).
        var best = -searchCents
        var bestValue = -1.0
        for cents in stride(from: -searchCents, through: searchCents, by: 2) {
            let value = magnitude(at: at(cents))
            if value > bestValue { (best, bestValue) = (cents, value) }
        }
        // Golden-section search for the maximum on best ± 2 cents.
        let ratio = (5.0.squareRoot() - 1) / 2
        var lo = best - 2, hi = best + 2
        var x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo)
        var f1 = magnitude(at: at(x1)), f2 = magnitude(at: at(x2))
        while hi - lo > 1e-3 {
            if f1 < f2 {
                lo = x1; x1 = x2; f1 = f2
                x2 = lo + ratio * (hi - lo); f2 = magnitude(at: at(x2))
            } else {
                hi = x2; x2 = x1; f2 = f1
                x1 = hi - ratio * (hi - lo); f1 = magnitude(at: at(x1))
            }
        }
        return at((lo + hi) / 2)
    }

    /// The signed difference of two frequencies in cents.
    static func cents(_ measured: Double, from expected: Double) -> Double { 1200 * log2(measured / expected) }
}
