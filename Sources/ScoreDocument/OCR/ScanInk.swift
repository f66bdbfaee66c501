import CKernels

/// What the bar-number OCR reads of a scanned page, taken from the page image while it is decoded for detection:
/// ``NumberInkFinder``'s threshold from the page's own pixels, and the pixels darker than it (a bitmap and their grey
/// levels). The finder and the cut-outs only ever look at those pixels, so a finder reading them here (``finder()``)
/// finds the same groups and cuts the same cut-outs as on the decoded page, without decoding it a second time (a
/// sixth of the processor time of detecting a scan: docs/benchmarks.md "scans") nor rebuilding the page from them
/// (``image()``: 9 MB at 300 dpi, written and let go).
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
    /// Where each row's grey levels start in `values` (how many ink pixels lie above it), one more for the end; empty
    /// until ``finder()`` counts them.
    private var rowStarts: [Int]

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
            rowStarts = []
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
        // Counted when the finder is made (a page without systems needs none).
        rowStarts = []
    }

    /// The ink bits of row `y` at columns `x0..<x1` of word `w`, shifted to start at bit 0 of the result.
    @inline(__always) private func bits(row y: Int, word w: Int, from x0: Int, to x1: Int) -> UInt64 {
        let start = max(x0, 64 * w) - 64 * w, end = min(x1, 64 * w + 64) - 64 * w
        guard end > start else { return 0 }
        let word = bits[y * wordsPerRow + w] >> UInt64(start)
        return end - start == 64 ? word : word & ((1 << UInt64(end - start)) - 1)
    }

    /// Calls `body` with the column and grey level of each ink pixel of row `y` between columns `x0` and `x1`, left
    /// to right: the ink before `x0` in the row is counted in the bitmap once, then each pixel's level is the next.
    @inline(__always) func forEachInk(row y: Int, from x0: Int, to x1: Int, _ body: (Int, UInt8) -> Void) {
        guard x1 > x0 else { return }
        let first = x0 / 64
        var rank = rowStarts[y]
        for before in 0..<first { rank += bits[y * wordsPerRow + before].nonzeroBitCount }
        rank += (bits[y * wordsPerRow + first] & ((1 << UInt64(x0 % 64)) - 1)).nonzeroBitCount
        for w in first...((x1 - 1) / 64) {
            var word = bits(row: y, word: w, from: x0, to: x1)
            let start = max(x0, 64 * w)
            while word != 0 {
                body(start + word.trailingZeroBitCount, values[rank])
                rank += 1
                word &= word - 1
            }
        }
    }

    /// How many pixels of row `y` between columns `x0` and `x1` are ink.
    func count(row y: Int, from x0: Int, to x1: Int) -> Int {
        guard x1 > x0 else { return 0 }
        var count = 0
        for w in (x0 / 64)...((x1 - 1) / 64) { count += bits(row: y, word: w, from: x0, to: x1).nonzeroBitCount }
        return count
    }

    /// Sets `inked[offset + x - x0]` for the ink of row `y` between columns `x0` and `x1` (the others are left).
    func mark(row y: Int, from x0: Int, to x1: Int, into inked: inout [Bool], at offset: Int) {
        guard x1 > x0 else { return }
        for w in (x0 / 64)...((x1 - 1) / 64) {
            var word = bits(row: y, word: w, from: x0, to: x1)
            let first = max(x0, 64 * w)
            while word != 0 {
                inked[offset + first - x0 + word.trailingZeroBitCount] = true
                word &= word - 1
            }
        }
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

    /// The finder for the page, reading this ink (the same groups as the page ``image()`` gives, without a page
    /// buffer), nil for a page without contrast.
    func finder() -> NumberInkFinder? {
        guard let threshold else { return nil }
        var ink = self
        var starts = [Int](repeating: 0, count: height + 1)
        ink.bits.withUnsafeBufferPointer { bits in
            for y in 0..<height {
                var count = 0
                for w in 0..<wordsPerRow { count += bits[y * wordsPerRow + w].nonzeroBitCount }
                starts[y + 1] = starts[y] + count
            }
        }
        ink.rowStarts = starts
        return NumberInkFinder(ink: ink, threshold: threshold)
    }
}
