import Foundation

/// Estimates how far a page's staff lines are tilted, from the sharpness of the horizontal projection.
enum SkewEstimator {
    /// The tilt in radians (positive when lines go down to the right), searched within ±`maxDegrees`.
    /// Returns 0 unless a tilt sharpens the projection clearly (clean vector pages stay exactly level).
    static func estimate(_ mask: InkMask, maxDegrees: Double = 1.5) -> Double {
        // Sample ink pixels from every fifth column to keep the search cheap: only thin ink, with paper a few rows
        // above and below it (staff lines, not stems, noteheads or a dark band of background level with the image
        // rather than the music, such as the edge of the page in the scanner or the shade of an unevenly lit page).
        // Bands of rows on all cores, their samples joined in row order.
        let reach = max(2, mask.width / 800), w = mask.width
        let first = reach, last = max(reach, mask.height - reach)
        let sampled = mask.bits.withUnsafeBufferPointer { bits in
            Bands.map(rows: last - first, width: w / 5) { band -> (xs: [Int32], ys: [Int32]) in
                var xs: [Int32] = [], ys: [Int32] = []
                let base = UnsafeRawPointer(bits.baseAddress!)
                for y in (first + band.lowerBound)..<(first + band.upperBound) {
                    var x = 0
                    while x < w {
                        // Eight samples' worth of paper (40 pixels, five words) is passed over at once: most of a page.
                        if x + 40 <= w {
                            let p = base + y * w + x
                            let any = p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                                | p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                                | p.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
                            if any == 0 {
                                x += 40
                                continue
                            }
                        }
                        let i = y * w + x
                        if bits[i] != 0, bits[i - reach * w] == 0, bits[i + reach * w] == 0 { xs.append(Int32(x)); ys.append(Int32(y)) }
                        x += 5
                    }
                }
                return (xs, ys)
            }
        }
        let xs = sampled.flatMap(\.xs), ys = sampled.flatMap(\.ys)
        guard xs.count > 100 else { return 0 }
        let projection = Projection(xs: xs, ys: ys, step: 5, rows: mask.height + 2 * mask.width / 20 + 4, offset: mask.width / 20 + 2)
        let (level, highest) = projection.sharpness(0)
        // A level page (every vector PDF) has rows inked across much of the page and is sharper than a
        // slight tilt either way: no search needed.
        let columns = Double((mask.width + 4) / 5)
        if Double(highest) >= 0.25 * columns && level > projection.sharpness(0.05).score && level > projection.sharpness(-0.05).score {
            return 0
        }
        // Coarse to fine: steps of 0.2°, then 0.05° and 0.01° around the best so far. The projection of a page
        // of staves is sharp within about ±0.2° of its tilt, so the coarse step cannot miss it. The angles of a
        // step are scored on all cores, then taken in order (the first of equal scores wins).
        var best = (degrees: 0.0, score: level)
        for (step, span) in [(0.2, maxDegrees), (0.05, 0.2), (0.01, 0.05)] {
            let centre = step == 0.2 ? 0 : best.degrees
            var angles: [Double] = []
            var d = centre - span
            while d <= centre + span + 1e-9 {
                if abs(d) <= maxDegrees + 1e-9 { angles.append(d) }
                d += step
            }
            for (d, s) in zip(angles, projection.scores(angles)) where s > best.score { best = (d, s) }
        }
        guard abs(best.degrees) >= 0.04, best.score > level * 1.03 else { return 0 }
        return best.degrees * .pi / 180
    }
}

/// Sampled ink pixels projected onto rows along a slope: the sum of squared row counts is sharpest when the
/// slope follows the staff lines.
///
/// The samples are kept by column: a sample at (x, y) falls in row `round(y − x·tan)`, which is `y` plus the
/// column's own shift `round(−x·tan)` unless `x·tan` lies within a hair of a half (then rounding could go either
/// way and the column's samples are rounded one by one), so a slope costs one addition per sample.
private struct Projection {
    /// The x of each sampled column, and where its samples start in `ys` (one more entry than columns).
    let columns: [Int32], starts: [Int]
    /// The heights of the samples, column by column, top to bottom within a column.
    let ys: [Int32]
    /// Rows of the histogram, and the row a sample at height 0 with no slope falls in.
    let rows: Int, offset: Int

    /// Groups samples taken from every `step`-th column (x a multiple of `step`) by column.
    init(xs: [Int32], ys: [Int32], step: Int, rows: Int, offset: Int) {
        self.rows = rows
        self.offset = offset
        let columns = (0...Int(xs.max() ?? 0) / step).map { Int32($0 * step) }
        var counts = [Int](repeating: 0, count: columns.count + 1)
        let slots = xs.map { Int($0) / step }
        for slot in slots { counts[slot + 1] += 1 }
        for n in 0..<columns.count { counts[n + 1] += counts[n] }
        var next = counts, grouped = [Int32](repeating: 0, count: ys.count)
        for (i, slot) in slots.enumerated() {
            grouped[next[slot]] = ys[i]
            next[slot] += 1
        }
        self.columns = columns
        self.starts = counts
        self.ys = grouped
    }

    /// The sum of squared row counts at `degrees`, and the largest count.
    func sharpness(_ degrees: Double) -> (score: Double, highest: Int32) {
        var histogram = [Int32](repeating: 0, count: rows)
        let t = tan(degrees * .pi / 180)
        var total = 0.0, highest: Int32 = 0
        histogram.withUnsafeMutableBufferPointer { h in
            ys.withUnsafeBufferPointer { ys in
                for (n, x) in columns.enumerated() {
                    let product = Double(x) * t
                    let fraction = abs(product - Double(Int(product)))
                    if abs(fraction - 0.5) < 1e-6 {
                        for i in starts[n]..<starts[n + 1] {
                            let y = Self.rounded(Double(ys[i]) - product) + offset
                            if y >= 0 && y < h.count { h[y] += 1 }
                        }
                    } else {
                        let shift = Self.rounded(-product) + offset
                        for i in starts[n]..<starts[n + 1] {
                            let y = Int(ys[i]) &+ shift
                            if y >= 0 && y < h.count { h[y] &+= 1 }
                        }
                    }
                }
            }
            for v in h {
                total += Double(v) * Double(v)
                highest = max(highest, v)
            }
        }
        return (total, highest)
    }

    /// The scores of several angles, computed on all cores, in the order given.
    func scores(_ angles: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: angles.count)
        result.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            Bands.forEach(rows: angles.count, width: ys.count / 4) { band in
                for n in band { out.value[n] = sharpness(angles[n]).score }
            }
        }
        return result
    }

    /// `value` rounded half away from zero, as `Double.rounded()` does, without a call into the C library.
    @inline(__always) static func rounded(_ value: Double) -> Int {
        let whole = Int(value), fraction = value - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }
}
