import Foundation

/// A thresholded image of a page, row-major from the top-left: 0 paper, 1 ink, 2 solid ink (the inside of a
/// stroke rather than its antialiased edge).
struct InkMask {
    let width: Int
    let height: Int
    var bits: [UInt8]

    /// Thresholds a grayscale image: pixels darker than `threshold` are ink, darker than `solid` solid ink.
    init(_ image: GrayImage, threshold: UInt8 = 160, solid: UInt8 = 100) {
        width = image.width
        height = image.height
        bits = image.pixels.map { $0 < solid ? 2 : $0 < threshold ? 1 : 0 }
    }

    /// Thresholds a grayscale image against its own paper and ink: the paper level is the median pixel (most of
    /// a page of music is paper), the ink level the darkest 0.2 %; pixels darker than 20 % of the way from paper
    /// to ink are ink, darker than 60 % solid. Faint print, grey paper and a dark scan all read like black on
    /// white. A page without contrast (blank, uniform) keeps the fixed levels.
    init(adaptive image: GrayImage) {
        var histogram = [Int](repeating: 0, count: 256)
        for p in image.pixels { histogram[Int(p)] += 1 }
        let total = image.pixels.count
        func percentile(_ fraction: Double) -> Int {
            let target = Int(Double(total) * fraction)
            var sum = 0
            for level in 0..<256 {
                sum += histogram[level]
                if sum > target { return level }
            }
            return 255
        }
        let paper = percentile(0.5), ink = percentile(0.002)
        guard paper - ink >= 60 else { self.init(image); return }
        let contrast = Double(paper - ink)
        self.init(image, threshold: UInt8(min(250, Double(paper) - 0.2 * contrast)),
                  solid: UInt8(min(240, Double(paper) - 0.6 * contrast)))
    }

    init(width: Int, height: Int, bits: [UInt8]) {
        self.width = width
        self.height = height
        self.bits = bits
    }

    @inline(__always) func ink(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] != 0
    }

    /// Solid ink: darker than an antialiased edge, such as the inside of a notehead.
    @inline(__always) func solid(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] == 2
    }

    /// The mask rotated by `-angle` (radians) about its centre, so that content tilted by `angle` becomes level.
    /// Each pixel takes the darkest level of the 2×2 source pixels around its preimage, so thin lines cannot
    /// fall between rows (features grow by at most one pixel).
    func deskewed(by angle: Double) -> InkMask {
        let c = cos(angle), s = sin(angle)
        let cx = Double(width) / 2, cy = Double(height) / 2
        var out = [UInt8](repeating: 0, count: width * height)
        bits.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for v in 0..<height {
                    let dv = Double(v) - cy
                    for u in 0..<width {
                        let du = Double(u) - cx
                        let x = Int((cx + du * c - dv * s).rounded(.down))
                        let y = Int((cy + du * s + dv * c).rounded(.down))
                        guard x >= 0, y >= 0, x + 1 < width, y + 1 < height else { continue }
                        let i = y * width + x
                        dst[v * width + u] = max(max(src[i], src[i + 1]), max(src[i + width], src[i + width + 1]))
                    }
                }
            }
        }
        return InkMask(width: width, height: height, bits: out)
    }

    /// Maps a point of the deskewed image back to the original image (the inverse of ``deskewed(by:)``).
    func originalPoint(ofDeskewed u: Double, _ v: Double, angle: Double) -> (x: Double, y: Double) {
        let cx = Double(width) / 2, cy = Double(height) / 2
        let du = u - cx, dv = v - cy
        return (cx + du * cos(angle) - dv * sin(angle), cy + du * sin(angle) + dv * cos(angle))
    }
}
