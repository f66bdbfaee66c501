import Foundation

extension InkMask {
    /// This mask with thin horizontal ridges of the image added as ink: pixels at least `depth` grey levels darker
    /// than both the pixels `reach` rows above and below them.
    ///
    /// Staff lines of a blurred or faintly printed scan can be lighter than the ink threshold over most of their
    /// length (the threshold leaves them dotted), yet every pixel of them is still darker than the paper just above
    /// and below. Looking for staff lines in this mask finds them whole; everything else is read from the plain
    /// mask. The image and the mask must have the same size (both before deskewing).
    func addingRidges(of image: GrayImage, reach: Int, depth: Int) -> InkMask {
        var mask = self
        mask.addRidges(of: image, reach: reach, depth: depth)
        return mask
    }

    /// ``addingRidges(of:reach:depth:)`` in place: a mask no one else holds is not copied.
    mutating func addRidges(of image: GrayImage, reach: Int, depth: Int) {
        precondition(image.width == width && image.height == height, "the ridges come from the mask's own image")
        let w = width, h = height
        guard reach >= 1, h > 2 * reach else { return }
        image.pixels.withUnsafeBufferPointer { pixels in
            bits.withUnsafeMutableBufferPointer { ink in
                let out = UncheckedSendable(ink)
                Bands.forEach(rows: h, width: w) { band in
                    // Each row reads only its own mask row (and the image), so it is written in place.
                    for y in band where y >= reach && y + reach < h {
                        Self.ridgeRow(pixels.baseAddress! + y * w, width: w, stride: reach * w, depth: depth,
                                      into: out.value.baseAddress! + y * w, joined: true)
                    }
                }
            }
        }
    }

    /// The thin horizontal ridges of `image` averaged along its rows (``GrayImage/averageRows(radius:)``) alone, as
    /// ``addRidges(of:reach:depth:)`` would add them to a mask of paper: 1 on a ridge, 0 elsewhere, written over the
    /// image's own buffer (no page buffer is made for the averages or the ridges). Straightening takes the darkest of
    /// each 2×2 block and then samples it (``deskewed(by:)``), so the straightened mask with ridges is the
    /// straightened mask and the straightened ridges, the darker of the two at each pixel (``joined(with:)``): the
    /// mask need not be thresholded a second time. Each band of rows keeps
    /// the averages of its last `2 × reach + 1` rows in a ring, each average made before its row is written over;
    /// the rows around each band's edges, which the band beside it writes over, are kept aside first.
    static func ridges(averaging image: consuming GrayImage, radius: Int, reach: Int, depth: Int) -> InkMask {
        let w = image.width, h = image.height
        var bits = (consume image).pixels
        guard reach >= 1, h > 2 * reach, w > 0 else {
            bits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            return InkMask(width: w, height: h, bits: bits)
        }
        let averages = radius >= 1 && w > 1
        var kept: [Int: [UInt8]] = [:]
        for band in Bands.ranges(rows: h, width: w) where band.lowerBound > 0 {
            for y in max(0, band.lowerBound - reach)..<min(h, band.lowerBound + reach) {
                kept[y] = Array(bits[(y * w)..<((y + 1) * w)])
            }
        }
        let aside = kept
        bits.withUnsafeMutableBufferPointer { buffer in
            let all = UncheckedSendable(buffer)
            Bands.forEach(rows: h, width: w) { band in
                let base = all.value.baseAddress!, span = 2 * reach + 1
                let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: span * w)
                defer { ring.deallocate() }
                var held = [Int](repeating: -1, count: span)
                // Row r's average, made from the row as it was: still in the buffer from the current row on within
                // the band (nothing there is written yet), kept aside outside it.
                func average(_ r: Int, from y: Int) -> UnsafePointer<UInt8> {
                    let slot = ring + (r % span) * w
                    if held[r % span] == r { return UnsafePointer(slot) }
                    held[r % span] = r
                    let inBand = r >= y && r < band.upperBound
                    let write = { (row: UnsafePointer<UInt8>) in
                        if averages { GrayImage.averageRow(row, into: slot, width: w, radius: radius) } else { slot.update(from: row, count: w) }
                    }
                    if inBand { write(base + r * w) } else { aside[r]!.withUnsafeBufferPointer { write($0.baseAddress!) } }
                    return UnsafePointer(slot)
                }
                for y in band {
                    let centre = average(y, from: y)
                    let row = base + y * w
                    guard y >= reach, y + reach < h else { row.update(repeating: 0, count: w); continue }
                    let above = average(y - reach, from: y), below = average(y + reach, from: y)
                    Self.ridgeRow(above: above, centre, below: below, width: w, depth: depth, into: row, joined: false)
                }
            }
        }
        return InkMask(width: w, height: h, bits: bits)
    }

    /// One row's ridges: pixels of `centre` at least `depth` darker than both pixels `stride` bytes above and below,
    /// written as 1 (0 elsewhere) into `mask`, or, `joined`, the darker of that and what `mask` holds.
    @inline(__always) private static func ridgeRow(_ centre: UnsafePointer<UInt8>, width w: Int, stride: Int, depth: Int,
                                                   into mask: UnsafeMutablePointer<UInt8>, joined: Bool) {
        ridgeRow(above: centre - stride, centre, below: centre + stride, width: w, depth: depth, into: mask, joined: joined)
    }

    /// ``ridgeRow(_:width:stride:depth:into:joined:)`` with the rows above and below given apart.
    @inline(__always) private static func ridgeRow(above: UnsafePointer<UInt8>, _ centre: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                                   width w: Int, depth: Int, into mask: UnsafeMutablePointer<UInt8>, joined: Bool) {
        // Byte arithmetic without branches, so the loop runs on vector registers.
        let level = UInt8(clamping: depth)
        if joined {
            for x in 0..<w {
                let lighter = min(above[x], below[x]), value = centre[x]
                let ridge: UInt8 = (lighter > value ? 1 : 0) & (lighter &- value >= level ? 1 : 0)
                mask[x] = max(mask[x], ridge)
            }
        } else {
            for x in 0..<w {
                let lighter = min(above[x], below[x]), value = centre[x]
                mask[x] = (lighter > value ? 1 : 0) & (lighter &- value >= level ? 1 : 0)
            }
        }
    }

    /// This mask with each pixel the darker of its own and `other`'s (the same size), in place.
    consuming func joined(with other: InkMask) -> InkMask {
        precondition(other.width == width && other.height == height, "joined masks have one size")
        var result = consume self
        let count = result.width * result.height
        result.bits.withUnsafeMutableBufferPointer { target in
            other.bits.withUnsafeBufferPointer { source in
                let t = target.baseAddress!, s = source.baseAddress!
                for i in 0..<count { t[i] = max(t[i], s[i]) }
            }
        }
        return result
    }
}
