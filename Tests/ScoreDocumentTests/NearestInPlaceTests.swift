import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// A scan a hair finer than the detection grid is put on it by nearest neighbour written over its own decoded buffer
/// (`GrayResampler.nearest(replacing:…)`): the pixels must be those resampling into a new buffer gives.
@Suite("Nearest-neighbour resampling over the decoded scan")
struct NearestInPlaceTests {
    /// An A4 page (595.28 × 841.89 pt) on its 300 dpi grid of 2481 × 3508, and a US letter page (612 × 792 pt) on
    /// its grid of 2550 × 3301: scans of the grid's size or a little larger skip a column or row and are resampled
    /// over themselves; smaller ones (a column or row repeated) go to a new buffer. Both must give the same pixels.
    @Test("Resampling over the decoded page gives the pixels resampling into a new buffer gives",
          arguments: [(0, 595.28, 841.89, 2481, 3508), (1, 595.28, 841.89, 2482, 3510), (2, 595.28, 841.89, 2480, 3508),
                      (3, 595.28, 841.89, 2479, 3509), (4, 612, 792, 2550, 3301), (5, 612, 792, 2551, 3302),
                      (6, 612, 792, 2600, 3366)])
    func sameAsCopying(seed: UInt64, pageWidth: Double, pageHeight: Double, width: Int, height: Int) {
        var random = SplitMix64(seed: seed)
        let size = PageSize(width: pageWidth, height: pageHeight)
        let scan = GrayImage(width: width, height: height, scale: Double(width) / size.width,
                             pixels: (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let (w, h) = ScoreDocument.gridSize(of: size, dpi: 300)
        let copied = GrayResampler.nearest(scan, width: w, height: h, scale: 300.0 / 72, pageWidth: size.width, pageHeight: size.height)
        let replaced = GrayResampler.nearest(replacing: scan, width: w, height: h, scale: 300.0 / 72, pageWidth: size.width,
                                             pageHeight: size.height)
        #expect(replaced.width == w && replaced.height == h && replaced.scale == copied.scale)
        #expect(replaced.pixels == copied.pixels)
    }
}
