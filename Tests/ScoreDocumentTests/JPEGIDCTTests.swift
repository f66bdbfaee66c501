import CKernels
import Testing
import TheoryCore
@testable import ScoreDocument

/// The AVX2 inverse DCT (`Sources/CKernels/idct.c`) against the Swift transform it stands in for on processors
/// that have AVX2: the same pixels for every block, from flat ones to the extremes a damaged stream can hold.
@Suite("JPEG inverse DCT with AVX2")
struct JPEGIDCTTests {
    /// The Swift transform's pixels for `coefficients` dequantised by `quant`.
    static func swiftPixels(_ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        var block = (0..<64).map { Int32(coefficients[$0]) &* quant[$0] }
        var workspace = [Int32](repeating: 0, count: 64)
        var out = [UInt8](repeating: 0, count: 64 * 3)
        out.withUnsafeMutableBufferPointer { o in
            JPEGIDCT.transform(&block, workspace: &workspace, out: o.baseAddress! + 8, stride: 24)
        }
        return out
    }

    static func kernelPixels(_ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64 * 3)
        out.withUnsafeMutableBufferPointer { o in tm_idct_islow_avx2(coefficients, quant, o.baseAddress! + 8, 24) }
        return out
    }

    @Test("Random blocks: small, typical and extreme coefficients, any quantisation", .enabled(if: tm_kernels_have_avx2() != 0),
          arguments: [0, 1, 2, 3] as [UInt64])
    func randomBlocks(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for trial in 0..<2_000 {
            let magnitude: Int16 = [4, 64, 1023, Int16.max][trial % 4]
            let nonzero = Int.random(in: 1...64, using: &random)
            var coefficients = [Int16](repeating: 0, count: 64)
            for _ in 0..<nonzero { coefficients[Int.random(in: 0..<64, using: &random)] = .random(in: -magnitude...magnitude, using: &random) }
            let quant = (0..<64).map { _ in Int32.random(in: 1...(trial % 3 == 0 ? 255 : 32), using: &random) }
            let swift = Self.swiftPixels(coefficients, quant), kernel = Self.kernelPixels(coefficients, quant)
            #expect(swift == kernel, "trial \(trial): \(coefficients) × \(quant)")
            if swift != kernel { return }
        }
    }

    @Test("Every single coefficient alone, at both signs", .enabled(if: tm_kernels_have_avx2() != 0))
    func basisBlocks() {
        let quant = [Int32](repeating: 16, count: 64)
        for k in 0..<64 {
            for value: Int16 in [1, -1, 100, -100, 2047, -2048] {
                var coefficients = [Int16](repeating: 0, count: 64)
                coefficients[k] = value
                #expect(Self.swiftPixels(coefficients, quant) == Self.kernelPixels(coefficients, quant), "coefficient \(k) = \(value)")
            }
        }
    }
}
