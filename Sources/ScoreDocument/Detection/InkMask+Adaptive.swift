extension InkMask {
    /// Thresholds a grayscale image against its own paper and ink. The paper level is local — the 75th percentile
    /// of each block of about a twentieth of the page, interpolated between block centres — so a page darker at
    /// its edges (a photographed or unevenly lit scan) or grey paper reads like white; the ink level is the page's
    /// darkest 0.2 %. Pixels darker than 20 % of the way from paper to ink are ink, darker than 60 % solid. A page
    /// without contrast (blank, uniform) keeps the fixed levels.
    ///
    /// Both passes (block histograms, then thresholding) run in bands of rows on all cores; the page histogram is
    /// the sum of the block histograms.
    init(adaptive image: GrayImage) {
        let w = image.width, h = image.height
        let block = max(16, min(w, h) / 20)
        let columns = (w + block - 1) / block, rows = (h + block - 1) / block
        let histograms = Self.blockHistograms(image, block: block, columns: columns, rows: rows)
        var histogram = [Int](repeating: 0, count: 256)
        histograms.withUnsafeBufferPointer { blocks in
            for b in 0..<(columns * rows) { for level in 0..<256 { histogram[level] += Int(blocks[b * 256 + level]) } }
        }
        let ink = Self.percentile(histogram, total: image.pixels.count, 0.002)
        guard Self.percentile(histogram, total: image.pixels.count, 0.5) - ink >= 60 else { self.init(image); return }
        var paper = [Double](repeating: 255, count: columns * rows)
        histograms.withUnsafeBufferPointer { blocks in
            for by in 0..<rows {
                for bx in 0..<columns {
                    let x0 = bx * block, x1 = min(w, x0 + block), y0 = by * block, y1 = min(h, y0 + block)
                    let local = UnsafeBufferPointer(rebasing: blocks[((by * columns + bx) * 256)..<((by * columns + bx + 1) * 256)])
                    paper[by * columns + bx] = Double(Self.percentile(local, total: (x1 - x0) * (y1 - y0), 0.75))
                }
            }
        }
        let bits = Self.thresholded(image, paper: paper, inkLevel: Double(ink), block: block, columns: columns, rows: rows)
        self.init(width: w, height: h, bits: bits)
    }

    /// A 256-level histogram of every block (`block` pixels square, the last row and column cut by the page
    /// edge), block rows top to bottom, blocks left to right in each.
    private static func blockHistograms(_ image: GrayImage, block: Int, columns: Int, rows: Int) -> [Int32] {
        let w = image.width, h = image.height
        var histograms = [Int32](repeating: 0, count: columns * rows * 256)
        image.pixels.withUnsafeBufferPointer { pixels in
            histograms.withUnsafeMutableBufferPointer { all in
                let out = UncheckedSendable(all)
                Bands.forEach(rows: rows, width: w * block) { bands in
                    // Four interleaved counts per level: runs of equal pixels (paper) do not wait on one counter.
                    let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: columns * 1024)
                    defer { scratch.deallocate() }
                    for by in bands {
                        scratch.initialize(repeating: 0, count: columns * 1024)
                        for y in (by * block)..<min(h, (by + 1) * block) {
                            let row = pixels.baseAddress! + y * w
                            for bx in 0..<columns {
                                let counts = scratch + bx * 1024
                                var x = bx * block
                                let end = min(w, x + block)
                                while x + 4 <= end {
                                    counts[Int(row[x])] &+= 1
                                    counts[256 + Int(row[x + 1])] &+= 1
                                    counts[512 + Int(row[x + 2])] &+= 1
                                    counts[768 + Int(row[x + 3])] &+= 1
                                    x += 4
                                }
                                while x < end { counts[Int(row[x])] &+= 1; x += 1 }
                            }
                        }
                        for bx in 0..<columns {
                            let counts = scratch + bx * 1024, target = out.value.baseAddress! + (by * columns + bx) * 256
                            for level in 0..<256 {
                                target[level] = counts[level] &+ counts[256 + level] &+ counts[512 + level] &+ counts[768 + level]
                            }
                        }
                    }
                }
            }
        }
        return histograms
    }

    /// The mask: each pixel against its local thresholds, interpolated between block centres (recomputed every
    /// four rows; bands start on a multiple of four, so every band computes the same thresholds).
    private static func thresholded(_ image: GrayImage, paper: [Double], inkLevel: Double, block: Int,
                                    columns: Int, rows: Int) -> [UInt8] {
        let w = image.width, h = image.height
        // Where each column lies between block centres: the same for every row.
        var c0s = [Int](repeating: 0, count: w), c1s = [Int](repeating: 0, count: w), txs = [Double](repeating: 0, count: w)
        for x in 0..<w {
            let fx = max(0, min(Double(columns - 1), (Double(x) + 0.5) / Double(block) - 0.5))
            c0s[x] = Int(fx)
            c1s[x] = min(columns - 1, c0s[x] + 1)
            txs[x] = fx - Double(c0s[x])
        }
        return [UInt8](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            let out = UncheckedSendable(buffer)
            image.pixels.withUnsafeBufferPointer { pixels in
                Bands.forEach(rows: h, width: w, alignment: 4) { band in
                    var inkBelow = [UInt8](repeating: 0, count: w), solidBelow = [UInt8](repeating: 0, count: w)
                    for y in band {
                        if y % 4 == 0 {
                            let fy = max(0, min(Double(rows - 1), (Double(y) + 2) / Double(block) - 0.5))
                            let r0 = Int(fy), r1 = min(rows - 1, r0 + 1), ty = fy - Double(r0)
                            for x in 0..<w {
                                let c0 = c0s[x], c1 = c1s[x], tx = txs[x]
                                let top = paper[r0 * columns + c0] * (1 - tx) + paper[r0 * columns + c1] * tx
                                let bottom = paper[r1 * columns + c0] * (1 - tx) + paper[r1 * columns + c1] * tx
                                let local = top * (1 - ty) + bottom * ty
                                let contrast = max(60, local - inkLevel)
                                inkBelow[x] = UInt8(max(0, min(255, local - 0.2 * contrast)))
                                solidBelow[x] = UInt8(max(0, min(255, local - 0.6 * contrast)))
                            }
                        }
                        let row = y * w
                        inkBelow.withUnsafeBufferPointer { inkLimit in
                            solidBelow.withUnsafeBufferPointer { solidLimit in
                                // Solid is never above ink (0.6 of the contrast below paper against 0.2): the two
                                // comparisons add up to 0, 1 or 2.
                                let dst = out.value.baseAddress! + row, src = pixels.baseAddress! + row
                                for x in 0..<w {
                                    let value = src[x]
                                    dst[x] = (value < inkLimit[x] ? 1 : 0) &+ (value < solidLimit[x] ? 1 : 0)
                                }
                            }
                        }
                    }
                }
            }
            initialized = w * h
        }
    }

    /// The level below which `fraction` of the counted pixels lie.
    static func percentile(_ histogram: [Int], total: Int, _ fraction: Double) -> Int {
        histogram.withUnsafeBufferPointer { percentile($0, total: total, fraction) }
    }

    /// The level below which `fraction` of the counted pixels lie.
    static func percentile<Count: BinaryInteger>(_ histogram: UnsafeBufferPointer<Count>, total: Int, _ fraction: Double) -> Int {
        let target = Int(Double(total) * fraction)
        var sum = 0
        for level in 0..<256 {
            sum += Int(histogram[level])
            if sum > target { return level }
        }
        return 255
    }
}
