/// The template match with the take's own partial weights.
///
/// The fixed template (partials 1, ½, ⅓, ¼) suits a piano; a flute or a 4' organ stop sounds other weights, so a
/// right take in a dull or bright sound matches its own score's notes less. The weights of the first six partials
/// are fitted along the path (non-negative least squares of the take's pitch levels on the score's sounding notes
/// shifted by each partial), then the template match is measured again with them.
extension PitchEvidenceMeter {
    /// Semitones above the note of the partials whose weights are fitted.
    static let fittedOffsets = [0, 12, 19, 24, 28, 31]

    /// The template match over the path's sounding `frames` (``soundingFrames()``) with partial weights fitted to
    /// them, and those weights (the fixed ``partials`` when no fit is found).
    func fittedTemplateMatch(_ frames: [SoundingFrame]) -> (Double, [(Int, Float)]) {
        guard !frames.isEmpty else { return (0, PitchEvidenceMeter.partials) }
        let weights = PitchEvidenceMeter.fittedWeights(frames)
        let partials = weights.map { zip(PitchEvidenceMeter.fittedOffsets, $0).map { ($0, $1) } } ?? PitchEvidenceMeter.partials
        return (templateMatch(frames, partials: partials), partials)
    }

    /// Non-negative least-squares weights of the partials (``fittedOffsets``) explaining the frames' unit-length levels:
    /// the least-squares solution, the most negative weight dropped and the rest solved again until none is negative.
    /// Partials that fall outside the pitch range in every frame get weight 0; nil when no weight is positive.
    static func fittedWeights(_ frames: [SoundingFrame]) -> [Float]? {
        let offsets = PitchEvidenceMeter.fittedOffsets, n = offsets.count
        var gram = [Double](repeating: 0, count: n * n), right = [Double](repeating: 0, count: n)
        for frame in frames {
            let norm = frame.vector.reduce(0) { $0 + Double($1 * $1) }.squareRoot()
            guard norm > 0 else { continue }
            let columns: [Set<Int>] = offsets.map { h in
                Set(frame.pitches.map { $0 + h - PitchEvidenceMeter.lowest }.filter { $0 >= 0 && $0 < frame.vector.count })
            }
            for a in 0..<n {
                for k in columns[a] { right[a] += Double(frame.vector[k]) / norm }
                for b in 0..<n { gram[a * n + b] += Double(columns[a].intersection(columns[b]).count) }
            }
        }
        var active = (0..<n).filter { gram[$0 * n + $0] > 0 }
        var weights = [Double](repeating: 0, count: n)
        while !active.isEmpty {
            let matrix = active.map { a in active.map { gram[a * n + $0] } }
            guard let solved = PitchEvidenceMeter.solve(matrix, active.map { right[$0] }) else { return nil }
            if let worst = solved.indices.min(by: { solved[$0] < solved[$1] }), solved[worst] < 0 {
                active.remove(at: worst)
                continue
            }
            for (k, a) in active.enumerated() { weights[a] = solved[k] }
            break
        }
        return weights.contains { $0 > 0 } ? weights.map { Float($0) } : nil
    }

    /// The solution of the small linear system `matrix · x = vector` (Gaussian elimination with pivoting; nil when
    /// singular).
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix, b = vector
        let n = b.count
        for c in 0..<n {
            guard let pivot = (c..<n).max(by: { abs(a[$0][c]) < abs(a[$1][c]) }), abs(a[pivot][c]) > 1e-9 else { return nil }
            a.swapAt(c, pivot); b.swapAt(c, pivot)
            for r in (c + 1)..<n {
                let f = a[r][c] / a[c][c]
                for k in c..<n { a[r][k] -= f * a[c][k] }
                b[r] -= f * b[c]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            x[r] = (b[r] - ((r + 1)..<n).reduce(0) { $0 + a[r][$1] * x[$1] }) / a[r][r]
        }
        return x
    }
}
