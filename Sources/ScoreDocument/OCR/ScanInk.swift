import CKernels

/// What the bar-number OCR reads of a scanned page, taken from the page image while it is decoded for detection:
/// ``NumberInkFinder``'s threshold from the page's own pixels, and the pixels darker than it (a bitmap and their grey
/// levels). The finder and the cut-outs only ever look at those pixels, so the page rebuilt from them (``image()``:
/// the ink on white) gives the same groups and the same cut-outs as the decoded page, without decoding it a second
/// time (a sixth of the processor time of detecting a scan: docs/benchmarks.md "scans").
struct ScanInk {
    let width: Int
    let height: Int
    /// Pixels per point (the scan's own resolution).
    let scale: Double
    /// The finder's threshold; nil for a page without contrast (the finder finds nothing there).
    let threshold: UInt8?
    /// Bit `x % 64` of word `y * wordsPerRow + x / 64` is set for each pixel darker than the threshold.
    private var bits: [UInt64]
    /// Their grey levels, row by row, left to right.
    private var values: [UInt8]

    var wordsPerRow: Int { (width + 63) / 64 }

    /// At most this share of the page is kept as ink: a page with more (a dithered scan, whose grey is made of black
    /// dots) is decoded again for the OCR rather than held twice.
    static let maximumInkShare = 8

    /// The ink of the `width × height` page image at `pixels` (`stride` bytes a row); nil when more than one pixel in
    /// ``maximumInkShare`` is ink.
    init?(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double) {
        guard width > 0, height > 0, stride >= width else { return nil }
        self.width = width
        self.height = height
        self.scale = scale
        threshold = NumberInkFinder.threshold(pixels: pixels, width: width, height: height, stride: stride)
        let words = (width + 63) / 64
        guard let threshold else {
            bits = []
            values = []
            return
        }
        let capacity = width * height / Self.maximumInkShare
        var found = 0
        var kept = [UInt64](repeating: 0, count: words * height)
        // At least one byte, so that a page of a few pixels (capacity 0) still has a buffer to point to.
        let levels = [UInt8](unsafeUninitializedCapacity: max(1, capacity)) { buffer, initialized in
            found = kept.withUnsafeMutableBufferPointer { bits in
                tm_ink_extract(pixels, width, height, stride, threshold, bits.baseAddress!, words, buffer.baseAddress!, capacity)
            }
            initialized = max(0, found)
        }
        guard found >= 0 else { return nil }
        bits = kept
        values = levels
    }

    /// The page as the finder sees it: the ink at its grey levels, white elsewhere.
    func image() -> GrayImage {
        let pixels = [UInt8](pageCapacity: width * height) { buffer, initialized in
            let page = buffer.baseAddress!
            page.update(repeating: 255, count: width * height)
            var next = 0
            bits.withUnsafeBufferPointer { bits in
                values.withUnsafeBufferPointer { values in
                    for y in 0..<height {
                        for w in 0..<wordsPerRow {
                            var word = bits[y * wordsPerRow + w]
                            while word != 0 {
                                page[y * width + 64 * w + word.trailingZeroBitCount] = values[next]
                                next += 1
                                word &= word - 1
                            }
                        }
                    }
                }
            }
            initialized = width * height
        }
        return GrayImage(width: width, height: height, scale: scale, pixels: pixels)
    }

    /// The finder for the page (``image()``), nil for a page without contrast.
    func finder() -> NumberInkFinder? {
        threshold.map { NumberInkFinder(image: image(), threshold: $0) }
    }
}
