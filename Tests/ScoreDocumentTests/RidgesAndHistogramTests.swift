import CKernels
import Testing
import TheoryCore
@testable import ScoreDocument

/// Shortcuts of the scan passes (issue 30) against the work they replace, on seeded random inputs: the ridges
/// straightened on their own and joined to the straightened mask, the dither test's row counts and the block
/// histogram's row counts.
@Suite("Ridges joined and histogram rows against their plain definitions")
struct RidgesAndHistogramTests {
    /// A grey page of uneven paper with dark strokes and faint horizontal lines (ridges), its rows of paper in runs.
    static func page(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let faint = y % 9 == 4
            for x in 0..<width {
                let paper = 180 + (x * 60) / max(1, width)
                let roll = Int.random(in: 0..<12, using: &generator)
                pixels[y * width + x] = roll == 0 ? UInt8.random(in: 0...70, using: &generator)
                    : faint ? UInt8(paper - 30) : roll < 6 ? UInt8(paper) : UInt8(paper - Int.random(in: 0...12, using: &generator))
            }
        }
        return pixels
    }

    @Test("ridges straightened alone and joined to the straightened mask are the ridged mask straightened",
          arguments: [-0.021, -0.004, 0.0, 0.0007, 0.013, 0.04])
    func ridgesJoined(angle: Double) {
        for (n, size) in [(3, 2), (9, 7), (64, 5), (130, 90), (700, 400), (300, 2_000)].enumerated() {
            let pixels = Self.page(width: size.0, height: size.1, seed: UInt64(40 + n))
            let image = GrayImage(width: size.0, height: size.1, scale: 1, pixels: pixels)
            let mask = InkMask(adaptive: image)
            for (reach, radius) in [(1, 1), (2, 1), (3, 4), (2, 0)] {
                var averaged = image
                averaged.averageRows(radius: radius)
                var ridged = mask
                ridged.addRidges(of: averaged, reach: reach, depth: LayoutDetector.ridgeDepth)
                let expected = ridged.deskewed(by: angle)
                let ridges = InkMask.ridges(averaging: image, radius: radius, reach: reach, depth: LayoutDetector.ridgeDepth)
                // The ridges alone are the ridged mask of paper.
                var alone = InkMask(width: size.0, height: size.1, bits: [UInt8](repeating: 0, count: size.0 * size.1))
                alone.addRidges(of: averaged, reach: reach, depth: LayoutDetector.ridgeDepth)
                #expect(ridges.bits == alone.bits, "\(size.0)×\(size.1), reach \(reach), radius \(radius)")
                let joined = ridges.deskewed(by: angle).joined(with: mask.deskewed(by: angle))
                #expect(joined.bits == expected.bits, "\(size.0)×\(size.1), reach \(reach), angle \(angle)")
            }
        }
    }

    @Test("isolated dark pixels counted sixteen at a time are those counted one by one", arguments: [0, 1, 2])
    func isolatedDark(seed: UInt64) {
        var generator = SplitMix64(seed: 90 + seed)
        for width in [3, 4, 17, 18, 19, 33, 64, 250] {
            // Three rows of paper, dark dots and grey: every combination of neighbours turns up.
            let rows = (0..<(3 * width)).map { _ in [UInt8(255), 200, 191, 192, 0, 63, 64, 120][Int.random(in: 0..<8, using: &generator)] }
            var expected = 0
            for x in 1..<(width - 1) where rows[width + x] < 64 {
                if rows[width + x - 1] >= 192, rows[width + x + 1] >= 192, rows[x] >= 192, rows[2 * width + x] >= 192 { expected += 1 }
            }
            let counted = rows.withUnsafeBufferPointer { tm_isolated_dark($0.baseAddress! + width, width, width) }
            #expect(counted == expected, "width \(width), seed \(seed)")
        }
    }

    @Test("a row's four interleaved tables add up to the plain counts", arguments: [0, 1, 2, 3])
    func histogramRow(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for count in [0, 1, 3, 4, 15, 16, 17, 31, 33, 64, 200, 1_001] {
            // Runs of one level (paper, ink) long and short, and noise between them.
            var row: [UInt8] = []
            while row.count < count {
                let level = [UInt8(255), 0, UInt8.random(in: 0...255, using: &generator)][Int.random(in: 0..<3, using: &generator)]
                row += [UInt8](repeating: level, count: Int.random(in: 1...40, using: &generator))
                row += (0..<Int.random(in: 0...5, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }
            row = Array(row.prefix(count))
            var tables = [Int32](repeating: 0, count: 1024)
            tables[7] = 3  // counts already there are added to
            tm_histogram_row(row, count, &tables)
            var expected = [Int32](repeating: 0, count: 256)
            expected[7] = 3
            for value in row { expected[Int(value)] += 1 }
            var sums = [Int32](repeating: 0, count: 256)
            for table in 0..<4 {
                for level in 0..<256 { sums[level] += tables[256 * table + level] }
            }
            #expect(sums == expected, "\(count) pixels, seed \(seed)")
        }
    }
}
