import Foundation

/// Estimates how far a page's staff lines are tilted, from the sharpness of the horizontal projection.
enum SkewEstimator {
    /// The tilt in radians (positive when lines go down to the right), searched within ±`maxDegrees`.
    /// Returns 0 unless a tilt sharpens the projection clearly (clean vector pages stay exactly level).
    static func estimate(_ mask: InkMask, maxDegrees: Double = 1.5) -> Double {
        // Sample ink pixels from every fifth column to keep the search cheap.
        var xs: [Int32] = [], ys: [Int32] = []
        mask.bits.withUnsafeBufferPointer { bits in
            for y in 0..<mask.height {
                var x = 0
                while x < mask.width {
                    if bits[y * mask.width + x] != 0 { xs.append(Int32(x)); ys.append(Int32(y)) }
                    x += 5
                }
            }
        }
        guard xs.count > 100 else { return 0 }
        var histogram = [Int32](repeating: 0, count: mask.height + 2 * mask.width / 20 + 4)
        let offset = mask.width / 20 + 2
        @discardableResult
        func sharpness(_ degrees: Double) -> Double {
            let t = tan(degrees * .pi / 180)
            for i in histogram.indices { histogram[i] = 0 }
            var total = 0.0
            histogram.withUnsafeMutableBufferPointer { h in
                for i in xs.indices {
                    let y = Int((Double(ys[i]) - Double(xs[i]) * t).rounded()) + offset
                    if y >= 0 && y < h.count { h[y] += 1 }
                }
                for v in h { total += Double(v) * Double(v) }
            }
            return total
        }
        let level = sharpness(0)
        // A level page (every vector PDF) has rows inked across much of the page and is sharper than a
        // slight tilt either way: no search needed.
        let columns = Double((mask.width + 4) / 5)
        if Double(histogram.max() ?? 0) >= 0.25 * columns && level > sharpness(0.05) && level > sharpness(-0.05) {
            return 0
        }
        // Coarse to fine: steps of 0.2°, then 0.05° and 0.01° around the best so far. The projection of a page
        // of staves is sharp within about ±0.2° of its tilt, so the coarse step cannot miss it.
        var best = (degrees: 0.0, score: level)
        for (step, span) in [(0.2, maxDegrees), (0.05, 0.2), (0.01, 0.05)] {
            let centre = step == 0.2 ? 0 : best.degrees
            var d = centre - span
            while d <= centre + span + 1e-9 {
                if abs(d) <= maxDegrees + 1e-9 {
                    let s = sharpness(d)
                    if s > best.score { best = (d, s) }
                }
                d += step
            }
        }
        guard abs(best.degrees) >= 0.04, best.score > level * 1.03 else { return 0 }
        return best.degrees * .pi / 180
    }
}
