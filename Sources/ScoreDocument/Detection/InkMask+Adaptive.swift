import CKernels
extension InkMask {
    /// Thresholds a grayscale image against its own paper and ink. The paper level is local — the 75th percentile
    /// of each block of about a twentieth of the page, interpolated between block centres — so a page darker at
    /// its edges (a photographed or unevenly lit scan) or grey paper reads like white; the ink level is the page's
    /// darkest 0.2 %. Pixels darker than 20 % of the way from paper to ink are ink, darker than 60 % solid, and both
    /// lie below the paper's grain (four times the spread between its 60th and 90th percentiles, interpolated like
    /// the paper). A page without contrast (blank, uniform) keeps the fixed levels.
    ///
    /// Both passes (block histograms, then thresholding) run in bands of rows on all cores; the page histogram is
    /// the sum of the block histograms.
    init(adaptive image: GrayImage) {
        self.init(adaptive: image, inPlace: false)
    }

    /// ``init(adaptive:)`` written over the image's own buffer: the image is consumed, and no second page buffer is
    /// needed when no one else holds it.
    init(adaptiveReplacing image: consuming GrayImage) {
        self.init(adaptive: consume image, inPlace: true)
    }

    private init(adaptive image: consuming GrayImage, inPlace: Bool) {
        let w = image.width, h = image.height
        let block = max(16, min(w, h) / 20)
        // The last column and row of blocks reach to the page edge (up to one and a half blocks), so no block is a
        // sliver of a few pixels whose paper level would stand for the whole edge.
        let columns = max(1, w / block), rows = max(1, h / block)
        let histograms = Self.blockHistograms(image, block: block, columns: columns, rows: rows)
        var histogram = [Int](repeating: 0, count: 256)
        histograms.withUnsafeBufferPointer { blocks in
            for b in 0..<(columns * rows) { for level in 0..<256 { histogram[level] += Int(blocks[b * 256 + level]) } }
        }
        let ink = Self.percentile(histogram, total: image.pixels.count, 0.002)
        guard Self.percentile(histogram, total: image.pixels.count, 0.5) - ink >= 60 else { self.init(image); return }
        var paper = [Double](repeating: 255, count: columns * rows), grain = [Double](repeating: 0, count: columns * rows)
        histograms.withUnsafeBufferPointer { blocks in
            for by in 0..<rows {
                for bx in 0..<columns {
                    let x0 = bx * block, x1 = bx == columns - 1 ? w : x0 + block, y0 = by * block, y1 = by == rows - 1 ? h : y0 + block
                    let local = UnsafeBufferPointer(rebasing: blocks[((by * columns + bx) * 256)..<((by * columns + bx + 1) * 256)])
                    let total = (x1 - x0) * (y1 - y0)
                    paper[by * columns + bx] = Double(Self.percentile(local, total: total, 0.75))
                    grain[by * columns + bx] = Double(Self.percentile(local, total: total, 0.9) - Self.percentile(local, total: total, 0.6))
                }
            }
        }
        guard inPlace else {
            let bits = Self.thresholded(image, paper: paper, grain: grain, inkLevel: Double(ink), block: block, columns: columns, rows: rows)
            self.init(width: w, height: h, bits: bits)
            return
        }
        var bits = (consume image).pixels
        bits.withUnsafeMutableBufferPointer { buffer in
            Self.threshold(width: w, height: h, source: nil, into: buffer.baseAddress!, paper: paper, grain: grain,
                           inkLevel: Double(ink), block: block, columns: columns, rows: rows)
        }
        self.init(width: w, height: h, bits: bits)
    }

