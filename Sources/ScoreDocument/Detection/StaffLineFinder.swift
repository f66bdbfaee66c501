import CKernels

/// A horizontal staff-line candidate: a band of rows with a long, nearly unbroken run of ink.
struct LineCandidate {
    var y: Double          // centre row
    var thickness: Int     // rows
    var left: Int
    var right: Int
}

/// Finds long horizontal lines (staff-line candidates) in an ink mask.
enum StaffLineFinder {
    /// Lines whose longest run (gaps up to `gap` pixels bridged) is at least `minLength` pixels and whose
    /// band is at most `maxThickness` rows thick, among rows `rows` of the mask (all by default; the mask is then
    /// read as if it ended above and below them).
    static func lines(in mask: InkMask, rows: Range<Int>? = nil, minLength: Int, gap: Int, maxThickness: Int,
                      breakLength: Int? = nil) -> [LineCandidate] {
        let rows = rows.map { max(0, $0.lowerBound)..<min(mask.height, max(0, $0.upperBound)) } ?? 0..<mask.height
        let found = longRuns(in: mask, rows: rows, minLength: minLength, gap: gap, maxThickness: maxThickness)
        guard let breakLength, breakLength > gap else { return found }
        return found.map { extended($0, in: mask, rows: rows, across: breakLength) }
    }

    /// The line with its ends followed outward across breaks of up to `breakLength` pixels (a drop-out in a
    /// scanned line), along the rows the line occupies.
    static func extended(_ line: LineCandidate, in mask: InkMask, rows within: Range<Int>? = nil,
                         across breakLength: Int) -> LineCandidate {
        let half = max(1, line.thickness / 2 + 1)
        let rows = (Int(line.y.rounded()) - half)...(Int(line.y.rounded()) + half)
        func inked(_ x: Int) -> Bool { rows.contains { (within?.contains($0) ?? true) && mask.ink(x, $0) } }
        var result = line
        var x = line.left - 1, lastInk = line.left
        while x >= 0 && lastInk - x <= breakLength {
            if inked(x) { lastInk = x }
            x -= 1
        }
        result.left = lastInk
        x = line.right + 1
        var lastRight = line.right
        while x < mask.width && x - lastRight <= breakLength {
            if inked(x) { lastRight = x }
            x += 1
        }
        result.right = lastRight
        return result
    }

    private static func longRuns(in mask: InkMask, rows: Range<Int>, minLength: Int, gap: Int, maxThickness: Int) -> [LineCandidate] {
        // The longest run of every row (start, end; -1 for none), bands of rows on all cores; index 0 is row
        // `rows.lowerBound`.
        let first = rows.lowerBound, height = rows.count
        var starts = [Int](repeating: -1, count: height), ends = [Int](repeating: -1, count: height)
        mask.bits.withUnsafeBufferPointer { bits in
            starts.withUnsafeMutableBufferPointer { startsOut in
                ends.withUnsafeMutableBufferPointer { endsOut in
                    let out = UncheckedSendable((startsOut, endsOut))
                    Bands.forEach(rows: height, width: mask.width) { band in
                        for i in band {
                            let y = first + i, row = y * mask.width
                            // A pixel counts when it or one of the two below is ink: a blurred or slightly tilted
                            // line that straddles rows still gives one unbroken run.
                            let below = y + 1 < rows.upperBound ? row + mask.width : row
                            let below2 = y + 2 < rows.upperBound ? below + mask.width : below
                            let a = bits.baseAddress! + row, b = bits.baseAddress! + below, c = bits.baseAddress! + below2
                            let (bestStart, bestEnd) = longestRun(a, b, c, width: mask.width, gap: gap)
                            let best = bestEnd - bestStart + 1
                            if best >= minLength { out.value.0[i] = bestStart; out.value.1[i] = bestEnd }
                        }
                    }
                }
            }
        }
        let runs: [(start: Int, end: Int)?] = (0..<height).map { starts[$0] < 0 ? nil : (starts[$0], ends[$0]) }
        var result: [LineCandidate] = []
        var y = 0
        while y < height {
            guard let run = runs[y] else { y += 1; continue }
            var band = [(y: first + y, run: run)]
            var next = y + 1
            while next < height, let r = runs[next], r.start <= band.last!.run.end, r.end >= band.last!.run.start {
                band.append((first + next, r))
                next += 1
            }
            result += lines(inBand: band, maxThickness: maxThickness)
            y = next
        }
        return mergingPieces(result, maxThickness: maxThickness)
    }

