import TheoryCore

/// A Karplus–Strong plucked string tuned exactly by a fractional delay.
///
/// A burst of seeded, low-passed noise circulates in a loop of an integer delay of `N` samples, a first-order
/// allpass of fractional delay `d` and a symmetric three-tap loss filter `[a, b, a]`, whose delay is exactly one
/// sample at every frequency. The loop's delay at the fundamental is `N + d + 1 = sampleRate / frequency`: the
/// allpass coefficient `C = sin((1 − d)ω/2) / sin((1 + d)ω/2)` gives the allpass exactly `d` samples of phase
/// delay at ω = 2π·frequency/sampleRate (not the low-frequency approximation `(1 − C)/(1 + C)`), so the
/// fundamental is exact rather than rounded to a whole number of samples. The loss filter is set so the
/// fundamental dies away by 60 dB in `decaySeconds`; higher partials die faster, as on a real string.
struct PluckedString {
    /// The fundamental in hertz.
    let frequency: Double
    /// Samples per second.
    let sampleRate: Double
    /// Seed of the noise burst.
    let seed: UInt64

    /// Time for the fundamental to fall by 60 dB: 4 s at E2, 0.75 s shorter per octave, at least 1 s.
    var decaySeconds: Double { min(4, max(1, 4 - 0.75 * PortableMath.log2(frequency / 82.40688922821748))) }

    /// `count` samples of the string's sound (not yet faded or normalised).
    func render(count: Int) -> [Double] {
        let period = sampleRate / frequency
        let delay = Int((period - 1 - 0.618).rounded(.down))       // keeps d in 0.618 ..< 1.618: a well-behaved allpass
        precondition(delay >= 1, "the plucked string needs at least 2.7 samples per period")
        let d = period - 1 - Double(delay)
        let halfTurns = frequency / sampleRate / 2                  // ω/2 in turns
        let c = PortableMath.sin(turns: (1 - d) * halfTurns) / PortableMath.sin(turns: (1 + d) * halfTurns)
        let (a, b) = lossFilter()

        let burst = excitation(length: delay + 1)
        var y = [Double](repeating: 0, count: count)
        var u1 = 0.0, ap1 = 0.0, ap2 = 0.0                          // allpass input and output history
        for n in 0..<count {
            let u = n >= delay ? y[n - delay] : 0
            let ap = c * u + u1 - c * ap1
            let loss = a * ap + b * ap1 + a * ap2
            y[n] = (n < burst.count ? burst[n] : 0) + loss
            u1 = u
            ap2 = ap1
            ap1 = ap
        }
        return y
    }

    /// The loss filter taps `[a, b, a]` that make the fundamental decay by 60 dB in `decaySeconds`.
    ///
    /// Its response is `e^{-jω}(b + 2a·cos ω)`: one sample of delay at every frequency and a gain `g` at the
    /// fundamental. With unit gain at 0 Hz, `a = (1 − g) / (2(1 − cos ω))`; when that exceeds ¼ (low notes,
    /// which would otherwise ring for minutes) the taps stay `[¼, ½, ¼]` and all are scaled down instead.
    private func lossFilter() -> (a: Double, b: Double) {
        let perPeriod = PortableMath.exp2(-9.965784284662087 / (decaySeconds * frequency))   // 1000^(-1/(T·f))
        let cosine = PortableMath.cos(turns: frequency / sampleRate)
        let a = (1 - perPeriod) / (2 * (1 - cosine))
        if a <= 0.25 { return (a, 1 - 2 * a) }
        let scale = perPeriod / (0.5 + 0.5 * cosine)
        return (0.25 * scale, 0.5 * scale)
    }

    /// The pluck: seeded uniform noise, low-passed by four one-pole passes (a soft, nylon-like attack;
    /// a high note keeps its fundamental and a few partials, not a hiss), shaped by a periodic Hann
    /// window so that it rises from and falls back to zero (when the loop brings the burst round again there is
    /// no step where its end meets its start), with the window's share of the mean removed (no DC on the string).
    private func excitation(length: Int) -> [Double] {
        var generator = SplitMix64(seed: seed)
        var noise = (0..<length).map { _ in Double(generator.next() >> 11) * 0x1p-52 - 1 }
        let cutoff = min(Self.brightestCutoff, max(Self.dullestCutoff, 4 * frequency))
        let alpha = 1 - PortableMath.exp(-PortableMath.twoPi * cutoff / sampleRate)
        for _ in 0..<Self.lowPassPasses {
            var state = 0.0
            for i in noise.indices {
                state += alpha * (noise[i] - state)
                noise[i] = state
            }
        }
        let window = (0..<length).map { 0.5 - 0.5 * PortableMath.cos(turns: Double($0) / Double(length)) }
        let shaped = zip(noise, window).map { $0 * $1 }
        let dc = shaped.reduce(0, +) / window.reduce(0, +)
        return zip(shaped, window).map { $0 - dc * $1 }
    }

    /// How many times the one-pole low-pass runs over the pluck (each pass adds 6 dB per octave of roll-off).
    static let lowPassPasses = 4
    /// The lowest cut-off of the pluck's low-pass filter (bass notes), in hertz.
    static let dullestCutoff = 1_500.0
    /// The highest cut-off of the pluck's low-pass filter (treble notes), in hertz.
    static let brightestCutoff = 5_000.0
}
