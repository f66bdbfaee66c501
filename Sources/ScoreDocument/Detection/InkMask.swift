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

    /// Thresholds a grayscale image against its own paper and ink. The paper level is local — the 75th percentile
    /// of each block of about a twentieth of the page, interpolated between block centres — so a page darker at
    /// its edges (a photographed or unevenly lit scan) or grey paper reads like white; the ink level is the page's
    /// darkest 0.2 %. Pixels darker than 20 % of the way from paper to ink are ink, darker than 60 % solid. A page
    /// without contrast (blank, uniform) keeps the fixed levels.
    init(adaptive image: GrayImage) {
        let w = image.width, h = image.height
        var histogram = [Int](repeating: 0, count: 256)
        for p in image.pixels { histogram[Int(p)] += 1 }
        let ink = Self.percentile(histogram, total: image.pixels.count, 0.002)
        guard Self.percentile(histogram, total: image.pixels.count, 0.5) - ink >= 60 else { self.init(image); return }
        let block = max(16, min(w, h) / 20)
        let columns = (w + block - 1) / block, rows = (h + block - 1) / block
        var paper = [Double](repeating: 255, count: columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            var local = [Int](repeating: 0, count: 256)
            for by in 0..<rows {
                for bx in 0..<columns {
                    for i in local.indices { local[i] = 0 }
                    let x0 = bx * block, x1 = min(w, x0 + block), y0 = by * block, y1 = min(h, y0 + block)
                    for y in y0..<y1 { for x in x0..<x1 { local[Int(pixels[y * w + x])] += 1 } }
                    paper[by * columns + bx] = Double(Self.percentile(local, total: (x1 - x0) * (y1 - y0), 0.75))
                }
            }
        }
        let inkLevel = Double(ink)
        var bits = [UInt8](repeating: 0, count: w * h)
        image.pixels.withUnsafeBufferPointer { pixels in
            bits.withUnsafeMutableBufferPointer { out in
                var inkBelow = [UInt8](repeating: 0, count: w), solidBelow = [UInt8](repeating: 0, count: w)
                for y in 0..<h {
                    // Thresholds along the row, interpolated between block centres (recomputed every few rows).
                    if y % 4 == 0 {
                        let fy = max(0, min(Double(rows - 1), (Double(y) + 2) / Double(block) - 0.5))
                        let r0 = Int(fy), r1 = min(rows - 1, r0 + 1), ty = fy - Double(r0)
                        for x in 0..<w {
                            let fx = max(0, min(Double(columns - 1), (Double(x) + 0.5) / Double(block) - 0.5))
                            let c0 = Int(fx), c1 = min(columns - 1, c0 + 1), tx = fx - Double(c0)
                            let top = paper[r0 * columns + c0] * (1 - tx) + paper[r0 * columns + c1] * tx
                            let bottom = paper[r1 * columns + c0] * (1 - tx) + paper[r1 * columns + c1] * tx
                            let local = top * (1 - ty) + bottom * ty
                            let contrast = max(60, local - inkLevel)
                            inkBelow[x] = UInt8(max(0, min(255, local - 0.2 * contrast)))
                            solidBelow[x] = UInt8(max(0, min(255, local - 0.6 * contrast)))
                        }
                    }
                    let row = y * w
                    inkBelow.withUnsafeBufferPointer { inkLimit in
                        solidBelow.withUnsafeBufferPointer { solidLimit in
                            for x in 0..<w {
                                let value = pixels[row + x]
                                out[row + x] = value < solidLimit[x] ? 2 : value < inkLimit[x] ? 1 : 0
                            }
                        }
                    }
                }
            }
        }
        self.init(width: w, height: h, bits: bits)
    }

    /// The level below which `fraction` of the counted pixels lie.
    private static func percentile(_ histogram: [Int], total: Int, _ fraction: Double) -> Int {
        let target = Int(Double(total) * fraction)
        var sum = 0
        for level in 0..<256 {
            sum += histogram[level]
            if sum > target { return level }
        }
        return 255
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
                    // The preimage moves by (cos, sin) per pixel along the row.
                    var fx = cx - cx * c - dv * s, fy = cy - cx * s + dv * c
                    let row = v * width
                    for u in 0..<width {
                        defer { fx += c; fy += s }
                        guard fx >= 0, fy >= 0 else { continue }
                        let x = Int(fx), y = Int(fy)
                        guard x + 1 < width, y + 1 < height else { continue }
                        let i = y * width + x
                        dst[row + u] = max(max(src[i], src[i + 1]), max(src[i + width], src[i + width + 1]))
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
