import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// The pixel passes written for speed (words of eight pixels, multiplication for division, thresholds kept per
/// block row) against plain reference versions of the same rules, on seeded random inputs of awkward sizes.
@Suite("Detection passes against their plain definitions")
struct DetectionPassesTests {
    /// Widths around the word size and the clamped ends, and one image large enough to run in bands on all cores.
    static let sizes: [(width: Int, height: Int)] = [(1, 3), (2, 2), (7, 3), (8, 2), (9, 4), (17, 5), (63, 6), (700, 400)]

    static func randomBytes(_ count: Int, seed: UInt64, values: ClosedRange<UInt8> = 0...255) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: values, using: &generator) }
    }

    @Test("rowAveraged is the clamped mean of each row window", arguments: [1, 2, 4, 9, 40])
    func rowAverage(radius: Int) {
        for (n, size) in Self.sizes.enumerated() {
            let pixels = Self.randomBytes(size.width * size.height, seed: UInt64(100 * radius + n))
            let averaged = GrayImage(width: size.width, height: size.height, scale: 1, pixels: pixels).rowAveraged(radius: radius)
            guard size.width > 1 else { #expect(averaged.pixels == pixels); continue }
            var expected: [UInt8] = []
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let sum = (-radius...radius).reduce(0) { $0 + Int(pixels[y * size.width + max(0, min(size.width - 1, x + $1))]) }
                    expected.append(UInt8(sum / (2 * radius + 1)))
                }
            }
            #expect(averaged.pixels == expected, "\(size.width)×\(size.height), radius \(radius)")
            // Averaged in the image's own buffer: the same pixels.
            var inPlace = GrayImage(width: size.width, height: size.height, scale: 1, pixels: pixels)
            inPlace.averageRows(radius: radius)
            #expect(inPlace.pixels == expected, "in place, \(size.width)×\(size.height), radius \(radius)")
        }
    }

    @Test("deskewed takes the darkest of the 2×2 source pixels at each preimage, paper outside",
          arguments: [-0.021, -0.004, 0.0007, 0.013, 0.04])
    func deskew(angle: Double) {
        for (n, size) in Self.sizes.enumerated() where size.width > 1 && size.height > 1 {
            let bits = Self.randomBytes(size.width * size.height, seed: UInt64(7_000 + n), values: 0...2)
            let mask = InkMask(width: size.width, height: size.height, bits: bits)
            let c = cos(angle), s = sin(angle), cx = Double(size.width) / 2, cy = Double(size.height) / 2
            var expected: [UInt8] = []
            for v in 0..<size.height {
                // The preimage of (u, v), rotating about the centre (as `deskewed` computes it).
                let dv = Double(v) - cy, ax = cx - cx * c - dv * s, ay = cy - cx * s + dv * c
                for u in 0..<size.width {
                    let fx = ax + Double(u) * c, fy = ay + Double(u) * s
                    guard fx >= 0, fy >= 0, fx < Double(size.width - 1), fy < Double(size.height - 1) else { expected.append(0); continue }
                    let x = Int(fx), y = Int(fy), w = size.width
                    expected.append(max(bits[y * w + x], bits[y * w + x + 1], bits[(y + 1) * w + x], bits[(y + 1) * w + x + 1]))
                }
            }
            let kept = mask
            let straightened = mask.deskewed(by: angle)
            let differing = zip(straightened.bits, expected).count { $0 != $1 }
            #expect(differing == 0, "\(size.width)×\(size.height) at \(angle): \(differing) pixels differ")
            // A mask still held elsewhere is left as it was.
            #expect(kept.bits == bits)
        }
    }

    /// The longest run by the definition: pixel by pixel, a gap longer than `gap` starts a new run.
    static func plainLongestRun(_ inked: [Bool], gap: Int) -> (start: Int, end: Int) {
        var best = (start: 0, end: -1), start = -1, last = -gap - 2
        for x in inked.indices where inked[x] {
            if start < 0 || x - last - 1 > gap { start = x }
            last = x
            if x - start + 1 > best.end - best.start + 1 { best = (start, x) }
        }
        return best
    }

    @Test("longestRun finds the run pixel-by-pixel scanning finds", arguments: [0, 1, 3, 6])
    func longestRun(gap: Int) {
        var generator = SplitMix64(seed: UInt64(gap))
        for trial in 0..<300 {
            // Several 64-pixel words and a part word (`tm_longest_run` reads 64 at a time).
            let width = Int.random(in: 1...300, using: &generator)
            // Rows of long ink stretches (some longer than a word) and paper with sparse specks, mask values 0, 1 and 2.
            var rows = [[UInt8]](repeating: [], count: 3)
            for r in 0..<3 {
                var row: [UInt8] = []
                while row.count < width {
                    let length = Int.random(in: 1...(trial % 3 == 0 ? 150 : 24), using: &generator)
                    let ink = Bool.random(using: &generator) && trial % 5 != 0
                    for _ in 0..<length {
                        let speck = UInt8.random(in: 0...40, using: &generator) == 0
                        row.append(ink ? UInt8.random(in: 1...2, using: &generator) : (speck ? 1 : 0))
                    }
                }
                rows[r] = Array(row.prefix(width))
            }
            let inked = (0..<width).map { rows[0][$0] | rows[1][$0] | rows[2][$0] != 0 }
            let found = rows[0].withUnsafeBufferPointer { a in rows[1].withUnsafeBufferPointer { b in rows[2].withUnsafeBufferPointer { c in
                StaffLineFinder.longestRun(a.baseAddress!, b.baseAddress!, c.baseAddress!, width: width, gap: gap)
            } } }
            let expected = Self.plainLongestRun(inked, gap: gap)
            #expect(found == expected, "trial \(trial), width \(width)")
        }
    }

    @Test("The adaptive threshold gives every pixel the limits of its own interpolated paper and grain")
    func thresholds() {
        for (n, size) in Self.sizes.enumerated() where size.width >= 8 {
            let block = max(2, min(size.width, size.height) / 3)
            let columns = max(1, size.width / block), rows = max(1, size.height / block)
            var generator = SplitMix64(seed: UInt64(n))
            let paper = (0..<(columns * rows)).map { _ in Double.random(in: 120...255, using: &generator).rounded() }
            let grain = (0..<(columns * rows)).map { _ in Double.random(in: 0...30, using: &generator).rounded() }
            let pixels = Self.randomBytes(size.width * size.height, seed: UInt64(n))
            let image = GrayImage(width: size.width, height: size.height, scale: 1, pixels: pixels)
            let ink = 30.0
            let mask = InkMask.thresholded(image, paper: paper, grain: grain, inkLevel: ink, block: block, columns: columns, rows: rows)
            var expected: [UInt8] = []
            for y in 0..<size.height {
                let (r0, r1, ty) = InkMask.between(Double(y / 4 * 4) + 2, block: block, count: rows, extent: size.height)
                for x in 0..<size.width {
                    let (c0, c1, tx) = InkMask.between(Double(x) + 0.5, block: block, count: columns, extent: size.width)
                    func level(_ v: [Double]) -> Double {
                        InkMask.blend(InkMask.blend(v[r0 * columns + c0], v[r0 * columns + c1], tx),
                                      InkMask.blend(v[r1 * columns + c0], v[r1 * columns + c1], tx), ty)
                    }
                    let local = level(paper), contrast = max(60, local - ink)
                    let drop = max(0.2 * contrast, 4 * level(grain))
                    let inkBelow = UInt8(max(0, min(255, local - drop))), solidBelow = UInt8(max(0, min(255, local - max(0.6 * contrast, drop))))
                    let value = pixels[y * size.width + x]
                    expected.append((value < inkBelow ? 1 : 0) + (value < solidBelow ? 1 : 0))
                }
            }
            #expect(mask == expected, "\(size.width)×\(size.height)")
        }
    }

    @Test("The adaptive mask written over its image is the mask written beside it", arguments: [0, 1, 2])
    func adaptiveInPlace(seed: UInt64) {
        for (n, size) in Self.sizes.enumerated() where size.width >= 8 {
            // Dark strokes on uneven paper, so the adaptive levels (not the fixed fallback) are used.
            var generator = SplitMix64(seed: 31 * seed + UInt64(n))
            let pixels = (0..<(size.width * size.height)).map { i -> UInt8 in
                let paper = 150 + (i % size.width) * 100 / size.width
                return UInt8.random(in: 0...9, using: &generator) == 0 ? UInt8.random(in: 0...60, using: &generator)
                    : UInt8(paper - Int.random(in: 0...20, using: &generator))
            }
            let image = GrayImage(width: size.width, height: size.height, scale: 1, pixels: pixels)
            let beside = InkMask(adaptive: image)
            let over = InkMask(adaptiveReplacing: GrayImage(width: size.width, height: size.height, scale: 1, pixels: pixels))
            #expect(over.bits == beside.bits, "\(size.width)×\(size.height)")
            #expect(image.pixels == pixels)
        }
    }

    @Test("level clamps and truncates a grey level as the checked conversion does")
    func levels() {
        var generator = SplitMix64(seed: 11)
        var values: [Double] = [-1e9, -300, -1, -0.5, -1e-12, 0, 1e-12, 0.5, 0.999_999_999, 1, 1.5, 2.5, 127.5, 128,
                                254.5, 254.999_999, 255, 255.000_001, 256, 300, 1e9, .ulpOfOne, 1 - .ulpOfOne, 3 - .ulpOfOne]
        values += (0..<20_000).map { _ in Double.random(in: -20...275, using: &generator) }
        values += (0...255).flatMap { [Double($0), Double($0).nextUp, Double($0).nextDown, Double($0) + 0.5] }
        for value in values {
            #expect(InkMask.level(value) == UInt8(max(0, min(255, value))), "\(value)")
        }
    }

    @Test("Bands.map gives each band's result in row order, covering every row once", arguments: [0, 1, 999, 100_000])
    func bandsInOrder(rows: Int) {
        let results = Bands.map(rows: rows, width: 1_000) { Array($0) }
        #expect(results.flatMap { $0 } == Array(0..<rows))
    }
}
