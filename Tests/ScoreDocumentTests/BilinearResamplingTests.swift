import Testing
import TheoryCore
@testable import ScoreDocument

/// A scan coarser than the detection grid is enlarged bilinearly with 7-bit weights, as pixman draws it
/// (`GrayResampler.bilinear`): each output pixel against its four source neighbours weighted directly.
@Suite("Bilinear enlarging against its definition")
struct BilinearResamplingTests {
    /// The source position of output pixel `i` in 1/128 pixels, clamped to the image: its index and weight.
    static func position(_ i: Int, limit: Int, ratio: Double) -> (index: Int, weight: Int) {
        let fixed = Int(max(0, min(Double(limit - 1), (Double(i) + 0.5) * ratio - 0.5)) * 128)
        let index = min(limit - 1, fixed >> 7)
        return (index, index == limit - 1 ? 0 : fixed & 127)
    }

    @Test("every pixel is its four neighbours weighted and rounded",
          arguments: [(0, 200.0, 37, 29), (1, 250.0, 64, 48), (2, 200.0, 9, 7), (3, 150.0, 130, 101)])
    func fourNeighbours(seed: UInt64, dpi: Double, pageWidth: Double, pageHeight: Double) {
        var random = SplitMix64(seed: seed)
        let sourceScale = dpi / 72, target = 300.0 / 72
        let sw = Int((pageWidth * sourceScale).rounded()), sh = Int((pageHeight * sourceScale).rounded())
        let pixels = (0..<(sw * sh)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let scan = GrayImage(width: sw, height: sh, scale: sourceScale, pixels: pixels)
        let width = Int((pageWidth * target).rounded()), height = Int((pageHeight * target).rounded())
        let enlarged = GrayResampler.bilinear(scan, width: width, height: height, scale: target, pageWidth: pageWidth, pageHeight: pageHeight)
        var expected: [UInt8] = []
        for y in 0..<height {
            let (r0, fy) = Self.position(y, limit: sh, ratio: Double(sh) / (pageHeight * target))
            for x in 0..<width {
                let (c0, fx) = Self.position(x, limit: sw, ratio: Double(sw) / (pageWidth * target))
                func across(_ row: Int) -> Int {
                    Int(pixels[row * sw + c0]) * (128 - fx) + (fx == 0 ? 0 : Int(pixels[row * sw + c0 + 1]) * fx)
                }
                let down = across(r0) * (128 - fy) + (fy == 0 ? 0 : across(r0 + 1) * fy)
                expected.append(UInt8((down + 8192) >> 14))
            }
        }
        #expect(enlarged.width == width && enlarged.height == height)
        #expect(enlarged.pixels == expected, "\(dpi) dpi, \(sw)×\(sh) to \(width)×\(height)")
    }
}
