import CAudio
import Foundation

/// The pitch a take's A4 sounds at (its reference, 440 Hz in the standard), and how it is found from the take itself.
///
/// The spectrum tells only where the take's notes lie between the semitones of the 440 Hz grid (the fractional
/// deviation, in cents): a take at A = 415 Hz sits a semitone low and looks as well tuned to the grid as one at 440. The
/// whole semitone is decided against the score (`ScoreFollower`, by the coarse alignment at −1, 0 and +1 semitones).
public enum ReferencePitch {
    /// The standard reference, A4 = 440 Hz.
    public static let standard = 440.0
    /// The references a take may be given (A4 in Hz): well beyond every pitch standard in use (392–466 Hz).
    public static let plausible = 300.0...600.0

    /// Where a take's partials lie against the 440 Hz grid.
    public struct Deviation: Sendable, Equatable {
        /// The weighted circular mean of the peaks' cents modulo 100, in −50 ..< 50.
        public var cents: Double
        /// The length of that mean (0: peaks spread evenly over the semitone, as noise; 1: all at one place).
        public var concentration: Double
        /// How many spectral peaks were weighed.
        public var peaks: Int
    }

    /// The reference a take was analysed at, and what chose it.
    public struct Choice: Sendable, Equatable {
        /// A4 in Hz.
        public var reference: Double
        /// The spectrum's deviation from the 440 Hz grid (nil: the reference was given, or estimation was off).
        public var deviation: Deviation?
        /// Whole semitones from the estimated grid to the reference (−1: a semitone low, as A = 415 Hz).
        public var semitones = 0
        /// The coarse alignment's total cost a semitone below, on and above the grid over its cost on the grid
        /// (empty: the offsets were not searched).
        public var offsetCosts: [Double] = []

        public init(reference: Double, deviation: Deviation? = nil, semitones: Int = 0, offsetCosts: [Double] = []) {
            self.reference = reference
            self.deviation = deviation
            self.semitones = semitones
            self.offsetCosts = offsetCosts
        }
    }

    /// The reference `cents` away from 440 Hz.
    public static func frequency(cents: Double) -> Double { standard * pow(2, cents / 1200) }

    /// Cents from 440 Hz to `frequency`.
    public static func cents(of frequency: Double) -> Double { 1200 * log2(frequency / standard) }

    /// Estimates the take's deviation from the 440 Hz grid: every `every` seconds a `size`-point Hann frame, its local
    /// spectral maxima between `lowest` and `highest` Hz within `range` (a power ratio) of the frame's strongest,
    /// each placed between its bins by a parabola through the log powers, and the circular mean of their cents modulo
    /// 100 weighted by their amplitude. Harmonic partials other than octaves lie off the grid (the 3rd 2 cents
    /// sharp, the 5th 14 flat), so the mean leans a little towards where the strongest partials lie; the fundamentals
    /// and octaves dominate a chord's spectrum.
    public static func deviation(of signal: AudioSignal, size: Int = 4096, every: Double = 0.1, lowest: Double = 150,
                                 highest: Double = 2500, range: Float = 1e-3) throws -> Deviation {
        guard let fft = tm_fft_new(Int32(size)) else { throw FollowError.missingLibrary("KissFFT cannot make a \(size)-point FFT") }
        defer { tm_fft_free(fft) }
        let rate = Double(signal.rate)
        let hop = max(1, Int(every * rate))
        let window = AudioFeatures.hannWindow(size: size)
        let low = max(2, Int(lowest * Double(size) / rate)), high = min(size / 2 - 2, Int(highest * Double(size) / rate))
        guard low < high, signal.samples.count >= size else { return Deviation(cents: 0, concentration: 0, peaks: 0) }
        var frame = [Float](repeating: 0, count: size)
        var spectrum = [Float](repeating: 0, count: size + 2)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var sumCos = 0.0, sumSin = 0.0, sumWeight = 0.0
        var peaks = 0
        signal.samples.withUnsafeBufferPointer { samples in
            var start = 0
            while start + size <= samples.count {
                for i in 0..<size { frame[i] = samples[start + i] * window[i] }
                tm_fft_run(fft, frame, &spectrum)
                var strongest: Float = 0
                for k in (low - 1)...(high + 1) {
                    power[k] = spectrum[2 * k] * spectrum[2 * k] + spectrum[2 * k + 1] * spectrum[2 * k + 1]
                    strongest = max(strongest, power[k])
                }
                start += hop
                guard strongest > 1e-20 else { continue }
                let floor = strongest * range
                for k in low...high where power[k] > floor && power[k] > power[k - 1] && power[k] >= power[k + 1] {
                    let a = Double(log(power[k - 1] + 1e-30)), b = Double(log(power[k])), c = Double(log(power[k + 1] + 1e-30))
                    let curve = a - 2 * b + c
                    let shift = curve < 0 ? min(0.5, max(-0.5, 0.5 * (a - c) / curve)) : 0
                    let f = (Double(k) + shift) * rate / Double(size)
                    let angle = 2 * Double.pi * cents(of: f) / 100
                    let weight = Double(power[k]).squareRoot()
                    sumCos += weight * cos(angle)
                    sumSin += weight * sin(angle)
                    sumWeight += weight
                    peaks += 1
                }
            }
        }
        guard sumWeight > 0 else { return Deviation(cents: 0, concentration: 0, peaks: 0) }
        var mean = atan2(sumSin, sumCos) / (2 * Double.pi) * 100
        if mean >= 50 { mean -= 100 }
        return Deviation(cents: mean, concentration: (sumCos * sumCos + sumSin * sumSin).squareRoot() / sumWeight, peaks: peaks)
    }
}
