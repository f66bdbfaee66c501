import Foundation

/// A downbeat moved onto the attack of its notes at a resolution of a few samples, for placing takes (`TakePlacer`).
///
/// The follower's downbeats lie on its 20 ms feature frames (50 per second), and its onset refinement reads a
/// 2048-sample window (93 ms): enough to find a bar, not to cut on one (on a rendered piano its downbeats come 24–41 ms
/// early). An edit list at 50 frames per second rounds a cut by up to 10 ms more, so a cut within 20 ms of the bar
/// needs the downbeat within 10 ms. Near each downbeat this reads the energy of the signal's second difference (a
/// high-pass that leaves a hammer's or a plectrum's broadband attack and little of the held notes) in 64-sample frames
/// (2.9 ms at 22 050 Hz) every 16 samples. An attack is a rise of at least `minimumRise` dB within `riseSpan` whose
/// energy then goes from a tenth to nine tenths of its peak within `attackTime`; the strongest one within `radius`
/// (weighted towards the follower's time) is taken, and the downbeat is where its energy first reaches a tenth of the
/// rise. A swell (bowed strings, voices, organ) has no such attack, and the follower's time is kept.
public struct SampleOnset: Sendable {
    /// Seconds either side of the follower's time searched for the attack.
    public var radius = 0.05
    /// Decibels the high-passed energy must rise within `riseSpan` to count as an attack.
    public var minimumRise = 9.0
    /// Seconds over which a rise is measured.
    public var riseSpan = 0.012
    /// Seconds after the rise's foot in which its peak is looked for.
    public var peakSpan = 0.04
    /// The longest time (seconds) from a tenth to nine tenths of the peak energy that counts as an attack.
    public var attackTime = 0.025
    /// Standard deviation (seconds) of the Gaussian weighting rises by their distance from the follower's time.
    public var spread = 0.03

    public init() {}

    /// The frame length and hop, in samples.
    static let frame = 64, hop = 16

    /// The time (seconds from the signal's start) of the attack nearest `time`, or nil when none stands out.
    public func attack(near time: Double, in signal: AudioSignal) -> Double? {
        let rate = Double(signal.rate)
        let first = max(2, Int(((time - radius - riseSpan - 0.01) * rate).rounded(.down)))
        let last = min(signal.samples.count, Int(((time + radius + riseSpan + peakSpan + 0.01) * rate).rounded(.up)))
        let frame = Self.frame, hop = Self.hop
        guard last - first > 4 * frame else { return nil }
        let energy = Self.energies(signal.samples, from: first, to: last)
        func centre(_ k: Int) -> Double { (Double(first + k * hop) + Double(frame) / 2) / rate }
        let span = max(1, Int((riseSpan * rate / Double(hop)).rounded()))
        let needed = pow(10, minimumRise / 10)
        var best: (k: Int, score: Double)?
        for k in span..<energy.count {
            let t = centre(k)
            guard abs(t - time) <= radius + riseSpan, let floor = energy[(k - span)..<k].min(), energy[k] >= needed * floor else { continue }
            let d = (t - time) / spread
            let score = 10 * log10(energy[k] / floor) * exp(-d * d / 2)
            if score > best?.score ?? 0 { best = (k, score) }
        }
        guard let best else { return nil }
        // The rise's foot (the quietest frame before it) and its peak within `peakSpan` after the foot.
        var low = best.k - span
        for k in (best.k - span)..<best.k where energy[k] < energy[low] { low = k }
        let end = min(energy.count, low + Int((peakSpan * rate / Double(hop)).rounded()) + 1)
        var top = low
        for k in low..<end where energy[k] > energy[top] { top = k }
        func crossing(_ share: Double) -> Double {
            let threshold = energy[low] + share * (energy[top] - energy[low])
            var k = low
            while k < top, energy[k] < threshold { k += 1 }
            guard k > low else { return centre(low) }
            let before = energy[k - 1], after = energy[k]
            return centre(k - 1) + (after > before ? (threshold - before) / (after - before) : 1) * Double(hop) / rate
        }
        let onset = crossing(0.1)
        guard crossing(0.9) - onset <= attackTime, abs(onset - time) <= radius else { return nil }
        return onset
    }

    /// The mean energy of the second difference of `samples` in frames starting every `hop` samples from `first`.
    static func energies(_ samples: [Float], from first: Int, to last: Int) -> [Double] {
        var result: [Double] = []
        var start = first
        while start + frame <= last {
            var sum = 0.0
            for n in start..<(start + frame) {
                let d = Double(samples[n]) - 2 * Double(samples[n - 1]) + Double(samples[n - 2])
                sum += d * d
            }
            result.append(sum / Double(frame) + 1e-15)
            start += hop
        }
        return result
    }
}
