import CKernels
import Testing
import TheoryCore
@testable import ScoreDocument

/// The AVX2 threshold limits (`Sources/CKernels/limits.c`) against their plain definition: the same byte for
/// every column, on fractional paper and grain levels, near whole grey levels and beyond 0 and 255.
@Suite("Threshold limits with AVX2")
struct ThresholdLimitsTests {
    @Test("Random levels between two block rows", .enabled(if: tm_kernels_have_avx2() != 0), arguments: [0, 1, 2] as [UInt64])
    func randomLevels(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = 4_099
        func levels(_ range: ClosedRange<Double>) -> [Double] {
            (0..<count).map { k in
                // Every third value a whole level or a hair beside one: where truncation can go either way.
                let v = Double.random(in: range, using: &random)
                return k % 3 == 0 ? v.rounded() + [-1e-12, 0, 1e-12][k % 9 / 3] : v
            }
        }
        let pt = levels(-40...300), pb = levels(-40...300), gt = levels(0...60), gb = levels(0...60)
        for ty in [0, 0.25, 0.5, 0.999, 1, Double.random(in: 0...1, using: &random)] {
            let inkLevel = Double.random(in: 0...120, using: &random)
            var ink = [UInt8](repeating: 0, count: count), solid = ink
            tm_threshold_limits_avx2(pt, pb, gt, gb, ty, inkLevel, &ink, &solid, count)
            for x in 0..<(count & ~3) {
                let local = pt[x] + (pb[x] - pt[x]) * ty, grain = gt[x] + (gb[x] - gt[x]) * ty
                let contrast = max(60, local - inkLevel), drop = max(0.2 * contrast, 4 * grain)
                let expectedInk = UInt8(max(0, min(255, local - drop)))
                let expectedSolid = UInt8(max(0, min(255, local - max(0.6 * contrast, drop))))
                #expect(ink[x] == expectedInk && solid[x] == expectedSolid, "ty \(ty), column \(x): \(pt[x]) \(pb[x]) \(gt[x]) \(gb[x])")
                if ink[x] != expectedInk || solid[x] != expectedSolid { return }
            }
            // Columns past the last whole group of four are left to the caller.
            #expect(ink[(count & ~3)...].allSatisfy { $0 == 0 })
        }
    }
}
