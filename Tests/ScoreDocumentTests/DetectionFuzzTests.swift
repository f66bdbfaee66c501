import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// Degenerate and random pages never crash or hang the detector: each gives a result (issue 14: a scanned score
/// killed the process with "Range requires lowerBound <= upperBound").
@Suite("Detection never crashes")
struct DetectionFuzzTests {
    static func image(_ width: Int, _ height: Int, scale: Double = 150.0 / 72, _ pixel: (Int, Int) -> UInt8) -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = pixel(x, y) } }
        return GrayImage(width: width, height: height, scale: scale, pixels: pixels)
    }

    @Test("blank, black, one pixel, a single row or column, stripes, a grid, text-like noise")
    func degenerate() {
        let cases: [GrayImage] = [
            Self.image(1, 1) { _, _ in 0 }, Self.image(1, 1) { _, _ in 255 },
            Self.image(600, 1) { _, _ in 0 }, Self.image(1, 800) { _, _ in 0 },
            Self.image(300, 400) { _, _ in 255 }, Self.image(300, 400) { _, _ in 0 },
            Self.image(300, 400) { _, y in y % 2 == 0 ? 0 : 255 }, Self.image(300, 400) { x, _ in x % 2 == 0 ? 0 : 255 },
            Self.image(300, 400) { x, y in (x % 7 == 0 || y % 9 == 0) ? 0 : 255 },
            Self.image(300, 400) { x, y in (x * 31 + y * 17) % 5 == 0 ? 0 : 255 },
            Self.image(4, 4, scale: 0.01) { _, _ in 0 }, Self.image(50, 50, scale: 100) { x, y in (x + y) % 3 == 0 ? 0 : 255 },
        ]
        for (i, image) in cases.enumerated() {
            let page = LayoutDetector.detect(image, page: i + 1)
            #expect(page.systems.allSatisfy { $0.top <= $0.bottom && $0.left <= $0.right }, "case \(i)")
        }
    }

    @Test("random staff-like pages: lines of random length, thickness, gaps, tilt and noise", arguments: 0..<60)
    func randomStaves(seed: Int) {
        var g = SplitMix64(seed: UInt64(seed) &* 2_654_435_761 &+ 17)
        let width = 20 + Int(g.next() % 500), height = 20 + Int(g.next() % 700)
        var pixels = [UInt8](repeating: UInt8(200 + g.next() % 56), count: width * height)
        let lines = Int(g.next() % 40)
        for _ in 0..<lines {
            let y0 = Int(g.next() % UInt64(height)), thick = 1 + Int(g.next() % 3)
            let x0 = Int(g.next() % UInt64(width)), length = Int(g.next() % UInt64(width + 1))
            let tilt = (Double(g.next() % 100) - 50) / 1500
            for x in x0..<min(width, x0 + length) {
                let y = y0 + Int(Double(x - x0) * tilt)
                for t in 0..<thick where y + t >= 0 && y + t < height { pixels[(y + t) * width + x] = UInt8(g.next() % 90) }
            }
        }
        let bars = Int(g.next() % 30)
        for _ in 0..<bars {
            let x = Int(g.next() % UInt64(width)), y0 = Int(g.next() % UInt64(height)), length = Int(g.next() % UInt64(height + 1))
            for y in y0..<min(height, y0 + length) { pixels[y * width + x] = 0 }
        }
        for i in pixels.indices where g.next() % 50 == 0 { pixels[i] = UInt8(g.next() % 256) }
        let scale = [0.5, 1, 150.0 / 72, 300.0 / 72, 600.0 / 72][Int(g.next() % 5)]
        let page = LayoutDetector.detect(GrayImage(width: width, height: height, scale: scale, pixels: pixels), page: 1)
        #expect(page.systems.allSatisfy { $0.top <= $0.bottom })
    }
}

/// Real pages degraded as scanners degrade them: skew up to 2°, dark scanner borders, grey paper, blotches.
@Suite("Detection on badly scanned pages never crashes")
struct DetectionScanFuzzTests {
    static let pages: [GrayImage] = {
        ["minuet", "chorale", "prelude"].compactMap { name in
            let document = try? ScoreDocument(path: DetectionTruthTests.scores.appendingPathComponent("\(name).pdf").path)
            return try? document?.grayImage(page: document!.pageSizes.count, dpi: 100)
        }
    }()

    @Test("skew, borders, grey paper and blotches", arguments: 0..<12)
    func degraded(seed: Int) throws {
        let base = try #require(Self.pages.isEmpty ? nil : Self.pages[seed % Self.pages.count])
        var g = SplitMix64(seed: UInt64(seed) &+ 99)
        let degrees = (Double(g.next() % 401) - 200) / 100
        var image = DetectionRobustnessTests.scanned(base, degrees: degrees, seed: UInt64(seed))
        let border = Int(g.next() % 40)
        let grey = UInt8(g.next() % 120)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.width + x
                if x < border || y < border / 2 || x >= image.width - border / 3 { image.pixels[i] = grey / 2 }
                else if seed % 3 == 0 { image.pixels[i] = UInt8(max(0, Int(image.pixels[i]) - Int(grey))) }
            }
        }
        for _ in 0..<Int(g.next() % 6) {
            let cx = Int(g.next() % UInt64(image.width)), cy = Int(g.next() % UInt64(image.height)), r = 5 + Int(g.next() % 40)
            for y in max(0, cy - r)..<min(image.height, cy + r) {
                for x in max(0, cx - r)..<min(image.width, cx + r) { image.pixels[y * image.width + x] = 20 }
            }
        }
        let page = LayoutDetector.detect(image, page: 1)
        #expect(page.systems.allSatisfy { $0.top <= $0.bottom })
    }
}

/// The crash reported in issue 14 ("Range requires lowerBound <= upperBound", signal 4): two staves one above the
/// other that barely overlap across the page (a cut-off staff on a scan, an ossia) made the search for barlines
/// crossing the gap between them build an inverted range.
@Suite("Detection: staves that barely overlap")
struct DetectionOverlapCrashTests {
    static func staff(_ pixels: inout [UInt8], width: Int, top: Int, from: Int, to: Int, space: Int = 10) {
        for line in 0..<5 { for x in from..<to { pixels[(top + line * space) * width + x] = 0 } }
    }

    @Test("a staff that overlaps the one above it by less than a staff space", arguments: [0, 2, 5, 9, 30])
    func barelyOverlapping(overlap: Int) {
        let width = 600, height = 300
        var pixels = [UInt8](repeating: 255, count: width * height)
        Self.staff(&pixels, width: width, top: 40, from: 10, to: 300)
        Self.staff(&pixels, width: width, top: 140, from: 300 - overlap, to: 590)
        let page = LayoutDetector.detect(GrayImage(width: width, height: height, scale: 1, pixels: pixels), page: 1)
        #expect(page.systems.allSatisfy { $0.top <= $0.bottom })
    }
}
