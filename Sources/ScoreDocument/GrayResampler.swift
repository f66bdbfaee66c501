import CKernels
/// Resamples a scanned page's gray image onto the pixel grid of another resolution the way poppler's rendering
/// draws the scan there: nearest neighbour at nearly the same resolution, a box filter when shrinking, bilinear
/// when enlarging. On the corpus and held-out scans this reproduces poppler's 300 dpi rendering within 0.6 grey
/// levels on average.
///
/// Every function takes the whole page `image` and the output grid: `width × height` pixels of `scale` pixels per
/// point, on a page of `pageWidth × pageHeight` points.
enum GrayResampler {
    /// Each output pixel takes the source pixel under its centre (poppler shrinks a scan a few tenths of a percent
    /// finer than the grid to it with a box filter no wider than one pixel). Returns the image itself, relabelled,
    /// when every pixel maps to itself.
    static func nearest(_ image: GrayImage, width: Int, height: Int, scale: Double,
                        pageWidth: Double, pageHeight: Double) -> GrayImage {
        let columns = sources(width, image.width, Double(image.width) / (pageWidth * scale))
        let rows = sources(height, image.height, Double(image.height) / (pageHeight * scale))
        if width == image.width && height == image.height && columns.elementsEqual(0..<width) && rows.elementsEqual(0..<height) {
            return GrayImage(width: width, height: height, scale: scale, pixels: image.pixels)
        }
        let runs = Self.runs(of: columns)
        return resampled(image, width: width, height: height, scale: scale) { source, band, out in
            for y in band {
                let line = source + rows[y] * image.width, target = out + y * width
                for run in runs { (target + run.start).update(from: line + run.source, count: run.count) }
            }
        }
    }

