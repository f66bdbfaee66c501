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
    /// Along an output row the preimage stays on one source row and moves one column per pixel for long
    /// stretches, each written in one piece as the darkest of the 2×2 blocks there, read from that source row and
    /// the one below (`tm_deskew_row`, Sources/CKernels/deskew.c: pixels whose preimage lies at least a pixel inside
    /// the right and bottom edges take the darkest of the block at (⌊x⌋, ⌊y⌋), the others are paper), so no pass
    /// over the page takes the blocks' darkest beforehand. The mask is consumed (its buffer let go once the rows
    /// are written, when no one else holds it). Rows run in bands on all cores.
    consuming func deskewed(by angle: Double) -> InkMask {
        let c = cos(angle), s = sin(angle)
        let width = self.width, height = self.height
        guard width > 1, height > 1, angle.isFinite else {
            return InkMask(width: width, height: height, bits: [UInt8](repeating: 0, count: width * height))
        }
        let source = consume self
        let cx = Double(width) / 2, cy = Double(height) / 2
        let out = [UInt8](pageCapacity: width * height) { buffer, initialized in
            let dstAll = UncheckedSendable(buffer)
            source.bits.withUnsafeBufferPointer { src in
                Bands.forEach(rows: height, width: width) { band in
                    let pixels = src.baseAddress!
                    for v in band {
                        let dv = Double(v) - cy
                        // The preimage of (u, v) is (ax + u·cos, ay + u·sin).
                        let ax = cx - cx * c - dv * s, ay = cy - cx * s + dv * c
                        tm_deskew_row(dstAll.value.baseAddress! + v * width, pixels, width, height, ax, ay, c, s, Self.deskewPrefetchRows)
                    }
                }
            }
            initialized = width * height
        }
        return InkMask(width: width, height: height, bits: out)
    }
}
