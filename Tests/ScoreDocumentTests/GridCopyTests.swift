import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// A scan that nearest-neighbour resampling would copy unchanged is decoded straight onto the detection grid
/// (`GridCopy`): the pixels must be those the resampler gives.
@Suite("Scans decoded straight onto the grid")
struct GridCopyTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// Scans of an A4 page (595.28 × 841.89 pt, a 2481 × 3508 grid at 300 dpi).
    @Test("Only a scan whose pixels map one for one onto the grid qualifies",
          arguments: [(2480, 3508, true), (2481, 3508, false), (2480, 3507, false), (2467, 3490, false), (1240, 1754, false),
                      (3307, 4677, false)])
    func qualifies(width: Int, height: Int, expected: Bool) {
        let a4 = PageSize(width: 595.28, height: 841.89)
        let grid = GridCopy(width: width, height: height, scale: Double(width) / a4.width, size: a4, dpi: 300)
        #expect((grid != nil) == expected, "\(width)×\(height)")
        if let grid { #expect(grid.width == 2481 && grid.height == 3508) }
    }

    @Test("The grid's pixels are the nearest-neighbour resampling of the scan", arguments: [0, 1, 2])
    func sameAsResampling(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let size = PageSize(width: 595.28, height: 841.89)
        let (w, h) = (2480, 3508)
        let scale = Double(w) / size.width
        let grid = try #require(GridCopy(width: w, height: h, scale: scale, size: size, dpi: 300))
        let scan = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let resampled = GrayResampler.nearest(GrayImage(width: w, height: h, scale: scale, pixels: scan), width: grid.width,
                                              height: grid.height, scale: 300.0 / 72, pageWidth: size.width, pageHeight: size.height)
        var onGrid = [UInt8](repeating: 0, count: grid.width * grid.height)
        for row in 0..<h { for x in 0..<w { onGrid[row * grid.width + x] = scan[row * w + x] } }
        grid.repeatEdges(&onGrid)
        #expect(resampled.width == grid.width && resampled.height == grid.height)
        #expect(resampled.pixels == onGrid)
    }

    @Test("Corpus scans put on the 300 dpi grid read the pixels the resampler gives")
    func corpusScans() throws {
        var onGridCount = 0
        for folder in ["scans", "scans-other"] {
            let directory = Self.corpus.appendingPathComponent(folder)
            // Every other file: the debug build decodes slowly.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pdf") }.sorted()
            for (n, name) in names.enumerated() where n % 2 == 0 {
                let document = try ScoreDocument(path: directory.appendingPathComponent(name).path)
                var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
                let size = document.pageSizes[0]
                guard let placed = try? ScoreDocument.scannedPage(file: &file, index: 0, size: size, dpi: 300), placed.onGrid,
                      let plain = try ScoreDocument.scannedPage(file: &file, index: 0, size: size, dpi: nil)?.image else { continue }
                onGridCount += 1
                let (w, h) = ScoreDocument.gridSize(of: size, dpi: 300)
                let resampled = GrayResampler.nearest(plain, width: w, height: h, scale: 300.0 / 72, pageWidth: size.width, pageHeight: size.height)
                #expect(placed.image.pixels == resampled.pixels && placed.image.width == w && placed.image.height == h, "\(name)")
            }
        }
        #expect(onGridCount >= 5)
    }
}
