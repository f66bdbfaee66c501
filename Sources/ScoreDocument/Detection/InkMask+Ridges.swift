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
                        let mask = out.value.baseAddress! + y * w
                        let centre = pixels.baseAddress! + y * w
                        let above = centre - reach * w, below = centre + reach * w
                        // Byte arithmetic without branches, so the loop runs on vector registers.
                        let level = UInt8(clamping: depth)
                        for x in 0..<w {
                            let lighter = min(above[x], below[x]), value = centre[x]
                            let ridge: UInt8 = (lighter > value ? 1 : 0) & (lighter &- value >= level ? 1 : 0)
                            mask[x] = max(mask[x], ridge)
                        }
                    }
                }
            }
        }
    }
}
