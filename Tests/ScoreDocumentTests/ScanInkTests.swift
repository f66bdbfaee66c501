import Foundation
import ScoreLayout
import Testing
import TheoryCore
@testable import ScoreDocument

/// A scan is decoded once: detection keeps the groups of ink the bar-number OCR reads (`ScanInk`,
/// `ScanCutOutCache`), which must be exactly those cut from the page decoded again.
@Suite("Scans decoded once")
struct ScanInkTests {
    /// A page of paper with strokes of ink of random greys and sizes, and grain.
    static func page(width: Int, height: Int, stride: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 200...255, using: &random) }
        for _ in 0..<max(2, width * height / 2000) {
            let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
            let w = Int.random(in: 1...40, using: &random), h = Int.random(in: 1...12, using: &random)
            let level = UInt8.random(in: 0...120, using: &random)
            for row in y..<min(height, y + h) { for column in x..<min(width, x + w) { pixels[row * stride + column] = level } }
        }
        return pixels
    }

    @Test("The ink kept has the finder's threshold, and the page rebuilt from it the same pixels below it",
          arguments: [(0, 640, 480, 640), (1, 1001, 777, 1003), (2, 130, 40, 136), (3, 200, 300, 257)])
    func rebuilt(seed: UInt64, width: Int, height: Int, stride: Int) throws {
        let raw = Self.page(width: width, height: height, stride: stride, seed: seed)
        let plain = (0..<height).flatMap { raw[($0 * stride)..<($0 * stride + width)] }
        let image = GrayImage(width: width, height: height, scale: 300.0 / 72, pixels: plain)
        let finder = try #require(NumberInkFinder(image: image))
        let ink = try #require(raw.withUnsafeBufferPointer {
            ScanInk(pixels: $0.baseAddress!, width: width, height: height, stride: stride, scale: image.scale)
        })
        #expect(ink.threshold == finder.threshold)
        let rebuilt = ink.image()
        #expect(rebuilt.width == width && rebuilt.height == height && rebuilt.scale == image.scale)
        let expected = plain.map { $0 < finder.threshold ? $0 : 255 }
        #expect(rebuilt.pixels == expected)
    }

    @Test("The finder reading the kept ink finds the groups, lines and cut-outs the rebuilt page gives",
          arguments: [(4, 640, 480, 640), (5, 1001, 777, 1003), (6, 130, 40, 136), (7, 333, 250, 400)])
    func inkFinder(seed: UInt64, width: Int, height: Int, stride: Int) throws {
        let raw = Self.page(width: width, height: height, stride: stride, seed: seed)
        let ink = try #require(raw.withUnsafeBufferPointer {
            ScanInk(pixels: $0.baseAddress!, width: width, height: height, stride: stride, scale: 300.0 / 72)
        })
        let fromImage = try #require(ink.threshold.map { NumberInkFinder(image: ink.image(), threshold: $0) })
        let fromInk = try #require(ink.finder())
        guard case .ink = fromInk.pixels else { Issue.record("the kept ink's finder reads a page image"); return }
        #expect(fromInk.width == width && fromInk.height == height && fromInk.scale == fromImage.scale)
        var random = SplitMix64(seed: seed + 100)
        var groups = 0
        for _ in 0..<40 {
            let x0 = Int.random(in: 0..<(width - 1), using: &random), y0 = Int.random(in: 0..<(height - 1), using: &random)
            let x1 = Int.random(in: (x0 + 1)...width, using: &random), y1 = Int.random(in: (y0 + 1)...height, using: &random)
            for y in [y0, y1 - 1] { #expect(fromInk.inkCount(row: y, from: x0, to: x1) == fromImage.inkCount(row: y, from: x0, to: x1)) }
            #expect(fromInk.topLine(near: Double(y0) / fromInk.scale, x0: x0, x1: x1, space: 3)
                    == fromImage.topLine(near: Double(y0) / fromImage.scale, x0: x0, x1: x1, space: 3))
            let found = fromInk.groups(x0: x0, y0: y0, x1: x1, y1: y1, space: 8)
            #expect(found == fromImage.groups(x0: x0, y0: y0, x1: x1, y1: y1, space: 8))
            for group in found {
                let a = ScannedNumberReader.cutOut(group, from: fromInk), b = ScannedNumberReader.cutOut(group, from: fromImage)
                #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3)
                groups += 1
            }
        }
        #expect(width < 200 || groups > 0)
    }

    @Test("A page without contrast keeps no ink, and one mostly ink is not kept")
    func limits() throws {
        let flat = [UInt8](repeating: 128, count: 100 * 100)
        let none = try #require(flat.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: 100, height: 100, stride: 100, scale: 1) })
        #expect(none.threshold == nil && none.finder() == nil)
        // Three pixels in ten black: more ink than a page keeps.
        let half = (0..<(100 * 100)).map { $0 % 10 < 3 ? UInt8(0) : 255 }
        #expect(half.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: 100, height: 100, stride: 100, scale: 1) } == nil)
        // A page of a few pixels: one sample gives no contrast; 16 pixels keep at most 2 of ink.
        let tiny: [UInt8] = [0, 255, 255, 255]
        #expect(tiny.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: 2, height: 2, stride: 2, scale: 1) }?.threshold == nil)
        var small = [UInt8](repeating: 255, count: 16)
        small[14] = 0
        let one = try #require(small.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: 4, height: 4, stride: 4, scale: 1) })
        #expect(one.threshold == 127 && one.image().pixels == small)
        small[1] = 0; small[2] = 0
        #expect(small.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: 4, height: 4, stride: 4, scale: 1) } == nil)
    }

    /// Every other scan of the numbered corpus (the debug build decodes slowly): the cut-outs detection keeps are
    /// those cut from the page decoded again.
    @Test("Detection keeps the cut-outs the OCR would cut from the decoded page")
    func corpusCutOuts() throws {
        let directory = DetectionCorpusTests.corpus.appendingPathComponent("scans-numbers")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pdf") }.sorted()
        var compared = 0
        for (n, name) in names.enumerated() where n % 2 == 0 {
            let document = try ScoreDocument(path: directory.appendingPathComponent(name).path)
            let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
            let page = try #require(layout.page(1))
            guard !page.systems.isEmpty else { continue }
            let kept = try #require(document.scanCutOuts.take(for: page), "\(name): no cut-outs kept")
            let image = try #require(try document.scannedGrayImage(page: 1).get())
            let cut = ScannedNumberReader().cutOuts(image: image, page: page)
            #expect(kept == cut, "\(name)")
            #expect(!cut.isEmpty, "\(name)")
            // Handed out once, and never for another geometry.
            #expect(document.scanCutOuts.take(for: page) == nil)
            compared += 1
        }
        #expect(compared >= 5)
    }
}