    /// The longest run of pixels inked in any of the rows `a`, `b`, `c` (`width` pixels each), gaps of up to `gap`
    /// pixels bridged: its first and last column, or (0, -1) when no pixel is inked. Of runs equally long, the first.
    ///
    /// Read 64 pixels at a time as a bitmap, each stretch of ink in it taken at once (`tm_longest_run`,
    /// Sources/CKernels/runs.c): the same run as pixel by pixel. The eight-pixel words it replaced took 5.7 % of the
    /// processor time of the 57 corpus scans, the kernel takes 1.6 % (2026-11-29).
    static func longestRun(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ c: UnsafePointer<UInt8>, width: Int,
                           gap: Int) -> (start: Int, end: Int) {
        var start = 0, end = -1
        tm_longest_run(a, b, c, width, gap, &start, &end)
        return (start, end)
    }

    /// Joins pieces of one line found at nearly the same height: side by side within two pixels (a scanned
    /// line broken by a drop-out may continue a row higher or lower), or bands of rows one over the other that
    /// touch or overlap (a blurred, broken line gives bands of different lengths), as long as the joined band
    /// stays no thicker than `maxThickness`.
    private static func mergingPieces(_ lines: [LineCandidate], maxThickness: Int) -> [LineCandidate] {
        func rows(_ l: LineCandidate) -> (top: Double, bottom: Double) {
            (l.y - Double(l.thickness - 1) / 2, l.y + Double(l.thickness - 1) / 2)
        }
        var merged: [LineCandidate] = []
        for line in lines {
            if let last = merged.last {
                let a = rows(last), b = rows(line)
                let top = min(a.top, b.top), bottom = max(a.bottom, b.bottom)
                let sideBySide = abs(line.y - last.y) <= 2 && (line.left > last.right || line.right < last.left)
                let stacked = b.top - a.bottom <= 2 && a.top - b.bottom <= 2 && Int(bottom - top) + 1 <= maxThickness
                if sideBySide || stacked {
                    let wa = Double(last.right - last.left), wb = Double(line.right - line.left)
                    merged[merged.count - 1] = LineCandidate(
                        y: sideBySide ? (last.y * wa + line.y * wb) / max(1, wa + wb) : (top + bottom) / 2,
                        thickness: sideBySide ? max(last.thickness, line.thickness) : Int(bottom - top) + 1,
                        left: min(last.left, line.left), right: max(last.right, line.right))
                    continue
                }
            }
            merged.append(line)
        }
        return merged
    }

    /// The lines of a band of adjacent long rows: the rows whose run is close to the band's longest (a beam or
    /// a row of noteheads lying against a staff line is shorter than the line), split where they are not
    /// adjacent, keeping those no thicker than `maxThickness`.
    private static func lines(inBand band: [(y: Int, run: (start: Int, end: Int))], maxThickness: Int) -> [LineCandidate] {
        let longest = band.map { $0.run.end - $0.run.start }.max()!
        let core = band.filter { Double($0.run.end - $0.run.start) >= 0.7 * Double(longest) }
        var groups: [[(y: Int, run: (start: Int, end: Int))]] = []
        for row in core {
            if let last = groups.last?.last, row.y == last.y + 1 { groups[groups.count - 1].append(row) } else { groups.append([row]) }
        }
        return groups.filter { $0.count <= maxThickness }.map { rows in
            LineCandidate(y: Double(rows.first!.y + rows.last!.y) / 2, thickness: rows.count,
                          left: rows.map(\.run.start).min()!, right: rows.map(\.run.end).max()!)
        }
    }
}
