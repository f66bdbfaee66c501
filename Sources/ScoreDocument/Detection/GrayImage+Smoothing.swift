import CKernels
import Foundation

extension GrayImage {
    /// The mean of each pixel's row neighbours within `radius` (a box `2 × radius + 1` wide, clamped at the edges).
    ///
    /// A staff line of a bilevel scan can be a dotted trail of black pixels where the threshold caught only part of
    /// the thin grey line: averaged along the row it is a continuous grey line again, while its height is untouched.
    func rowAveraged(radius: Int) -> GrayImage {
        guard radius >= 1, width > 1 else { return self }
        let w = width
        let out = [UInt8](pageCapacity: w * height) { buffer, initialized in
            let dst = UncheckedSendable(buffer)
            pixels.withUnsafeBufferPointer { src in
                Bands.forEach(rows: height, width: w) { band in
                    for y in band { Self.averageRow(src.baseAddress! + y * w, into: dst.value.baseAddress! + y * w, width: w, radius: radius) }
                }
            }
            initialized = w * height
        }
        return GrayImage(width: w, height: height, scale: scale, pixels: out)
    }

    /// ``rowAveraged(radius:)`` in place: an image no one else holds is averaged in its own buffer (each row copied
    /// aside first), so no second page buffer is needed.
    mutating func averageRows(radius: Int) {
        guard radius >= 1, width > 1 else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = UncheckedSendable(buffer)
            Bands.forEach(rows: height, width: w) { band in
                let row = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
                defer { row.deallocate() }
                for y in band {
                    let line = pixels.value.baseAddress! + y * w
                    row.update(from: line, count: w)
                    Self.averageRow(row, into: line, width: w, radius: radius)
                }
            }
        }
    }

    /// The mean of each of `width` pixels of `row` and its neighbours within `radius`, into `out`.
    static func averageRow(_ row: UnsafePointer<UInt8>, into o: UnsafeMutablePointer<UInt8>, width w: Int, radius: Int) {
        // Sixteen pixels at a time where the division by multiplication is exact (`tm_average_row`: the windows
        // detection uses); the sliding sum below otherwise.
        if tm_average_row(row, o, w, radius) != 0 { return }
        let window = 2 * radius + 1
        // sum / window as a multiplication: exact for sums up to 255 × window while 255 × window² < 2³² (windows
        // up to 4 000 pixels); wider ones divide.
        let exact = 255 * window * window < 1 << 32, reciprocal = ((1 << 32) + window - 1) / window
        @inline(__always) func mean(_ sum: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: exact ? (sum &* reciprocal) >> 32 : sum / window)
        }
        var sum = 0
        for i in -radius...radius { sum += Int(row[max(0, min(w - 1, i))]) }
        // Clamped reads only near the ends; in between the window slides without checks.
        let inner = max(0, min(w, w - radius - 1)), start = min(radius, inner)
        for x in 0..<start {
            o[x] = mean(sum)
            sum += Int(row[min(w - 1, x + radius + 1)]) - Int(row[max(0, x - radius)])
        }
        for x in start..<inner {
            o[x] = mean(sum)
            sum += Int(row[x + radius + 1]) - Int(row[x - radius])
        }
        for x in inner..<w {
            o[x] = mean(sum)
            sum += Int(row[min(w - 1, x + radius + 1)]) - Int(row[max(0, x - radius)])
        }
    }

    /// The mean over a square box `2 × radius + 1` wide around each pixel (clamped at the edges).
    func boxAveraged(radius: Int) -> GrayImage {
        guard radius >= 1, height > 1 else { return self }
        return rowAveraged(radius: radius).transposed().rowAveraged(radius: radius).transposed()
    }

    /// The image mirrored about its diagonal (rows become columns).
    func transposed() -> GrayImage {
        let w = width, h = height
        let out = [UInt8](pageCapacity: w * h) { buffer, initialized in
            let dst = UncheckedSendable(buffer)
            pixels.withUnsafeBufferPointer { src in
                // Tiles of 32 × 32 keep both the reads and the writes in cache.
                Bands.forEach(rows: (h + 31) / 32, width: w * 32) { tiles in
                    for ty in tiles {
                        let y0 = ty * 32, y1 = min(h, y0 + 32)
                        for x0 in stride(from: 0, to: w, by: 32) {
                            for y in y0..<y1 {
                                for x in x0..<min(w, x0 + 32) { dst.value[x * h + y] = src[y * w + x] }
                            }
                        }
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: h, height: w, scale: scale, pixels: out)
    }

    /// True when the page is a dithered bilevel scan: at least 2 % of all pixels are dark pixels with no dark
    /// neighbour left, right, above or below (the dots a dither makes of grey paper). Engraving has almost none;
    /// noise of a grey scan is not dark enough to count.
    var isDithered: Bool {
        guard width > 2, height > 2 else { return false }
        let w = width
        // Every fourth row is enough to tell.
        let counted = UncheckedSendable(UnsafeMutablePointer<Int>.allocate(capacity: height))
        defer { counted.value.deallocate() }
        pixels.withUnsafeBufferPointer { p in
            Bands.forEach(rows: height, width: w / 4) { band in
                for y in band {
                    counted.value[y] = 0
                    guard y % 4 == 1, y + 1 < height else { continue }
                    // Sixteen pixels at a time, those without a dark one passed over at once (`tm_isolated_dark`).
                    counted.value[y] = tm_isolated_dark(p.baseAddress! + y * w, w, w)
                }
            }
        }
        let isolated = (0..<height).reduce(0) { $0 + counted.value[$1] }
        let sampled = Double(max(1, (height - 2) / 4 + 1) * (w - 2))
        return Double(isolated) >= 0.02 * sampled
    }
}
