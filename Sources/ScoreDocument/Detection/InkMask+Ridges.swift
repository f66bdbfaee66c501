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

    /// The thin horizontal ridges of `image` alone, as ``addRidges(of:reach:depth:)`` would add them to a mask of
    /// paper: 1 on a ridge, 0 elsewhere. Straightening takes the darkest of each 2×2 block and then samples it
    /// (``deskewed(by:)``), so the straightened mask with ridges is the straightened mask and the straightened ridges,
    /// the darker of the two at each pixel (``joined(with:)``): the mask need not be thresholded a second time.
    static func ridges(of image: GrayImage, reach: Int, depth: Int) -> InkMask {
        let w = image.width, h = image.height
        let bits = [UInt8](pageCapacity: w * h) { buffer, initialized in
            let out = UncheckedSendable(buffer)
            image.pixels.withUnsafeBufferPointer { pixels in
                Bands.forEach(rows: h, width: w) { band in
                    for y in band {
                        let row = out.value.baseAddress! + y * w
                        guard reach >= 1, h > 2 * reach, y >= reach, y + reach < h else { row.update(repeating: 0, count: w); continue }
                        Self.ridgeRow(pixels.baseAddress! + y * w, width: w, stride: reach * w, depth: depth, into: row, joined: false)
                    }
                }
            }
            initialized = w * h
        }
        return InkMask(width: w, height: h, bits: bits)
    }

    /// One row's ridges: pixels of `centre` at least `depth` darker than both pixels `stride` bytes above and below,
    /// written as 1 (0 elsewhere) into `mask`, or, `joined`, the darker of that and what `mask` holds.
    @inline(__always) private static func ridgeRow(_ centre: UnsafePointer<UInt8>, width w: Int, stride: Int, depth: Int,
                                                   into mask: UnsafeMutablePointer<UInt8>, joined: Bool) {
        let above = centre - stride, below = centre + stride
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
