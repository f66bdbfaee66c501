import Testing
import TheoryCore
@testable import ScoreDocument

/// The straightening of a curled page against the column-by-column reading it replaced (issue 30: the same mask,
/// faster), on random masks and bends.
@Suite("Page curl straightening")
struct PageCurlTests {
    /// The straightened mask as it was made before: every pixel looked up through the curl's offset.
    static func reference(_ curl: PageCurl, _ mask: InkMask) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: mask.width * mask.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let from = y + Int(curl.offset(x: x, y: Double(y)).rounded())
                out[y * mask.width + x] = from >= 0 && from < mask.height ? mask.bits[from * mask.width + x] : 0
            }
        }
        return out
    }

    @Test("the same mask as the pixel-by-pixel reading", arguments: 1...12)
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let width = Int.random(in: 9...120, using: &random), height = Int.random(in: 9...90, using: &random)
        let bits = (0..<(width * height)).map { _ in UInt8.random(in: 0...2, using: &random) }
        let mask = InkMask(width: width, height: height, bits: bits)
        let staves = Int.random(in: 1...4, using: &random)
        let centres = (0..<staves).map { Double($0 + 1) * Double(height) / Double(staves + 1) }
        // Bends of 0 in a straight middle, with whole and half shifts toward either end (held to the edge or not),
        // as PageCurl's own tracking makes them; one staff in three is straight.
        let bends: [[Float]] = (0..<staves).map { _ in
            var bend = [Float](repeating: 0, count: width)
            guard Int.random(in: 0..<3, using: &random) > 0 else { return bend }
            let start = Int.random(in: 0..<width, using: &random), end = Int.random(in: start..<width, using: &random)
            for x in 0..<width where x < start / 2 || x > end {
                bend[x] = Float(Int.random(in: -12...12, using: &random)) / 2
            }
            return bend
        }
        let curl = PageCurl(centres: centres, bends: bends)
        #expect(curl.straightened(mask).bits == Self.reference(curl, mask))
    }

    @Test("rounding without the C library rounds half away from zero, like Double.rounded()")
    func rounding() {
        var random = SplitMix64(seed: 30)
        let halves = stride(from: -8.5, through: 8.5, by: 0.5).map { $0 }
        let near = [0.49999999999999994, -0.49999999999999994, 0.5000000000000001, -0.5000000000000001, 2.5, -2.5, 0, -0.0]
        let randoms = (0..<2000).map { _ in Double.random(in: -5000...5000, using: &random) }
        for value in halves + near + randoms { #expect(PageCurl.rounded(value) == Int(value.rounded()), "\(value)") }
    }
}
