import CKernels
import Foundation

extension InkMask {
    /// How many rows ahead `tm_deskew_row` prefetches the source its stretches will read: each stretch of a row
    /// otherwise waits for memory (a page's 9 ms of 19 ms deskewing on the corpus's scans; 4 rows measured best of
    /// 0, 4, 8 and 16 on an A4 page at 300 dpi turned by 0.5°, 1.1° and 2°).
    static let deskewPrefetchRows = 4

    /// The mask rotated by `-angle` (radians) about its centre, so that content tilted by `angle` becomes level.
    /// Each pixel takes the darkest level of the 2×2 source pixels around its preimage, so thin lines cannot
    /// fall between rows (features grow by at most one pixel).
    ///
    /// The darkest level of every 2×2 block is taken once, in the mask's own buffer (the mask is consumed: one
    /// page buffer fewer held and cleared, when no one else holds it); along an output row the preimage then stays
    /// on one source row and moves one column per pixel for long stretches, each copied in one piece
    /// (`tm_deskew_row`, Sources/CKernels/deskew.c: pixels whose preimage lies at least a pixel inside the right and
    /// bottom edges take `dark[⌊y⌋][⌊x⌋]`, the others are paper). Rows run in bands on all cores.
    consuming func deskewed(by angle: Double) -> InkMask {
        let c = cos(angle), s = sin(angle)
        let width = self.width, height = self.height
        guard width > 1, height > 1, angle.isFinite else {
            return InkMask(width: width, height: height, bits: [UInt8](repeating: 0, count: width * height))
        }
        var dark = consume self
        dark.takeDarkestOfBlocks()
        let cx = Double(width) / 2, cy = Double(height) / 2
        let out = [UInt8](pageCapacity: width * height) { buffer, initialized in
            let dstAll = UncheckedSendable(buffer)
            dark.bits.withUnsafeBufferPointer { src in
                Bands.forEach(rows: height, width: width) { band in
                    let source = src.baseAddress!
                    for v in band {
                        let dv = Double(v) - cy
                        // The preimage of (u, v) is (ax + u·cos, ay + u·sin).
                        let ax = cx - cx * c - dv * s, ay = cy - cx * s + dv * c
                        tm_deskew_row(dstAll.value.baseAddress! + v * width, source, width, height, ax, ay, c, s, Self.deskewPrefetchRows)
                    }
                }
            }
            initialized = width * height
        }
        return InkMask(width: width, height: height, bits: out)
    }

    /// Replaces each pixel by the darkest level of it and its right, lower and lower-right neighbours (paper on the
    /// last row and column, which are never read), in place. Each row is read before it is written and the row
    /// below it after; the row just below each band of rows is kept aside first, since that band's neighbour may
    /// overwrite it.
    private mutating func takeDarkestOfBlocks() {
        let width = self.width, height = self.height
        let bands = Bands.ranges(rows: height, width: width)
        var below: [Int: [UInt8]] = [:]
        for band in bands where band.upperBound < height {
            below[band.upperBound] = Array(bits[(band.upperBound * width)..<((band.upperBound + 1) * width)])
        }
        let kept = below
        bits.withUnsafeMutableBufferPointer { buffer in
            let all = UncheckedSendable(buffer)
            Bands.forEach(rows: height, width: width) { band in
                let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
                defer { row.deallocate() }
                for y in band {
                    let o = all.value.baseAddress! + y * width
                    guard y + 1 < height else { o.update(repeating: 0, count: width); continue }
                    row.update(from: o, count: width)
                    if y + 1 < band.upperBound {
                        Self.darkestOfPairs(row, o + width, into: o, width: width)
                    } else {
                        kept[y + 1]!.withUnsafeBufferPointer { Self.darkestOfPairs(row, $0.baseAddress!, into: o, width: width) }
                    }
                }
            }
        }
    }

    /// `out[x]` = the darkest of `a[x]`, `a[x + 1]`, `b[x]`, `b[x + 1]`, and paper in the last column.
    @inline(__always) private static func darkestOfPairs(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                                                         into o: UnsafeMutablePointer<UInt8>, width: Int) {
        for x in 0..<(width - 1) { o[x] = max(max(a[x], a[x + 1]), max(b[x], b[x + 1])) }
        o[width - 1] = 0
    }
}
