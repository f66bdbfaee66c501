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
        precondition(image.width == width && image.height == height, "the ridges come from the mask's own image")
        let w = width, h = height
        guard reach >= 1, h > 2 * reach else { return self }
        let bits = [UInt8](pageCapacity: w * h) { buffer, initialized in
            let out = UncheckedSendable(buffer)
            image.pixels.withUnsafeBufferPointer { pixels in
                self.bits.withUnsafeBufferPointer { ink in
                    Bands.forEach(rows: h, width: w) { band in
                        for y in band {
                            let dst = out.value.baseAddress! + y * w, mask = ink.baseAddress! + y * w
                            guard y >= reach, y + reach < h else {
                                dst.update(from: mask, count: w)
                                continue
                            }
                            let centre = pixels.baseAddress! + y * w
                            let above = centre - reach * w, below = centre + reach * w
                            // Byte arithmetic without branches, so the loop runs on vector registers.
                            let level = UInt8(clamping: depth)
                            for x in 0..<w {
                                let lighter = min(above[x], below[x]), value = centre[x]
                                let ridge: UInt8 = (lighter > value ? 1 : 0) & (lighter &- value >= level ? 1 : 0)
                                dst[x] = max(mask[x], ridge)
                            }
                        }
                    }
                }
            }
            initialized = w * h
        }
        return InkMask(width: w, height: h, bits: bits)
    }
}
