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

    init(width: Int, height: Int, bits: [UInt8]) {
        self.width = width
        self.height = height
        self.bits = bits
    }

    /// Eight mask pixels read as one word (from `pixels`): the top bit of each byte is set where that pixel is ink,
    /// every other bit is clear — so a word of paper is 0 and the ink counts as `nonzeroBitCount`.
    @inline(__always) static func inkedBytes(at pixels: UnsafePointer<UInt8>) -> UInt64 {
        let word = UnsafeRawPointer(pixels).loadUnaligned(as: UInt64.self), low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return (((word & low7) &+ low7) | word) & ~low7
    }

    @inline(__always) func ink(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] != 0
    }

    /// Solid ink: darker than an antialiased edge, such as the inside of a notehead.
    @inline(__always) func solid(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] == 2
    }

    /// Maps a point of the deskewed image back to the original image (the inverse of ``deskewed(by:)``).
    func originalPoint(ofDeskewed u: Double, _ v: Double, angle: Double) -> (x: Double, y: Double) {
        let cx = Double(width) / 2, cy = Double(height) / 2
        let du = u - cx, dv = v - cy
        return (cx + du * cos(angle) - dv * sin(angle), cy + du * sin(angle) + dv * cos(angle))
    }
}
