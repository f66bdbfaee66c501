import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// Detection on pages tilted by ±1° with scanner-like noise, made in memory from a bundled score.
@Suite("Detection on tilted, noisy pages")
struct DetectionRobustnessTests {
    /// Rotates a grayscale image by `degrees` (counter-clockwise, about its centre, bilinear) and adds seeded
    /// speckle noise and a light paper tone.
    static func scanned(_ image: GrayImage, degrees: Double, seed: UInt64) -> GrayImage {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let cx = Double(image.width) / 2, cy = Double(image.height) / 2
        var generator = SplitMix64(seed: seed)
        var out = [UInt8](repeating: 255, count: image.pixels.count)
        for v in 0..<image.height {
            for u in 0..<image.width {
                // Counter-clockwise on the page (y down): the source of (u, v) is rotated back clockwise.
                let du = Double(u) - cx, dv = Double(v) - cy
                let x = cx + du * c - dv * s, y = cy + du * s + dv * c
                let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
                var value = 255.0
                if x0 >= 0, y0 >= 0, x0 + 1 < image.width, y0 + 1 < image.height {
                    let fx = x - Double(x0), fy = y - Double(y0)
                    let p00 = Double(image[x0, y0]), p10 = Double(image[x0 + 1, y0])
                    let p01 = Double(image[x0, y0 + 1]), p11 = Double(image[x0 + 1, y0 + 1])
                    value = (p00 * (1 - fx) + p10 * fx) * (1 - fy) + (p01 * (1 - fx) + p11 * fx) * fy
                }
                value = value * 0.94 + generator.uniform() * 14 - 7      // paper tone and grain
                if generator.uniform() < 0.002 { value = 40 }            // dark specks
                out[v * image.width + u] = UInt8(max(0, min(255, value)))
            }
        }
        return GrayImage(width: image.width, height: image.height, scale: image.scale, pixels: out)
    }

    /// Where a page point lands after the page image is rotated by `degrees` counter-clockwise about its centre.
    static func rotated(_ x: Double, _ y: Double, degrees: Double, size: PageSize) -> (x: Double, y: Double) {
        let a = degrees * .pi / 180, cx = size.width / 2, cy = size.height / 2
        let dx = x - cx, dy = y - cy
        return (cx + dx * cos(a) + dy * sin(a), cy - dx * sin(a) + dy * cos(a))
    }

    @Test("a tilted, noisy page keeps its systems and barlines", arguments: [-1.0, 1.0])
    func tilted(_ degrees: Double) throws {
        let document = try ScoreDocument(path: DetectionTruthTests.scores.appendingPathComponent("minuet.pdf").path)
        let truth = try DetectionTruthTests.truth("minuet")[1] ?? []
        let image = Self.scanned(try document.grayImage(page: 1, dpi: 150), degrees: degrees, seed: 7)
        let page = LayoutDetector.detect(image, page: 1)
        #expect(abs(abs(page.skewDegrees) - 1) < 0.1, "skew \(page.skewDegrees)")
        #expect(page.systems.count == truth.count)
        for (system, t) in zip(page.systems, truth) {
            let middleX = (system.left + system.right) / 2, middleY = (t.top + t.bottom) / 2
            let top = Self.rotated(middleX, t.top, degrees: degrees, size: document.pageSizes[0]).y
            let bottom = Self.rotated(middleX, t.bottom, degrees: degrees, size: document.pageSizes[0]).y
            #expect(abs(system.top - top) <= 5 && abs(system.bottom - bottom) <= 5)
            #expect(system.barlines.count == t.barlines.count, "\(system.barlines.map { Int($0) }) vs \(t.barlines.map { Int($0) })")
            for (x, tx) in zip(system.barlines, t.barlines) {
                #expect(abs(x - Self.rotated(tx, middleY, degrees: degrees, size: document.pageSizes[0]).x) <= 5)
            }
        }
    }

    @Test func blankAndTextPagesHaveNoSystems() throws {
        let blank = GrayImage(width: 400, height: 560, scale: 400 / 595.28, pixels: [UInt8](repeating: 255, count: 400 * 560))
        let page = LayoutDetector.detect(blank, page: 1)
        #expect(page.systems.isEmpty)
        #expect(page.status == .empty)
        var noisy = Self.scanned(blank, degrees: 0.7, seed: 3)
        for i in stride(from: 0, to: noisy.pixels.count, by: 97) { noisy.pixels[i] = 30 }
        #expect(LayoutDetector.detect(noisy, page: 2).systems.isEmpty, "noise never becomes a staff")
    }
}

extension SplitMix64 {
    /// A uniform number in 0..<1.
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Detection on other kinds of scores, checked by eye: a vocal score and orchestral pages.
@Suite("Detection on vocal and orchestral scores")
struct DetectionLayoutKindsTests {
    @Test func vocalScoreJoinsVoiceAndPiano() throws {
        let pages = try ScoreDocument(path: Fixture.path("vocal.pdf")).detectLayout()
        #expect(pages.count == 1)
        let systems = pages[0].systems
        #expect(systems.count == 3)
        #expect(systems.allSatisfy { $0.staves.count == 3 }, "voice + piano grand staff in one system")
        #expect(systems.map(\.barlines.count) == [7, 8, 9])
    }

    @Test func orchestralPagesAreOneSystemOfTwelveStaves() throws {
        let pages = try ScoreDocument(path: Fixture.path("orchestra.pdf")).detectLayout()
        #expect(pages.count == 2)
        for page in pages {
            #expect(page.systems.count == 1)
            #expect(page.systems.first?.staves.count == 12)
            #expect(page.systems.first?.barlines.count == 8)
            #expect(page.confidence >= 0.8)
        }
    }
}