    /// A 256-level histogram of every block (`block` pixels square, the last row and column reaching to the page
    /// edge), block rows top to bottom, blocks left to right in each.
    private static func blockHistograms(_ image: GrayImage, block: Int, columns: Int, rows: Int) -> [Int32] {
        let w = image.width, h = image.height
        var histograms = [Int32](repeating: 0, count: columns * rows * 256)
        image.pixels.withUnsafeBufferPointer { pixels in
            histograms.withUnsafeMutableBufferPointer { all in
                let out = UncheckedSendable(all)
                Bands.forEach(rows: rows, width: w * block) { bands in
                    // Four interleaved counts per level: runs of equal pixels (paper) do not wait on one counter, and sixteen
                    // pixels of one level (a bilevel scan's paper) count at once (`tm_histogram_row`).
                    let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: columns * 1024)
                    defer { scratch.deallocate() }
                    for by in bands {
                        scratch.initialize(repeating: 0, count: columns * 1024)
                        for y in (by * block)..<(by == rows - 1 ? h : (by + 1) * block) {
                            let row = pixels.baseAddress! + y * w
                            for bx in 0..<columns {
                                let x = bx * block, end = bx == columns - 1 ? w : x + block
                                tm_histogram_row(row + x, end - x, scratch + bx * 1024)
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
    static func thresholded(_ image: GrayImage, paper: [Double], grain: [Double], inkLevel: Double, block: Int,
                                    columns: Int, rows: Int) -> [UInt8] {
        [UInt8](pageCapacity: image.width * image.height) { buffer, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                threshold(width: image.width, height: image.height, source: pixels.baseAddress!, into: buffer.baseAddress!, paper: paper,
                          grain: grain, inkLevel: inkLevel, block: block, columns: columns, rows: rows)
            }
            initialized = image.width * image.height
        }
    }

    /// ``thresholded(_:paper:grain:inkLevel:block:columns:rows:)`` from `source` (`width × height` grey pixels) into
    /// `out`; with no source, `out` holds the grey pixels and each is replaced by its mask.
    private static func threshold(width w: Int, height h: Int, source: UnsafePointer<UInt8>?, into destination: UnsafeMutablePointer<UInt8>,
                                  paper: [Double], grain: [Double], inkLevel: Double, block: Int, columns: Int, rows: Int) {
        // Where each column lies between block centres: the same for every row.
        var c0s = [Int](repeating: 0, count: w), c1s = [Int](repeating: 0, count: w), txs = [Double](repeating: 0, count: w)
        for x in 0..<w {
            (c0s[x], c1s[x], txs[x]) = Self.between(Double(x) + 0.5, block: block, count: columns, extent: w)
        }
        let out = UncheckedSendable(destination), pixels = UncheckedSendable(source)
        Bands.forEach(rows: h, width: w, alignment: 4) { band in
            var inkBelow = [UInt8](repeating: 0, count: w), solidBelow = [UInt8](repeating: 0, count: w)
            // The levels of the two block rows around the current row, blended along x: they change only
            // where the rows pass a block centre.
            var paperTop = [Double](repeating: 0, count: w), paperBottom = paperTop
            var grainTop = paperTop, grainBottom = paperTop
            var blockRows = (-1, -1)
            for y in band {
                if y % 4 == 0 {
                    let (r0, r1, ty) = Self.between(Double(y) + 2, block: block, count: rows, extent: h)
                    if blockRows != (r0, r1) {
                        blockRows = (r0, r1)
                        for x in 0..<w {
                            let c0 = c0s[x], c1 = c1s[x], tx = txs[x]
                            paperTop[x] = Self.blend(paper[r0 * columns + c0], paper[r0 * columns + c1], tx)
                            paperBottom[x] = Self.blend(paper[r1 * columns + c0], paper[r1 * columns + c1], tx)
                            grainTop[x] = Self.blend(grain[r0 * columns + c0], grain[r0 * columns + c1], tx)
                            grainBottom[x] = Self.blend(grain[r1 * columns + c0], grain[r1 * columns + c1], tx)
                        }
                    }
                    Self.limits(paperTop, paperBottom, grainTop, grainBottom, ty: ty, inkLevel: inkLevel,
                                ink: &inkBelow, solid: &solidBelow)
                }
                let row = y * w
                inkBelow.withUnsafeBufferPointer { inkLimit in
                    solidBelow.withUnsafeBufferPointer { solidLimit in
                        // Solid is never above ink (0.6 of the contrast below paper against 0.2): the two
                        // comparisons add up to 0, 1 or 2.
                        // Each pixel is read before it is written and nothing else reads it: written over
                        // its own grey level when there is no source.
                        let dst = out.value + row
                        if let source = pixels.value {
                            let src = source + row
                            for x in 0..<w {
                                let value = src[x]
                                dst[x] = (value < inkLimit[x] ? 1 : 0) &+ (value < solidLimit[x] ? 1 : 0)
                            }
                        } else {
                            for x in 0..<w {
                                let value = dst[x]
                                dst[x] = (value < inkLimit[x] ? 1 : 0) &+ (value < solidLimit[x] ? 1 : 0)
                            }
                        }
                    }
                }
            }
        }
    }

    /// One row's ink and solid limits from the paper and grain levels of the block rows above and below it, `ty` of
    /// the way between them: ink lies 20 % of the contrast (at least 60 levels) below the paper, and below the
    /// paper's own grain (four times the spread of its lighter part: the grain of a dark, unevenly lit corner is no
    /// ink); solid lies 60 % below.
    private static func limits(_ paperTop: [Double], _ paperBottom: [Double], _ grainTop: [Double], _ grainBottom: [Double],
                               ty: Double, inkLevel: Double, ink: inout [UInt8], solid: inout [UInt8]) {
        let w = ink.count
        paperTop.withUnsafeBufferPointer { pt in paperBottom.withUnsafeBufferPointer { pb in
            grainTop.withUnsafeBufferPointer { gt in grainBottom.withUnsafeBufferPointer { gb in
                ink.withUnsafeMutableBufferPointer { inkOut in solid.withUnsafeMutableBufferPointer { solidOut in
                    @inline(__always) func limits(_ local: Double, _ grain: Double) -> (UInt8, UInt8) {
                        let contrast = max(60, local - inkLevel)
                        let drop = max(0.2 * contrast, 4 * grain)
                        return (level(local - drop), level(local - max(0.6 * contrast, drop)))
                    }
                    if ty >= 0 && ty <= 1 {
                        // Between the block rows: plain interpolation, no branch, so the loop runs on vector registers
                        // (four columns at a time with AVX2, the same bytes).
                        var done = 0
                        if Kernels.avx2 && w >= 4 {
                            tm_threshold_limits_avx2(pt.baseAddress!, pb.baseAddress!, gt.baseAddress!, gb.baseAddress!, ty, inkLevel,
                                                     inkOut.baseAddress!, solidOut.baseAddress!, w)
                            done = w & ~3
                        }
                        for x in done..<w {
                            (inkOut[x], solidOut[x]) = limits(pt[x] + (pb[x] - pt[x]) * ty, gt[x] + (gb[x] - gt[x]) * ty)
                        }
                    } else {
                        for x in 0..<w { (inkOut[x], solidOut[x]) = limits(blend(pt[x], pb[x], ty), blend(gt[x], gb[x], ty)) }
                    }
                }}
            }}
        }}
    }

    /// The grey level `value` clamped to 0...255 and truncated, as `UInt8(max(0, min(255, value)))` but without a
    /// checked conversion or a call to `floor`: adding and taking away 1.5 × 2⁵² rounds to the nearest whole
    /// number, one less when that is above the value, and the whole number is then read from the bits of the sum,
    /// so a loop of them runs on vector registers.
    @inline(__always) static func level(_ value: Double) -> UInt8 {
        let magic = 6_755_399_441_055_744.0, clamped = max(0, min(255, value))
        let nearest = (clamped + magic) - magic
        let whole = nearest > clamped ? nearest - 1 : nearest
        return UInt8(truncatingIfNeeded: (whole + magic).bitPattern)
    }

    /// Where coordinate `at` lies between the centres of `count` blocks `block` wide, the last reaching to `extent`:
    /// the two blocks and the weight of the second. Beyond the outermost centres the weight runs past 0 or 1
    /// (extrapolation, see `blend`), so a page that keeps darkening toward its edge is followed there rather than
    /// held level.
    static func between(_ at: Double, block: Int, count: Int, extent: Int) -> (Int, Int, Double) {
        guard count > 1 else { return (0, 0, 0) }
        func centre(_ b: Int) -> Double { b == count - 1 ? Double(b * block + extent) / 2 : (Double(b) + 0.5) * Double(block) }
        let first = max(0, min(count - 2, Int((at / Double(block) - 0.5).rounded(.down))))
        return (first, first + 1, (at - centre(first)) / (centre(first + 1) - centre(first)))
    }

    /// The paper level `t` of the way from `a` to `b`. Outside the two (`t` below 0 or above 1) the line through them
    /// is followed only toward darker paper, and never below the darker of the two by more than their difference.
    @inline(__always) static func blend(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let value = a + (b - a) * t
        if t >= 0 && t <= 1 { return value }
        let nearest = t < 0 ? a : b
        return max(min(a, b) - abs(b - a), min(nearest, value))
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
