/// A piano-like tone: a sum of slightly stretched partials, each with a two-stage exponential decay.
///
/// Partial `k` sounds at `k·f·√((1 + B·k²)/(1 + B))`, the stiff-string formula normalised so that the first
/// partial is exactly `f`: the stretch (inharmonicity `B`, larger for higher notes) moves only the upper
/// partials. Amplitudes follow a hammer striking the string at 0.12 of its length, falling with partial number
/// and, for high notes, with frequency; upper partials decay faster, and every partial has a quick first decay
/// (the "prompt sound") and a slower second one (the "aftersound"). Partials above 16 kHz are left out.
struct PianoTone {
    /// The fundamental in hertz.
    let frequency: Double
    /// Samples per second.
    let sampleRate: Double

    /// At most this many partials.
    static let maxPartials = 40
    /// No partial above this frequency (well below the Nyquist frequency, so nothing aliases).
    static let highestPartial = 16_000.0

    /// Inharmonicity: 2.5 × 10⁻⁴ at middle C, growing with the square root of the frequency.
    var inharmonicity: Double { 2.5e-4 * (frequency / 261.6255653005986).squareRoot() }

    /// Time for the fundamental's aftersound to fall by 60 dB: 12 s at A1, 0.7 of an octave shorter per octave.
    var decaySeconds: Double { 12 * PortableMath.exp2(-0.7 * PortableMath.log2(frequency / 55)) }

    /// `count` samples of the tone (not yet faded or normalised).
    func render(count: Int) -> [Double] {
        var out = [Double](repeating: 0, count: count)
        let b = inharmonicity
        for k in 1...Self.maxPartials {
            let kk = Double(k)
            let f = kk * frequency * ((1 + b * kk * kk) / (1 + b)).squareRoot()
            guard f < Self.highestPartial else { break }
            let amplitude = PortableMath.sin(turns: 0.06 * kk) / kk * PortableMath.exp2(-f / 5_000)
            let slow = decaySeconds / (1 + 0.35 * (kk - 1))
            addPartial(to: &out, frequency: f, amplitude: amplitude, slowDecay: slow, fastDecay: slow / 6)
        }
        return out
    }

    /// Adds one partial, starting at phase 0 (so the tone starts at zero), by rotating a unit phasor.
    private func addPartial(to out: inout [Double], frequency f: Double, amplitude: Double, slowDecay: Double, fastDecay: Double) {
        let (s, c) = PortableMath.sinCos(turns: f / sampleRate)
        let slowFactor = PortableMath.exp2(-9.965784284662087 / (slowDecay * sampleRate))   // per sample, 60 dB in slowDecay
        let fastFactor = PortableMath.exp2(-9.965784284662087 / (fastDecay * sampleRate))
        var re = 1.0, im = 0.0
        var slowLevel = 0.4 * amplitude, fastLevel = 0.6 * amplitude
        out.withUnsafeMutableBufferPointer { buffer in
            for n in 0..<buffer.count {
                buffer[n] += (slowLevel + fastLevel) * im
                let nextRe = re * c - im * s
                im = re * s + im * c
                re = nextRe
                slowLevel *= slowFactor
                fastLevel *= fastFactor
            }
        }
    }
}