    /// ``nearest(_:width:height:scale:pageWidth:pageHeight:)`` written over the image's own buffer when no output
    /// pixel takes its source from an earlier column or row than its own (a scan as fine as the grid or finer: the
    /// same-sized A4 scan a few hundredths of a percent finer than 300 dpi skips one column): each output pixel then
    /// lies at or before its source in the buffer, and copying in order reads every source before it is written over.
    /// Saves a page-sized buffer (its page faults and clearing: a tenth of the processor time of detecting such a
    /// scan). Any other scan is resampled into a new buffer.
    static func nearest(replacing image: consuming GrayImage, width: Int, height: Int, scale: Double,
                        pageWidth: Double, pageHeight: Double) -> GrayImage {
        let columns = sources(width, image.width, Double(image.width) / (pageWidth * scale))
        let rows = sources(height, image.height, Double(image.height) / (pageHeight * scale))
        guard columns.enumerated().allSatisfy({ $1 >= $0 }), rows.enumerated().allSatisfy({ $1 >= $0 }) else {
            return nearest(image, width: width, height: height, scale: scale, pageWidth: pageWidth, pageHeight: pageHeight)
        }
        let sourceWidth = image.width
        var pixels = (consume image).pixels
        let runs = Self.runs(of: columns)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in 0..<height {
                let line = base + rows[y] * sourceWidth, target = base + y * width
                for run in runs where target + run.start != line + run.source {
                    (target + run.start).update(from: line + run.source, count: run.count)
                }
            }
        }
        pixels.removeLast(pixels.count - width * height)
        return GrayImage(width: width, height: height, scale: scale, pixels: pixels)
    }

    /// The source column or row of each of `count` output ones, `ratio` source pixels to one output pixel, the
    /// source having `limit`.
    private static func sources(_ count: Int, _ limit: Int, _ ratio: Double) -> [Int] {
        (0..<count).map { min(limit - 1, Int((Double($0) + 0.5) * ratio)) }
    }

    /// Runs of output columns whose sources follow one another (all but a column or two when the scan is within a
    /// few percent of the grid), each copied in one piece.
    private static func runs(of columns: [Int]) -> [(start: Int, source: Int, count: Int)] {
        var runs: [(start: Int, source: Int, count: Int)] = []
        for x in columns.indices {
            if let last = runs.last, columns[x] == last.source + last.count, last.start + last.count == x {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((x, columns[x], 1))
            }
        }
        return runs
    }

    /// Bilinear interpolation with 7-bit weights, as pixman draws an upscaled image (poppler's rendering of a
    /// 200 dpi scan at 300 dpi).
    static func bilinear(_ image: GrayImage, width: Int, height: Int, scale: Double,
                         pageWidth: Double, pageHeight: Double) -> GrayImage {
        // Source position of each output pixel centre, in 1/128 pixels, clamped to the image (cairo pads).
        func positions(_ count: Int, _ limit: Int, _ ratio: Double) -> (index: [Int], weight: [Int]) {
            var index = [Int](repeating: 0, count: count), weight = [Int](repeating: 0, count: count)
            for i in 0..<count {
                let u = max(0, min(Double(limit - 1), (Double(i) + 0.5) * ratio - 0.5))
                let fixed = Int(u * 128)
                index[i] = min(limit - 1, fixed >> 7)
                weight[i] = index[i] == limit - 1 ? 0 : fixed & 127
            }
            return (index, weight)
        }
        let columns = positions(width, image.width, Double(image.width) / (pageWidth * scale))
        let rows = positions(height, image.height, Double(image.height) / (pageHeight * scale))
        let sw = image.width
        // Each output column's two source columns (the same one where its weight is 0) and weight, as the kernel
        // reads them.
        let left = columns.index.map { Int32($0) }, weights = columns.weight.map { Int16($0) }
        let right = zip(columns.index, columns.weight).map { Int32($1 == 0 ? $0 : $0 + 1) }
        return resampled(image, width: width, height: height, scale: scale) { source, band, out in
            // Source rows interpolated across once (kept for the next output row, which mostly reuses them; 16 bits
            // hold 255 × 128), then blended down eight pixels at a time (`tm_blend_rows`): the same sums as
            // interpolating each output pixel from its four neighbours.
            let across = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * width)
            defer { across.deallocate() }
            var held = (-1, -1)
            left.withUnsafeBufferPointer { cx0 in
                right.withUnsafeBufferPointer { cx1 in
                    func interpolate(_ row: Int, into line: UnsafeMutablePointer<Int16>) {
                        tm_interpolate_row(source + row * sw, cx0.baseAddress!, cx1.baseAddress!, weights, line, width)
                    }
                    func line(_ row: Int) -> UnsafeMutablePointer<Int16> {
                        if held.0 == row { return across }
                        if held.1 == row { return across + width }
                        // Replace the slot not holding the row just below or above.
                        let slot = held.0 == row - 1 || held.0 == row + 1 ? 1 : 0
                        interpolate(row, into: across + slot * width)
                        if slot == 0 { held.0 = row } else { held.1 = row }
                        return across + slot * width
                    }
                    for y in band {
                        let fy = Int32(rows.weight[y]), r0 = rows.index[y]
                        let top = line(r0), bottom = fy == 0 ? top : line(r0 + 1)
                        tm_blend_rows(top, bottom, fy, out + y * width, width)
                    }
                }
            }
        }
    }

    /// The mean of the source pixels each output pixel covers (a box filter with fractional edges, 8-bit
    /// weights), as poppler shrinks a finer image before cairo draws it (a 400 dpi scan rendered at 300 dpi).
    static func box(_ image: GrayImage, width: Int, height: Int, scale: Double,
                    pageWidth: Double, pageHeight: Double) -> GrayImage {
        let columns = footprints(width, image.width, Double(image.width) / (pageWidth * scale))
        let rows = footprints(height, image.height, Double(image.height) / (pageHeight * scale))
        let sw = image.width, taps = columns.taps
        return resampled(image, width: width, height: height, scale: scale) { source, band, out in
            // One output row's source rows summed down (zero-padded past the right edge), then across.
            let column = UnsafeMutablePointer<Int32>.allocate(capacity: sw + taps)
            defer { column.deallocate() }
            column.initialize(repeating: 0, count: sw + taps)
            columns.first.withUnsafeBufferPointer { cf in
                columns.weights.withUnsafeBufferPointer { cw in
                    for y in band {
                        for x in 0..<sw { column[x] = 0 }
                        for t in 0..<rows.taps {
                            let wy = rows.weights[y * rows.taps + t]
                            guard wy > 0 else { continue }
                            let line = source + (rows.first[y] + t) * sw
                            for x in 0..<sw { column[x] &+= Int32(line[x]) &* wy }
                        }
                        let target = out + y * width
                        for x in 0..<width {
                            var sum: Int32 = 0
                            for t in 0..<taps { sum &+= column[cf[x] + t] &* cw[x * taps + t] }
                            target[x] = UInt8(truncatingIfNeeded: min(255, (sum &+ 32768) &>> 16))
                        }
                    }
                }
            }
        }
    }

    /// Shrinks by a whole `factor` exactly as poppler's box filter does before cairo draws the image pixel for
    /// pixel (CairoRescaleBox): each output pixel's `factor` source rows are each averaged across with 24-bit
    /// fixed-point weights, truncated, and those averages then down, truncated again. `image` is as large as the
    /// page, a whole multiple of the output grid.
    static func shrink(_ image: GrayImage, by factor: Int, scale: Double) -> GrayImage {
        let width = image.width / factor, height = image.height / factor, sw = image.width
        // The first pixel of a box weighs what the others' equal weights leave of 1 (1 << 24).
        let weight = UInt32((1 << 24) / factor), first = UInt32(1 << 24) - UInt32(factor - 1) * weight
        return resampled(image, width: width, height: height, scale: scale) { source, band, out in
            let across = UnsafeMutablePointer<UInt32>.allocate(capacity: factor * width)
            defer { across.deallocate() }
            for y in band {
                for r in 0..<factor {
                    let line = source + (y * factor + r) * sw, row = across + r * width
                    for x in 0..<width {
                        var sum = UInt32(line[x * factor]) &* first
                        for k in 1..<factor { sum &+= UInt32(line[x * factor + k]) &* weight }
                        row[x] = sum &>> 24
                    }
                }
                let target = out + y * width
                for x in 0..<width {
                    var sum = across[x] &* first
                    for r in 1..<factor { sum &+= across[r * width + x] &* weight }
                    target[x] = UInt8(truncatingIfNeeded: sum &>> 24)
                }
            }
        }
    }

    /// For each of `count` output pixels shrinking `limit` source pixels by `ratio`: its first source pixel and
    /// `taps` weights (summing to 256, zero-padded) of the source pixels it covers.
    private static func footprints(_ count: Int, _ limit: Int, _ ratio: Double) -> (first: [Int], taps: Int, weights: [Int32]) {
        var first = [Int](repeating: 0, count: count), lists = [[Int]](repeating: [], count: count)
        for i in 0..<count {
            let a = min(Double(limit), Double(i) * ratio), b = min(Double(limit), Double(i + 1) * ratio)
            let start = min(limit - 1, Int(a))
            var w: [Int] = [], given = 0
            var k = start
            while k < limit && (Double(k) < b || w.isEmpty) {
                let overlap = max(0, min(b, Double(k + 1)) - max(a, Double(k)))
                w.append(Int(overlap / max(b - a, 1e-9) * 256))
                given += w[w.count - 1]
                k += 1
            }
            if let heaviest = w.indices.max(by: { w[$0] < w[$1] }) { w[heaviest] += 256 - given }
            first[i] = start
            lists[i] = w
        }
        let taps = lists.map(\.count).max() ?? 1
        var weights = [Int32](repeating: 0, count: count * taps)
        for i in 0..<count { for (t, w) in lists[i].enumerated() { weights[i * taps + t] = Int32(w) } }
        return (first, taps, weights)
    }

    /// A new `width × height` image whose rows `fill` writes, band by band on all cores, from the source pixels.
    private static func resampled(_ image: GrayImage, width: Int, height: Int, scale: Double,
                                  _ fill: (_ source: UnsafePointer<UInt8>, _ band: Range<Int>, _ out: UnsafeMutablePointer<UInt8>) -> Void) -> GrayImage {
        let pixels = [UInt8](pageCapacity: width * height) { buffer, initialized in
            let out = UncheckedSendable(buffer.baseAddress!)
            image.pixels.withUnsafeBufferPointer { src in
                let source = UncheckedSendable(src.baseAddress!)
                Bands.forEach(rows: height, width: width) { band in fill(source.value, band, out.value) }
            }
            initialized = width * height
        }
        return GrayImage(width: width, height: height, scale: scale, pixels: pixels)
    }
}
