/// Frames of chroma (12 pitch classes, unit length) and decaying onset chroma (DLNCO) at one frame rate.
public struct FeatureSequence: Sendable {
    /// Frames per second of every feature sequence Tonmeister compares.
    public static let frameRate = 50.0
    /// `count` × 12 values, frame after frame.
    public var chroma: [Float]
    public var onset: [Float]
    public var count: Int
    /// Frames where nothing sounds (a rest in the score, silence or room noise in a take).
    public var silent: [Bool]
    /// Score frames under or just before a fermata, where the tempo may stretch freely (empty: none).
    public var elastic: [Bool]

    public init(chroma: [Float], onset: [Float], count: Int, silent: [Bool]? = nil, elastic: [Bool] = []) {
        self.chroma = chroma
        self.onset = onset
        self.count = count
        self.silent = silent ?? [Bool](repeating: false, count: count)
        self.elastic = elastic
    }

    /// The same features `chromaFrames` frames later for the chroma and its silent flags and `onsetFrames` later for
    /// the onset chroma: frame t takes frame t − lag's values (the first frames repeat frame 0; the count is kept). A
    /// centred analysis window hears a note before it begins (half a 4096-point window is 93 ms at 22 050 Hz), so the
    /// take's features lead the score's, whose notes begin on their onset frame.
    public func delayed(chromaFrames: Int, onsetFrames: Int) -> FeatureSequence {
        func shifted<T>(_ values: [T], width: Int, by lag: Int) -> [T] {
            guard lag > 0, count > 0 else { return values }
            var out = values
            for t in 0..<count {
                let from = max(0, t - lag)
                for k in 0..<width { out[t * width + k] = values[from * width + k] }
            }
            return out
        }
        var out = self
        out.chroma = shifted(chroma, width: 12, by: chromaFrames)
        out.silent = shifted(silent, width: 1, by: chromaFrames)
        out.onset = shifted(onset, width: 12, by: onsetFrames)
        return out
    }

    /// The features of the same audio heard `semitones` higher on the pitch grid: pitch class c takes the value of
    /// c + `semitones` (a take at A = 415 Hz analysed on the 440 Hz grid, transposed by −1, reads as written).
    public func transposed(by semitones: Int) -> FeatureSequence {
        let shift = ((semitones % 12) + 12) % 12
        guard shift != 0 else { return self }
        var c = chroma, o = onset
        for t in 0..<count {
            for k in 0..<12 {
                c[t * 12 + k] = chroma[t * 12 + (k + shift) % 12]
                o[t * 12 + k] = onset[t * 12 + (k + shift) % 12]
            }
        }
        return FeatureSequence(chroma: c, onset: o, count: count, silent: silent, elastic: elastic)
    }

    /// The frames `range` of this sequence (its elastic flags with them when it has any).
    func frames(_ range: Range<Int>) -> FeatureSequence {
        FeatureSequence(chroma: Array(chroma[range.lowerBound * 12..<range.upperBound * 12]),
                        onset: Array(onset[range.lowerBound * 12..<range.upperBound * 12]), count: range.count,
                        silent: Array(silent[range]), elastic: elastic.isEmpty ? [] : Array(elastic[range]))
    }

    /// Every `factor` frames averaged into one (chroma renormalized, onsets kept at their maximum).
    public func downsampled(by factor: Int) -> FeatureSequence {
        let n = (count + factor - 1) / factor
        var c = [Float](repeating: 0, count: n * 12)
        var o = [Float](repeating: 0, count: n * 12)
        var quiet = [Bool](repeating: true, count: n)
        var free = [Bool](repeating: false, count: elastic.isEmpty ? 0 : n)
        for t in 0..<count {
            let d = t / factor
            if !silent[t] { quiet[d] = false }
            if !elastic.isEmpty, elastic[t] { free[d] = true }
            for k in 0..<12 {
                c[d * 12 + k] += chroma[t * 12 + k]
                o[d * 12 + k] = max(o[d * 12 + k], onset[t * 12 + k])
            }
        }
        FeatureMath.normalizeFrames(&c, count: n)
        return FeatureSequence(chroma: c, onset: o, count: n, silent: quiet, elastic: free)
    }
}

/// The arithmetic shared by the score's and the audio's features.
enum FeatureMath {
    /// Scales each 12-value frame to unit length; a silent frame becomes the flat chroma.
    static func normalizeFrames(_ values: inout [Float], count: Int) {
        let flat = Float(1 / 12.0.squareRoot())
        for t in 0..<count {
            var sum: Float = 0
            for k in 0..<12 { sum += values[t * 12 + k] * values[t * 12 + k] }
            let norm = sum.squareRoot()
            for k in 0..<12 { values[t * 12 + k] = norm > 1e-6 ? values[t * 12 + k] / norm : flat }
        }
    }

    /// Onset chroma divided by its local maximum norm (±0.5 s), then held with a decaying tail (DLNCO).
    ///
    /// `floorShare` > 0: the divisor is at least that share of the maximum within ±`floorRadius` frames, so that
    /// the small rises inside a long held chord (a fermata) are not raised to full onsets.
    static func decayingNormalizedOnsets(_ raw: [Float], count: Int, floorShare: Float = 0, floorRadius: Int = 150) -> [Float] {
        var norms = [Float](repeating: 0, count: count)
        for t in 0..<count {
            var s: Float = 0
            for k in 0..<12 { s += raw[t * 12 + k] * raw[t * 12 + k] }
            norms[t] = s.squareRoot()
        }
        let radius = 25
        var localMax = slidingMaximum(norms, radius: radius)
        if floorShare > 0 {
            let wide = slidingMaximum(norms, radius: floorRadius)
            for t in 0..<count { localMax[t] = max(localMax[t], floorShare * wide[t]) }
        }
        var normalized = [Float](repeating: 0, count: count * 12)
        for t in 0..<count {
            let scale = localMax[t] > 1e-6 ? 1 / localMax[t] : 0
            for k in 0..<12 { normalized[t * 12 + k] = raw[t * 12 + k] * scale }
        }
        let taps = 10
        let weights = (0..<taps).map { Float((1 - Double($0) / Double(taps)).squareRoot()) }
        var out = [Float](repeating: 0, count: count * 12)
        for t in 0..<count {
            for lag in 0..<min(taps, t + 1) {
                let w = weights[lag]
                for k in 0..<12 { out[t * 12 + k] = max(out[t * 12 + k], normalized[(t - lag) * 12 + k] * w) }
            }
        }
        return out
    }

    /// The maximum of `values` over [t - radius, t + radius] for each t.
    static func slidingMaximum(_ values: [Float], radius: Int) -> [Float] {
        var out = [Float](repeating: 0, count: values.count)
        var deque: [Int] = []
        var head = 0
        for i in 0..<(values.count + radius) {
            if i < values.count {
                while deque.count > head, values[deque[deque.count - 1]] <= values[i] { deque.removeLast() }
                deque.append(i)
            }
            let t = i - radius
            if t >= 0 {
                while deque[head] < t - radius { head += 1 }
                out[t] = values[deque[head]]
            }
        }
        return out
    }

    /// Harmonic partials (pitch-class offset, weight) a sounding note adds to chroma.
    static let partials: [(Int, Float)] = [(0, 1), (0, 0.5), (7, 0.33), (0, 0.25), (4, 0.2), (7, 0.16)]
}
