import Foundation

extension InkMask {
    /// The mask rotated by `-angle` (radians) about its centre, so that content tilted by `angle` becomes level.
    /// Each pixel takes the darkest level of the 2×2 source pixels around its preimage, so thin lines cannot
    /// fall between rows (features grow by at most one pixel).
    ///
    /// The darkest level of every 2×2 block is taken once, in the mask's own buffer (the mask is consumed: one
    /// page buffer fewer held and cleared, when no one else holds it); along an output row the preimage then stays
    /// on one source row and moves one column per pixel for long stretches, each copied in one piece. Rows run in
    /// bands on all cores.
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
                        Self.deskewRow(dstAll.value.baseAddress! + v * width, source: source, width: width, height: height,
                                       ax: ax, ay: ay, c: c, s: s)
                    }
                }
            }
            initialized = width * height
        }
        return InkMask(width: width, height: height, bits: out)
    }

    /// Fills one output row: pixels whose preimage (x, y) lies at least a pixel inside the right and bottom edges
    /// take `dark[⌊y⌋][⌊x⌋]`, the others are paper.
    private static func deskewRow(_ row: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, width: Int, height: Int,
                                  ax: Double, ay: Double, c: Double, s: Double) {
        var u = 0
        while u < width {
            let fx = ax + Double(u) * c, fy = ay + Double(u) * s
            guard fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else {
                row[u] = 0
                u += 1
                continue
            }
            let x = Int(fx), y = Int(fy)
            // How long (x − u, y) stays the same: until x falls a column behind u (cos < 1) or y reaches the next
            // row; the estimate is checked at the stretch's last pixel (both change monotonically along the row).
            var limit = Double(width - u)
            if c < 1 { limit = min(limit, (fx - Double(x)) / (1 - c) + 1) }
            if s > 0 { limit = min(limit, (Double(y + 1) - fy) / s) } else if s < 0 { limit = min(limit, (fy - Double(y)) / -s + 1) }
            var n = max(1, min(width - u, width - 1 - x, Int(max(1, min(limit, Double(width))))))
            while n > 1 {
                let gx = ax + Double(u + n - 1) * c, gy = ay + Double(u + n - 1) * s
                if gx >= 0, gy >= 0, Int(gx) == x + n - 1, Int(gy) == y { break }
                n -= 1
            }
            (row + u).update(from: source + y * width + x, count: n)
            u += n
        }
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
